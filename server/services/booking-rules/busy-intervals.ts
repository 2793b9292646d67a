/**
 * The live reservations' times on tables, and the tables held by changes being paid for, read from the
 * database: one statement, and a prepared whole-day form of it for the availability look-up.
 */
import { and, eq, inArray, ne, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { changeHolds, reservations, venueCatalogVersion } from '../../db/schema';
import { addDays } from '../../../common/time';
import { closuresFromJson, dayClosuresJson, type ClosureRow } from './closures';
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

/**
 * A reservation that takes its table at `at`: CONFIRMED, or PENDING still inside its hold. Spelled so
 * that no arm of the OR matches a partial index on its own (CONFIRMED's by start, PENDING's by hold
 * end): a plan made once for any parameters (docs/decisions/0025-generic-plans.md) then reads the
 * venue's days by their index instead of ANDing thousands of entries of those two.
 */
export const liveAt = (at: SQL) =>
  sql`(${reservations.status} IN ('CONFIRMED', 'PENDING') AND (${reservations.status} = 'CONFIRMED' OR ${reservations.holdExpiresAt} > ${at}))`;

/** `liveAt` an instant of this process's clock. */
export const isLiveAt = (now: Date) => liveAt(sql`${now.toISOString()}::timestamptz`);

/** The row sits at one of `tableIds`: its table, or another of its combination. */
export const atTables = (table: typeof reservations | typeof changeHolds, tableIds: string[]) =>
  // The array as one literal: drizzle would spread a JavaScript array into a parameter list.
  or(inArray(table.tableId, tableIds), sql`${table.combinedTableIds} && ${`{${tableIds.join(',')}}`}::text[]`);

/** A change held while its difference is paid (reservations/change-holds.ts) takes its new table until its hold ends. */
export const heldChangeDuring = (from: SQL, to: SQL, now: SQL) =>
  sql`${changeHolds.status} = 'HELD' AND ${changeHolds.holdExpiresAt} > ${now} AND ${changeHolds.startsAt} < ${to} AND ${changeHolds.endsAt} > ${from}`;

/** Milliseconds since the epoch of a timestamp, as the driver hands a float back. */
const epochMs = (at: SQLWrapper) => sql<number>`(extract(epoch from ${at}) * 1000)::float8`;

/**
 * Live reservations of a venue overlapping [fromMs, toMs) (a hold past its time is free even before the
 * sweeper cancels it), and the changes held on its tables while their difference is paid (their own
 * reservation's excepted: a booking moving never counts its own change against itself). One statement,
 * each half on its own index, as the availability day's (below): a placement makes one round trip.
 */
export async function loadBusyIntervals(
  db: DbOrTx,
  options: { venueId: string; date: string; fromMs: number; toMs: number; now: Date; excludeReservationId?: string; tableIds?: string[] },
): Promise<BusyInterval[]> {
  const { venueId, date, fromMs, toMs, now, excludeReservationId, tableIds } = options;
  // The service days around `date` cover every reservation (and held change) that can reach into its slots.
  const days = [addDays(date, -1), date, addDays(date, 1)];
  const from = sql`${new Date(fromMs).toISOString()}::timestamptz`;
  const to = sql`${new Date(toMs).toISOString()}::timestamptz`;
  const booked = db
    .select({ tableId: reservations.tableId, combinedTableIds: reservations.combinedTableIds, startMs: epochMs(reservations.startsAt), endMs: epochMs(occupiedUntil) })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        inArray(reservations.date, days),
        occupiesDuring(from, to),
        isLiveAt(now),
        excludeReservationId ? ne(reservations.id, excludeReservationId) : undefined,
        tableIds ? atTables(reservations, tableIds) : undefined,
      ),
    );
  const heldChanges = db
    .select({ tableId: changeHolds.tableId, combinedTableIds: changeHolds.combinedTableIds, startMs: epochMs(changeHolds.startsAt), endMs: epochMs(changeHolds.endsAt) })
    .from(changeHolds)
    .where(
      and(
        eq(changeHolds.venueId, venueId),
        inArray(changeHolds.date, days),
        heldChangeDuring(from, to, sql`${now.toISOString()}::timestamptz`),
        excludeReservationId ? ne(changeHolds.reservationId, excludeReservationId) : undefined,
        tableIds ? atTables(changeHolds, tableIds) : undefined,
      ),
    );
  const rows = await booked.unionAll(heldChanges);
  return rows.flatMap((r) => intervalsOf(r.tableId, r.combinedTableIds, Number(r.startMs), Number(r.endMs)));
}

/**
 * The same question as `loadBusyIntervals` for a whole day, prepared once per database (no SQL building
 * or planning per call) and answered as one JSON row, since decoding rows one by one is the costly part.
 * At a paced venue it also reads the covers the day's live bookings start (pacing-covers.ts), in the same
 * statement: a look-up with pacing on still costs one round trip.
 */
function dayBusyStatement(db: Db, withCovers: boolean) {
  const live = sql`${sql.placeholder('now')}::timestamptz`;
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
          AND ${heldChangeDuring(from, to, live)})`,
      // The venue's closures of the day, fresh: a closure made in any process is kept by the next look-up.
      closures: dayClosuresJson(sql.placeholder('venueId'), sql.placeholder('date')),
      // The set-up's version, so a look-up answered from the set-up it cached knows in the same round trip whether a change was published since.
      catalogVersion: sql<number>`(SELECT ${venueCatalogVersion.version} FROM ${venueCatalogVersion} LIMIT 1)`,
      covers: withCovers ? dayCoversJson(sql.placeholder('venueId'), sql.placeholder('date'), live) : sql<null>`null`,
      nextHoldEndMs: nextHoldEndMs(sql.placeholder('venueId'), [sql.placeholder('before'), sql.placeholder('date'), sql.placeholder('after')], live),
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, sql.placeholder('venueId')),
        inArray(reservations.date, [sql.placeholder('before'), sql.placeholder('date'), sql.placeholder('after')]),
        occupiesDuring(from, to),
        liveAt(live),
      ),
    )
    .prepare(withCovers ? 'availability_day_busy_covers' : 'availability_day_busy');
}

const dayBusyStatements = { plain: new WeakMap<object, ReturnType<typeof dayBusyStatement>>(), covers: new WeakMap<object, ReturnType<typeof dayBusyStatement>>() };

/** The day's busy tables over [fromMs, toMs), with `covers` the covers its live bookings start, the venue's closures of the day, and the set-up's version. */
export async function loadDayBusy(
  db: Db,
  venueId: string,
  date: string,
  fromMs: number,
  toMs: number,
  now: Date,
  options: { covers: boolean } = { covers: false },
): Promise<{
  busy: BusyInterval[];
  covers: { startTime: number; numberOfGuests: number }[];
  closures: ClosureRow[];
  catalogVersion: number;
  /** When the first hold still running on these days ends (null: none runs), and the day's answer with it. */
  nextHoldEndMs: number | null;
}> {
  const statements = options.covers ? dayBusyStatements.covers : dayBusyStatements.plain;
  let statement = statements.get(db);
  if (!statement) {
    statement = dayBusyStatement(db, options.covers);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ venueId, ...dayParams(date, fromMs, toMs, now) });
  return {
    busy: [...parsedJson<BusyJson>(row?.intervals), ...parsedJson<BusyJson>(row?.heldChanges)].flatMap(busyFromJson),
    covers: coversFromJson(row?.covers),
    closures: closuresFromJson(row?.closures),
    catalogVersion: Number(row?.catalogVersion ?? 0),
    nextHoldEndMs: row?.nextHoldEndMs == null ? null : Number(row.nextHoldEndMs),
  };
}

/**
 * The end of the first guest's hold or held change of a venue's `days` still running at `at`, in epoch
 * ms: the moment a look-up's answer changes by the clock alone (a cached answer lapses then, decision 0038).
 */
const nextHoldEndMs = (venueId: Placeholder, days: Placeholder[], at: SQL) =>
  sql<number | null>`(SELECT (extract(epoch from min(ends.at)) * 1000)::float8 FROM (
      SELECT ${reservations.holdExpiresAt} AS at FROM ${reservations}
      WHERE ${reservations.venueId} = ${venueId} AND ${inArray(reservations.date, days)}
        AND ${reservations.status} = 'PENDING' AND ${reservations.holdExpiresAt} > ${at}
      UNION ALL
      SELECT ${changeHolds.holdExpiresAt} FROM ${changeHolds}
      WHERE ${changeHolds.venueId} = ${venueId} AND ${inArray(changeHolds.date, days)}
        AND ${changeHolds.status} = 'HELD' AND ${changeHolds.holdExpiresAt} > ${at}) ends)`;

/** The one-row statements' day parameters: the service days around `date`, the stretch [fromMs, toMs) and now. */
export function dayParams(date: string, fromMs: number, toMs: number, now: Date) {
  return {
    before: addDays(date, -1),
    date,
    after: addDays(date, 1),
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    now: now.toISOString(),
  };
}

/** A json column of a one-row statement: drivers hand it back parsed (pg) or, for some set-ups, as text. */
export const parsedJson = <T>(raw: unknown): T[] => (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as T[];

/**
 * The covers the live bookings of a service day start, summed by start time, as one JSON value of
 * [start, covers]: a busy day's hundred bookings come as a few dozen starts, for pacing (pacing-covers.ts).
 */
export const dayCoversJson = (venueId: SQL | Placeholder, date: SQL | Placeholder, at: SQL) =>
  sql<[number, number][] | string | null>`(SELECT json_agg(json_build_array(starts.start_time, starts.covers)) FROM (
      SELECT ${reservations.startTime} AS start_time, sum(${reservations.numberOfGuests})::int AS covers FROM ${reservations}
      WHERE ${reservations.venueId} = ${venueId} AND ${reservations.date} = ${date} AND ${liveAt(at)}
      GROUP BY ${reservations.startTime}) starts)`;

/** The covers of `dayCoversJson`: [start, covers starting then]. */
export function coversFromJson(raw: unknown): { startTime: number; numberOfGuests: number }[] {
  return parsedJson<[number, number]>(raw).map(([startTime, numberOfGuests]) => ({ startTime, numberOfGuests }));
}

/** A busy row as the one-row statements write it: table, start and end in epoch ms, the combination's other tables. */
export type BusyJson = [string, number, number, string[] | null];

export function busyFromJson([tableId, startMs, endMs, combinedTableIds]: BusyJson): BusyInterval[] {
  return intervalsOf(tableId, combinedTableIds, Number(startMs), Number(endMs));
}
