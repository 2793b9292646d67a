/** Handlers of the auth area: log-in, tokens, the caller's account, password reset and sign-up. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { ApiError, badRequest } from '../../lib/errors';
import { loginExpired } from '../../lib/auth';
import { afterAnswer } from '../../lib/after-answer';
import { clientIp } from '../../lib/client-address';
import { HOUR_MS, MINUTE_MS, RateLimits, type WindowLimit } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import { ERROR_CODES } from '../../../common/api/error-codes';
import {
  changePasswordSchema,
  initiatePasswordResetSchema,
  loginSchema,
  refreshTokenSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../../common/validation/account-validation';
import { signUpSchema } from '../../../common/validation/sign-up-validation';
import { normalizeEmail } from '../../../common/validation/email';
import {
  checkCredentials,
  findUserById,
  issueSession,
  rotateRefreshToken,
  toUserView,
  type LoginArea,
} from '../../services/auth/auth-session';
import {
  WrongCurrentPassword,
  changePassword,
  initiatePasswordReset,
  resetPassword,
} from '../../services/auth/auth-password';
import { sendVerificationMail, signUp, verifyEmail } from '../../services/auth/auth-sign-up';
import { LoginThrottle } from '../../services/auth/login-throttle';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const RESET_SENT = /*i18n*/ 'If an account exists for this e-mail, we have sent a link to reset your password.';

const AUTH_LIMITS = {
  // Every request counts: each may send a mail.
  resetByEmail: { name: 'reset:email', limit: 5, windowMs: HOUR_MS },
  resetByIp: { name: 'reset:client', limit: 20, windowMs: HOUR_MS },
  signUpByEmail: { name: 'sign-up:email', limit: 5, windowMs: HOUR_MS },
  signUpByIp: { name: 'sign-up:client', limit: 10, windowMs: HOUR_MS },
  // Wrong current passwords, so a stolen access token cannot be used to guess the password.
  changePasswordByUser: { name: 'change-password:user', limit: 10, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, WindowLimit>;

/** The handlers; the counts behind their limits live in the database, shared by every server process. */
export function createAuthHandlers(limits = new RateLimits()) {
  const throttle = new LoginThrottle(limits);

  const login = (area: LoginArea) => async (c: Ctx) => {
    const deps = c.get('deps');
    const { email, password } = await parseBody(c, loginSchema);
    const attempt = await throttle.begin(c, email);

    const check = await checkCredentials(deps.db, area, email, password);
    if (check.outcome === 'wrong') {
      throw new ApiError(401, ERROR_CODES.LOGIN_FAILED, /*i18n*/ 'Incorrect E-mail or Password');
    }
    await throttle.succeeded(c, attempt);
    if (check.outcome === 'unverified') {
      await sendVerificationMail(deps, check.user);
      throw new ApiError(
        403,
        ERROR_CODES.EMAIL_NOT_VERIFIED,
        /*i18n*/ 'Please confirm your e-mail address first. We have sent you a new link.',
      );
    }
    // Refused if the password changed since it was checked: the check was of the old one.
    const session = await issueSession(deps.db, deps, check.user.id, check.user.sessionGeneration);
    const body = { status: 200, data: { ...session, user: toUserView(check.user) } };
    return answer(200, body);
  };

  const initiateReset = (area: LoginArea) => async (c: Ctx) => {
    const { email } = await parseBody(c, initiatePasswordResetSchema);
    await limits.take(c, [
      { limit: AUTH_LIMITS.resetByEmail, key: normalizeEmail(email) },
      { limit: AUTH_LIMITS.resetByIp, key: clientIp(c) },
    ]);
    // Looked up and mailed after the answer: a known e-mail's token and mail would make its answer slower.
    const deps = c.get('deps');
    afterAnswer(c, () => initiatePasswordReset(deps, area, email));
    const body = { status: 200, message: c.var.i18n._(RESET_SENT) };
    return answer(200, body);
  };

  return {
    userLogin: login('user'),
    adminLogin: login('admin'),

    async refreshToken(c: Ctx) {
      const { refreshToken } = await parseBody(c, refreshTokenSchema);
      const session = await rotateRefreshToken(c.get('deps'), refreshToken);
      return answer(200, { status: 200, data: session });
    },

    async me(c: Ctx) {
      const user = await findUserById(c.get('deps').db, c.get('auth').id);
      if (!user) throw loginExpired();
      return answer(200, { status: 200, data: toUserView(user) });
    },

    async changePassword(c: Ctx) {
      const { oldPassword, newPassword } = await parseBody(c, changePasswordSchema);
      const userId = c.get('auth').id;
      const attempt = { limit: AUTH_LIMITS.changePasswordByUser, key: userId };
      await limits.take(c, [attempt]);
      try {
        const session = await changePassword(c.get('deps'), userId, oldPassword, newPassword);
        await limits.giveBack(c, [attempt]);
        return answer(200, { status: 200, data: session });
      } catch (err) {
        if (!(err instanceof WrongCurrentPassword)) throw err;
        throw badRequest(/*i18n*/ 'The current password is incorrect', 'oldPassword');
      }
    },

    userInitiateReset: initiateReset('user'),
    adminInitiateReset: initiateReset('admin'),

    async resetPassword(c: Ctx) {
      const { token, password } = await parseBody(c, resetPasswordSchema);
      const user = await resetPassword(c.get('deps'), token, password);
      // The link came through the owner's mailbox: this address may log in without waiting out strangers.
      await throttle.proved(c, user.email);
      const body = { status: 200, message: c.var.i18n._('Your password has been reset. Please log in.') };
      return answer(200, body);
    },

    async signUp(c: Ctx) {
      const input = await parseBody(c, signUpSchema);
      await limits.take(c, [
        { limit: AUTH_LIMITS.signUpByEmail, key: normalizeEmail(input.email) },
        { limit: AUTH_LIMITS.signUpByIp, key: clientIp(c) },
      ]);
      await signUp(c.get('deps'), input, c.var.locale);
      const body = { status: 202, message: c.var.i18n._('We have sent you an e-mail to finish creating your account.') };
      return answer(202, body);
    },

    async verifyEmail(c: Ctx) {
      const { token } = await parseBody(c, verifyEmailSchema);
      const { session, user } = await verifyEmail(c.get('deps'), token);
      // A log-in by the mailed link: this address proved it reads the account's mailbox.
      await throttle.proved(c, user.email);
      const body = { status: 200, data: { ...session, user: toUserView(user) } };
      return answer(200, body);
    },
  };
}
