/**
 * Mobile number verification by SMS code (docs/PRODUCT.md §7 `POST /public/guest/verify-phone-number`): a 6-digit
 * code, kept only as a keyed hash, judged by code-spending.ts (10 minutes, 5 wrong guesses per code and
 * per number an hour, spent by the session it opens). Reservation completion asks
 * `hasRecentVerifiedPhone` whether the guest's number was verified in the last 24 hours.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { DbOrTx } from '../../db/client';
import { phoneVerifications } from '../../db/schema';
import { ApiError, completionError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { logError } from '../../lib/log-error';
import { messageLanguage } from '../messaging/message-language';
import { queueSms } from '../messaging/outbox';
import { GUEST_DETAILS_MESSAGES } from '../../../common/validation/form-messages';
import { MOBILE_COUNTRY_CODE_PATTERN, MOBILE_NUMBER_PATTERN } from '../../../common/validation/guest-details';
import { parsePhoneNumber, phoneE164, withMobileNumberChecked, type PhoneNumber } from '../../../common/validation/phone-number';
import { checkCode, CODE_TTL_MS, codesIn, hashCode, sendWaitSeconds, type SendResult } from './code-spending';

/** How long a verified number counts for reservation completion. */
export const VERIFIED_FOR_MS = 24 * 60 * 60_000;

export const PHONE_MESSAGES = {
  sent: /*i18n*/ 'We have sent a verification code to your mobile number.',
  numberRequired: GUEST_DETAILS_MESSAGES.mobileNumber,
  numberInvalid: GUEST_DETAILS_MESSAGES.mobileNumberInvalid,
  codeRequired: /*i18n*/ 'Please enter the verification code',
  codeInvalid: /*i18n*/ 'The verification code must be 6 digits',
} as const;

export type { PhoneNumber };

/**
 * The number as stored and compared (common/validation/phone-number.ts: '+852' and the national digits, E.164
 * together), however it was typed ('852', '+852'; '9123 4567', '9123-4567'). The request schemas have
 * checked it; one libphonenumber cannot read keeps its digits, so lookups still match.
 */
export function normalizePhone(countryCode: string | number, number: string | number): PhoneNumber {
  return parsePhoneNumber(countryCode, number) ?? { countryCode: `+${String(countryCode).replace(/\D/g, '')}`, number: String(number).replace(/\D/g, '') };
}

// The booking form's rules (guest-details.ts), so a number accepted there can be verified here.
const phoneEntries = {
  mobileCountryCode: v.pipe(
    v.optional(v.string(PHONE_MESSAGES.numberInvalid), ''),
    v.trim(),
    v.nonEmpty(PHONE_MESSAGES.numberInvalid),
    v.regex(MOBILE_COUNTRY_CODE_PATTERN, PHONE_MESSAGES.numberInvalid),
  ),
  mobileNumber: v.pipe(
    v.optional(v.string(PHONE_MESSAGES.numberRequired), ''),
    v.transform((s) => s.replace(/[\s-]/g, '')),
    v.nonEmpty(PHONE_MESSAGES.numberRequired),
    v.regex(MOBILE_NUMBER_PATTERN, PHONE_MESSAGES.numberInvalid),
  ),
};

/** Body of `POST /public/guest/verify-phone-number`. */
export const verifyPhoneBodySchema = withMobileNumberChecked(v.object(phoneEntries), PHONE_MESSAGES.numberInvalid);

/** Body of `POST /public/guest/confirm-phone-number`. */
export const confirmPhoneBodySchema = withMobileNumberChecked(
  v.object({
    ...phoneEntries,
    code: v.pipe(
      v.optional(v.string(PHONE_MESSAGES.codeRequired), ''),
      v.trim(),
      v.nonEmpty(PHONE_MESSAGES.codeRequired),
      v.regex(/^\d{6}$/, PHONE_MESSAGES.codeInvalid),
    ),
  }),
  PHONE_MESSAGES.numberInvalid,
);

const samePhone = (phone: PhoneNumber) =>
  and(eq(phoneVerifications.mobileCountryCode, phone.countryCode), eq(phoneVerifications.mobileNumber, phone.number));

// Serialises work on one number across requests (and server processes sharing a PostgreSQL).
async function lockPhone(tx: DbOrTx, phone: PhoneNumber): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone:${phoneE164(phone)}`}))`);
}

/** A fresh 6-digit code. */
export const newVerificationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Sends a new code to `phone` unless it must wait (code-spending.ts: its sends in the window, or its wrong guesses); a new code
 * replaces any earlier one. The row and the SMS are written together or not at all. The text is in
 * `locale`, the language of the page that asked for it (English when not given).
 */
export async function sendPhoneVerification(
  db: DbOrTx,
  phone: PhoneNumber,
  options: { now: Date; secret: string; locale?: string },
): Promise<SendResult> {
  const { now, secret } = options;
  const { i18n } = messageLanguage(options.locale);
  try {
    return await db.transaction(async (tx) => {
      await lockPhone(tx, phone);
      const wait = await sendWaitSeconds(tx, phoneCodes(phone), now);
      if (wait) return { sent: false, retryAfterSeconds: wait };
      const id = newId();
      const code = newVerificationCode();
      await tx.insert(phoneVerifications).values({
        id,
        mobileCountryCode: phone.countryCode,
        mobileNumber: phone.number,
        codeHash: hashCode(secret, id, code).toString('hex'),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      });
      await queueSms(tx, {
        to: phoneE164(phone),
        body: i18n._('Your verification code is {code}. It expires in 10 minutes.', { code }),
      });
      return { sent: true } as const;
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    logError('verification code not sent', err);
    // docs/PRODUCT.md §8's 10212: the guest learns the text message could not go out.
    throw completionError(10212, 500);
  }
}

/** The number's codes, for the check (code-spending.ts). */
const phoneCodes = (phone: PhoneNumber) => codesIn(phoneVerifications, samePhone(phone), (tx) => lockPhone(tx, phone));

/**
 * Checks `code` against the latest code sent to `phone` and marks the number verified; `spend` (opening a
 * session) spends the code too. Any refusal is 400 (20106) 'incorrect', counted against the code and
 * the number (code-spending.ts).
 */
export async function confirmPhoneVerification(
  db: DbOrTx,
  phone: PhoneNumber,
  code: string,
  options: { now: Date; secret: string; spend?: boolean },
): Promise<void> {
  await checkCode(db, phoneCodes(phone), code, { now: options.now, secret: options.secret, spend: options.spend ?? false });
}

/** Whether the number was verified within the last 24 hours before `now` (reservation completion's check). */
export async function hasRecentVerifiedPhone(
  db: DbOrTx,
  countryCode: string,
  number: string,
  now: Date,
): Promise<boolean> {
  const phone = normalizePhone(countryCode, number);
  const [row] = await db
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(
      and(
        samePhone(phone),
        isNotNull(phoneVerifications.verifiedAt),
        gte(phoneVerifications.verifiedAt, new Date(now.getTime() - VERIFIED_FOR_MS)),
        lte(phoneVerifications.verifiedAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}
