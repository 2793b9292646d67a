/**
 * The guest's waitlist: join for a venue, experience, day, party and window of start times; list one's
 * entries; leave. Offers are made by `waitlist-offers.ts`, which every call here runs first or after.
 * Logged-in guests and members only, like booking itself (docs/PRODUCT.md §7: the reservation calls need a token):
 * an offer is a hold on the guest's account, finished in the app like any booking.
 */
import { and, desc, eq } from 'drizzle-orm';
import { waitlistEntries } from '../../db/schema';
import { badRequest, completionError, conflict, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatDate, formatTime } from '../../../common/time';
import type { Schema } from '../../lib/api-types';
import { checkSelection } from '../booking-rules/selection-checks';
import { assertTimeOpenTo, membershipOf, openSlots } from '../booking-rules/membership-rules';
import { isBookableInTime, scheduledSlots } from '../booking-rules/slot-schedule';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { venueAndExperienceRefs } from '../reservations/reservation-dto';
import { cancelReservation, type CancelDeps } from '../reservations/reservation-change';
import { findUser, isMember, reservationScope, sqlState, type ReservationLocale } from '../reservations/reservations';
import { waitlistChangeRefused, waitlistTransition, type WaitlistRow } from './waitlist-lifecycle';
import { settleWaitlist, type WaitlistDeps } from './waitlist-offers';
import { checkWaitlistLimit, lockGuest } from '../reservations/guest-limits';

export type WaitlistEntryDto = Schema<'WaitlistEntry'>;

export interface JoinWaitlistInput {
  venueId: string;
  experienceId: string;
  date: string;
  numberOfGuests: number;
  earliestTime: number;
  latestTime: number;
  locale: ReservationLocale;
}

const UNIQUE_VIOLATION = '23505';

/** 404 for an entry that is missing or someone else's, so ids reveal nothing. */
const entryNotFound = () => completionError(1010103, 404);

export function toWaitlistEntryDto(row: WaitlistRow, catalog: VenueCatalog): WaitlistEntryDto {
  return {
    _id: row.id,
    ...venueAndExperienceRefs(catalog, row),
    date: row.date,
    dateStr: formatDate(row.date),
    numberOfGuests: row.numberOfGuests,
    earliestTime: row.earliestTime,
    earliestTimeStr: formatTime(row.earliestTime),
    latestTime: row.latestTime,
    latestTimeStr: formatTime(row.latestTime),
    status: row.status,
    reservationId: row.reservationId,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Puts the caller on the waitlist, then runs an offer pass at once (a table free in the window is
 * offered straight away). The selection is checked as a booking's is (venue, experience, party, date);
 * the window must hold a start time still bookable; one standing entry per venue and day (409), and
 * at most five standing entries in all (409 20109, guest-limits.ts).
 */
export async function joinWaitlist(deps: WaitlistDeps, userId: string, input: JoinWaitlistInput): Promise<WaitlistEntryDto> {
  const { db, now, catalog } = await reservationScope(deps);
  const user = await findUser(db, userId);
  if (!user) throw unauthorized();
  const membership = membershipOf(user);
  const { entry, experience } = checkSelection(catalog, input, now, 'guest', membership);
  if (experience.membersOnly && !isMember(user)) throw completionError(1010101, 403);
  if (input.latestTime < input.earliestTime) throw badRequest(/*i18n*/ 'The latest time must not be before the earliest time', 'latestTime');
  const served = scheduledSlots(entry, experience, input.date, input.numberOfGuests).filter(
    (s) => s.startTime >= input.earliestTime && s.startTime <= input.latestTime && isBookableInTime(entry.venue, s, now),
  );
  // A guest waits only for times a guest may book: a window of members' times only says so.
  const inWindow = openSlots(served, membership);
  if (inWindow.length === 0 && served[0]) assertTimeOpenTo(served[0].period, membership);
  const last = inWindow.at(-1);
  if (!last) throw badRequest(/*i18n*/ 'The experience is not served at any time in this window', 'earliestTime');

  const id = newId();
  try {
    await db.transaction(async (tx) => {
      // Fair inventory: at most MAX_STANDING_WAITLIST_ENTRIES standing at once, counted under the guest's lock.
      await lockGuest(tx, userId);
      await checkWaitlistLimit(tx, userId);
      await tx.insert(waitlistEntries).values({
        id,
        userId,
        venueId: input.venueId,
        experienceId: input.experienceId,
        date: input.date,
        numberOfGuests: input.numberOfGuests,
        earliestTime: input.earliestTime,
        latestTime: input.latestTime,
        // Once the last start of the window can no longer be booked, nothing can be offered.
        windowEndsAt: new Date(last.startMs - entry.venue.minLeadMinutes * 60_000),
        status: 'WAITING',
        locale: input.locale,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw conflict(/*i18n*/ 'You are already on the waitlist for this day');
    throw err;
  }
  await settleWaitlist(deps);
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return toWaitlistEntryDto(row!, catalog);
}

/** The caller's entries, newest first, after an offer pass (so statuses are current). */
export async function listOwnWaitlist(deps: WaitlistDeps, userId: string): Promise<WaitlistEntryDto[]> {
  await settleWaitlist(deps);
  const { db, catalog } = await reservationScope(deps);
  const rows = await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, userId)).orderBy(desc(waitlistEntries.seq));
  return rows.map((row) => toWaitlistEntryDto(row, catalog));
}

async function findOwnEntry(deps: WaitlistDeps, userId: string, id: string): Promise<WaitlistRow> {
  const [row] = await deps.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.userId, userId)));
  if (!row) throw entryNotFound();
  return row;
}

/**
 * Takes the caller off the waitlist: a waiting entry is LEFT; an offered one gives its held table up
 * (the hold is released as a cancellation is, refunding anything paid) and is DECLINED, and the table
 * goes to the next guest. An entry that has ended is a 409.
 */
export async function leaveWaitlist(deps: WaitlistDeps & CancelDeps, userId: string, id: string): Promise<WaitlistEntryDto> {
  await settleWaitlist(deps);
  const { db, now, catalog } = await reservationScope(deps);
  const current = await findOwnEntry(deps, userId, id);
  const { status, effects } = waitlistTransition(current, { type: 'entry.leave' });
  if (effects.includes('releaseHold') && current.reservationId) {
    // Released before it ran out, the hold reads as declined to the next pass, which offers the table on.
    await cancelReservation(deps, userId, current.reservationId);
    await settleWaitlist(deps);
    return toWaitlistEntryDto(await findOwnEntry(deps, userId, id), catalog);
  }
  // Only the state read above may change: an offer made in between makes this a 409 to retry.
  const updated = await db
    .update(waitlistEntries)
    .set({ status, updatedAt: now })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, current.status)))
    .returning();
  if (updated.length === 0) throw waitlistChangeRefused();
  return toWaitlistEntryDto(updated[0]!, catalog);
}
