/**
 * Handlers of e-mail verification (no login; docs/decisions/0018-verified-guests.md): a code mailed to an address, and its
 * check, under the same limits as the texted code's. Every address gets the same answer, so the calls
 * never tell whether it has an account.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { ApiError } from '../../lib/errors';
import { clientIp } from '../../lib/client-address';
import { RateLimits, type WindowLimit } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import {
  confirmEmailBodySchema,
  confirmEmailVerification,
  EMAIL_CODE_MESSAGES,
  sendEmailVerification,
  verifyEmailBodySchema,
} from '../../services/auth/email-verification';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { PHONE_LIMITS } from './phone-verification.handlers';

type Ctx = Context<AppEnv>;

/** The texted code's limits, counted apart: a mail is cheaper than a text, but guesses are guesses. */
const EMAIL_LIMITS = {
  sendByIp: { ...PHONE_LIMITS.sendByIp, name: 'email-send:client' },
  confirmByIp: { ...PHONE_LIMITS.confirmByIp, name: 'email-confirm:client' },
} satisfies Record<string, WindowLimit>;

export function createEmailVerificationHandlers(limits = new RateLimits()) {
  return {
    /** POST /public/guest/verify-email: mails a 6-digit code to the address. */
    async verifyEmail(c: Ctx) {
      const body = await parseBody(c, verifyEmailBodySchema);
      const attempt = { limit: EMAIL_LIMITS.sendByIp, key: clientIp(c) };
      await limits.take(c, [attempt]);
      const { db, clock, config } = c.get('deps');
      const result = await sendEmailVerification(db, body.email, { now: clock.now(), secret: config.jwtSecret, locale: c.var.locale });
      if (!result.sent) {
        await limits.giveBack(c, [attempt]);
        c.header('Retry-After', String(result.retryAfterSeconds));
        throw new ApiError(429, ERROR_CODES.RATE_LIMITED, /*i18n*/ 'Too many codes were requested for this address. Please wait a few minutes and try again.');
      }
      return c.json({ status: 200, message: c.var.i18n._(EMAIL_CODE_MESSAGES.sent) } satisfies ResponseBody<'/public/guest/verify-email', 'post', 200>, 200);
    },

    /** POST /public/guest/confirm-email: checks the code and marks the address verified. */
    async confirmEmail(c: Ctx) {
      const body = await parseBody(c, confirmEmailBodySchema);
      await limits.take(c, [{ limit: EMAIL_LIMITS.confirmByIp, key: clientIp(c) }]);
      const { db, clock, config } = c.get('deps');
      await confirmEmailVerification(db, body.email, body.code, { now: clock.now(), secret: config.jwtSecret });
      return c.json({ status: 200, data: { verified: true } } satisfies ResponseBody<'/public/guest/confirm-email', 'post', 200>, 200);
    },
  };
}
