/** Creating a reservation: a PENDING row that holds the smallest free fitting table for 15 minutes. */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { completionError, unauthorized } from '../../lib/errors';
import { HOLD_MINUTES } from '../../../common/booking-rules';
import type { DbOrTx } from '../../db/client';
import { bookableSlot, type ScheduledSlot } from '../booking-rules/slot-schedule';
import { checkSelection } from '../booking-rules/selection-checks';
import type { CatalogVenue, ExperienceRow } from '../booking-rules/venue-catalog';
import { toReservationDto, type ReservationDto } from './reservation-dto';
import { insertReservation, writeReservation } from './reservation-insert';
import { placeOnFreeTable } from './reservation-tables';
import { checkHoldLimit, lockGuest } from './guest-limits';
import { assertTimeOpenTo, membershipOf } from '../booking-rules/membership-rules';
import { tryGuardedHold } from './guarded-hold/guarded-hold';
import type { CreateReservationInput } from './reservation-input';
import type { TokenSubject } from '../../lib/jwt';
import {
  findUser,
  isMember,
  reservationScope,
  type ReservationDeps,
  type ReservationRow,
  type UserRow,
} from './reservations';


/** What holding a table takes: the venue, experience and user already checked, and the slot on the schedule. */
export interface HoldRequest {
  entry: CatalogVenue;
  experience: ExperienceRow;
  user: UserRow;
  input: CreateReservationInput;
  slot: ScheduledSlot;
  now: Date;
}

/**
 * Inside the caller's transaction: places the party on the smallest free fitting table (409 20102 when
 * none is) and writes the PENDING reservation holding it for 15 minutes. The waitlist's offers hold
 * tables this way too.
 */
export async function insertHold(tx: DbOrTx, { entry, experience, user, input, slot, now }: HoldRequest): Promise<ReservationRow> {
  const placement = await placeOnFreeTable(tx, { entry, ...input, slot, now, membership: membershipOf(user) });
  const inserted = await insertReservation(tx, {
    entry,
    experience,
    user,
    placement,
    now,
    values: {
      status: 'PENDING',
      holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
      bookingSource: input.bookingSource,
      locale: input.locale,
    },
  });
  // The language booked in becomes the account's too, so its later mails (a reset link, say)
  // come in the language the guest last used with us.
  if (user.locale !== input.locale) {
    await tx.update(users).set({ locale: input.locale, updatedAt: now }).where(eq(users.id, user.id));
  }
  return inserted;
}

/**
 * Holds a table for the caller: the slot must be one availability offers (schedule, lead time, a free
 * table that fits). 409 20102 when it is gone; 409 20108 when the caller already holds as many unfinished
 * bookings as a guest may (guest-limits.ts). The caller's session (of the token's `claims`) is checked
 * in the guarded hold's first read (401 when it ended). Guarded in one statement (guarded-hold.ts); when
 * the day changed under it, the table is chosen under lock in one transaction.
 */
export async function createReservation(deps: ReservationDeps, claims: TokenSubject, input: CreateReservationInput): Promise<ReservationDto> {
  const at = deps.clock.now();
  const guarded = await tryGuardedHold(deps.db, claims, input, at);
  if (guarded.row) return toReservationDto(guarded.row, guarded.catalog, at);
  const { db, now, catalog } = await reservationScope(deps);
  const user = await findUser(db, guarded.caller.id);
  if (!user) throw unauthorized();
  const { entry, experience } = checkSelection(catalog, input, now, 'guest', membershipOf(user));
  if (experience.membersOnly && !isMember(user)) throw completionError(1010101, 403);

  const slot = bookableSlot(entry, experience, input.date, input.startTime, now, 'guest', input.numberOfGuests);
  assertTimeOpenTo(slot.period, membershipOf(user));

  const row = await writeReservation(() =>
    db.transaction(async (tx) => {
      // Fair inventory: the guest's own lock first, then the count of what they hold, then the tables'.
      await lockGuest(tx, user.id);
      await checkHoldLimit(tx, user.id, now);
      return insertHold(tx, { entry, experience, user, input, slot, now });
    }),
  );
  return toReservationDto(row, catalog, now);
}
