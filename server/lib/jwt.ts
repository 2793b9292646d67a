/**
 * HS256 access tokens signed with node:crypto. Hand-rolled rather than `hono/jwt` because expiry has to
 * be judged by the injected clock, so tests can move time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthUser } from '../context';
import type { UserRole } from '../db/schema';

/** Lifetime of an access token: 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const ROLES: readonly UserRole[] = ['guest', 'member', 'admin', 'staff'];
// Fixed header: verification insists on exactly this algorithm, so `alg: none` and key confusion fail.
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** The claims an access token carries. */
export interface AccessTokenClaims {
  sub: string;
  role: UserRole;
  /** The user's session generation when it was issued: the token works only while it is still current. */
  gen: number;
  iat: number;
  exp: number;
}

/** Whom a token names, with the session generation it was issued under (0: sessions never ended). */
export type TokenSubject = AuthUser & { sessionGeneration: number };

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Signs a 15-minute access token for `user`, issued at `now`. */
export function signAccessToken(user: AuthUser & { sessionGeneration?: number }, secret: string, now: Date): string {
  const iat = seconds(now);
  const gen = user.sessionGeneration ?? 0;
  const claims: AccessTokenClaims = { sub: user.id, role: user.role, gen, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS };
  const payload = base64url(JSON.stringify(claims));
  return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`, secret).toString('base64url')}`;
}

/**
 * The caller named by a token, or null when the token is malformed, not HS256, badly signed, or expired
 * at `now`. Whether its session generation is still the user's is for the caller to ask the database.
 */
export function verifyAccessToken(token: string, secret: string, now: Date): TokenSubject | null {
  // A token already verified with this secret needs only its expiry judged again: a guest's page sends
  // the same token on every call, and the HMAC was a twentieth of a look-up's CPU.
  const known = verified.get(token);
  if (known && known.secret === secret) return seconds(now) < known.exp ? known.subject : null;
  const checked = checkAccessToken(token, secret);
  if (!checked) return null;
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(token, { secret, ...checked });
  return seconds(now) < checked.exp ? checked.subject : null;
}

/** Tokens whose signature and claims were checked, each with its expiry; emptied when it grows large. */
const verified = new Map<string, { secret: string; exp: number; subject: TokenSubject }>();
const MAX_VERIFIED = 10_000;

/** The subject and expiry of a well-formed, well-signed HS256 token (expired or not), or null. */
function checkAccessToken(token: string, secret: string): { exp: number; subject: TokenSubject } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (head.alg !== 'HS256') return null;
    const expected = sign(`${header}.${payload}`, secret);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AccessTokenClaims>;
    if (typeof claims.sub !== 'string' || !claims.sub) return null;
    if (!ROLES.includes(claims.role as UserRole)) return null;
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
    if (!Number.isInteger(claims.gen)) return null;
    return { exp: claims.exp, subject: { id: claims.sub, role: claims.role as UserRole, sessionGeneration: claims.gen! } };
  } catch {
    // Undecodable JSON in header or payload.
    return null;
  }
}
