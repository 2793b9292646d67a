/**
 * The floor as the walk-in quote reads it (quote-wait.ts): the tables staff may seat a walk-in at, every
 * table's time taken from now (bookings, holds, held changes, seated parties until their booked end), a
 * seated party already past its end as leaving any minute, and the turn a walk-in keeps its table for: the
 * length of the experience it would be seated for now (staff-bookings.ts `walkInExperience`).
 */
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema';
import { addDays } from '../../../common/time';
import { serviceDayOf } from '../../../common/service-day';
import { loadBusyIntervals } from '../booking-rules/busy-intervals';
import { periodAt } from '../booking-rules/slot-schedule';
import { intervalsOf, memberMisfits, type BusyInterval } from '../booking-rules/table-fit';
import type { CatalogVenue } from '../booking-rules/venue-catalog';
import { walkInExperience } from '../staff/staff-bookings';
import { estimateWait, type QuoteParty, type QuoteTable, type WaitEstimate } from './quote-wait';

/** How far ahead a quote looks: a longer wait is no wait to quote at the door. */
export const QUOTE_HORIZON_MINUTES = 360;
/** A turn when no service runs now (the quote of a party waiting for the doors to open). */
const DEFAULT_TURN_MINUTES = 90;
/** A seated party past its booked end is taken to leave within this. */
const OVERDUE_ALLOWANCE_MS = 10 * 60_000;
// Bookings are read a turn past the horizon, so a table free at the horizon's edge is not taken as free for good.
const TURN_SLACK_MS = 4 * 60 * 60_000;

/** The minutes a walk-in would keep its table if seated now. */
export function walkInTurnMinutes(entry: CatalogVenue, now: Date): number {
  const { date, minutes } = serviceDayOf(now);
  const period = periodAt(entry, date, minutes);
  if (!period) return DEFAULT_TURN_MINUTES;
  try {
    return walkInExperience(entry, undefined, period, minutes).durationMinutes;
  } catch {
    return DEFAULT_TURN_MINUTES;
  }
}

const quoteTables = (entry: CatalogVenue): QuoteTable[] =>
  entry.tables
    .filter((t) => memberMisfits(entry, t, null, 'staff', 'member').length === 0)
    .map((t) => ({ id: t.id, minGuests: t.minGuests, maxGuests: t.maxGuests, seatingAreaId: t.seatingAreaId }));

/** Seated parties still at their table after their booked end: busy a little longer. */
async function overdueSeated(db: DbOrTx, venueId: string, date: string, now: Date): Promise<BusyInterval[]> {
  const rows = await db
    .select({ tableId: reservations.tableId, combinedTableIds: reservations.combinedTableIds, startsAt: reservations.startsAt })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        inArray(reservations.date, [addDays(date, -1), date]),
        eq(reservations.status, 'CONFIRMED'),
        eq(reservations.visitStatus, 'SEATED'),
        isNull(reservations.tableFreedAt),
        lte(reservations.endsAt, now),
      ),
    );
  return rows.flatMap((r) => intervalsOf(r.tableId, r.combinedTableIds, r.startsAt.getTime(), now.getTime() + OVERDUE_ALLOWANCE_MS));
}

/** The wait of `party` with `ahead` queued before it, on the floor as it stands at `now`. */
export async function estimateOnFloor(
  db: DbOrTx,
  entry: CatalogVenue,
  now: Date,
  party: Omit<QuoteParty, 'turnMinutes'>,
  ahead: readonly Omit<QuoteParty, 'turnMinutes'>[],
): Promise<WaitEstimate | null> {
  const venueId = entry.venue.id;
  const { date } = serviceDayOf(now);
  const nowMs = now.getTime();
  const [booked, overdue] = await Promise.all([
    loadBusyIntervals(db, { venueId, date, fromMs: nowMs, toMs: nowMs + QUOTE_HORIZON_MINUTES * 60_000 + TURN_SLACK_MS, now }),
    overdueSeated(db, venueId, date, now),
  ]);
  const turnMinutes = walkInTurnMinutes(entry, now);
  return estimateWait({
    nowMs,
    tables: quoteTables(entry),
    busy: [...booked, ...overdue],
    ahead: ahead.map((p) => ({ ...p, turnMinutes })),
    party: { ...party, turnMinutes },
    horizonMinutes: QUOTE_HORIZON_MINUTES,
  });
}
