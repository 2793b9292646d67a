/**
 * The live reservations' times on tables, read from the database: one indexed query, and a prepared
 * whole-day form for the availability look-up.
 */
import { and, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { changeHolds, reservations } from '../../db/schema';
import { addDays } from '../../../common/time';
import { intervalsOf, type BusyInterval } from './table-fit';

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

/** The row sits at one of `tableIds`: its table, or another of its combination. */
export const atTables = (table: typeof reservations | typeof changeHolds, tableIds: string[]) =>
  // The array as one literal: drizzle would spread a JavaScript array into a parameter list.
  or(inArray(table.tableId, tableIds), sql`${table.combinedTableIds} && ${`{${tableIds.join(',')}}`}::text[]`);

/** A change held while its difference is paid (reservations/change-holds.ts) takes its new table until its hold ends. */
export const heldChangeDuring = (from: SQL, to: SQL, now: SQL) =>
  sql`${changeHolds.status} = 'HELD' AND ${changeHolds.holdExpiresAt} > ${now} AND ${changeHolds.startsAt} < ${to} AND ${changeHolds.endsAt} > ${from}`;

/**
 * The tables held by changes being paid for (their own reservation's excepted: a booking moving never
 * counts its own change against itself).
 */
async function heldChangeIntervals(
  db: DbOrTx,
  options: { venueId: string; date: string; fromMs: number; toMs: number; now: Date; excludeReservationId?: string; tableIds?: string[] },
): Promise<BusyInterval[]> {
  const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const rows = await db
    .select({ tableId: changeHolds.tableId, combinedTableIds: changeHolds.combinedTableIds, startsAt: changeHolds.startsAt, endsAt: changeHolds.endsAt })
    .from(changeHolds)
    .where(
      and(
        eq(changeHolds.venueId, options.venueId),
        inArray(changeHolds.date, [addDays(options.date, -1), options.date, addDays(options.date, 1)]),
        heldChangeDuring(iso(options.fromMs), iso(options.toMs), sql`${options.now.toISOString()}::timestamptz`),
        options.excludeReservationId ? ne(changeHolds.reservationId, options.excludeReservationId) : undefined,
        options.tableIds ? atTables(changeHolds, options.tableIds) : undefined,
      ),
    );
  return rows.flatMap((r) => intervalsOf(r.tableId, r.combinedTableIds, r.startsAt.getTime(), r.endsAt.getTime()));
}

/**
 * Live reservations of a venue overlapping [fromMs, toMs) (a hold past its time is free even before the
 * sweeper cancels it), and the changes held on its tables. Two indexed queries.
 */
export async function loadBusyIntervals(
  db: DbOrTx,
  options: { venueId: string; date: string; fromMs: number; toMs: number; now: Date; excludeReservationId?: string; tableIds?: string[] },
): Promise<BusyInterval[]> {
  const { venueId, date, fromMs, toMs, now } = options;
  const rows = await db
    .select({
      tableId: reservations.tableId,
      combinedTableIds: reservations.combinedTableIds,
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
        options.tableIds ? atTables(reservations, options.tableIds) : undefined,
      ),
    );
  const booked = rows.flatMap((r) => intervalsOf(r.tableId, r.combinedTableIds, Number(r.startMs), Number(r.endMs)));
  return [...booked, ...(await heldChangeIntervals(db, options))];
}

/**
 * The same question as `loadBusyIntervals` for a whole day, prepared once per database (no SQL building
 * or planning per call) and answered as one JSON row, since decoding rows one by one is the costly part.
 * At a paced venue it also reads the covers the day's live bookings start (pacing-covers.ts), in the same
 * statement: a look-up with pacing on still costs one round trip.
 */
function dayBusyStatement(db: Db, withCovers: boolean) {
  const liveAt = sql.placeholder('now');
  const from = sql`${sql.placeholder('from')}::timestamptz`;
  const to = sql`${sql.placeholder('to')}::timestamptz`;
  return db
    .select({
      intervals: sql<BusyJson[] | null>`json_agg(json_build_array(
        ${reservations.tableId},
        (extract(epoch from ${reservations.startsAt}) * 1000)::float8,
        (extract(epoch from ${occupiedUntil}) * 1000)::float8, ${reservations.combinedTableIds}))`,
      // In the same statement, so the day costs one round trip still.
      heldChanges: sql<BusyJson[] | null>`(SELECT json_agg(json_build_array(
        ${changeHolds.tableId},
        (extract(epoch from ${changeHolds.startsAt}) * 1000)::float8,
        (extract(epoch from ${changeHolds.endsAt}) * 1000)::float8, ${changeHolds.combinedTableIds}))
        FROM ${changeHolds}
        WHERE ${changeHolds.venueId} = ${sql.placeholder('venueId')}
          AND ${changeHolds.date} IN (${sql.placeholder('before')}, ${sql.placeholder('date')}, ${sql.placeholder('after')})
          AND ${heldChangeDuring(from, to, sql`${liveAt}::timestamptz`)})`,
      covers: withCovers
        ? sql<[number, number][] | null>`(SELECT json_agg(json_build_array(${reservations.startTime}, ${reservations.numberOfGuests}))
          FROM ${reservations}
          WHERE ${reservations.venueId} = ${sql.placeholder('venueId')} AND ${reservations.date} = ${sql.placeholder('date')}
            AND (${reservations.status} = 'CONFIRMED' OR (${reservations.status} = 'PENDING' AND ${reservations.holdExpiresAt} > ${liveAt}::timestamptz)))`
        : sql<null>`null`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, sql.placeholder('venueId')),
        inArray(reservations.date, [sql.placeholder('before'), sql.placeholder('date'), sql.placeholder('after')]),
        occupiesDuring(from, to),
        or(
          eq(reservations.status, 'CONFIRMED'),
          and(eq(reservations.status, 'PENDING'), sql`${reservations.holdExpiresAt} > ${liveAt}::timestamptz`),
        ),
      ),
    )
    .prepare(withCovers ? 'availability_day_busy_covers' : 'availability_day_busy');
}

const dayBusyStatements = { plain: new WeakMap<object, ReturnType<typeof dayBusyStatement>>(), covers: new WeakMap<object, ReturnType<typeof dayBusyStatement>>() };

/** The day's busy tables over [fromMs, toMs) and, with `covers`, the covers its live bookings start. */
export async function loadDayBusy(
  db: Db,
  venueId: string,
  date: string,
  fromMs: number,
  toMs: number,
  now: Date,
  options: { covers: boolean } = { covers: false },
): Promise<{ busy: BusyInterval[]; covers: { startTime: number; numberOfGuests: number }[] }> {
  const statements = options.covers ? dayBusyStatements.covers : dayBusyStatements.plain;
  let statement = statements.get(db);
  if (!statement) {
    statement = dayBusyStatement(db, options.covers);
    statements.set(db, statement);
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
  const parsed = <T>(raw: unknown) => (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as T[];
  return {
    busy: [...parsed<BusyJson>(row?.intervals), ...parsed<BusyJson>(row?.heldChanges)].flatMap(busyFromJson),
    covers: parsed<[number, number]>(row?.covers).map(([startTime, numberOfGuests]) => ({ startTime, numberOfGuests })),
  };
}

/** A busy row as the one-row statements write it: table, start and end in epoch ms, the combination's other tables. */
export type BusyJson = [string, number, number, string[] | null];

export function busyFromJson([tableId, startMs, endMs, combinedTableIds]: BusyJson): BusyInterval[] {
  return intervalsOf(tableId, combinedTableIds, Number(startMs), Number(endMs));
}
