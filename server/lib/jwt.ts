/**
 * HS256 access tokens, signed, and decoded, by `jose`: a vetted library where a slip is a breach. The
 * signature is checked with node:crypto's HMAC: jose (WebCrypto only) spent ~0.13 ms of the server's
 * thread on each new token's check, a seventh of a booking's CPU (`BENCH_PROFILE`), where node:crypto
 * takes a few microseconds. Expiry is judged at the `now` the caller passes, the injected clock's
 * (docs/decisions/0003-one-clock.md), so tests can still move time.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, errors, SignJWT } from 'jose';
import type { AuthUser } from '../context';
import type { UserRole } from '../db/schema';

/** Lifetime of an access token: 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const ROLES: readonly UserRole[] = ['guest', 'member', 'admin', 'staff'];
/** The one algorithm signed and accepted: `alg: none`, RS256 key confusion and every other are refused. */
const ALGORITHM = 'HS256';

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

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

// The secret as an HMAC key, imported once per secret rather than on every call.
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/** Signs a 15-minute access token for `user`, issued at `now`. */
export async function signAccessToken(user: AuthUser & { sessionGeneration?: number }, secret: string, now: Date): Promise<string> {
  const iat = seconds(now);
  const claims: AccessTokenClaims = { sub: user.id, role: user.role, gen: user.sessionGeneration ?? 0, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS };
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(await keyOf(secret));
}

/**
 * The caller named by a token, or null when the token is malformed, not HS256, badly signed, expired at
 * `now` or not yet valid then (a `nbf` after it). Whether its session generation is still the user's is
 * for the caller to ask the database.
 */
export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<TokenSubject | null> {
  // A token already verified with this secret needs only its times judged again: a
  // guest's page sends the same token on every call, and the HMAC was a twentieth of a look-up's CPU.
  const known = verified.get(token);
  if (known && known.secret === secret) return validAt(known, now) ? known.subject : null;
  const checked = checkAccessToken(token, secret, now);
  if (!checked) return null;
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(token, { secret, ...checked });
  return checked.subject;
}

interface CheckedToken {
  /** Its `nbf`, if it has one: valid from that second. */
  nbf: number | undefined;
  /** Its `exp`: valid strictly before it, with no tolerance. */
  exp: number;
  subject: TokenSubject;
}

// Valid from `nbf` (if any) until strictly before `exp`, with no clock tolerance: `nbf <= now < exp`.
const validAt = (token: CheckedToken, now: Date) => (token.nbf ?? -Infinity) <= seconds(now) && seconds(now) < token.exp;

/** Tokens whose signature and claims were checked, each with its validity; emptied when it grows large. */
const verified = new Map<string, CheckedToken & { secret: string }>();
const MAX_VERIFIED = 10_000;

/** The secret as a node:crypto key, made once per secret. */
const hmacKeys = new Map<string, KeyObject>();
function hmacKeyOf(secret: string): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) hmacKeys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

/**
 * Whether `token` is three parts whose third is the HS256 signature of the first two under `secret`,
 * compared in constant time. The signature must be written as the signer writes it (canonical
 * base64url): Node's decoder skips what is not base64url, so the text is compared encoded back too.
 */
function signedWith(token: string, secret: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', hmacKeyOf(secret)).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) && given.toString('base64url') === signature;
}

/** Header fields a token may carry: its algorithm and type. Any other (`crit`, `b64`, `kid`, ...) is refused. */
const HEADER_FIELDS = new Set(['alg', 'typ']);

/** The subject and validity of a well-formed, well-signed HS256 token valid at `now`, or null. */
function checkAccessToken(token: string, secret: string, now: Date): CheckedToken | null {
  try {
    if (!signedWith(token, secret)) return null;
    const header = decodeProtectedHeader(token);
    if (header.alg !== ALGORITHM || Object.keys(header).some((field) => !HEADER_FIELDS.has(field))) return null;
    const { sub, role, gen, iat, exp, nbf } = decodeJwt(token) as Partial<AccessTokenClaims> & { nbf?: unknown };
    if (typeof sub !== 'string' || !sub) return null;
    if (!ROLES.includes(role as UserRole)) return null;
    if (!Number.isInteger(gen) || typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (nbf !== undefined && typeof nbf !== 'number') return null;
    const checked: CheckedToken = { nbf, exp, subject: { id: sub, role: role as UserRole, sessionGeneration: gen! } };
    return validAt(checked, now) ? checked : null;
  } catch (error) {
    // A token that does not decode is an answer (null), not a failure; anything else is.
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
