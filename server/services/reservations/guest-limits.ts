/**
 * Fair inventory: what one guest may hold at once. A guest holds at most `MAX_UNFINISHED_BOOKINGS`
 * unfinished bookings, a reservation still PENDING whose 15-minute hold has not run out (waiting for the
 * guest's details or payment, a waitlist offer's hold among them), and has at most
 * `MAX_STANDING_WAITLIST_ENTRIES` standing waitlist entries (WAITING or OFFERED). A confirmed booking is
 * finished and counts for neither. The next hold or join is refused with 409 and the rule in words.
 *
 * Each count is made under a lock of the guest's own (a transaction-level advisory lock), so two requests
 * at once cannot both pass it. It is taken before any table's lock; a waitlist pass, which holds the
 * waitlist's lock and table locks, only tries it and passes the guest by when it is busy, so no order of
 * locks can deadlock.
 */
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, waitlistEntries } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';

/** Bookings held and not yet confirmed a guest may have at once. */
export const MAX_UNFINISHED_BOOKINGS = 2;
/** Waitlist entries a guest may have standing (waiting, or offered a table) at once. */
export const MAX_STANDING_WAITLIST_ENTRIES = 5;

// The guest's key: a 64-bit hash of the id under a prefix of its own (one-key advisory locks, apart from the tables' two-key ones).
const guestKey = (userId: string) => sql`hashtextextended(${`guest-limits:${userId}`}, 0)`;

/** Waits for the guest's lock, held to the end of the transaction. */
export async function lockGuest(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${guestKey(userId)})`);
}

/** Takes the guest's lock if no other transaction holds it; false otherwise. */
export async function tryLockGuest(tx: DbOrTx, userId: string): Promise<boolean> {
  const result = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${guestKey(userId)}) AS locked`)) as unknown as {
    rows: { locked: boolean }[];
  };
  return result.rows[0]?.locked === true;
}

/** The guest's unfinished bookings: PENDING, with the hold still running at `now`. */
export async function unfinishedBookings(tx: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), eq(reservations.status, 'PENDING'), gt(reservations.holdExpiresAt, now)));
  return row?.n ?? 0;
}

/** 409 20108 with the rule, for a guest who holds as many unfinished bookings as allowed. */
export const holdLimitReached = () =>
  new ApiError(
    409,
    ERROR_CODES.HOLD_LIMIT,
    /*i18n*/ 'You already have {limit} bookings held and not yet confirmed (waiting for your details or payment). Complete or cancel one of them before you hold another table.',
    undefined,
    { limit: MAX_UNFINISHED_BOOKINGS },
  );

/** 409 20109 with the rule, for a guest with as many standing waitlist entries as allowed. */
const waitlistLimitReached = () =>
  new ApiError(
    409,
    ERROR_CODES.WAITLIST_LIMIT,
    /*i18n*/ 'You are already on the waitlist {limit} times. Leave one of those waitlist entries before you join another.',
    undefined,
    { limit: MAX_STANDING_WAITLIST_ENTRIES },
  );

/** Inside the caller's transaction, holding the guest's lock: 409 when one more hold would pass the limit. */
export async function checkHoldLimit(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  if ((await unfinishedBookings(tx, userId, now)) >= MAX_UNFINISHED_BOOKINGS) throw holdLimitReached();
}

/** Inside the caller's transaction, holding the guest's lock: 409 when one more entry would pass the limit. */
export async function checkWaitlistLimit(tx: DbOrTx, userId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, userId), inArray(waitlistEntries.status, ['WAITING', 'OFFERED'])));
  if ((row?.n ?? 0) >= MAX_STANDING_WAITLIST_ENTRIES) throw waitlistLimitReached();
}
