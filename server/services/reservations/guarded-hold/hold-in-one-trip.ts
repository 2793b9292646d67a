/**
 * A guest's hold in one round trip (docs/decisions/0040-hold-in-one-trip.md): what the hold is decided on
 * that this process holds in memory (the set-up, the token's claims) is checked here, the tables that
 * seat the party are ranked here (table-fit.ts `rankedTables`), and one INSERT whose table
 * `guarded_hold_table()` (migration 0060) answers takes the locks every booking takes, checks what was
 * assumed (a live session, the same set-up, a day without closures, room under the hold limit and the
 * pacing) and picks the free table as `pickTable` would. Anything else, a refusal among them, goes the
 * way that reads the day first (guarded-hold.ts), which tells the guest why.
 */
import type { Db } from '../../../db/client';
import { ApiError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import type { TokenSubject } from '../../../lib/jwt';
import { bookableSlot } from '../../booking-rules/slot-schedule';
import { fittingTables, rankedTables, spreadHash } from '../../booking-rules/table-fit';
import { lastVenueCatalog, type VenueCatalog } from '../../booking-rules/venue-catalog';
import { checkSelection } from '../../booking-rules/selection-checks';
import { assertTimeOpenTo, membershipOf } from '../../booking-rules/membership-rules';
import { daysTouched, tableKey } from '../../venues/table-day-locks';
import { isMember, type ReservationRow } from '../reservations';
import type { CreateReservationInput } from '../reservation-input';
import { guardRefused, heldReservation, holdGuard, insertGuarded } from './guarded-insert';

/** The rules the set-up in memory settles for `input`, or undefined when one refuses (the day-reading way words the refusal). */
function settled(catalog: VenueCatalog, claims: TokenSubject, input: CreateReservationInput, now: Date) {
  try {
    const membership = membershipOf(claims);
    const { entry, experience } = checkSelection(catalog, input, now, 'guest', membership);
    if (experience.membersOnly && !isMember(claims)) return undefined;
    const slot = bookableSlot(entry, experience, input.date, input.startTime, now, 'guest', input.numberOfGuests);
    assertTimeOpenTo(slot.period, membership);
    return { entry, experience, slot, membership };
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/**
 * The hold of the smallest free table that seats the party for the caller of `claims`, in one statement;
 * undefined when the hold needs the day read first: a refusal, a party only tables joined seat, a closure
 * that day, a set-up or session other than this process assumed, a table taken meanwhile.
 */
export async function tryHoldInOneTrip(
  db: Db,
  claims: TokenSubject,
  input: CreateReservationInput,
  now: Date,
): Promise<{ row: ReservationRow; catalog: VenueCatalog } | undefined> {
  const known = await lastVenueCatalog(db);
  const rules = settled(known.catalog, claims, input, now);
  if (!rules) return undefined;
  const { entry, experience, slot, membership } = rules;
  // A guest's hold ranks tables without the areas' order (docs/PRODUCT.md §9 "The table given").
  const ranks = rankedTables(fittingTables(entry, input.numberOfGuests, input.seatingAreaId, 'guest', membership), []);
  if (ranks.length === 0) return undefined;
  const id = newId();
  const guard = {
    ...holdGuard(claims.id, entry, input, slot, now),
    role: claims.role,
    sessionGeneration: claims.sessionGeneration,
    catalogVersion: known.version,
    tableRanks: ranks.map((group) => group.map((t) => t.id)),
    spread: spreadHash(id),
    tableKeys: Object.fromEntries(ranks.flat().map((t) => [t.id, tableKey(t.id)])),
    lockDays: daysTouched(slot.startMs, slot.endMs),
  };
  try {
    // The table is the guard's answer.
    const row = await insertGuarded(db, 'guarded_hold_table', guard, heldReservation({ entry, experience, userId: claims.id, input, slot, now }, id, ''));
    return { row, catalog: known.catalog };
  } catch (error) {
    if (guardRefused(error)) return undefined;
    throw error;
  }
}
