/**
 * Sessions: access tokens plus rotating refresh tokens grouped in families, credential checks for the two
 * log-in areas, and the user as the client sees it.
 */
import { createHmac } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { isStaffRole, refreshTokens, users } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { loginExpired } from '../../lib/auth';
import { newId, newSecretToken } from '../../lib/ids';
import { signAccessToken } from '../../lib/jwt';
import { dummyPasswordHash, hashToken, verifyPassword } from '../../lib/password';
import { normalizeEmail } from '../../../common/validation/email';

/** A refresh token lives 30 days from its issue; each use replaces it. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * How long after its use a refresh token may come back and be answered with the pair it was traded for:
 * a page reloaded while its refresh was answered never stored the new pair, and sends the old token again.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export type UserRow = typeof users.$inferSelect;

/** The user as the API returns it (docs/PRODUCT.md §3: memberId is customId, failing that customerId). */
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
    dietaryNeeds: user.dietaryNeeds,
    dietaryNote: user.dietaryNote,
    venueId: user.venueId,
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

/** Which accounts may log in through which area: by role, and a removed member of staff through none. */
export type LoginArea = 'user' | 'admin';
export const areaAllows = (area: LoginArea, user: Pick<UserRow, 'role' | 'deactivatedAt'>) =>
  !user.deactivatedAt && (area === 'admin' ? isStaffRole(user.role) : !isStaffRole(user.role));

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
  if (!user || !passwordOk || !areaAllows(area, user)) return { outcome: 'wrong' };
  if (!user.emailVerifiedAt) return { outcome: 'unverified', user };
  return { outcome: 'ok', user };
}

/** The user a session is signed for: role and session generation, share-locked until the transaction ends. */
type SessionSubject = Pick<UserRow, 'id' | 'role' | 'sessionGeneration'>;

// The lock keeps a password change or reset (which moves the generation on and revokes the refresh tokens)
// from committing between this read and the new refresh token. Users are locked before refresh tokens, as
// those do, so the two never wait on each other in a circle.
// A removed member of staff is no subject: no session is signed for them.
async function lockSessionSubject(tx: DbOrTx, userId: string): Promise<SessionSubject | null> {
  const [row] = await tx
    .select({ id: users.id, role: users.role, sessionGeneration: users.sessionGeneration })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
    .for('share');
  return row ?? null;
}

// Stores a refresh token (`refreshToken`, or a new random one) in `familyId` and signs the access token
// with the subject's current generation.
async function signSession(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  subject: SessionSubject,
  familyId: string,
  refreshToken = newSecretToken(),
): Promise<SessionTokens> {
  const now = deps.clock.now();
  await tx.insert(refreshTokens).values({
    id: newId(),
    userId: subject.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    createdAt: now,
  });
  return { token: await signAccessToken(subject, deps.config.jwtSecret, now), refreshToken };
}

/**
 * Issues an access token and a refresh token in a new family. `generation`, when given, is the session
 * generation the password was checked under: if it has moved on since (the password changed meanwhile),
 * the session is refused with 401 'Login expired'.
 */
export async function issueSession(
  db: DbOrTx,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  userId: string,
  generation?: number,
): Promise<SessionTokens> {
  return db.transaction(async (tx) => {
    const subject = await lockSessionSubject(tx, userId);
    if (!subject || (generation !== undefined && subject.sessionGeneration !== generation)) throw loginExpired();
    return signSession(tx, deps, subject, newId());
  });
}

// Every access token issued before stops working (requireUser compares the generation it carries).
async function moveSessionGenerationOn(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Ends every session of a user at once (password changed or reset): the generation moves on, so every
 * access token stops working, and every refresh token is revoked.
 */
export async function endUserSessions(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await moveSessionGenerationOn(db, userId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * A refresh token came back after use: someone copied it. Its family is revoked, and the user's access
 * tokens stop at once, the copier's with them. (Access tokens do not name their family, so those of the
 * user's other devices stop too; their refresh tokens still work, and the client's one refresh on a 401
 * gets them new ones unnoticed.)
 */
async function endStolenFamily(db: Db, userId: string, familyId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await moveSessionGenerationOn(tx, userId);
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  });
}

/**
 * The refresh token a use of `raw` is traded for: derived from it with the server's secret, so the same
 * pair can be answered again within the grace window without keeping any refresh token readable.
 */
function successorOf(raw: string, secret: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${raw}`).digest('base64url');
}

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * The pair a use of `row` (presented as `raw`) was answered with, when it comes back within the grace
 * window and that pair is still unused and unrevoked; otherwise null, and the return is reuse.
 */
async function sameAnswerAgain(deps: AppDeps, row: RefreshTokenRow, raw: string, now: Date): Promise<SessionTokens | null> {
  if (!row.usedAt || now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return null;
  const refreshToken = successorOf(raw, deps.config.jwtSecret);
  const [successor] = await deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(refreshToken))).limit(1);
  if (!successor || successor.usedAt || successor.revokedAt || successor.expiresAt <= now) return null;
  const subject = await findUserById(deps.db, row.userId);
  if (!subject) return null;
  // Signed as it was at the trade (same generation, same issue time): the very access token answered then.
  return { token: await signAccessToken(subject, deps.config.jwtSecret, successor.createdAt), refreshToken };
}

/**
 * Trades a refresh token for a new pair in the same family. A token presented a second time means it
 * was copied: the whole family is revoked, its access tokens stop at once, and both holders must log in
 * again; unless it comes back within the grace window while the pair it was traded for is still unused,
 * which answers that pair again. Any refusal is 401 'Login expired'.
 */
export async function rotateRefreshToken(deps: AppDeps, raw: string): Promise<SessionTokens> {
  const { db, clock } = deps;
  const now = clock.now();
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(raw))).limit(1);
  if (!row || row.revokedAt || row.expiresAt <= now) throw loginExpired();
  if (row.usedAt) {
    const again = await sameAnswerAgain(deps, row, raw, now);
    if (again) return again;
    await endStolenFamily(db, row.userId, row.familyId, now);
    throw loginExpired();
  }

  const result = await db.transaction(async (tx) => {
    const subject = await lockSessionSubject(tx, row.userId);
    if (!subject) throw loginExpired();
    // Conditional, so two simultaneous uses of one token cannot both win.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return null;
    return signSession(tx, deps, subject, row.familyId, successorOf(raw, deps.config.jwtSecret));
  });
  if (!result) {
    // Lost the race to another use of the same token: reuse too, unless that use is answered again (the
    // grace window). Nor if a password change or reset revoked it meanwhile: that already ended the
    // session, and the new one it issued must live on.
    const [latest] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
    const again = latest && !latest.revokedAt ? await sameAnswerAgain(deps, latest, raw, now) : null;
    if (again) return again;
    if (!latest?.revokedAt) await endStolenFamily(db, row.userId, row.familyId, now);
    throw loginExpired();
  }
  return result;
}
