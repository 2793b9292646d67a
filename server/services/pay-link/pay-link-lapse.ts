/**
 * The pay-link job (docs/PRODUCT.md §6, pay by link), in the due-batch pattern of the other mail jobs: each
 * round, by the injected clock, every open link an hour from its lapse is reminded once (mail and text),
 * and every open link past its lapse is settled as its venue sets: released (the booking cancelled as
 * unpaid through the guest's own cancellation, which frees the table and offers it to the waitlist in the
 * same transaction) or kept as owed (payable at the venue). Rows are claimed with SKIP LOCKED, so several
 * processes remind each guest once. The lapse re-reads the booking and its link under the booking's lock:
 * a payment that settled first wins, and a payment that succeeds after a release is refunded in full
 * (payments/payment-sync.ts), so exactly one of them happens.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { payLinks, reservations } from '../../db/schema';
import { drainDueBatches } from '../../lib/due-batches';
import { startRepeatingJob } from '../../lib/repeating-job';
import { log } from '../../observability/logger';
import { loadVenueCatalog } from '../booking-rules/venue-catalog';
import { cancelReservation } from '../reservations/reservation-change';
import { payLinkNotOpen, REMINDER_BEFORE_MS, stillAsked, type PayLinkRow } from './pay-links';
import { payLinkSettings } from './pay-link-settings';
import { sendPayLinkMessage } from './pay-link-messages';

const BATCH = 50;

export type PayLinkDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payments'>;

export interface PayLinkRound {
  reminded: number;
  released: number;
  keptOwed: number;
}

export async function runPayLinks(deps: PayLinkDeps): Promise<PayLinkRound> {
  const reminded = await remindDue(deps);
  const { released, keptOwed } = await lapseDue(deps);
  return { reminded, released, keptOwed };
}

/** Reminds each open link whose lapse is within the hour, once. */
async function remindDue(deps: PayLinkDeps): Promise<number> {
  const now = deps.clock.now();
  const catalog = await loadVenueCatalog(deps.db);
  return drainDueBatches(BATCH, () =>
    deps.db.transaction(async (tx) => {
      const due = tx
        .select({ id: payLinks.reservationId })
        .from(payLinks)
        .where(and(isNull(payLinks.outcome), isNull(payLinks.remindedAt), lte(payLinks.lapsesAt, new Date(now.getTime() + REMINDER_BEFORE_MS))))
        .orderBy(asc(payLinks.lapsesAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const links = await tx.update(payLinks).set({ remindedAt: now }).where(inArray(payLinks.reservationId, due)).returning();
      for (const link of links) {
        const [row] = await tx.select().from(reservations).where(eq(reservations.id, link.reservationId));
        // A link already past its lapse is settled below, not reminded.
        if (row && link.lapsesAt > now && row.status === 'CONFIRMED' && stillAsked(row, link)) {
          await sendPayLinkMessage(tx, 'reminder', { row, link, catalog, now, links: deps.config });
        }
      }
      return links.length;
    }),
  );
}

/** Inside the release's transaction, under the booking's lock: the link is still open and the booking still owes it. */
async function claimLapse(tx: DbOrTx, reservationId: string, now: Date): Promise<PayLinkRow> {
  const [link] = await tx.select().from(payLinks).where(eq(payLinks.reservationId, reservationId)).for('update');
  if (!link || link.outcome !== null || link.lapsesAt > now) throw payLinkNotOpen();
  return link;
}

/** Settles every open link past its lapse, as its venue sets. */
async function lapseDue(deps: PayLinkDeps): Promise<{ released: number; keptOwed: number }> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ link: payLinks, userId: reservations.userId })
    .from(payLinks)
    .innerJoin(reservations, eq(reservations.id, payLinks.reservationId))
    .where(and(isNull(payLinks.outcome), lte(payLinks.lapsesAt, now)));
  let released = 0;
  let keptOwed = 0;
  for (const { link, userId } of due) {
    const settings = await payLinkSettings(deps.db, link.venueId);
    try {
      if (settings.onLapse === 'RELEASE') {
        await cancelReservation(deps, userId, link.reservationId, { unpaid: true }, async (tx, before) => {
          const claimed = await claimLapse(tx, before.id, now);
          if (!stillAsked(before, claimed)) throw payLinkNotOpen();
          await tx.update(reservations).set({ amountOwed: 0 }).where(eq(reservations.id, before.id));
          await tx.update(payLinks).set({ outcome: 'RELEASED', settledAt: now }).where(eq(payLinks.reservationId, before.id));
        });
        released += 1;
      } else {
        await deps.db.transaction(async (tx) => {
          const [row] = await tx.select().from(reservations).where(eq(reservations.id, link.reservationId)).for('update');
          const claimed = await claimLapse(tx, link.reservationId, now);
          if (!row || row.status !== 'CONFIRMED' || !stillAsked(row, claimed)) throw payLinkNotOpen();
          await tx.update(payLinks).set({ outcome: 'KEPT_OWED', settledAt: now }).where(eq(payLinks.reservationId, link.reservationId));
        });
        keptOwed += 1;
      }
    } catch (err) {
      // Paid, cancelled, seated or extended meanwhile: nothing to settle.
      log().warn(`pay links: booking ${link.reservationId} not settled at its lapse: ${err instanceof Error ? err.message : String(err)}`);
      await closeIfSettledElsewhere(deps.db, link, now);
    }
  }
  return { released, keptOwed };
}

/**
 * A link whose booking no longer owes anything, or is no longer confirmed (cancelled by the guest, paid at
 * the venue), is closed so it is not tried again each round.
 */
async function closeIfSettledElsewhere(db: DbOrTx, link: PayLinkRow, now: Date): Promise<void> {
  const reservationId = link.reservationId;
  const [row] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!row) return;
  if (row.status === 'CONFIRMED' && stillAsked(row, link) && !row.visitStatus) return;
  // A guarantee's link owes no money: it was closed as CARD_SAVED when its card was saved.
  const outcome = link.asks !== 'GUARANTEE' && row.amountOwed <= 0 ? 'PAID' : row.status === 'CONFIRMED' ? 'KEPT_OWED' : 'RELEASED';
  await db
    .update(payLinks)
    .set({ outcome, settledAt: now })
    .where(and(eq(payLinks.reservationId, reservationId), isNull(payLinks.outcome)));
}

/** Runs `runPayLinks` every `intervalMs`. */
export function startPayLinkJob(deps: PayLinkDeps, intervalMs: number): () => void {
  return startRepeatingJob('pay links', () => runPayLinks(deps).then(() => {}), intervalMs);
}
