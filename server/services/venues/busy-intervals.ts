/**
 * The live reservations' times on tables, read from the database: one indexed query, and a prepared
 * whole-day form for the availability look-up.
 */
import { and, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema';
import { addDays } from '../../../common/time';
import type { BusyInterval } from './table-fit';

/**
 * When a reservation stops holding its table: its booked end, or the moment its party finished when
 * that came first (never before its start, so a party gone before its booked time holds nothing). The
 * exclusion constraint `reservations_no_double_booking` (migration 0018) uses the same expression.
 */
export const occupiedUntil = sql<Date>`least(${reservations.endsAt}, greatest(${reservations.startsAt}, coalesce(${reservations.tableFreedAt}, ${reservations.endsAt})))`;

/** Its table is held at some instant of [from, to): the occupied range meets it and is not empty. */
export const occupiesDuring = (from: SQL, to: SQL) =>
  sql`(${reservations.startsAt} < ${to} AND ${occupiedUntil} > greatest(${from}, ${reservations.startsAt}))`;

/** A reservation that takes its table at `now`: CONFIRMED, or PENDING still inside its hold. */
export const isLiveAt = (now: Date) =>
  or(eq(reservations.status, 'CONFIRMED'), and(eq(reservations.status, 'PENDING'), gt(reservations.holdExpiresAt, now)));

/**
 * Live reservations of a venue overlapping [fromMs, toMs) (a hold past its time is free even before the
 * sweeper cancels it). One indexed query.
 */
export async function loadBusyIntervals(
  db: DbOrTx,
  options: { venueId: string; date: string; fromMs: number; toMs: number; now: Date; excludeReservationId?: string; tableIds?: string[] },
): Promise<BusyInterval[]> {
  const { venueId, date, fromMs, toMs, now } = options;
  const rows = await db
    .select({
      tableId: reservations.tableId,
      startMs: sql<number>`(extract(epoch from ${reservations.startsAt}) * 1000)::float8`,
      endMs: sql<number>`(extract(epoch from ${occupiedUntil}) * 1000)::float8`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        // The service days around `date` cover every reservation that can reach into its slots.
        inArray(reservations.date, [addDays(date, -1), date, addDays(date, 1)]),
        occupiesDuring(sql`${new Date(fromMs).toISOString()}::timestamptz`, sql`${new Date(toMs).toISOString()}::timestamptz`),
        isLiveAt(now),
        options.excludeReservationId ? ne(reservations.id, options.excludeReservationId) : undefined,
        options.tableIds ? inArray(reservations.tableId, options.tableIds) : undefined,
      ),
    );
  return rows.map((r) => ({ tableId: r.tableId, startMs: Number(r.startMs), endMs: Number(r.endMs) }));
}

/**
 * The same question as `loadBusyIntervals` for a whole day, prepared once per database (no SQL building
 * or planning per call) and answered as one JSON row, since decoding rows one by one is the costly part.
 */
function dayBusyStatement(db: Db) {
  const liveAt = sql.placeholder('now');
  return db
    .select({
      intervals: sql<[string, number, number][] | null>`json_agg(json_build_array(
        ${reservations.tableId},
        (extract(epoch from ${reservations.startsAt}) * 1000)::float8,
        (extract(epoch from ${occupiedUntil}) * 1000)::float8))`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, sql.placeholder('venueId')),
        inArray(reservations.date, [sql.placeholder('before'), sql.placeholder('date'), sql.placeholder('after')]),
        occupiesDuring(sql`${sql.placeholder('from')}::timestamptz`, sql`${sql.placeholder('to')}::timestamptz`),
        or(
          eq(reservations.status, 'CONFIRMED'),
          and(eq(reservations.status, 'PENDING'), sql`${reservations.holdExpiresAt} > ${liveAt}::timestamptz`),
        ),
      ),
    )
    .prepare('availability_day_busy');
}

const dayBusyStatements = new WeakMap<object, ReturnType<typeof dayBusyStatement>>();

export async function loadDayBusy(db: Db, venueId: string, date: string, fromMs: number, toMs: number, now: Date): Promise<BusyInterval[]> {
  let statement = dayBusyStatements.get(db);
  if (!statement) {
    statement = dayBusyStatement(db);
    dayBusyStatements.set(db, statement);
  }
  const [row] = await statement.execute({
    venueId,
    before: addDays(date, -1),
    date,
    after: addDays(date, 1),
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    now: now.toISOString(),
  });
  // Drivers hand json back parsed (pg) or, for some set-ups, as text.
  const raw = row?.intervals ?? [];
  const intervals = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [string, number, number][];
  return intervals.map(([tableId, startMs, endMs]) => ({ tableId, startMs: Number(startMs), endMs: Number(endMs) }));
}
