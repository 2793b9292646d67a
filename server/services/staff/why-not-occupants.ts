/**
 * Who holds the venue's tables on a service day, by reference, for staff's "Why not?": the live bookings
 * (confirmed, or a guest's hold still running) and the changes held while their difference is paid, on
 * each table they occupy (every member of a combination). The
 * same liveness and occupancy rules as availability (venues/busy-intervals.ts); two indexed queries.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { changeHolds, reservations } from '../../db/schema';
import { addDays, MINUTES_PER_DAY, serviceDayStartMs } from '../../../common/time';
import { isLiveAt, occupiesDuring, occupiedUntil } from '../booking-rules/busy-intervals';
import { intervalsOf, type BusyInterval } from '../booking-rules/table-fit';

/** A table's time held by a booking: whose (its reference) and how. */
export interface Occupant extends BusyInterval {
  reference: string;
  kind: 'BOOKED' | 'HELD' | 'CHANGE_HELD';
  startTime: number;
  endTime: number;
}

export async function loadOccupants(db: DbOrTx, venueId: string, date: string, now: Date): Promise<Occupant[]> {
  const fromMs = serviceDayStartMs(date);
  // The whole service day, after-midnight slots included (up to 48 hours from its midnight).
  const from = sql`${new Date(fromMs).toISOString()}::timestamptz`;
  const to = sql`${new Date(fromMs + 2 * MINUTES_PER_DAY * 60_000).toISOString()}::timestamptz`;
  const days = [addDays(date, -1), date, addDays(date, 1)];
  const booked = await db
    .select({
      tableId: reservations.tableId,
      combinedTableIds: reservations.combinedTableIds,
      reference: reservations.uniqueId,
      status: reservations.status,
      startTime: reservations.startTime,
      duration: reservations.duration,
      startsAt: reservations.startsAt,
      until: sql<string>`${occupiedUntil}`,
    })
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), inArray(reservations.date, days), occupiesDuring(from, to), isLiveAt(now)));
  const changes = await db
    .select({
      tableId: changeHolds.tableId,
      combinedTableIds: changeHolds.combinedTableIds,
      reference: reservations.uniqueId,
      startTime: changeHolds.startTime,
      duration: changeHolds.duration,
      startsAt: changeHolds.startsAt,
      endsAt: changeHolds.endsAt,
    })
    .from(changeHolds)
    .innerJoin(reservations, eq(reservations.id, changeHolds.reservationId))
    .where(
      and(
        eq(changeHolds.venueId, venueId),
        inArray(changeHolds.date, days),
        eq(changeHolds.status, 'HELD'),
        gt(changeHolds.holdExpiresAt, now),
        sql`${changeHolds.startsAt} < ${to} AND ${changeHolds.endsAt} > ${from}`,
      ),
    );
  return [
    ...booked.flatMap((r) =>
      intervalsOf(r.tableId, r.combinedTableIds, r.startsAt.getTime(), new Date(r.until).getTime()).map((interval) => ({
        ...interval,
        reference: r.reference,
        kind: r.status === 'PENDING' ? ('HELD' as const) : ('BOOKED' as const),
        startTime: r.startTime,
        endTime: r.startTime + r.duration,
      })),
    ),
    ...changes.flatMap((r) =>
      intervalsOf(r.tableId, r.combinedTableIds, r.startsAt.getTime(), r.endsAt.getTime()).map((interval) => ({
        ...interval,
        reference: r.reference,
        kind: 'CHANGE_HELD' as const,
        startTime: r.startTime,
        endTime: r.startTime + r.duration,
      })),
    ),
  ];
}
