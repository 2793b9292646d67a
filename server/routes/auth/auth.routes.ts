/** Routes of the auth area (docs/PRODUCT.md §7): log-in for both areas, tokens, account, password reset, sign-up. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../../lib/auth';
import { createAuthHandlers } from './auth.handlers';
import { route } from '../route';

/** The auth area's router. */
export function authRoutes(): Hono<AppEnv> {
  const h = createAuthHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'post', '/user/authentication/login', h.userLogin);
  route(app, 'post', '/admin/authentication/login', h.adminLogin);
  route(app, 'post', '/user/authentication/refresh-token', h.refreshToken);
  route(app, 'get', '/user/user/me', requireUser(), h.me);
  route(app, 'post', '/user/user/change-password', requireUser(), h.changePassword);
  route(app, 'post', '/user/user/initiate-password-reset', h.userInitiateReset);
  route(app, 'post', '/admin/admin-user/initiate-password-reset', h.adminInitiateReset);
  route(app, 'post', '/user/user/reset-password', h.resetPassword);
  route(app, 'post', '/user/user/sign-up', h.signUp);
  route(app, 'post', '/user/user/verify-email', h.verifyEmail);
  return app;
}
