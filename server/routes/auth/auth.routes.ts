/** Routes of the auth area (docs/PRODUCT.md §7): log-in for both areas, tokens, account, password reset, sign-up. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../../lib/auth';
import { createAuthHandlers } from './auth.handlers';

/** The auth area's router. */
export function authRoutes(): Hono<AppEnv> {
  const h = createAuthHandlers();
  return new Hono<AppEnv>()
    .post('/user/authentication/login', h.userLogin)
    .post('/admin/authentication/login', h.adminLogin)
    .post('/user/authentication/refresh-token', h.refreshToken)
    .get('/user/user/me', requireUser(), h.me)
    .post('/user/user/change-password', requireUser(), h.changePassword)
    .post('/user/user/initiate-password-reset', h.userInitiateReset)
    .post('/admin/admin-user/initiate-password-reset', h.adminInitiateReset)
    .post('/user/user/reset-password', h.resetPassword)
    .post('/user/user/sign-up', h.signUp)
    .post('/user/user/verify-email', h.verifyEmail);
}
