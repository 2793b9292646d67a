/** Sign-up without user enumeration, and e-mail verification that logs the new user in. */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isStaffRole, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { normalizeEmail } from '../../../common/validation/email';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../common/locales';
import {
  appLink,
  createOneTimeToken,
  findLiveOneTimeToken,
  findOneTimeToken,
  mailAlreadyRegistered,
  mailVerifyEmail,
  resetLink,
  spendOneTimeToken,
} from './auth-links';
import {
  emailVerifiedAtOr,
  findUserByEmail,
  findUserById,
  issueSession,
  type SessionTokens,
  type UserRow,
} from './auth-session';

const VERIFY_LINK_INVALID = /*i18n*/ 'This link is invalid or has expired.';
const VERIFY_LINK_USED = /*i18n*/ 'This link has already been used: your e-mail address is confirmed. Please log in.';
const VERIFY_LINK_EXPIRED = /*i18n*/ 'This link has expired. Log in, and we will send you a new one.';

export interface SignUpData {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  mobileCountryCode?: string | undefined;
  mobileNumber?: string | undefined;
  /** The language the account's mails are written in; the caller's (Accept-Language) when not given. */
  locale?: string | undefined;
}

/** A customer number 'C' + 6 digits not yet taken. */
async function newCustomerId(db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `C${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.customerId, candidate)).limit(1);
    if (!taken) return candidate;
  }
  throw new Error('No free customer number found');
}

/** Sends a fresh verification link for an account that has not confirmed its e-mail yet. */
export async function sendVerificationMail(deps: AppDeps, user: UserRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const raw = await createOneTimeToken(tx, user.id, 'email-verify', deps.clock.now());
    await mailVerifyEmail(tx, user, appLink(deps.config, '/pages/login', { verifyToken: raw }));
  });
}

/**
 * Creates an unverified guest and mails a verification link; for an e-mail already registered, mails
 * its owner a note with a reset link instead. The caller sees the same answer either way. The new
 * account keeps the body's `locale`, else `callerLocale` (the request's Accept-Language), for its mails.
 */
export async function signUp(deps: AppDeps, data: SignUpData, callerLocale: Locale = DEFAULT_LOCALE): Promise<void> {
  const { db, clock, config } = deps;
  const email = normalizeEmail(data.email);
  // Hash on both paths, so the time taken does not tell whether the e-mail is registered.
  const passwordHash = await hashPassword(data.password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const area = isStaffRole(existing.role) ? 'admin' : 'user';
    await db.transaction(async (tx) => {
      const raw = await createOneTimeToken(tx, existing.id, 'password-reset', clock.now());
      await mailAlreadyRegistered(tx, existing, resetLink(config, raw, area));
    });
    return;
  }
  await db.transaction(async (tx) => {
    const now = clock.now();
    const [created] = await tx
      .insert(users)
      .values({
        id: newId(),
        role: 'guest',
        email,
        passwordHash,
        firstName: data.firstName,
        lastName: data.lastName,
        customerId: await newCustomerId(tx),
        mobileCountryCode: data.mobileCountryCode ?? null,
        mobileNumber: data.mobileNumber ?? null,
        locale: isLocale(data.locale) ? data.locale : callerLocale,
        emailVerifiedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      // A simultaneous sign-up with the same e-mail won: that one sends the mail.
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) return;
    const raw = await createOneTimeToken(tx, created.id, 'email-verify', now);
    await mailVerifyEmail(tx, created, appLink(config, '/pages/login', { verifyToken: raw }));
  });
}

/**
 * Why a verification link no longer works, in words that tell the guest what to do: it was used (or the
 * address got confirmed another way), it expired, or it was never ours. The raw token is the secret, so
 * saying which reveals nothing about any account.
 */
async function verifyLinkRefusal(db: DbOrTx, raw: string) {
  const token = await findOneTimeToken(db, raw, 'email-verify');
  const user = token && (await findUserById(db, token.userId));
  if (!token || !user) return badRequest(VERIFY_LINK_INVALID, 'token');
  if (token.usedAt || user.emailVerifiedAt) return badRequest(VERIFY_LINK_USED, 'token');
  return badRequest(VERIFY_LINK_EXPIRED, 'token');
}

/** Confirms the e-mail of a live verification token, spends it, and logs the user in. */
export async function verifyEmail(deps: AppDeps, raw: string): Promise<{ session: SessionTokens; user: UserRow }> {
  const { db, clock } = deps;
  const now = clock.now();
  const token = await findLiveOneTimeToken(db, raw, 'email-verify', now);
  if (!token) throw await verifyLinkRefusal(db, raw);
  return db.transaction(async (tx) => {
    if (!(await spendOneTimeToken(tx, token, now))) throw badRequest(VERIFY_LINK_INVALID, 'token');
    await tx
      .update(users)
      .set({ emailVerifiedAt: emailVerifiedAtOr(now), updatedAt: now })
      .where(eq(users.id, token.userId));
    const user = await findUserById(tx, token.userId);
    if (!user) throw badRequest(VERIFY_LINK_INVALID, 'token');
    return { session: await issueSession(tx, deps, user.id), user };
  });
}
