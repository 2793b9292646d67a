/** Routes of mobile number verification (no login). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createPhoneVerificationHandlers } from './phone-verification.handlers';
import { route } from '../route';

/** Mobile number verification's router. */
export function phoneVerificationRoutes(): Hono<AppEnv> {
  const h = createPhoneVerificationHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'post', '/public/guest/verify-phone-number', h.verifyPhoneNumber);
  route(app, 'post', '/public/guest/confirm-phone-number', h.confirmPhoneNumber);
  return app;
}
