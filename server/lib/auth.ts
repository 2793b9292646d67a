/**
 * Bearer-token middleware for every area: `requireUser()` for any logged-in caller, `requireAdmin()` for
 * the admin area. After either, handlers read the caller with `c.get('auth')`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, AuthUser } from '../context';
import { ERROR_CODES } from '../../src/domain/error-codes';
import { ApiError, forbidden, unauthorized } from './errors';
import { verifyAccessToken } from './jwt';

/** The 401 the client answers with one refresh and a retry (SPEC §4). */
export const loginExpired = () => new ApiError(401, ERROR_CODES.LOGIN_EXPIRED, /*i18n*/ 'Login expired');

/** The token of an `Authorization: Bearer ...` header, or null when there is none. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

function authenticate(c: Context<AppEnv>): AuthUser {
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  const { clock, config } = c.get('deps');
  const user = verifyAccessToken(token, config.jwtSecret, clock.now());
  if (!user) throw loginExpired();
  return user;
}

/** Lets any logged-in caller through: 401 'Login required' without a token, 401 'Login expired' on a bad one. */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', authenticate(c));
    await next();
  };
}

/** Lets only admins through: the same 401s as `requireUser()`, and 403 for a valid non-admin token. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = authenticate(c);
    if (user.role !== 'admin') throw forbidden();
    c.set('auth', user);
    await next();
  };
}
