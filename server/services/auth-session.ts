/**
 * Sessions: access tokens plus rotating refresh tokens grouped in families, credential checks for the two
 * log-in areas, and the user as the client sees it.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { refreshTokens, users, type UserRole } from '../db/schema';
import type { Schema } from '../lib/api-types';
import { loginExpired } from '../lib/auth';
import { newId, newSecretToken } from '../lib/ids';
import { signAccessToken } from '../lib/jwt';
import { dummyPasswordHash, hashToken, verifyPassword } from '../lib/password';
import { normalizeEmail } from '../../src/domain/email';

/** A refresh token lives 30 days from its issue; each use replaces it. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

export type UserRow = typeof users.$inferSelect;

/** The user as the API returns it (SPEC §3: memberId is customId, failing that customerId). */
export type UserView = Schema<'User'>;

export type SessionTokens = Schema<'TokenPair'>;

export function toUserView(user: UserRow): UserView {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    customId: user.customId,
    customerId: user.customerId,
    memberId: user.customId ?? user.customerId ?? null,
    mobileCountryCode: user.mobileCountryCode,
    mobileNumber: user.mobileNumber,
    locale: user.locale,
  };
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Looks an e-mail up the way it is stored: trimmed and lower-cased. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row ?? null;
}

/** A `set` value for users.email_verified_at: the first confirmation's time is kept. */
export function emailVerifiedAtOr(now: Date): SQL {
  return sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`;
}

/** Which roles may log in through which area. */
export type LoginArea = 'user' | 'admin';
export const areaAllows = (area: LoginArea, role: UserRole) => (area === 'admin' ? role === 'admin' : role !== 'admin');

export type CredentialCheck =
  | { outcome: 'ok'; user: UserRow }
  | { outcome: 'unverified'; user: UserRow }
  | { outcome: 'wrong' };

/**
 * Checks an e-mail and password for a log-in area. Always spends one scrypt hash, so an unknown e-mail, a
 * wrong password and an account of the other area take the same time and give the same answer.
 */
export async function checkCredentials(
  db: DbOrTx,
  area: LoginArea,
  email: string,
  password: string,
): Promise<CredentialCheck> {
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !passwordOk || !areaAllows(area, user.role)) return { outcome: 'wrong' };
  if (!user.emailVerifiedAt) return { outcome: 'unverified', user };
  return { outcome: 'ok', user };
}

/** Issues an access token and a refresh token; a new family unless `familyId` continues one. */
export async function issueSession(
  db: DbOrTx,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  user: AuthUser,
  familyId: string = newId(),
): Promise<SessionTokens> {
  const now = deps.clock.now();
  const refreshToken = newSecretToken();
  await db.insert(refreshTokens).values({
    id: newId(),
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    createdAt: now,
  });
  return { token: signAccessToken({ id: user.id, role: user.role }, deps.config.jwtSecret, now), refreshToken };
}

/** Revokes every live refresh token of a user (password changed or reset): all devices log in again. */
export async function revokeUserRefreshTokens(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Trades a refresh token for a new pair in the same family. A token presented a second time means it
 * was copied: the whole family is revoked and both holders must log in again. Any refusal is 401
 * 'Login expired'.
 */
export async function rotateRefreshToken(deps: AppDeps, raw: string): Promise<SessionTokens> {
  const { db, clock } = deps;
  const now = clock.now();
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(raw))).limit(1);
  if (!row || row.revokedAt || row.expiresAt <= now) throw loginExpired();
  if (row.usedAt) {
    await revokeFamily(db, row.familyId, now);
    throw loginExpired();
  }
  const user = await findUserById(db, row.userId);
  if (!user) throw loginExpired();

  const result = await db.transaction(async (tx) => {
    // Conditional, so two simultaneous uses of one token cannot both win.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return null;
    return issueSession(tx, deps, { id: user.id, role: user.role }, row.familyId);
  });
  if (!result) {
    // Lost the race to another use of the same token: that is reuse too.
    await revokeFamily(db, row.familyId, now);
    throw loginExpired();
  }
  return result;
}
