/**
 * Single-use tokens behind e-mailed links (password reset, e-mail verification): stored only as a hash,
 * with a purpose and an expiry, and the links and mails that carry them.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppConfig } from '../../context';
import type { DbOrTx } from '../../db/client';
import { oneTimeTokens, type OneTimeTokenPurpose } from '../../db/schema';
import { newId, newSecretToken } from '../../lib/ids';
import { hashToken } from '../../lib/password';
import { messageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';

/** A password-reset link works for 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** An e-mail verification link works for 24 hours. */
export const EMAIL_VERIFY_TTL_MS = 24 * 60 * 60_000;

const TTL: Record<OneTimeTokenPurpose, number> = {
  'password-reset': PASSWORD_RESET_TTL_MS,
  'email-verify': EMAIL_VERIFY_TTL_MS,
};

export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

/** Stores a new token for `userId` and returns the raw value, which exists only in the link. */
export async function createOneTimeToken(
  db: DbOrTx,
  userId: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): Promise<string> {
  const raw = newSecretToken();
  await db.insert(oneTimeTokens).values({
    id: newId(),
    userId,
    purpose,
    tokenHash: hashToken(raw),
    expiresAt: new Date(now.getTime() + TTL[purpose]),
    createdAt: now,
  });
  return raw;
}

/** The token of this purpose matching `raw`, used or expired or not, or null: to say why a link failed. */
export async function findOneTimeToken(db: DbOrTx, raw: string, purpose: OneTimeTokenPurpose): Promise<OneTimeToken | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(raw)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** The unused, unexpired token of this purpose matching `raw`, or null. */
export async function findLiveOneTimeToken(
  db: DbOrTx,
  raw: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): Promise<OneTimeToken | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(raw)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks the token used if it still is live, and every other token of the same user and purpose with it
 * (one link spent retires its older siblings). False when another request got there first.
 */
export async function spendOneTimeToken(db: DbOrTx, token: OneTimeToken, now: Date): Promise<boolean> {
  const spent = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, token.id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  if (spent.length === 0) return false;
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, token.userId),
        eq(oneTimeTokens.purpose, token.purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  return true;
}

/** A link into the SPA (hash routing), e.g. `appLink(config, '/pages/login', { verifyToken })`. */
export function appLink(config: Pick<AppConfig, 'publicBaseUrl'>, page: string, query: Record<string, string>): string {
  const base = config.publicBaseUrl.replace(/\/+$/, '');
  return `${base}/#${page}?${new URLSearchParams(query).toString()}`;
}

/** The reset-password link; admins get `area=admin` so the page goes back to the admin log-in. */
export function resetLink(config: AppConfig, raw: string, area: 'user' | 'admin'): string {
  return appLink(config, '/pages/reset-password', area === 'admin' ? { token: raw, area: 'admin' } : { token: raw });
}

/** Whom an account mail goes to, and the language it is written in (the user's stored `users.locale`). */
interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}

/** Mails a password-reset link, in the user's language. */
export async function mailPasswordReset(db: DbOrTx, to: Recipient, link: string): Promise<void> {
  const { i18n, locale } = messageLanguage(to.locale);
  await queueEmail(db, {
    to: to.email,
    locale,
    subject: i18n._('Reset your password'),
    body: [
      i18n._('Dear {name},', { name: to.firstName }),
      i18n._('We received a request to reset your password. Open this link within 30 minutes to choose a new one:'),
      link,
      i18n._('If you did not ask for this, you can ignore this e-mail; your password stays as it is.'),
    ].join('\n\n'),
  });
}

/** Mails an e-mail verification link, in the user's language. */
export async function mailVerifyEmail(db: DbOrTx, to: Recipient, link: string): Promise<void> {
  const { i18n, locale } = messageLanguage(to.locale);
  await queueEmail(db, {
    to: to.email,
    locale,
    subject: i18n._('Confirm your e-mail address'),
    body: [
      i18n._('Dear {name},', { name: to.firstName }),
      i18n._('Please confirm your e-mail address to finish creating your account. Open this link within 24 hours:'),
      link,
      i18n._('If you did not sign up, you can ignore this e-mail.'),
    ].join('\n\n'),
  });
}

/**
 * Tells the owner of an address that someone tried to sign up with it, and offers a reset link; in the
 * owner's language, not the caller's, since the caller may be someone else.
 */
export async function mailAlreadyRegistered(db: DbOrTx, to: Recipient, link: string): Promise<void> {
  const { i18n, locale } = messageLanguage(to.locale);
  await queueEmail(db, {
    to: to.email,
    locale,
    subject: i18n._('You already have an account'),
    body: [
      i18n._('Dear {name},', { name: to.firstName }),
      i18n._(
        'Someone, probably you, tried to create an account with this e-mail address, but you already have one. If you have forgotten your password, open this link within 30 minutes to choose a new one:',
      ),
      link,
      i18n._('If this was not you, you can ignore this e-mail.'),
    ].join('\n\n'),
  });
}
