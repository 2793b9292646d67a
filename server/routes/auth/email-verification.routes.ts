/** Routes of e-mail verification (no login). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createEmailVerificationHandlers } from './email-verification.handlers';

/** E-mail verification's router. */
export function emailVerificationRoutes(): Hono<AppEnv> {
  const h = createEmailVerificationHandlers();
  return new Hono<AppEnv>().post('/public/guest/verify-email', h.verifyEmail).post('/public/guest/confirm-email', h.confirmEmail);
}
