/**
 * An e-mail is the account's only when verified (docs/decisions/0030-spent-codes.md): an account made by a
 * texted code holds its e-mail on the caller's word, since the code proved the phone, not the address.
 * Until the address is verified, bookings made for it by staff with another number never land on that
 * account, and whoever proves the address (a password reset, which a sign-up with the address also
 * offers; a mailed code) gets an account of their own. The claiming account is then released: it keeps
 * what it did itself (its bookings, its session) under a reserved address, and nothing passes either way.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeTokens, users } from '../../db/schema';
import type { PhoneNumber } from '../../../common/validation/phone-number';
/** A guest's or staff account's row. */
type UserRow = typeof users.$inferSelect;

/** Whether the account holds its e-mail on a texted code's word only. */
export const emailOnlyClaimed = (user: Pick<UserRow, 'emailClaimedByPhone' | 'emailVerifiedAt'>): boolean =>
  user.emailClaimedByPhone && !user.emailVerifiedAt;

/** Whether the account's mobile number is `phone` (sign-up stores the code with or without its '+'). */
export const holdsNumber = (user: Pick<UserRow, 'mobileCountryCode' | 'mobileNumber'>, phone: PhoneNumber | null): boolean =>
  phone !== null && user.mobileNumber === phone.number && user.mobileCountryCode?.replace(/^\+?/, '+') === phone.countryCode;

/** The address a released account keeps: a reserved domain, so nothing is ever delivered to it, and its own. */
const releasedEmail = (userId: string) => `released-${userId}@guests.invalid`;

/**
 * Gives a claimed address up for its owner: the account keeps its bookings and sessions under a reserved
 * address, and its unused links (a reset mailed to the address) stop working.
 */
export async function releaseEmail(tx: DbOrTx, user: Pick<UserRow, 'id'>, now: Date): Promise<void> {
  await tx.update(users).set({ email: releasedEmail(user.id), updatedAt: now }).where(eq(users.id, user.id));
  await tx.update(oneTimeTokens).set({ usedAt: now }).where(and(eq(oneTimeTokens.userId, user.id), isNull(oneTimeTokens.usedAt)));
}
