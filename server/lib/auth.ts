/**
 * Bearer-token middleware for every area: `requireUser()` for any logged-in caller, `requireStaff()` for
 * the admin area's venue work (admins and venue staff), `requireAdmin()` for what only admins may do.
 * After any, handlers read the caller with `c.get('auth')`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { AppEnv, AuthUser } from '../context';
import type { Db } from '../db/client';
import { isStaffRole, users, type UserRole } from '../db/schema';
import { ERROR_CODES } from '../../common/api/error-codes';
import { ApiError, forbidden, unauthorized } from './errors';
import { verifyAccessToken, type TokenSubject } from './jwt';

/** The 401 the client answers with one refresh and a retry (docs/PRODUCT.md §4). */
export const loginExpired = () => new ApiError(401, ERROR_CODES.LOGIN_EXPIRED, /*i18n*/ 'Login expired');

/** The token of an `Authorization: Bearer ...` header, or null when there is none. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/** The claims of the request's valid, unexpired token: 401 'Login required' without one, 'Login expired' for a bad one. */
async function tokenClaims(c: Context<AppEnv>): Promise<TokenSubject> {
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  const { clock, config } = c.get('deps');
  const claims = await verifyAccessToken(token, config.jwtSecret, clock.now());
  if (!claims) throw loginExpired();
  return claims;
}

// Prepared once per database and connection: this read runs on every authenticated call.
const sessionStatement = (db: Db) =>
  db
    .select({ role: users.role, sessionGeneration: users.sessionGeneration, venueId: users.venueId, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_generation');
const sessionStatements = new WeakMap<Db, ReturnType<typeof sessionStatement>>();

/** What the session check reads of the caller's row. */
export interface SessionRow {
  role: UserRole;
  sessionGeneration: number;
  venueId: string | null;
  deactivatedAt: Date | string | null;
}

/**
 * The caller of a valid token whose session is still live: the user's row tells whether a password
 * change or reset or a stolen refresh token has ended the session the token was issued in (the
 * generation moved on), and gives the user's role now, which counts rather than the token's (a demoted
 * admin is no admin from that moment). A removed member of staff has no session at all.
 */
export function liveSessionUser(claims: TokenSubject, user: SessionRow | undefined): AuthUser {
  if (!user || user.deactivatedAt || user.sessionGeneration !== claims.sessionGeneration) throw loginExpired();
  return { id: claims.id, role: user.role, venueId: user.venueId };
}

/** The caller of a valid token whose session is still live: one read of the user by primary key. */
async function authenticate(c: Context<AppEnv>): Promise<AuthUser> {
  const claims = await tokenClaims(c);
  const { db } = c.get('deps');
  let statement = sessionStatements.get(db);
  if (!statement) sessionStatements.set(db, (statement = sessionStatement(db)));
  const [user] = await statement.execute({ id: claims.id });
  return liveSessionUser(claims, user);
}

/**
 * The caller of a valid token with a live session, or null without one (a bad or ended token too): for a
 * public call that notes which account sent it, and answers everyone alike.
 */
export async function callerIfLoggedIn(c: Context<AppEnv>): Promise<AuthUser | null> {
  if (!bearerToken(c)) return null;
  try {
    return await authenticate(c);
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

/** Lets any logged-in caller through: 401 'Login required' without a token, 401 'Login expired' on a bad one. */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', await authenticate(c));
    await next();
  };
}

/**
 * Lets through a caller whose access token is valid and unexpired, without reading the session: for a
 * read that reveals nothing of the caller and grants nothing (the availability look-up, which anyone may
 * also ask without a token). The token's role counts for up to its 15 minutes; every call that books,
 * changes or shows the caller's own data reads the session (`requireUser()`). docs/decisions/0024.
 */
export function requireSignedToken(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claims = await tokenClaims(c);
    c.set('auth', { id: claims.id, role: claims.role });
    await next();
  };
}

/**
 * Lets through a caller whose access token is valid and unexpired, leaving the session's read to the
 * handler's own first statement, which reads the caller's row with what it needs anyway and must judge
 * it with `liveSessionUser` before anything else: one round trip fewer (a guest's hold,
 * docs/decisions/0025). The handler gets the token's claims as `claims`, and no `auth` at all, so one
 * that forgot the check fails instead of trusting an ended session.
 */
export function requireTokenSessionInHandler(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('claims', await tokenClaims(c));
    await next();
  };
}

/** Lets only admins through: the same 401s as `requireUser()`, and 403 for a valid non-admin token. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await authenticate(c);
    if (user.role !== 'admin') throw forbidden();
    c.set('auth', user);
    await next();
  };
}

/** Lets admins and venue staff through: the same 401s as `requireUser()`, and 403 for guests and members. */
export function requireStaff(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await authenticate(c);
    if (!isStaffRole(user.role)) throw forbidden();
    c.set('auth', user);
    await next();
  };
}

/**
 * The venue rule of the admin area, checked by every staff service before it reads or changes a venue's
 * book: admins reach every venue, venue staff only their own (403 otherwise).
 */
export function checkVenueAccess(actor: Pick<AuthUser, 'role' | 'venueId'>, venueId: string): void {
  if (actor.role === 'admin') return;
  if (actor.role !== 'staff' || actor.venueId !== venueId) throw forbidden();
}
