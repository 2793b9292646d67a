/**
 * Verifying a guest's e-mail address by a code mailed to it (docs/decisions/0018-verified-guests.md): the other way a guest
 * continuing without an account proves who they are, beside the texted code (phone-verification.ts),
 * under the same rules (code-spending.ts): a 6-digit code kept only as a keyed hash, good for 10
 * minutes, 5 wrong guesses (per code, and per address an hour) and one session, at most 3 sent to one
 * address in 10 minutes. The answer never says whether the address has
 * an account: every address is sent a code alike.
 */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { DbOrTx } from '../../db/client';
import { emailVerifications } from '../../db/schema';
import { ApiError, completionError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { logError } from '../../lib/log-error';
import { messageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';
import { emailSchema, normalizeEmail } from '../../../common/validation/email';
import { newVerificationCode, PHONE_MESSAGES } from './phone-verification';
import { checkCode, CODE_TTL_MS, codesIn, hashCode, sendWaitSeconds, type SendResult } from './code-spending';

export const EMAIL_CODE_MESSAGES = {
  sent: /*i18n*/ 'We have sent a verification code to your e-mail address.',
} as const;

const codeEntry = v.pipe(
  v.optional(v.string(PHONE_MESSAGES.codeRequired), ''),
  v.trim(),
  v.nonEmpty(PHONE_MESSAGES.codeRequired),
  v.regex(/^\d{6}$/, PHONE_MESSAGES.codeInvalid),
);

/** Body of `POST /public/guest/verify-email`. */
export const verifyEmailBodySchema = v.object({ email: emailSchema });
/** Body of `POST /public/guest/confirm-email`. */
export const confirmEmailBodySchema = v.object({ email: emailSchema, code: codeEntry });

const sameAddress = (email: string) => eq(emailVerifications.email, email);

// Serialises work on one address across requests (and server processes sharing a PostgreSQL).
async function lockAddress(tx: DbOrTx, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`email-code:${email}`}))`);
}

/** The address's codes, for the check (code-spending.ts). */
const addressCodes = (email: string) => codesIn(emailVerifications, sameAddress(email), (tx) => lockAddress(tx, email));

/**
 * Mails a new code to `email` unless it already had its sends in the window; a new code replaces any
 * earlier one. The row and the mail are written together or not at all, in `locale`.
 */
export async function sendEmailVerification(db: DbOrTx, address: string, options: { now: Date; secret: string; locale?: string }): Promise<SendResult> {
  const { now, secret } = options;
  const email = normalizeEmail(address);
  const lang = messageLanguage(options.locale);
  try {
    return await db.transaction(async (tx) => {
      await lockAddress(tx, email);
      const wait = await sendWaitSeconds(tx, addressCodes(email), now);
      if (wait) return { sent: false, retryAfterSeconds: wait };
      const id = newId();
      const code = newVerificationCode();
      await tx.insert(emailVerifications).values({
        id,
        email,
        codeHash: hashCode(secret, id, code).toString('hex'),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      });
      await queueEmail(tx, {
        to: email,
        locale: lang.locale,
        subject: lang.i18n._('Your verification code'),
        body: [
          lang.i18n._('Your verification code is {code}. It expires in 10 minutes.', { code }),
          '',
          lang.i18n._('If you did not ask for it, you can ignore this e-mail: nothing happens without the code.'),
        ].join('\n'),
      });
      return { sent: true } as const;
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    logError('e-mail verification code not sent', err);
    throw completionError(10212, 500);
  }
}

/**
 * Checks `code` against the latest code mailed to `email` and marks the address verified; `spend`
 * (opening a session) spends the code too. Any refusal is 400 20106 'incorrect', counted against the code
 * and the address (code-spending.ts).
 */
export async function confirmEmailVerification(
  db: DbOrTx,
  address: string,
  code: string,
  options: { now: Date; secret: string; spend?: boolean },
): Promise<void> {
  await checkCode(db, addressCodes(normalizeEmail(address)), code, { now: options.now, secret: options.secret, spend: options.spend ?? false });
}
