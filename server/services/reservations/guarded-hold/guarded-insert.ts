/**
 * What both guarded holds share (guarded-hold.ts, hold-in-one-trip.ts): the INSERT whose one column a
 * guard function answers under the booking locks, the pacing it counts, and the refusals that send the
 * hold another way.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { PacingRule } from '../../../db/schema';
import { reservations } from '../../../db/schema';
import { slotStartOf } from '../../booking-rules/pacing';
import type { CatalogVenue, ExperienceRow, ServicePeriodRow } from '../../booking-rules/venue-catalog';
import type { ScheduledSlot } from '../../booking-rules/slot-schedule';
import { pacingLockKey } from '../../booking-rules/pacing-covers';
import { closuresLockKey } from '../../booking-rules/closures';
import { HOLD_MINUTES } from '../../../../common/booking-rules';
import { addDays } from '../../../../common/time';
import { MAX_UNFINISHED_BOOKINGS } from '../guest-limits';
import type { CreateReservationInput } from '../reservation-input';
import { reservationValues, type NewReservation } from '../reservation-insert';
import { sqlState, type ReservationRow } from '../reservations';

/** The guard functions and the column each answers: the hold's status (migration 0059), or its table (0060). */
const GUARDS = { guarded_hold_status: 'status', guarded_hold_table: 'tableId' } as const;
export type GuardFunction = keyof typeof GUARDS;

// HG001: the guard found the hold decided on what is not so; 23505: a reference drawn twice; 23P01: a double
// booking by a writer without the locks. Each leaves the answer to a way that reads the day first.
const REFUSALS = new Set(['HG001', '23505', '23P01']);

/** Whether `error` is a guard's refusal (the statement changed nothing), not a failure. */
export const guardRefused = (error: unknown): boolean => REFUSALS.has(sqlState(error) ?? '');

/** What the guard counts pacing over: the slot interval and the service the start falls in (pacing.ts). */
export function pacingGuard(rule: PacingRule, period: ServicePeriodRow, startTime: number, party: number) {
  const slotFrom = slotStartOf(period, startTime);
  return {
    slotFrom,
    slotTo: slotFrom + period.intervalMinutes,
    serviceFrom: period.startMinute,
    serviceTo: period.endMinute,
    maxSlot: rule.maxCoversPerSlot,
    maxService: rule.maxCoversPerService,
    party,
  };
}

/**
 * The guarded INSERT, prepared once per database, guard and set of columns: building it and having it
 * parsed on every hold cost a tenth of the server's time per booking.
 */
function guardedInsertStatement(db: Db, guardFunction: GuardFunction, columns: readonly string[], name: string) {
  const guarded = GUARDS[guardFunction];
  const values = Object.fromEntries(
    columns.map((column) => [column, column === guarded ? sql`${sql.raw(guardFunction)}(${sql.placeholder(column)}::jsonb)` : sql.placeholder(column)]),
  );
  return db
    .insert(reservations)
    .values(values as unknown as typeof reservations.$inferInsert)
    .returning()
    .prepare(name);
}

const statements = new WeakMap<object, Map<string, ReturnType<typeof guardedInsertStatement>>>();

/** Writes `reservation` with its guarded column answered by `guardFunction(guard)`, which raises HG001 to refuse. */
export async function insertGuarded(db: Db, guardFunction: GuardFunction, guard: object, reservation: NewReservation): Promise<ReservationRow> {
  const values: Record<string, unknown> = { ...reservationValues(reservation), [GUARDS[guardFunction]]: JSON.stringify(guard) };
  const columns = Object.keys(values).sort();
  const key = `${guardFunction}:${columns.join(',')}`;
  let byColumns = statements.get(db);
  if (!byColumns) statements.set(db, (byColumns = new Map()));
  let statement = byColumns.get(key);
  if (!statement) byColumns.set(key, (statement = guardedInsertStatement(db, guardFunction, columns, `guarded_hold_insert_${byColumns.size}`)));
  const [row] = await statement.execute(values);
  return row!;
}

/** What every guard is told of the hold: whose, where and when, the locks before the tables' and the limits to count again. */
export function holdGuard(userId: string, entry: CatalogVenue, input: CreateReservationInput, slot: ScheduledSlot, now: Date) {
  const pacing = entry.pacing.find((r) => r.periodName === slot.period.name);
  return {
    userId,
    venueId: entry.venue.id,
    date: input.date,
    dates: [addDays(input.date, -1), input.date, addDays(input.date, 1)],
    now: now.toISOString(),
    from: new Date(slot.startMs).toISOString(),
    to: new Date(slot.endMs).toISOString(),
    pacingKey: pacing ? pacingLockKey(entry.venue.id, input.date, slot.period.name) : null,
    closuresKey: closuresLockKey(entry.venue.id).toString(),
    maxHeld: MAX_UNFINISHED_BOOKINGS,
    // The limits counted again under the service's pacing lock.
    pacing: pacing ? pacingGuard(pacing, slot.period, slot.startTime, input.numberOfGuests) : null,
    locale: input.locale,
  };
}

/**
 * The PENDING reservation `id` of a guest's hold of `slot` at `tableId` with `joined` tables (an empty
 * `tableId` where the guard answers it).
 */
export function heldReservation(
  hold: { entry: CatalogVenue; experience: ExperienceRow; userId: string; input: CreateReservationInput; slot: ScheduledSlot; now: Date },
  id: string,
  tableId: string,
  joined: readonly string[] = [],
): NewReservation {
  const { entry, experience, userId, input, slot, now } = hold;
  return {
    entry,
    experience,
    user: { id: userId },
    placement: {
      date: input.date,
      startTime: slot.startTime,
      duration: slot.duration,
      startsAt: new Date(slot.startMs),
      endsAt: new Date(slot.endMs),
      numberOfGuests: input.numberOfGuests,
      seatingAreaId: input.seatingAreaId ?? null,
      tableId,
      combinedTableIds: [...joined],
    },
    now,
    values: {
      id,
      status: 'PENDING',
      holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
      bookingSource: input.bookingSource,
      locale: input.locale,
    },
  };
}
