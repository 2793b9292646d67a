/** Handlers of the auth area: log-in, tokens, the caller's account, password reset and sign-up. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { ApiError, badRequest } from '../../lib/errors';
import { loginExpired } from '../../lib/auth';
import { clientIp, consumeRateLimit, createRateLimiters, HOUR_MS, MINUTE_MS, type RateLimiters } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import { ERROR_CODES } from '../../../src/domain/error-codes';
import {
  changePasswordSchema,
  initiatePasswordResetSchema,
  loginSchema,
  refreshTokenSchema,
  resetPasswordSchema,
  signUpSchema,
  verifyEmailSchema,
} from '../../../src/domain/account-validation';
import { normalizeEmail } from '../../../src/domain/email';
import {
  checkCredentials,
  findUserById,
  issueSession,
  rotateRefreshToken,
  toUserView,
  type LoginArea,
} from '../../services/auth-session';
import {
  WrongCurrentPassword,
  changePassword,
  initiatePasswordReset,
  resetPassword,
} from '../../services/auth-password';
import { sendVerificationMail, signUp, verifyEmail } from '../../services/auth-sign-up';

type Ctx = Context<AppEnv>;

const RESET_SENT = /*i18n*/ 'If an account exists for this e-mail, we have sent a link to reset your password.';

const AUTH_LIMITS = {
  // Failed log-ins only: a guessing attacker is slowed, a user who gets in is not.
  loginByEmail: { limit: 10, windowMs: 15 * MINUTE_MS },
  loginByIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  // Every request counts: each may send a mail.
  resetByEmail: { limit: 5, windowMs: HOUR_MS },
  resetByIp: { limit: 20, windowMs: HOUR_MS },
  signUpByEmail: { limit: 5, windowMs: HOUR_MS },
  signUpByIp: { limit: 10, windowMs: HOUR_MS },
  // Wrong current passwords, so a stolen access token cannot be used to guess the password.
  changePasswordByUser: { limit: 10, windowMs: 15 * MINUTE_MS },
};

/** The limiters of one app instance. */
export type AuthLimits = RateLimiters<keyof typeof AUTH_LIMITS>;

export const createAuthLimits = (): AuthLimits => createRateLimiters(AUTH_LIMITS);

/** The handlers, sharing one set of limiters. */
export function createAuthHandlers(limits: AuthLimits) {
  const login = (area: LoginArea) => async (c: Ctx) => {
    const deps = c.get('deps');
    const { email, password } = await parseBody(c, loginSchema);
    const emailKey = normalizeEmail(email);
    const ip = clientIp(c);
    // Counted before the slow hash, so a burst of parallel guesses cannot all slip past the check.
    consumeRateLimit(c, [
      [limits.loginByEmail, emailKey],
      [limits.loginByIp, ip],
    ]);

    const check = await checkCredentials(deps.db, area, email, password);
    if (check.outcome === 'wrong') {
      throw new ApiError(401, ERROR_CODES.LOGIN_FAILED, /*i18n*/ 'Incorrect E-mail or Password');
    }
    // The right password was no guess: only failures count.
    limits.loginByEmail.reset(emailKey);
    limits.loginByIp.forgive(ip);
    if (check.outcome === 'unverified') {
      await sendVerificationMail(deps, check.user);
      throw new ApiError(
        403,
        ERROR_CODES.EMAIL_NOT_VERIFIED,
        /*i18n*/ 'Please confirm your e-mail address first. We have sent you a new link.',
      );
    }
    const session = await issueSession(deps.db, deps, { id: check.user.id, role: check.user.role });
    const body = { status: 200, data: { ...session, user: toUserView(check.user) } };
    return c.json(body satisfies ResponseBody<'/user/authentication/login' | '/admin/authentication/login', 'post', 200>, 200);
  };

  const initiateReset = (area: LoginArea) => async (c: Ctx) => {
    const { email } = await parseBody(c, initiatePasswordResetSchema);
    consumeRateLimit(c, [
      [limits.resetByEmail, normalizeEmail(email)],
      [limits.resetByIp, clientIp(c)],
    ]);
    await initiatePasswordReset(c.get('deps'), area, email);
    const body = { status: 200, message: c.var.i18n._(RESET_SENT) };
    return c.json(body satisfies ResponseBody<'/user/user/initiate-password-reset' | '/admin/admin-user/initiate-password-reset', 'post', 200>, 200);
  };

  return {
    userLogin: login('user'),
    adminLogin: login('admin'),

    async refreshToken(c: Ctx) {
      const { refreshToken } = await parseBody(c, refreshTokenSchema);
      const session = await rotateRefreshToken(c.get('deps'), refreshToken);
      return c.json({ status: 200, data: session } satisfies ResponseBody<'/user/authentication/refresh-token', 'post', 200>, 200);
    },

    async me(c: Ctx) {
      const user = await findUserById(c.get('deps').db, c.get('auth').id);
      if (!user) throw loginExpired();
      return c.json({ status: 200, data: toUserView(user) } satisfies ResponseBody<'/user/user/me', 'get', 200>, 200);
    },

    async changePassword(c: Ctx) {
      const { oldPassword, newPassword } = await parseBody(c, changePasswordSchema);
      const userId = c.get('auth').id;
      consumeRateLimit(c, [[limits.changePasswordByUser, userId]]);
      try {
        const session = await changePassword(c.get('deps'), userId, oldPassword, newPassword);
        limits.changePasswordByUser.forgive(userId);
        return c.json({ status: 200, data: session } satisfies ResponseBody<'/user/user/change-password', 'post', 200>, 200);
      } catch (err) {
        if (!(err instanceof WrongCurrentPassword)) throw err;
        throw badRequest(/*i18n*/ 'The current password is incorrect', 'oldPassword');
      }
    },

    userInitiateReset: initiateReset('user'),
    adminInitiateReset: initiateReset('admin'),

    async resetPassword(c: Ctx) {
      const { token, password } = await parseBody(c, resetPasswordSchema);
      await resetPassword(c.get('deps'), token, password);
      const body = { status: 200, message: c.var.i18n._('Your password has been reset. Please log in.') };
      return c.json(body satisfies ResponseBody<'/user/user/reset-password', 'post', 200>, 200);
    },

    async signUp(c: Ctx) {
      const input = await parseBody(c, signUpSchema);
      consumeRateLimit(c, [
        [limits.signUpByEmail, normalizeEmail(input.email)],
        [limits.signUpByIp, clientIp(c)],
      ]);
      await signUp(c.get('deps'), input, c.var.locale);
      const body = { status: 202, message: c.var.i18n._('We have sent you an e-mail to finish creating your account.') };
      return c.json(body satisfies ResponseBody<'/user/user/sign-up', 'post', 202>, 202);
    },

    async verifyEmail(c: Ctx) {
      const { token } = await parseBody(c, verifyEmailSchema);
      const { session, user } = await verifyEmail(c.get('deps'), token);
      const body = { status: 200, data: { ...session, user: toUserView(user) } };
      return c.json(body satisfies ResponseBody<'/user/user/verify-email', 'post', 200>, 200);
    },
  };
}
