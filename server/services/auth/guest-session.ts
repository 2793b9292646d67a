/**
 * Continuing as a guest without a password (docs/decisions/0018-verified-guests.md):
 * a code texted to the guest's mobile (or mailed to their address), confirmed through the verification
 * and spent by the session it opens, opens a session on a guest account, so every `/user` call, its ownership checks and the manage link work as for anyone.
 * The account is the one with the e-mail when it is a guest's with the same mobile number (a guest
 * back for another booking, or one a host booked by phone); a new one, with a password nobody knows,
 * when the e-mail is new. An e-mail of any other account (a member's, staff's, or a guest's with
 * another number) is refused: a code to some phone must not open someone else's account.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppDeps } from '../../context';
import { users } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { guestContactEntries } from '../../../common/validation/guest-contact';
import { GUEST_DETAILS_MESSAGES } from '../../../common/validation/form-messages';
import { normalizeEmail } from '../../../common/validation/email';
import { withMobileNumberChecked, type PhoneNumber } from '../../../common/validation/phone-number';
import type { Locale } from '../../../common/locales';
import type { DbOrTx } from '../../db/client';
import { findOrCreateGuest, type NewGuestMarks } from '../guest-accounts/guest-accounts';
import { emailOnlyClaimed, holdsNumber, releaseEmail } from './email-claims';
import { confirmPhoneVerification, PHONE_MESSAGES } from './phone-verification';
import { confirmEmailVerification } from './email-verification';
import { emailVerifiedAtOr, issueSession, toUserView, type UserRow, type UserView, type SessionTokens } from './auth-session';

/** Body of `POST /public/guest/session`: the contact and the code texted to its number. */
export const guestSessionBodySchema = withMobileNumberChecked(
  v.object({
    ...guestContactEntries.entries,
    code: v.pipe(
      v.optional(v.string(PHONE_MESSAGES.codeRequired), ''),
      v.trim(),
      v.nonEmpty(PHONE_MESSAGES.codeRequired),
      v.regex(/^\d{6}$/, PHONE_MESSAGES.codeInvalid),
    ),
    /** Where the code went: texted to the mobile (the default) or mailed to the e-mail address. */
    codeSentBy: v.optional(v.picklist(['SMS', 'EMAIL'], PHONE_MESSAGES.codeInvalid), 'SMS'),
  }),
  GUEST_DETAILS_MESSAGES.mobileNumberInvalid,
);

export type GuestSessionBody = v.InferOutput<typeof guestSessionBodySchema>;

const accountExists = () =>
  new ApiError(
    409,
    ERROR_CODES.ACCOUNT_EXISTS,
    /*i18n*/ 'This e-mail address already has an account. Please log in, or use "Forgot password" to set a password for it.',
    'email',
  );

/**
 * The account a code opens, in the transaction: a texted code opens the guest account with that e-mail
 * and its number; a mailed code the guest account with that e-mail, and, when that account held the address
 * on a texted code's word only and has another number, an account of the address's own (email-claims.ts). A new account made by a
 * texted code holds its e-mail on the code's word; one made by a mailed code has it verified.
 */
async function accountFor(tx: DbOrTx, body: GuestSessionBody, phone: PhoneNumber, locale: Locale, now: Date): Promise<UserRow> {
  const byEmail = body.codeSentBy === 'EMAIL';
  const marks: NewGuestMarks = byEmail ? { emailVerifiedAt: now } : { emailClaimedByPhone: true };
  const [existing] = await tx.select().from(users).where(eq(users.email, normalizeEmail(body.email)));
  // With the number the account was made with, it is the guest who proved that number then and the address now.
  if (existing && byEmail && existing.role === 'guest' && emailOnlyClaimed(existing) && !holdsNumber(existing, phone)) await releaseEmail(tx, existing, now);
  else if (existing) {
    if (existing.role !== 'guest' || !(byEmail || holdsNumber(existing, phone))) throw accountExists();
    if (!byEmail) return existing;
    const [verified] = await tx.update(users).set({ emailVerifiedAt: emailVerifiedAtOr(now) }).where(eq(users.id, existing.id)).returning();
    return verified!;
  }
  const user = await findOrCreateGuest(tx, body, locale, now, marks);
  // A simultaneous call made the account first: it must pass the same test.
  if (user.role !== 'guest' || !(byEmail || holdsNumber(user, phone))) throw accountExists();
  return user;
}

/**
 * Checks the code and spends it (400 20106 when it is not good, as the verification calls say), then finds
 * or makes the guest's account and opens a session on it; 409 20162 when the e-mail is another account's.
 * A code mailed to the address proves the address itself, so it opens the guest account with that e-mail
 * whatever its number; a texted one only the account whose number it was sent to.
 */
export async function openGuestSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  body: GuestSessionBody,
  locale: Locale,
): Promise<SessionTokens & { user: UserView }> {
  const { db, clock, config } = deps;
  const phone: PhoneNumber = { countryCode: body.mobileCountryCode, number: body.mobileNumber };
  const now = clock.now();
  // Spent before the account is looked at: one code opens one session, once (docs/decisions/0030-spent-codes.md).
  const spending = { now, secret: config.jwtSecret, spend: true };
  if (body.codeSentBy === 'EMAIL') await confirmEmailVerification(db, body.email, body.code, spending);
  else await confirmPhoneVerification(db, phone, body.code, spending);
  const user = await db.transaction((tx) => accountFor(tx, body, phone, locale, now));
  const session = await issueSession(db, { clock, config }, user.id);
  return { ...session, user: toUserView(user) };
}
