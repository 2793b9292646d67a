/**
 * The reconfirmation job (docs/PRODUCT.md §4, no-shows). Each round, by the injected clock: every
 * confirmed booking whose venue's asking time has come (12:00 the day before unless the venue says
 * otherwise) is asked once, by mail and text, to reconfirm. A booking made after that time is not asked
 * (its confirmation has just told the guest everything). Where the venue has set auto-release, a booking
 * asked and still not reconfirmed that many hours before its start is cancelled through the guest's own
 * cancellation, under the policy. Rows are claimed with SKIP LOCKED, so several processes ask each guest once.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { reservations } from '../../db/schema';
import { drainDueBatches } from '../../lib/due-batches';
import { startRepeatingJob } from '../../lib/repeating-job';
import { log } from '../../observability/logger';
import { addDays, hongKongDate } from '../../../common/time';
import { loadVenueCatalog } from '../booking-rules/venue-catalog';
import { cancelReservation } from '../reservations/reservation-change';
import { askTimeOf, reconfirmationSettings, type ReconfirmationSettings } from './reconfirmation-settings';
import { askToReconfirm } from './reconfirmation-mail';

const BATCH = 50;
/** The furthest ahead a venue may ask (the settings' check allows 7 days before). */
const MAX_DAYS_AHEAD = 8;

export type ReconfirmationDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payments'>;

/** What one round did. */
export interface ReconfirmationRound {
  asked: number;
  released: number;
}

export async function runReconfirmations(deps: ReconfirmationDeps): Promise<ReconfirmationRound> {
  const catalog = await loadVenueCatalog(deps.db);
  const round: ReconfirmationRound = { asked: 0, released: 0 };
  for (const venueId of catalog.venues.keys()) {
    const settings = await reconfirmationSettings(deps.db, venueId);
    round.asked += await askDue(deps, venueId, settings);
    if (settings.autoReleaseHoursBefore !== null) round.released += await releaseUnanswered(deps, venueId, settings.autoReleaseHoursBefore);
  }
  return round;
}

/** Asks the venue's guests whose asking time has passed, one service day at a time. */
async function askDue(deps: ReconfirmationDeps, venueId: string, settings: ReconfirmationSettings): Promise<number> {
  const now = deps.clock.now();
  const today = hongKongDate(now);
  const catalog = await loadVenueCatalog(deps.db);
  const r = reservations;
  let asked = 0;
  for (let ahead = 0; ahead <= MAX_DAYS_AHEAD; ahead++) {
    const date = addDays(today, ahead);
    const askAt = askTimeOf(settings, date);
    if (askAt > now) continue;
    asked += await drainDueBatches(BATCH, () =>
      deps.db.transaction(async (tx) => {
        const due = tx
          .select({ id: r.id })
          .from(r)
          .where(
            and(
              eq(r.venueId, venueId),
              eq(r.date, date),
              eq(r.status, 'CONFIRMED'),
              gt(r.startsAt, now),
              isNull(r.reconfirmAskedAt),
              isNull(r.reconfirmedAt),
              lt(r.confirmedAt, askAt),
            ),
          )
          .orderBy(asc(r.startsAt))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        const rows = await tx.update(r).set({ reconfirmAskedAt: now }).where(inArray(r.id, due)).returning();
        for (const row of rows) await askToReconfirm(tx, { row, catalog, now, links: deps.config });
        return rows.length;
      }),
    );
  }
  return asked;
}

/** Cancels, under the policy, the venue's asked bookings still not reconfirmed `hours` before their start. */
async function releaseUnanswered(deps: ReconfirmationDeps, venueId: string, hours: number): Promise<number> {
  const now = deps.clock.now();
  const r = reservations;
  const due = await deps.db
    .select({ id: r.id, userId: r.userId })
    .from(r)
    .where(
      and(
        eq(r.venueId, venueId),
        eq(r.status, 'CONFIRMED'),
        isNull(r.visitStatus),
        gt(r.startsAt, now),
        lte(r.startsAt, new Date(now.getTime() + hours * 3_600_000)),
        isNotNull(r.reconfirmAskedAt),
        isNull(r.reconfirmedAt),
      ),
    );
  let released = 0;
  for (const row of due) {
    try {
      await cancelReservation(deps, row.userId, row.id);
      released += 1;
    } catch (err) {
      // Changed meanwhile (the guest cancelled, staff seated them): nothing to release.
      log().warn(`reconfirmation: booking ${row.id} not released: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return released;
}

/** Runs `runReconfirmations` every `intervalMs`. */
export function startReconfirmationJob(deps: ReconfirmationDeps, intervalMs: number): () => void {
  return startRepeatingJob('reconfirmations', () => runReconfirmations(deps).then(() => {}), intervalMs);
}
