/** Handlers of mobile number verification (no login): a code texted to a number, and its check. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { ApiError } from '../../lib/errors';
import { clientIp } from '../../lib/client-address';
import { MINUTE_MS, RateLimits, type WindowLimit } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import {
  PHONE_MESSAGES,
  confirmPhoneBodySchema,
  confirmPhoneVerification,
  normalizePhone,
  sendPhoneVerification,
  verifyPhoneBodySchema,
} from '../../services/auth/phone-verification';
import { ERROR_CODES } from '../../../common/api/error-codes';

type Ctx = Context<AppEnv>;

export const PHONE_LIMITS = {
  // Each send is a paid SMS; the per-number limit lives with the codes in the database.
  sendByIp: { name: 'phone-send:client', limit: 10, windowMs: 10 * MINUTE_MS },
  // Codes are six digits: cap guesses across numbers too, not only per code.
  confirmByIp: { name: 'phone-confirm:client', limit: 30, windowMs: 10 * MINUTE_MS },
} satisfies Record<string, WindowLimit>;

/** The handlers; the counts behind their limits live in the database, shared by every server process. */
export function createPhoneVerificationHandlers(limits = new RateLimits()) {
  return {
    /** POST /public/guest/verify-phone-number: texts a 6-digit code to the number. */
    async verifyPhoneNumber(c: Ctx) {
      const body = await parseBody(c, verifyPhoneBodySchema);
      const attempt = { limit: PHONE_LIMITS.sendByIp, key: clientIp(c) };
      await limits.take(c, [attempt]);
      const { db, clock, config } = c.get('deps');
      const now = clock.now();
      const result = await sendPhoneVerification(db, normalizePhone(body.mobileCountryCode, body.mobileNumber), {
        now,
        secret: config.jwtSecret,
        locale: c.var.locale,
      });
      if (!result.sent) {
        // Only sends that went out count against the caller's address.
        await limits.giveBack(c, [attempt]);
        c.header('Retry-After', String(result.retryAfterSeconds));
        throw new ApiError(429, ERROR_CODES.RATE_LIMITED, /*i18n*/ 'Too many codes were requested for this number. Please wait a few minutes and try again.');
      }
      return c.json(
        { status: 200, message: c.var.i18n._(PHONE_MESSAGES.sent) } satisfies ResponseBody<'/public/guest/verify-phone-number', 'post', 200>,
        200,
      );
    },

    /** POST /public/guest/confirm-phone-number: checks the code and marks the number verified. */
    async confirmPhoneNumber(c: Ctx) {
      const body = await parseBody(c, confirmPhoneBodySchema);
      await limits.take(c, [{ limit: PHONE_LIMITS.confirmByIp, key: clientIp(c) }]);
      const { db, clock, config } = c.get('deps');
      await confirmPhoneVerification(db, normalizePhone(body.mobileCountryCode, body.mobileNumber), body.code, {
        now: clock.now(),
        secret: config.jwtSecret,
      });
      return c.json(
        { status: 200, data: { verified: true } } satisfies ResponseBody<'/public/guest/confirm-phone-number', 'post', 200>,
        200,
      );
    },
  };
}
