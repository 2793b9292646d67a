/** Routes of mobile number verification (no login). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createPhoneVerificationHandlers } from './phone-verification.handlers';

/** Mobile number verification's router. */
export function phoneVerificationRoutes(): Hono<AppEnv> {
  const h = createPhoneVerificationHandlers();
  return new Hono<AppEnv>()
    .post('/public/guest/verify-phone-number', h.verifyPhoneNumber)
    .post('/public/guest/confirm-phone-number', h.confirmPhoneNumber);
}
