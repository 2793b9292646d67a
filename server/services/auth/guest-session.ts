/**
 * Continuing as a guest without a password (docs/decisions/0018-verified-guests.md):
 * a code texted to the guest's mobile, confirmed through the phone verification, opens a session on a
 * guest account, so every `/user` call, its ownership checks and the manage link work as for anyone.
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
import { findOrCreateGuest } from '../guest-accounts/guest-accounts';
import { confirmPhoneVerification, PHONE_MESSAGES } from './phone-verification';
import { confirmEmailVerification } from './email-verification';
import { issueSession, toUserView, type UserRow, type UserView, type SessionTokens } from './auth-session';

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

const samePhone = (user: UserRow, phone: PhoneNumber) =>
  user.mobileNumber === phone.number && user.mobileCountryCode?.replace(/^\+?/, '+') === phone.countryCode;

/**
 * Checks the code (400 20106 when wrong or expired, as the verification call says), then finds or makes
 * the guest's account and opens a session on it; 409 20162 when the e-mail is another account's. A code
 * mailed to the address proves the address itself, so it opens the guest account with that e-mail
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
  const byEmail = body.codeSentBy === 'EMAIL';
  if (byEmail) await confirmEmailVerification(db, body.email, body.code, { now, secret: config.jwtSecret });
  else await confirmPhoneVerification(db, phone, body.code, { now, secret: config.jwtSecret });
  const user = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, normalizeEmail(body.email)));
    if (existing && (existing.role !== 'guest' || !(byEmail || samePhone(existing, phone)))) throw accountExists();
    return existing ?? findOrCreateGuest(tx, { ...body, email: body.email }, locale, now);
  });
  const session = await issueSession(db, { clock, config }, user.id);
  return { ...session, user: toUserView(user) };
}
