/**
 * Verifying a guest's e-mail address by a code mailed to it: the other way a guest
 * continuing without an account proves who they are, beside the texted code (phone-verification.ts),
 * under the same rules: a 6-digit code kept only as a keyed hash, good for 10 minutes and 5 wrong
 * guesses, at most 3 sent to one address in 10 minutes. The answer never says whether the address has
 * an account: every address is sent a code alike.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { DbOrTx } from '../../db/client';
import { emailVerifications } from '../../db/schema';
import { ApiError, completionError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { logError } from '../../lib/log-error';
import { messageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';
import { emailSchema, normalizeEmail } from '../../../common/validation/email';
import {
  CODE_TTL_MS,
  judgeCode,
  hashCode,
  newVerificationCode,
  PHONE_MESSAGES,
  SEND_WINDOW_MS,
  SENDS_PER_NUMBER,
  refuseUnlessAccepted,
  type SendResult,
} from './phone-verification';

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
      const recent = await tx
        .select({ createdAt: emailVerifications.createdAt })
        .from(emailVerifications)
        .where(and(sameAddress(email), gt(emailVerifications.createdAt, new Date(now.getTime() - SEND_WINDOW_MS))))
        .orderBy(asc(emailVerifications.createdAt));
      if (recent.length >= SENDS_PER_NUMBER) {
        const oldest = recent[recent.length - SENDS_PER_NUMBER]!.createdAt.getTime();
        return { sent: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + SEND_WINDOW_MS - now.getTime()) / 1000)) };
      }
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
 * Checks `code` against the latest code mailed to `email` and marks it verified: 400 20106 'incorrect'
 * for a wrong code (the attempt counted), 'expired' past its 10 minutes or 5 wrong attempts, or when
 * none was sent. A code already accepted is accepted again, so a retried request is harmless.
 */
export async function confirmEmailVerification(db: DbOrTx, address: string, code: string, options: { now: Date; secret: string }): Promise<void> {
  const { now, secret } = options;
  const email = normalizeEmail(address);
  const outcome = await db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const [latest] = await tx
      .select()
      .from(emailVerifications)
      .where(sameAddress(email))
      .orderBy(desc(emailVerifications.createdAt), desc(emailVerifications.seq))
      .limit(1);
    const verdict = judgeCode(latest, code, now, secret);
    if (verdict === 'incorrect') {
      await tx
        .update(emailVerifications)
        .set({ attempts: sql`${emailVerifications.attempts} + 1` })
        .where(eq(emailVerifications.id, latest!.id));
    }
    if (verdict === 'correct') await tx.update(emailVerifications).set({ verifiedAt: now }).where(eq(emailVerifications.id, latest!.id));
    return verdict;
  });
  refuseUnlessAccepted(outcome);
}
