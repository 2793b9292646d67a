/** Password change (logged in), reset initiation (by e-mail) and reset (by the e-mailed token). */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { users } from '../../db/schema';
import { loginExpired } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { DbOrTx } from '../../db/client';
/** A guest's or staff account's row. */
type UserRow = typeof users.$inferSelect;
import { emailOnlyClaimed, releaseEmail } from './email-claims';
import { hashPassword, verifyPassword } from '../../lib/password';
import {
  createOneTimeToken,
  findLiveOneTimeToken,
  mailPasswordReset,
  resetLink,
  spendOneTimeToken,
} from './auth-links';
import {
  areaAllows,
  emailVerifiedAtOr,
  endUserSessions,
  findUserByEmail,
  findUserById,
  issueSession,
  type LoginArea,
  type SessionTokens,
} from './auth-session';

const RESET_LINK_INVALID = /*i18n*/ 'This reset link is invalid or has expired.';

/** Why a change of password was refused, for the caller's rate limiting. */
export class WrongCurrentPassword extends Error {}

/**
 * Changes the caller's password after checking the current one. Every session of the user ends at once
 * (access and refresh tokens) and a fresh pair is returned, so this device stays logged in and the
 * others are logged out.
 */
export async function changePassword(
  deps: AppDeps,
  userId: string,
  oldPassword: string,
  newPassword: string,
): Promise<SessionTokens> {
  const { db, clock } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw loginExpired();
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new WrongCurrentPassword();
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, now);
    return issueSession(tx, deps, user.id);
  });
}

/**
 * Mails a reset link when the e-mail belongs to an account of this area; silently does nothing otherwise,
 * so the answer never tells whether an account exists.
 */
export async function initiatePasswordReset(deps: AppDeps, area: LoginArea, email: string): Promise<void> {
  const { db, clock, config } = deps;
  const user = await findUserByEmail(db, email);
  if (!user || !areaAllows(area, user)) return;
  await db.transaction(async (tx) => {
    const raw = await createOneTimeToken(tx, user.id, 'password-reset', clock.now());
    await mailPasswordReset(tx, user, resetLink(config, raw, area));
  });
}

/**
 * The address's owner proved it by a reset link sent to an account that held it on a texted code's word
 * only (email-claims.ts): that account gives the address up and the owner gets an account of their own,
 * verified, with nothing of the other's (not even the names typed there, which they fill in themselves).
 */
async function ownAccountFor(tx: DbOrTx, holder: UserRow, passwordHash: string, now: Date): Promise<{ email: string }> {
  await releaseEmail(tx, holder, now);
  await tx.insert(users).values({
    id: newId(),
    role: 'guest',
    email: holder.email,
    passwordHash,
    firstName: '',
    lastName: '',
    locale: holder.locale,
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { email: holder.email };
}

/**
 * Sets a new password from a live reset token, spends the token and ends every session at once. The
 * link came through the mailbox, so it also proves the address. A refused call changes nothing. Returns
 * whose password it was.
 */
export async function resetPassword(deps: AppDeps, raw: string, password: string): Promise<{ email: string }> {
  const { db, clock } = deps;
  const token = await findLiveOneTimeToken(db, raw, 'password-reset', clock.now());
  if (!token) throw badRequest(RESET_LINK_INVALID, 'token');
  const passwordHash = await hashPassword(password);
  const now = clock.now();
  return db.transaction(async (tx) => {
    if (!(await spendOneTimeToken(tx, token, now))) throw badRequest(RESET_LINK_INVALID, 'token');
    const holder = await findUserById(tx, token.userId);
    // The link proves the address; an account that held it on a texted code's word is not the owner's.
    if (holder && emailOnlyClaimed(holder)) return ownAccountFor(tx, holder, passwordHash, now);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: emailVerifiedAtOr(now), updatedAt: now })
      .where(eq(users.id, token.userId))
      .returning({ email: users.email });
    if (!user) throw badRequest(RESET_LINK_INVALID, 'token');
    await endUserSessions(tx, token.userId, now);
    return user;
  });
}
