/**
 * Mobile number verification by SMS code (docs/PRODUCT.md §7 `POST /public/guest/verify-phone-number`): a 6-digit
 * code, kept only as a keyed hash, good for 10 minutes and 5 wrong guesses. Reservation completion asks
 * `hasRecentVerifiedPhone` whether the guest's number was verified in the last 24 hours.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNotNull, lte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { DbOrTx } from '../../db/client';
import { phoneVerifications } from '../../db/schema';
import { ApiError, completionError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { logError } from '../../lib/log-error';
import { messageLanguage } from '../messaging/message-language';
import { queueSms } from '../messaging/outbox';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { GUEST_DETAILS_MESSAGES } from '../../../common/validation/form-messages';
import { MOBILE_COUNTRY_CODE_PATTERN, MOBILE_NUMBER_PATTERN } from '../../../common/validation/guest-details';
import { parsePhoneNumber, phoneE164, withMobileNumberChecked, type PhoneNumber } from '../../../common/validation/phone-number';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_ATTEMPTS = 5;
/** Codes one number may be sent per window (`SEND_WINDOW_MS`), so nobody can flood a phone. */
export const SENDS_PER_NUMBER = 3;
export const SEND_WINDOW_MS = 10 * 60_000;
/** How long a verified number counts for reservation completion. */
export const VERIFIED_FOR_MS = 24 * 60 * 60_000;

export const PHONE_MESSAGES = {
  sent: /*i18n*/ 'We have sent a verification code to your mobile number.',
  incorrect: /*i18n*/ 'The verification code is incorrect.',
  expired: /*i18n*/ 'The verification code has expired. Please request a new one.',
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

// Keyed with a server secret: six digits alone would fall to an offline search of a leaked table.
export function hashCode(secret: string, verificationId: string, code: string): Buffer {
  return createHmac('sha256', secret).update(`${verificationId}:${code}`).digest();
}

const samePhone = (phone: PhoneNumber) =>
  and(eq(phoneVerifications.mobileCountryCode, phone.countryCode), eq(phoneVerifications.mobileNumber, phone.number));

// Serialises work on one number across requests (and server processes sharing a PostgreSQL).
async function lockPhone(tx: DbOrTx, phone: PhoneNumber): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone:${phoneE164(phone)}`}))`);
}

/** A fresh 6-digit code. */
export const newVerificationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export type SendResult = { sent: true } | { sent: false; retryAfterSeconds: number };

/**
 * Sends a new code to `phone` unless it already had `SENDS_PER_NUMBER` in the window; a new code
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
      const recent = await tx
        .select({ createdAt: phoneVerifications.createdAt })
        .from(phoneVerifications)
        .where(and(samePhone(phone), gt(phoneVerifications.createdAt, new Date(now.getTime() - SEND_WINDOW_MS))))
        .orderBy(asc(phoneVerifications.createdAt));
      if (recent.length >= SENDS_PER_NUMBER) {
        const oldest = recent[recent.length - SENDS_PER_NUMBER]!.createdAt.getTime();
        return { sent: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + SEND_WINDOW_MS - now.getTime()) / 1000)) };
      }
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

export const verificationError = (message: string) => new ApiError(400, ERROR_CODES.VERIFICATION_FAILED, message);

/** The latest code sent to a number or an address, as both tables keep it. */
interface SentCode {
  id: string;
  codeHash: string;
  verifiedAt: Date | null;
  expiresAt: Date;
  attempts: number;
}

/** A typed code against the latest sent: 'correct' and 'incorrect' are for the caller to record. */
export type CodeVerdict = 'verified' | 'expired' | 'incorrect' | 'correct';

/**
 * Judges `code` against the latest code sent (SMS or e-mail alike): none sent, past its 10 minutes or 5
 * wrong attempts is 'expired'; a code already accepted is accepted again ('verified'), so a retried
 * request is harmless.
 */
export function judgeCode(latest: SentCode | undefined, code: string, now: Date, secret: string): CodeVerdict {
  if (!latest) return 'expired';
  const matches = timingSafeEqual(hashCode(secret, latest.id, code), Buffer.from(latest.codeHash, 'hex'));
  if (latest.verifiedAt) return matches ? 'verified' : 'expired';
  if (latest.expiresAt.getTime() <= now.getTime() || latest.attempts >= MAX_WRONG_ATTEMPTS) return 'expired';
  return matches ? 'correct' : 'incorrect';
}

/** 400 20106 unless the code was accepted; thrown after the transaction, so a counted attempt is kept. */
export function refuseUnlessAccepted(verdict: CodeVerdict): void {
  if (verdict === 'incorrect') throw verificationError(PHONE_MESSAGES.incorrect);
  if (verdict === 'expired') throw verificationError(PHONE_MESSAGES.expired);
}

/**
 * Checks `code` against the latest code sent to `phone` and marks the number verified. Throws 400 (20106)
 * 'incorrect' for a wrong code, counting the attempt, and 'expired' once the code is past its 10 minutes
 * or its 5 wrong attempts, or when none was sent.
 */
export async function confirmPhoneVerification(
  db: DbOrTx,
  phone: PhoneNumber,
  code: string,
  options: { now: Date; secret: string },
): Promise<void> {
  const { now, secret } = options;
  const outcome = await db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const [latest] = await tx
      .select()
      .from(phoneVerifications)
      .where(samePhone(phone))
      .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.seq))
      .limit(1);
    const verdict = judgeCode(latest, code, now, secret);
    if (verdict === 'incorrect') {
      await tx
        .update(phoneVerifications)
        .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
        .where(eq(phoneVerifications.id, latest!.id));
    }
    if (verdict === 'correct') await tx.update(phoneVerifications).set({ verifiedAt: now }).where(eq(phoneVerifications.id, latest!.id));
    return verdict;
  });
  refuseUnlessAccepted(outcome);
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
