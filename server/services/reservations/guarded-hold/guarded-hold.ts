/**
 * A guest's hold in two round trips of its own (docs/decisions/0022-guarded-hold.md): one prepared
 * read of everything the hold is decided on (hold-context.ts), the same rules as every booking in memory
 * (closures, pacing, hold limit, the smallest free fitting table), then one INSERT whose status
 * `guarded_hold_status()` (migration 0033) answers after taking the booking locks and checking afresh that
 * nothing the decision rested on has changed. When something has (another guest was quicker), the
 * statement changes nothing and the caller books the long way, in a transaction under the same locks,
 * which gives the exact answer.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { HOLD_MINUTES } from '../../../../common/booking-rules';
import { completionError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { addDays, serviceDayStartMs } from '../../../../common/time';
import { bookableSlot, scheduledSlots, servicesOn } from '../../booking-rules/slot-schedule';
import { fittingCombinations, fittingTables, groupBusy, pickCombination, pickTable } from '../../booking-rules/table-fit';
import { closedForBooking, closuresLockKey, closuresOn, openTables, stayClosure } from '../../booking-rules/closures';
import { coversStarting, pacedOut, pacingLockKey } from '../../booking-rules/pacing-covers';
import { pacingBreach, slotStartOf } from '../../booking-rules/pacing';
import type { PacingRule } from '../../../db/schema';
import { tableDayKeys } from '../../venues/table-day-locks';
import { lastVenueCatalog, venueCatalogAt, type ServicePeriodRow, type VenueCatalog } from '../../booking-rules/venue-catalog';
import { checkSelection, selectionUnavailable } from '../../booking-rules/selection-checks';
import { holdLimitReached, MAX_UNFINISHED_BOOKINGS } from '../guest-limits';
import { loadHoldContext } from './hold-context';
import { reservationValues, type NewReservation } from '../reservation-insert';
import { reservations } from '../../../db/schema';
import { assertTimeOpenTo, membershipOf } from '../../booking-rules/membership-rules';
import { isMember, sqlState, type ReservationRow } from '../reservations';
import { liveSessionUser } from '../../../lib/auth';
import type { TokenSubject } from '../../../lib/jwt';
import type { AuthUser } from '../../../context';
import type { CreateReservationInput } from '../reservation-input';

/** The SQLSTATE `guarded_hold_status()` raises when the hold was decided on what has changed since. */
const GUARD_REFUSED = 'HG001';
/** A reference drawn twice (unique violation) or a double booking by a writer without the locks: the long way decides. */
const UNIQUE_VIOLATION = '23505';
const EXCLUSION_VIOLATION = '23P01';

const DAY_MS = 86_400_000;

/** What the guard counts pacing over: the slot interval and the service the start falls in (pacing.ts). */
function pacingGuard(rule: PacingRule, period: ServicePeriodRow, startTime: number, party: number) {
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
 * The guarded INSERT, prepared once per database and set of columns: building it and having it parsed
 * on every hold cost a tenth of the server's time per booking. Its status is `guarded_hold_status(guard)`.
 */
function guardedInsertStatement(db: Db, columns: readonly string[], name: string) {
  const values = Object.fromEntries(
    columns.map((column) => [column, column === 'status' ? sql`guarded_hold_status(${sql.placeholder('status')}::jsonb)` : sql.placeholder(column)]),
  );
  return db
    .insert(reservations)
    .values(values as unknown as typeof reservations.$inferInsert)
    .returning()
    .prepare(name);
}

const guardedInserts = new WeakMap<object, Map<string, ReturnType<typeof guardedInsertStatement>>>();

/** Writes the hold `reservation` if `guard` still holds under the locks (migration 0033's function); else raises HG001. */
async function insertGuarded(db: Db, guard: object, reservation: NewReservation): Promise<ReservationRow> {
  const values: Record<string, unknown> = { ...reservationValues(reservation), status: JSON.stringify(guard) };
  const columns = Object.keys(values).sort();
  const key = columns.join(',');
  let byColumns = guardedInserts.get(db);
  if (!byColumns) guardedInserts.set(db, (byColumns = new Map()));
  let statement = byColumns.get(key);
  if (!statement) byColumns.set(key, (statement = guardedInsertStatement(db, columns, `guarded_hold_insert_${byColumns.size}`)));
  const [row] = await statement.execute(values);
  return row!;
}

/** The stay `input` asks for in `catalog`, if that set-up offers it (the rules are checked later, on the set-up read with the day). */
function expectedSlot(catalog: VenueCatalog, input: CreateReservationInput): { startMs: number; endMs: number } | undefined {
  const entry = catalog.venues.get(input.venueId);
  const experience = entry?.experiences.find((e) => e.id === input.experienceId);
  if (!entry || !experience) return undefined;
  return scheduledSlots(entry, experience, input.date, input.numberOfGuests).find((s) => s.startTime === input.startTime);
}

/** The service day `date` and the next, which hold any stay that starts on it. */
function wholeDays(date: string): { startMs: number; endMs: number } {
  const startMs = serviceDayStartMs(date);
  return { startMs, endMs: startMs + 2 * DAY_MS };
}

/** A guarded hold's outcome: the hold, or the caller (its session checked) for the long way when the guard refused. */
export type GuardedHold = { caller: AuthUser; row: ReservationRow; catalog: VenueCatalog } | { caller: AuthUser; row?: undefined };

/**
 * Checks the session of `claims` and holds the smallest free fitting table for the caller, or throws
 * 401 for an ended session or the rule's refusal (404, 409, 422) found on the day as read; no row when
 * the guard found the day changed meanwhile.
 */
export async function tryGuardedHold(db: Db, claims: TokenSubject, input: CreateReservationInput, now: Date): Promise<GuardedHold> {
  // Busy tables during the slot as the set-up this process holds has it, or else over the service day and
  // the next (a bar's slots run past midnight): a hold needs only the tables' bookings that meet its stay.
  const known = await lastVenueCatalog(db);
  const window = expectedSlot(known.catalog, input) ?? wholeDays(input.date);
  const context = await loadHoldContext(db, { userId: claims.id, venueId: input.venueId, date: input.date, fromMs: window.startMs, toMs: window.endMs, now });
  const caller = liveSessionUser(claims, context.session);
  const catalog = context.catalogVersion === known.version ? known.catalog : await venueCatalogAt(db, context.catalogVersion);
  const membership = membershipOf(caller);
  const { entry, experience } = checkSelection(catalog, input, now, 'guest', membership);
  if (experience.membersOnly && !isMember(caller)) throw completionError(1010101, 403);
  const slot = bookableSlot(entry, experience, input.date, input.startTime, now, 'guest', input.numberOfGuests);
  assertTimeOpenTo(slot.period, membership);
  // A set-up published since made the stay longer than what was read: the long way reads it whole.
  if (slot.startMs < window.startMs || slot.endMs > window.endMs) return { caller };

  // The rules every hold keeps, in the order the long way checks them (reservation-create.ts).
  if (context.held >= MAX_UNFINISHED_BOOKINGS) throw holdLimitReached();
  const pacing = entry.pacing.find((r) => r.periodName === slot.period.name);
  if (pacing && pacingBreach(entry.pacing, coversStarting(entry, input.date, context.covers), slot.period, slot.startTime, input.numberOfGuests)) throw pacedOut();
  const day = closuresOn(context.closures, input.date);
  const closed = stayClosure(day, servicesOn(entry, input.date), slot) ?? (input.seatingAreaId ? day.areas.get(input.seatingAreaId) : undefined);
  if (closed) throw closedForBooking(closed.reason);
  const tables = openTables(fittingTables(entry, input.numberOfGuests, input.seatingAreaId, 'guest', membership), day);
  const busy = groupBusy(context.busy);
  // A guest's hold takes the smallest table that fits in any area the guest may sit in (no area order:
  // that is staff's placement, docs/PRODUCT.md §9 "The table given"). Tables the rule ranks equal go by
  // the hold's id (pickTable's `spreadBy`), so guests booking one time at once ask for different tables'
  // locks instead of queueing on the first one's.
  const id = newId();
  const table = pickTable(tables, busy, slot.startMs, slot.endMs, [], id);
  // A party no single table seats sits at tables joined (docs/PRODUCT.md §9, tables joined).
  const combinations = table ? [] : fittingCombinations(entry, input.numberOfGuests, input.seatingAreaId, 'guest', membership).filter((c) => !day.areas.has(c.seatingAreaId));
  const [first, ...others] = table ? [table] : (pickCombination(combinations, busy, slot.startMs, slot.endMs)?.tables ?? []);
  if (!first) throw selectionUnavailable();
  const tableIds = [first.id, ...others.map((t) => t.id)];

  const lockKeys = tableDayKeys(tableIds, slot.startMs, slot.endMs);
  const guard = {
    userId: caller.id,
    venueId: entry.venue.id,
    date: input.date,
    dates: [addDays(input.date, -1), input.date, addDays(input.date, 1)],
    now: now.toISOString(),
    from: new Date(slot.startMs).toISOString(),
    to: new Date(slot.endMs).toISOString(),
    tableIds,
    lockTables: lockKeys.map((k) => k[0]),
    lockDays: lockKeys.map((k) => k[1]),
    pacingKey: pacing ? pacingLockKey(entry.venue.id, input.date, slot.period.name) : null,
    closuresKey: closuresLockKey(entry.venue.id).toString(),
    maxHeld: MAX_UNFINISHED_BOOKINGS,
    // The limits counted again under the service's pacing lock.
    pacing: pacing ? pacingGuard(pacing, slot.period, slot.startTime, input.numberOfGuests) : null,
    closuresFingerprint: context.closuresFingerprint,
    locale: input.locale,
  };
  try {
    const row = await insertGuarded(db, guard, {
      entry,
      experience,
      user: { id: caller.id },
      placement: {
        date: input.date,
        startTime: slot.startTime,
        duration: slot.duration,
        startsAt: new Date(slot.startMs),
        endsAt: new Date(slot.endMs),
        numberOfGuests: input.numberOfGuests,
        seatingAreaId: input.seatingAreaId ?? null,
        tableId: first.id,
        combinedTableIds: tableIds.slice(1),
      },
      now,
      values: {
        id,
        status: 'PENDING',
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
        bookingSource: input.bookingSource,
        locale: input.locale,
      },
    });
    return { caller, row, catalog };
  } catch (error) {
    const state = sqlState(error);
    if (state === GUARD_REFUSED || state === UNIQUE_VIOLATION || state === EXCLUSION_VIOLATION) return { caller };
    throw error;
  }
}
