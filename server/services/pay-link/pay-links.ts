/**
 * A phone booking's pay link (docs/PRODUCT.md §6, pay by link; decision 0036). A phone booking whose policy
 * asks for a deposit or prepayment (`payLinkAsk`, common/pay-link-ask.ts) is sent its manage link to pay
 * it, in the booking's own transaction; the link lapses after the venue's hours, never past the start.
 * Staff may send it again (the same lapse) or extend it (never past the start); both are audited. A
 * link is open until it is paid (payments/payment-sync.ts), released or kept as owed (pay-link-lapse.ts).
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { payLinks, reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { timeIn } from '../../lib/message-values';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { payLinkAsk } from '../../../common/pay-link-ask';
import { recordAudit } from '../audit/audit-log';
import { paymentPolicyOf, type ExperienceRow, type VenueCatalog } from '../booking-rules/venue-catalog';
import { reservationNotFound, reservationScope, type ReservationDeps, type ReservationRow } from '../reservations/reservations';
import type { LinkSigning } from '../reservations/manage-link';
import { lapseTimeOf, payLinkSettings, savePayLinkSettings, type PayLinkSettings } from './pay-link-settings';
import { sendPayLinkMessage } from './pay-link-messages';
import { idIn } from '../../lib/ids';

export type PayLinkRow = typeof payLinks.$inferSelect;

/** How a booking's pay link stands, for staff and the guest: open, or how it ended. */
export interface PayLinkView {
  asks: PayLinkRow['asks'];
  amount: number;
  sentAt: string;
  lapsesAt: string;
  status: 'OPEN' | NonNullable<PayLinkRow['outcome']>;
}

/**
 * Whether what the link asks is still to do: money owed, or for a guarantee a card to save (the payments
 * domain closes a guarantee's link once its card is saved, so an open one has none yet).
 */
export const stillAsked = (row: Pick<ReservationRow, 'amountOwed'>, link: Pick<PayLinkRow, 'asks'>) => link.asks === 'GUARANTEE' || row.amountOwed > 0;

export const toPayLinkView = (link: Pick<PayLinkRow, 'asks' | 'amount' | 'sentAt' | 'lapsesAt' | 'outcome'>): PayLinkView => ({
  asks: link.asks,
  amount: link.amount,
  sentAt: link.sentAt.toISOString(),
  lapsesAt: link.lapsesAt.toISOString(),
  status: link.outcome ?? 'OPEN',
});

/** The links of these bookings, by booking (a booking with none is left out). */
export async function payLinksOf(db: DbOrTx, reservationIds: readonly string[]): Promise<Map<string, PayLinkView>> {
  if (reservationIds.length === 0) return new Map();
  const rows = await db.select().from(payLinks).where(idIn(payLinks.reservationId, reservationIds));
  return new Map(rows.map((link) => [link.reservationId, toPayLinkView(link)]));
}

/**
 * Inside the transaction that records what the booking owed as paid at the venue, the booking locked: its
 * link, open or kept as owed, is closed as paid, so it answers the guest that nothing is due (and a card
 * payment through it that lands later is refunded, payments/pay-link-settle.ts). A released link stays so.
 */
export async function closePayLinkPaidAtVenue(tx: DbOrTx, reservationId: string, now: Date): Promise<void> {
  await tx
    .update(payLinks)
    .set({ outcome: 'PAID', settledAt: now })
    .where(and(eq(payLinks.reservationId, reservationId), or(isNull(payLinks.outcome), eq(payLinks.outcome, 'KEPT_OWED'))));
}

/**
 * Inside the phone booking's transaction: the link, when the booking's policy asks for a payment, written
 * and sent by mail and text. Answers nothing for a policy that asks none.
 */
export async function sendPayLinkFor(
  tx: DbOrTx,
  args: { row: ReservationRow; experience: ExperienceRow; catalog: VenueCatalog; now: Date; links: LinkSigning },
): Promise<void> {
  const { row, experience, now } = args;
  const ask = payLinkAsk(paymentPolicyOf(experience), row.numberOfGuests);
  if (!ask || (ask.kind !== 'GUARANTEE' && row.amountOwed <= 0)) return;
  const settings = await payLinkSettings(tx, row.venueId);
  const lapsesAt = lapseTimeOf(settings, now, row.startsAt);
  const [link] = await tx
    .insert(payLinks)
    .values({ reservationId: row.id, venueId: row.venueId, amount: ask.kind === 'GUARANTEE' ? 0 : row.amountOwed, asks: ask.kind, sentAt: now, lapsesAt, ...reminderPassed(lapsesAt, now) })
    .returning();
  await sendPayLinkMessage(tx, 'link', { ...args, link: link! });
}

/** The reminder goes an hour before the lapse; a link that lapses within the hour is sent none. */
export const REMINDER_BEFORE_MS = 3_600_000;
const reminderPassed = (lapsesAt: Date, now: Date) => (lapsesAt.getTime() - REMINDER_BEFORE_MS <= now.getTime() ? { remindedAt: now } : { remindedAt: null });

/** 409 20230: the booking has no open link to send, extend or pay (paid, its card saved, released, or none was sent). */
export const payLinkNotOpen = () => new ApiError(409, ERROR_CODES.PAY_LINK_NOT_OPEN, /*i18n*/ 'This booking has no open payment link: it is paid, released or was never sent one');

/** The booking of the caller's venue and its link, locked, while the link is open (or kept as owed, which staff may reopen). */
async function lockStaffLink(tx: DbOrTx, actor: AuthUser, reservationId: string): Promise<{ row: ReservationRow; link: PayLinkRow }> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
  if (!row) throw reservationNotFound();
  checkVenueAccess(actor, row.venueId);
  const [link] = await tx.select().from(payLinks).where(eq(payLinks.reservationId, reservationId)).for('update');
  const reopenable = link && (link.outcome === null || link.outcome === 'KEPT_OWED');
  if (!link || !reopenable || row.status !== 'CONFIRMED' || !stillAsked(row, link) || row.visitStatus) throw payLinkNotOpen();
  return { row, link };
}

const auditView = (link: PayLinkRow) => ({ sentAt: link.sentAt, lapsesAt: link.lapsesAt, status: link.outcome ?? 'OPEN' });

/** Sends the link again (mail and text), with the lapse it has; a lapsed one kept as owed is not reopened by this. Audited. */
export async function resendPayLink(deps: ReservationDeps, actor: AuthUser, reservationId: string): Promise<PayLinkView> {
  const { db, now, catalog } = await reservationScope(deps);
  return db.transaction(async (tx) => {
    const { row, link } = await lockStaffLink(tx, actor, reservationId);
    if (link.outcome !== null) throw payLinkNotOpen();
    const [sent] = await tx.update(payLinks).set({ sentAt: now }).where(eq(payLinks.reservationId, row.id)).returning();
    await sendPayLinkMessage(tx, 'link', { row, link: sent!, catalog, now, links: deps.config });
    await recordAudit(tx, { actorId: actor.id, venueId: row.venueId, action: 'reservation.pay-link-resend', entityType: 'reservation', entityId: row.id, before: auditView(link), after: auditView(sent!), at: now });
    return toPayLinkView(sent!);
  });
}

/**
 * Moves the lapse `hours` later (from now when it has lapsed and the booking was kept as owed, which
 * reopens the link), and sends the link again. 409 20231 when that is past the booking's start. Audited.
 */
export async function extendPayLink(deps: ReservationDeps, actor: AuthUser, reservationId: string, hours: number): Promise<PayLinkView> {
  const { db, now, catalog } = await reservationScope(deps);
  return db.transaction(async (tx) => {
    const { row, link } = await lockStaffLink(tx, actor, reservationId);
    const from = link.outcome === null && link.lapsesAt > now ? link.lapsesAt : now;
    const lapsesAt = new Date(from.getTime() + hours * 3_600_000);
    if (lapsesAt > row.startsAt) {
      throw new ApiError(409, ERROR_CODES.PAY_LINK_PAST_START, /*i18n*/ 'The payment link cannot lapse after the booking starts at {time}', undefined, {
        time: timeIn(row.startTime),
      });
    }
    const [extended] = await tx
      .update(payLinks)
      .set({ lapsesAt, outcome: null, settledAt: null, sentAt: now, ...reminderPassed(lapsesAt, now) })
      .where(eq(payLinks.reservationId, row.id))
      .returning();
    await sendPayLinkMessage(tx, 'link', { row, link: extended!, catalog, now, links: deps.config });
    await recordAudit(tx, { actorId: actor.id, venueId: row.venueId, action: 'reservation.pay-link-extend', entityType: 'reservation', entityId: row.id, before: auditView(link), after: auditView(extended!), at: now });
    return toPayLinkView(extended!);
  });
}

/** A venue's pay-link settings changed by its staff or an admin, audited in the same transaction. */
export async function changePayLinkSettings(deps: ReservationDeps, actor: AuthUser, venueId: string, settings: PayLinkSettings): Promise<PayLinkSettings> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await payLinkSettings(tx, venueId);
    await savePayLinkSettings(tx, venueId, settings, now);
    await recordAudit(tx, { actorId: actor.id, venueId, action: 'venue.pay-link-settings', entityType: 'venue', entityId: venueId, before, after: settings, at: now });
    return payLinkSettings(tx, venueId);
  });
}
