/** The auth area through its HTTP API: log-in, tokens, account, password reset, sign-up, limits. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loginKnownClients, oneTimeTokens, outbox, rateLimits, refreshTokens, users } from '../../../server/db/schema';
import { workAfterAnswers } from '../../../server/lib/after-answer';
import { requireAdmin } from '../../../server/lib/auth';
import { parseTrustedProxies } from '../../../server/lib/client-address';
import { hashToken } from '../../../server/lib/password';
import { DAY_MS } from '../../../server/lib/rate-limit';
import {
  KNOWN_CLIENT_MS,
  LOGIN_BY_ACCOUNT,
  LOGIN_BY_ACCOUNT_AND_CLIENT,
  LOGIN_BY_CLIENT,
} from '../../../server/services/auth/login-throttle';
import { REFRESH_REUSE_GRACE_MS } from '../../../server/services/auth/auth-session';
import { createTestApi, fromAddress, newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { BATARD, experienceIdByName } from '../../support/server/fixtures';
import { addDays, hongKongToday } from '../../../common/time';

const GUEST = { email: 'guest@example.com', password: 'guest-pass-1' };
const MEMBER = { email: 'member@example.com', password: 'member-pass-1' };
const ADMIN = { email: 'admin@example.com', password: 'admin-pass-1' };

const WRONG_LOGIN = { status: 401, errorCode: 40101, message: 'Incorrect E-mail or Password' };
const LOGIN_EXPIRED = { status: 401, errorCode: 40102, message: 'Login expired' };
const RESET_SENT = 'If an account exists for this e-mail, we have sent a link to reset your password.';
const SIGN_UP_SENT = 'We have sent you an e-mail to finish creating your account.';

describe.each(testDrivers())('auth API on %s', (driver) => {
  let api: TestApi;
  let counter = 0;

  beforeAll(async () => {
    api = await createTestApi({ driver });
    // A route behind requireAdmin(), which other areas use, to test it through HTTP.
    api.app.get('/test/admin-only', requireAdmin(), (c) => c.json({ status: 200, data: c.get('auth') }));
  });
  afterAll(async () => {
    await api?.close();
  });
  // Every limiter window is at most an hour: start each test past all of them, and from an address of its own.
  let testAddress: string;
  beforeEach(() => {
    api.clock.advanceMinutes(61);
    testAddress = newClientAddress();
  });

  const post = (path: string, body?: unknown, token?: string) => api.request('POST', path, { body, token, from: testAddress });
  /** A call through `app` (this test's by default) from `from`: its status, Retry-After (0 if none) and body. */
  async function postFrom(from: string, path: string, body: unknown, app = api.app) {
    const res = await app.request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      fromAddress(from),
    );
    const json = await res.json();
    await workAfterAnswers(api.database.db);
    return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0), body: json };
  }
  const logInFrom = async (from: string, email: string, password: string, app = api.app) => {
    const { status, retryAfter } = await postFrom(from, '/user/authentication/login', { email, password }, app);
    return { status, retryAfter };
  };
  const loginUser = (email: string, password: string) => post('/user/authentication/login', { email, password });
  const loginAdmin = (email: string, password: string) => post('/admin/authentication/login', { email, password });
  const me = (token: string) => api.request('GET', '/user/user/me', { token });

  /** Takes (and removes) the mails queued for an address, oldest first. */
  async function takeMails(to: string) {
    const rows = await api.deps.db.delete(outbox).where(eq(outbox.recipient, to)).returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  function tokenIn(body: string, param: 'token' | 'verifyToken'): string {
    const match = body.match(new RegExp(`[?&]${param}=([^&\\s]+)`));
    if (!match?.[1]) throw new Error(`no ${param} in: ${body}`);
    return decodeURIComponent(match[1]);
  }

  const uniqueEmail = (label: string) => `${label}.${driver}.${++counter}@example.com`;

  /** Signs a new guest up and verifies it; returns its credentials and first session. */
  async function newVerifiedGuest(label: string, password = 'first-pass-1') {
    const email = uniqueEmail(label);
    const res = await post('/user/user/sign-up', { firstName: 'Test', lastName: 'User', email, password });
    expect(res.status).toBe(202);
    const [mail] = await takeMails(email);
    const verified = await post('/user/user/verify-email', { token: tokenIn(mail!.body, 'verifyToken') });
    expect(verified.status).toBe(200);
    return { email, password, ...(verified.body.data as { token: string; refreshToken: string; user: any }) };
  }

  describe('log-in', () => {
    it('logs a guest in and returns tokens and the user', async () => {
      const res = await loginUser(GUEST.email, GUEST.password);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);
      expect(res.body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(typeof res.body.data.refreshToken).toBe('string');
      expect(res.body.data.user).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        firstName: 'Grace',
        lastName: 'Chan',
        email: GUEST.email,
        role: 'guest',
        customId: null,
        customerId: 'C000123',
        memberId: 'C000123',
        mobileCountryCode: '852',
        mobileNumber: '91234567',
        locale: 'en',
        dietaryNeeds: [],
        dietaryNote: null,
        venueId: null,
      });
    });

    it("gives a member the memberId of its customId, and compares the e-mail trimmed and lower-cased", async () => {
      const res = await loginUser('  Member@Example.COM ', MEMBER.password);
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ role: 'member', customId: 'M-10086', memberId: 'M-10086' });
    });

    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      const wrongPassword = await loginUser(GUEST.email, 'not-the-password');
      const unknown = await loginUser('nobody@example.com', GUEST.password);
      expect(wrongPassword).toEqual({ status: 401, body: WRONG_LOGIN });
      expect(unknown).toEqual({ status: 401, body: WRONG_LOGIN });
    });

    it('keeps admins out of the user log-in and guests and members out of the admin log-in', async () => {
      expect(await loginUser(ADMIN.email, ADMIN.password)).toEqual({ status: 401, body: WRONG_LOGIN });
      expect(await loginAdmin(GUEST.email, GUEST.password)).toEqual({ status: 401, body: WRONG_LOGIN });
      expect(await loginAdmin(MEMBER.email, MEMBER.password)).toEqual({ status: 401, body: WRONG_LOGIN });
      const admin = await loginAdmin(ADMIN.email, ADMIN.password);
      expect(admin.status).toBe(200);
      expect(admin.body.data.user).toMatchObject({ role: 'admin', email: ADMIN.email, memberId: null });
    });

    it('refuses an unverified account with 403 and mails a new link only when the password is right', async () => {
      const email = uniqueEmail('unverified');
      await post('/user/user/sign-up', { firstName: 'Una', lastName: 'Verified', email, password: 'secret-pass' });
      const [signUpMail] = await takeMails(email);
      expect(signUpMail).toBeDefined();

      expect(await loginUser(email, 'wrong-pass')).toEqual({ status: 401, body: WRONG_LOGIN });
      expect(await takeMails(email)).toHaveLength(0);

      const res = await loginUser(email, 'secret-pass');
      expect(res).toEqual({
        status: 403,
        body: {
          status: 403,
          errorCode: 40103,
          message: 'Please confirm your e-mail address first. We have sent you a new link.',
        },
      });
      const [resent] = await takeMails(email);
      const verified = await post('/user/user/verify-email', { token: tokenIn(resent!.body, 'verifyToken') });
      expect(verified.status).toBe(200);
      expect((await loginUser(email, 'secret-pass')).status).toBe(200);
    });

    it('names the field of a bad body and refuses a body that is not JSON', async () => {
      const missing = await post('/user/authentication/login', { password: 'x' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ status: 400, errorCode: 40000, field: 'email' });
      expect(missing.body.message).toContain('Please enter your email address!');

      const invalid = await loginUser('not-an-email', 'whatever');
      expect(invalid.body).toMatchObject({ status: 400, field: 'email' });
      expect(invalid.body.message).toContain('Please enter a valid email address!');

      const noPassword = await loginUser(GUEST.email, '');
      expect(noPassword.body).toMatchObject({ status: 400, field: 'password' });

      const notJson = await post('/user/authentication/login', 'email=guest@example.com');
      expect(notJson.status).toBe(400);
      expect(notJson.body).toMatchObject({ status: 400, message: 'The request body must be JSON' });
    });
  });

  describe('access tokens', () => {
    it('opens /user/user/me with the user docs/PRODUCT.md describes', async () => {
      const token = await api.login(MEMBER.email, MEMBER.password);
      const res = await me(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 200,
        data: expect.objectContaining({
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          firstName: 'Martin',
          lastName: 'Leung',
          customId: 'M-10086',
          customerId: 'C000088',
          memberId: 'M-10086',
        }),
      });
    });

    it('expires after 15 minutes by the clock', async () => {
      const token = await api.login(GUEST.email, GUEST.password);
      api.clock.advanceMinutes(14);
      expect((await me(token)).status).toBe(200);
      api.clock.advanceMinutes(1);
      expect(await me(token)).toEqual({ status: 401, body: LOGIN_EXPIRED });
    });

    it("asks for a login without a token and calls a forged one 'Login expired'", async () => {
      expect(await api.request('GET', '/user/user/me')).toEqual({
        status: 401,
        body: { status: 401, errorCode: 40100, message: 'Login required' },
      });
      const token = await api.login(GUEST.email, GUEST.password);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const asAdmin = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      for (const forged of [`${header}.${asAdmin}.${signature}`, `${none}.${payload}.`, 'garbage', `${token}x`]) {
        expect(await me(forged)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      }
    });

    it('lets a token whose session ended look up times until it expires, and nothing more (decision 0024)', async () => {
      const user = await newVerifiedGuest('ended-session');
      const experienceId = await experienceIdByName(api.deps.db, BATARD, 'Set Lunch');
      const date = addDays(hongKongToday(api.clock.now()), 3);
      const lookUp = () => api.request('GET', `/user/reservation/v1.1/timeslot-availability/${BATARD}/${date}?experienceId=${experienceId}&numberOfGuests=2`, { token: user.token });
      expect((await lookUp()).status).toBe(200);
      // A password change on another device ends this session: its calls on the caller's data stop at once.
      const other = await loginUser(user.email, user.password);
      expect((await post('/user/user/change-password', { oldPassword: user.password, newPassword: 'ended-pass-9' }, other.body.data.token)).status).toBe(200);
      expect(await me(user.token)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      const hold = await post('/user/reservation/v1.1', { venueId: BATARD, experienceId, date, startTime: 750, numberOfGuests: 2 }, user.token);
      expect(hold).toEqual({ status: 401, body: LOGIN_EXPIRED });
      // The look-up reveals nothing of the caller and takes no session read: it answers while the token lasts.
      expect((await lookUp()).status).toBe(200);
      api.clock.advanceMinutes(15);
      expect(await lookUp()).toEqual({ status: 401, body: LOGIN_EXPIRED });
    });

    it("goes by the user's role now, not the one the token names", async () => {
      const staff = await newVerifiedGuest('demoted');
      await api.deps.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.user._id));
      const admin = await loginAdmin(staff.email, staff.password);
      expect((await api.request('GET', '/test/admin-only', { token: admin.body.data.token })).status).toBe(200);
      await api.deps.db.update(users).set({ role: 'guest' }).where(eq(users.id, staff.user._id));
      expect((await api.request('GET', '/test/admin-only', { token: admin.body.data.token })).status).toBe(403);
    });

    it('lets only admins through requireAdmin()', async () => {
      const guest = await api.login(GUEST.email, GUEST.password);
      const forbidden = await api.request('GET', '/test/admin-only', { token: guest });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject({ status: 403, errorCode: 40300 });
      expect((await api.request('GET', '/test/admin-only')).body.errorCode).toBe(40100);

      const admin = await loginAdmin(ADMIN.email, ADMIN.password);
      const allowed = await api.request('GET', '/test/admin-only', { token: admin.body.data.token });
      expect(allowed.body.data).toMatchObject({ role: 'admin' });
    });
  });

  describe('refresh tokens', () => {
    const refresh = (refreshToken: unknown) => post('/user/authentication/refresh-token', { refreshToken });

    it('rotates: each use returns a new pair that works', async () => {
      const login = await loginUser(GUEST.email, GUEST.password);
      api.clock.advanceMinutes(20);
      expect((await me(login.body.data.token)).status).toBe(401);

      const first = await refresh(login.body.data.refreshToken);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        status: 200,
        data: { token: expect.any(String), refreshToken: expect.any(String) },
      });
      expect(first.body.data.refreshToken).not.toBe(login.body.data.refreshToken);
      expect((await me(first.body.data.token)).status).toBe(200);

      const second = await refresh(first.body.data.refreshToken);
      expect(second.status).toBe(200);
    });

    it('revokes the whole family when a used token comes back after the grace window', async () => {
      const login = await loginUser(GUEST.email, GUEST.password);
      const old = login.body.data.refreshToken;
      const next = await refresh(old);
      expect(next.status).toBe(200);

      const other = await loginUser(GUEST.email, GUEST.password);
      expect((await me(next.body.data.token)).status).toBe(200);

      api.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      expect(await refresh(old)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      // The thief's replay also ends the legitimate holder's session, its access token at once.
      expect(await me(next.body.data.token)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      expect(await refresh(next.body.data.refreshToken)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      // Other sessions of the same user are another family and live on: one refresh, as the client does on a 401.
      const renewed = await refresh(other.body.data.refreshToken);
      expect(renewed.status).toBe(200);
      expect((await me(renewed.body.data.token)).status).toBe(200);
    });

    it('answers a used token that comes back within the grace window with the pair it was traded for', async () => {
      const login = await loginUser(GUEST.email, GUEST.password);
      const old = login.body.data.refreshToken;
      const next = await refresh(old);
      expect(next.status).toBe(200);

      // A page reloaded while its refresh was answered sends the old token again.
      api.clock.advance(REFRESH_REUSE_GRACE_MS);
      const again = await refresh(old);
      expect(again).toEqual(next);
      expect((await me(next.body.data.token)).status).toBe(200);
      expect((await refresh(next.body.data.refreshToken)).status).toBe(200);
    });

    it('answers two uses of one token at once with the same pair', async () => {
      const login = await loginUser(GUEST.email, GUEST.password);
      const [first, second] = await Promise.all([refresh(login.body.data.refreshToken), refresh(login.body.data.refreshToken)]);
      expect(first.status).toBe(200);
      expect(second).toEqual(first);
      expect((await refresh(first.body.data.refreshToken)).status).toBe(200);
    });

    it('counts a used token as reuse within the grace window once the pair it was traded for has been used', async () => {
      const login = await loginUser(GUEST.email, GUEST.password);
      const old = login.body.data.refreshToken;
      const next = await refresh(old);
      const latest = await refresh(next.body.data.refreshToken);
      expect(latest.status).toBe(200);

      expect(await refresh(old)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      expect(await me(latest.body.data.token)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      expect(await refresh(latest.body.data.refreshToken)).toEqual({ status: 401, body: LOGIN_EXPIRED });
    });

    it('does not count a refresh that lost to a password change as reuse', async () => {
      const user = await newVerifiedGuest('refresh-vs-change');
      const otherDevice = await loginUser(user.email, user.password);
      // Both at once: the refresh is refused or its session ended, and the new session survives it.
      const [changed] = await Promise.all([
        post('/user/user/change-password', { oldPassword: user.password, newPassword: 'raced-pass-1' }, user.token),
        refresh(otherDevice.body.data.refreshToken),
      ]);
      expect(changed.status).toBe(200);
      expect((await me(changed.body.data.token)).status).toBe(200);
      expect((await refresh(changed.body.data.refreshToken)).status).toBe(200);
    });

    it('refuses unknown and expired tokens, and names a missing one', async () => {
      expect(await refresh('not-a-token')).toEqual({ status: 401, body: LOGIN_EXPIRED });
      const login = await loginUser(GUEST.email, GUEST.password);
      api.clock.advanceMinutes(30 * 24 * 60);
      expect(await refresh(login.body.data.refreshToken)).toEqual({ status: 401, body: LOGIN_EXPIRED });

      const missing = await post('/user/authentication/refresh-token', {});
      expect(missing.body).toMatchObject({ status: 400, field: 'refreshToken' });
    });

    it('stores only a hash of the refresh token', async () => {
      const login = await loginUser(GUEST.email, GUEST.password);
      const raw = login.body.data.refreshToken as string;
      const found = await api.deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, raw));
      expect(found).toHaveLength(0);
      const hashed = await api.deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(raw)));
      expect(hashed).toHaveLength(1);
    });
  });

  describe('change password', () => {
    const change = (token: string, body: unknown) => post('/user/user/change-password', body, token);

    it('needs a login', async () => {
      const res = await change('', { oldPassword: 'x', newPassword: 'long-enough' });
      expect(res.body).toMatchObject({ status: 401, errorCode: 40100 });
    });

    it('refuses a short new password and a wrong current one, changing nothing', async () => {
      const user = await newVerifiedGuest('change-refused');
      const short = await change(user.token, { oldPassword: user.password, newPassword: 'abc123' });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ errorCode: 40000, field: 'newPassword' });
      expect(short.body.message).toContain('The password must be at least 7 characters');

      const wrong = await change(user.token, { oldPassword: 'not-it-at-all', newPassword: 'another-pass' });
      expect(wrong).toEqual({
        status: 400,
        body: { status: 400, errorCode: 40000, message: 'The current password is incorrect', field: 'oldPassword' },
      });
      expect((await loginUser(user.email, user.password)).status).toBe(200);
      expect((await post('/user/authentication/refresh-token', { refreshToken: user.refreshToken })).status).toBe(200);
    });

    it('changes it, keeps this device logged in and logs the others out', async () => {
      const user = await newVerifiedGuest('change-ok');
      const otherDevice = await loginUser(user.email, user.password);
      const res = await change(user.token, { oldPassword: user.password, newPassword: 'second-pass-2' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });

      expect((await me(res.body.data.token)).status).toBe(200);
      // Every other access token stops at once, this device's old one too; not 15 minutes later.
      expect(await me(otherDevice.body.data.token)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      expect(await me(user.token)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      const refreshOld = await post('/user/authentication/refresh-token', {
        refreshToken: otherDevice.body.data.refreshToken,
      });
      expect(refreshOld).toEqual({ status: 401, body: LOGIN_EXPIRED });
      const refreshNew = await post('/user/authentication/refresh-token', { refreshToken: res.body.data.refreshToken });
      expect(refreshNew.status).toBe(200);

      expect(await loginUser(user.email, user.password)).toEqual({ status: 401, body: WRONG_LOGIN });
      expect((await loginUser(user.email, 'second-pass-2')).status).toBe(200);
    });
  });

  describe('password reset', () => {
    const initiate = (email: string) => post('/user/user/initiate-password-reset', { email });
    const initiateAdmin = (email: string) => post('/admin/admin-user/initiate-password-reset', { email });
    const reset = (token: string, password: string) => post('/user/user/reset-password', { token, password });
    const SAME_ANSWER = { status: 200, body: { status: 200, message: RESET_SENT } };

    it('answers the same for known and unknown e-mails; only a known one gets a mail', async () => {
      const user = await newVerifiedGuest('reset-known');
      const unknown = uniqueEmail('reset-unknown');
      expect(await initiate(user.email)).toEqual(SAME_ANSWER);
      expect(await initiate(unknown)).toEqual(SAME_ANSWER);
      const mails = await takeMails(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain('http://localhost:3000/#/pages/reset-password?token=');
      expect(mails[0]!.body).not.toContain('area=admin');
      expect(await takeMails(unknown)).toHaveLength(0);
    });

    it('answers a known e-mail without waiting for its token and mail, as fast as an unknown one', async () => {
      const user = await newVerifiedGuest('reset-timing');
      // A token that takes a second to store: an answer that waited for it would show it.
      await api.deps.db.execute(
        sql.raw('CREATE FUNCTION test_slow_token() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(1); RETURN NEW; END $$'),
      );
      await api.deps.db.execute(
        sql.raw('CREATE TRIGGER test_slow_token BEFORE INSERT ON one_time_tokens FOR EACH ROW EXECUTE FUNCTION test_slow_token()'),
      );
      try {
        const started = performance.now();
        const res = await api.app.request(
          '/user/user/initiate-password-reset',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email }) },
          fromAddress(newClientAddress()),
        );
        expect(await res.json()).toEqual(SAME_ANSWER.body);
        expect(performance.now() - started).toBeLessThan(500);
        await workAfterAnswers(api.database.db);
        expect(await takeMails(user.email)).toHaveLength(1);
      } finally {
        await api.deps.db.execute(sql.raw('DROP TRIGGER test_slow_token ON one_time_tokens'));
        await api.deps.db.execute(sql.raw('DROP FUNCTION test_slow_token()'));
      }
    });

    it('keeps each area to its own accounts, and marks the admin link', async () => {
      expect(await initiate(ADMIN.email)).toEqual(SAME_ANSWER);
      expect(await takeMails(ADMIN.email)).toHaveLength(0);
      expect(await initiateAdmin(GUEST.email)).toEqual(SAME_ANSWER);
      expect(await takeMails(GUEST.email)).toHaveLength(0);

      expect(await initiateAdmin(ADMIN.email)).toEqual(SAME_ANSWER);
      const [mail] = await takeMails(ADMIN.email);
      expect(mail!.body).toMatch(/#\/pages\/reset-password\?token=[\w-]+&area=admin/);
    });

    it('resets once with the mailed token, stored only hashed, and logs every device out', async () => {
      const user = await newVerifiedGuest('reset-once');
      await initiate(user.email);
      const [mail] = await takeMails(user.email);
      const token = tokenIn(mail!.body, 'token');

      const rows = await api.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, token));
      expect(rows).toHaveLength(0);
      const hashed = await api.deps.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
      expect(hashed).toMatchObject([{ purpose: 'password-reset', usedAt: null }]);

      const otherDevice = await loginUser(user.email, user.password);
      expect((await me(otherDevice.body.data.token)).status).toBe(200);
      expect(await reset(token, 'reset-pass-1')).toEqual({
        status: 200,
        body: { status: 200, message: 'Your password has been reset. Please log in.' },
      });
      for (const session of [user, otherDevice.body.data]) {
        expect(await me(session.token)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      }
      expect((await loginUser(user.email, 'reset-pass-1')).status).toBe(200);
      expect(await loginUser(user.email, user.password)).toEqual({ status: 401, body: WRONG_LOGIN });
      expect(await post('/user/authentication/refresh-token', { refreshToken: user.refreshToken })).toEqual({
        status: 401,
        body: LOGIN_EXPIRED,
      });

      const again = await reset(token, 'reset-pass-2');
      expect(again).toEqual({
        status: 400,
        body: { status: 400, errorCode: 40000, message: 'This reset link is invalid or has expired.', field: 'token' },
      });
      expect((await loginUser(user.email, 'reset-pass-1')).status).toBe(200);
    });

    it('lets the link die after 30 minutes, changing nothing', async () => {
      const user = await newVerifiedGuest('reset-expiry');
      await initiate(user.email);
      const token = tokenIn((await takeMails(user.email))[0]!.body, 'token');
      api.clock.advanceMinutes(30);
      const res = await reset(token, 'too-late-pass');
      expect(res.body).toMatchObject({
        status: 400,
        field: 'token',
        message: 'This reset link is invalid or has expired.',
      });
      expect((await loginUser(user.email, user.password)).status).toBe(200);
    });

    it('checks the new password before spending the token', async () => {
      const user = await newVerifiedGuest('reset-short');
      await initiate(user.email);
      const token = tokenIn((await takeMails(user.email))[0]!.body, 'token');
      const short = await reset(token, 'short');
      expect(short.body).toMatchObject({ status: 400, field: 'password' });
      expect(short.body.message).toContain('The password must be at least 7 characters');
      expect((await reset(token, 'long-enough-1')).status).toBe(200);
    });

    it('rate-limits initiation per e-mail with 429 and Retry-After', async () => {
      const user = await newVerifiedGuest('reset-limit');
      for (let i = 0; i < 5; i++) expect((await initiate(user.email)).status).toBe(200);
      const res = await api.app.request('/user/user/initiate-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email }),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({
        status: 429,
        errorCode: 42900,
        message: 'Too many attempts. Please wait a few minutes and try again.',
      });
      expect(await takeMails(user.email)).toHaveLength(5);
      // Another server process on the same database counts the same requests.
      const second = createApp(api.deps);
      expect((await postFrom(newClientAddress(), '/user/user/initiate-password-reset', { email: user.email }, second)).status).toBe(429);
      // The same limit holds for an unknown e-mail, so a 429 tells nothing either.
      const unknown = uniqueEmail('reset-limit-unknown');
      for (let i = 0; i < 5; i++) await initiate(unknown);
      expect((await initiate(unknown)).status).toBe(429);
    });
  });

  describe('sign-up and e-mail verification', () => {
    const signUp = (body: Record<string, unknown>) => post('/user/user/sign-up', body);
    const ACCEPTED = { status: 202, body: { status: 202, message: SIGN_UP_SENT } };

    it('creates an unverified guest and mails a verification link that logs in once', async () => {
      const email = uniqueEmail('signup-new');
      const res = await signUp({
        firstName: ' Nora ',
        lastName: 'Ng',
        email: `  ${email.toUpperCase()} `,
        password: 'sign-up-pass',
        mobileCountryCode: '+852',
        mobileNumber: '98765432',
        locale: 'zh-Hant',
      });
      expect(res).toEqual(ACCEPTED);

      const [row] = await api.deps.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ role: 'guest', firstName: 'Nora', emailVerifiedAt: null, locale: 'zh-Hant' });
      expect(row!.customerId).toMatch(/^C\d{6}$/);
      // Stored one way (common/validation/phone-number.ts): the code with its '+', the number's digits; E.164 together.
      expect([row!.mobileCountryCode, row!.mobileNumber]).toEqual(['+852', '98765432']);

      const [mail] = await takeMails(email);
      expect(mail!.body).toContain('http://localhost:3000/#/pages/login?verifyToken=');
      const token = tokenIn(mail!.body, 'verifyToken');

      const verified = await post('/user/user/verify-email', { token });
      expect(verified.status).toBe(200);
      expect(verified.body.data.user).toMatchObject({ email, role: 'guest', memberId: row!.customerId });
      expect((await me(verified.body.data.token)).body.data._id).toBe(row!.id);

      // The second click says what happened, and what to do.
      const again = await post('/user/user/verify-email', { token });
      expect(again).toEqual({
        status: 400,
        body: {
          status: 400,
          errorCode: 40000,
          message: 'This link has already been used: your e-mail address is confirmed. Please log in.',
          field: 'token',
        },
      });
    });

    it('answers an existing e-mail the same and mails its owner a reset link instead', async () => {
      const res = await signUp({ firstName: 'Eve', lastName: 'Il', email: GUEST.email, password: 'attacker-pass' });
      expect(res).toEqual(ACCEPTED);
      const matching = await api.deps.db.select().from(users).where(eq(users.email, GUEST.email));
      expect(matching).toHaveLength(1);
      expect(matching[0]!.firstName).toBe('Grace');

      const [mail] = await takeMails(GUEST.email);
      expect(mail!.subject).toBe('You already have an account');
      expect(mail!.body).not.toContain('verifyToken');
      expect(mail!.body).toContain('#/pages/reset-password?token=');
      expect((await loginUser(GUEST.email, GUEST.password)).status).toBe(200);
      expect(await loginUser(GUEST.email, 'attacker-pass')).toEqual({ status: 401, body: WRONG_LOGIN });
    });

    it('refuses a verification link after 24 hours', async () => {
      const email = uniqueEmail('signup-late');
      await signUp({ firstName: 'Lee', lastName: 'Late', email, password: 'late-pass-1' });
      const token = tokenIn((await takeMails(email))[0]!.body, 'verifyToken');
      api.clock.advanceMinutes(24 * 60);
      expect((await post('/user/user/verify-email', { token })).body).toMatchObject({
        status: 400,
        field: 'token',
        message: 'This link has expired. Log in, and we will send you a new one.',
      });
      expect((await post('/user/user/verify-email', { token: 'made-up' })).body).toMatchObject({
        status: 400,
        message: 'This link is invalid or has expired.',
      });
    });

    it("validates the form with docs/PRODUCT.md's messages", async () => {
      const base = { firstName: 'A', lastName: 'B', email: uniqueEmail('signup-bad'), password: 'long-enough' };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...base, firstName: '  ' }, 'firstName', 'Please enter first name!'],
        [{ ...base, lastName: undefined }, 'lastName', 'Please enter last name!'],
        [{ ...base, email: '' }, 'email', 'Please enter your email address!'],
        [{ ...base, email: 'a@b.toolongtld' }, 'email', 'Please enter a valid email address!'],
        [{ ...base, password: '123456' }, 'password', 'The password must be at least 7 characters'],
        [{ ...base, mobileNumber: '12ab' }, 'mobileNumber', 'Please enter a valid mobile number'],
        [{ ...base, locale: 'xx' }, 'locale', 'locale'],
      ];
      for (const [body, field, message] of cases) {
        const res = await signUp(body);
        expect(res.status, field).toBe(400);
        expect(res.body.field).toBe(field);
        expect(res.body.message).toContain(message);
      }
      expect(await takeMails(base.email)).toHaveLength(0);
    });
  });

  describe('log-in throttling', () => {
    const FREE = LOGIN_BY_ACCOUNT_AND_CLIENT.free;
    const pairRow = (email: string, from: string) =>
      api.deps.db
        .select()
        .from(rateLimits)
        .where(and(eq(rateLimits.name, LOGIN_BY_ACCOUNT_AND_CLIENT.name), eq(rateLimits.key, `${email} ${from}`)));

    it('makes an address wait 1 s, 2 s, 4 s ... up to 15 minutes after its free failures on an account, even with the right password', async () => {
      const user = await newVerifiedGuest('backoff');
      const from = newClientAddress();
      for (let i = 0; i < FREE; i++) expect(await logInFrom(from, user.email, 'wrong-password')).toEqual({ status: 401, retryAfter: 0 });
      const waits: number[] = [];
      for (let i = 0; i < 14; i++) {
        const refused = await logInFrom(from, user.email, user.password);
        expect(refused.status).toBe(429);
        waits.push(refused.retryAfter);
        api.clock.advance(refused.retryAfter * 1000 - 1);
        expect((await logInFrom(from, user.email, 'wrong-password')).status).toBe(429);
        api.clock.advance(1);
        expect((await logInFrom(from, user.email, 'wrong-password')).status).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
      // The admin door counts the same attempts.
      expect((await postFrom(from, '/admin/authentication/login', { email: user.email, password: user.password })).status).toBe(429);

      // Once the wait is over the right password gets in, and the address starts again from its free failures.
      api.clock.advance(900_000);
      expect((await logInFrom(from, user.email, user.password)).status).toBe(200);
      for (let i = 0; i < FREE; i++) expect((await logInFrom(from, user.email, 'wrong-password')).status).toBe(401);
      expect(await logInFrom(from, user.email, user.password)).toEqual({ status: 429, retryAfter: 1 });
    });

    it("lets a stranger's failures slow new addresses but never lock the owner out", async () => {
      const owner = await newVerifiedGuest('owner');
      const home = newClientAddress();
      expect((await logInFrom(home, owner.email, owner.password)).status).toBe(200);

      // A guess spread over many addresses, each under its own limits, and kept up for hours.
      for (let i = 0; i < LOGIN_BY_ACCOUNT.free; i++) {
        expect((await logInFrom(newClientAddress(), owner.email, 'a-guess')).status).toBe(401);
      }
      const waits: number[] = [];
      for (let i = 0; i < 14; i++) {
        const refused = await logInFrom(newClientAddress(), owner.email, 'a-guess');
        expect(refused.status).toBe(429);
        waits.push(refused.retryAfter);
        api.clock.advance(refused.retryAfter * 1000);
        expect((await logInFrom(newClientAddress(), owner.email, 'a-guess')).status).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);

      // The owner at home is let straight in, a typo or two included, and that opens no door for strangers.
      expect((await logInFrom(home, owner.email, 'a-typo')).status).toBe(401);
      expect((await logInFrom(home, owner.email, owner.password)).status).toBe(200);
      expect((await logInFrom(newClientAddress(), owner.email, 'a-guess')).status).toBe(429);

      // On an address it never used, the owner waits as a stranger would: at most 15 minutes, then gets in.
      const hotel = newClientAddress();
      const slowed = await logInFrom(hotel, owner.email, owner.password);
      expect(slowed.status).toBe(429);
      expect(slowed.retryAfter).toBeLessThanOrEqual(15 * 60);
      api.clock.advance(slowed.retryAfter * 1000);
      expect((await logInFrom(hotel, owner.email, owner.password)).status).toBe(200);
      // From then on the hotel is one of the owner's addresses: the strangers' next wait does not apply to it.
      expect((await logInFrom(newClientAddress(), owner.email, 'a-guess')).status).toBe(401);
      expect((await logInFrom(newClientAddress(), owner.email, 'a-guess')).status).toBe(429);
      expect((await logInFrom(hotel, owner.email, owner.password)).status).toBe(200);

      // Or anywhere, once a reset link from the owner's mailbox was used there.
      const cafe = newClientAddress();
      expect((await logInFrom(cafe, owner.email, owner.password)).status).toBe(429);
      await postFrom(cafe, '/user/user/initiate-password-reset', { email: owner.email });
      const resetToken = tokenIn((await takeMails(owner.email)).at(-1)!.body, 'token');
      expect((await postFrom(cafe, '/user/user/reset-password', { token: resetToken, password: 'after-reset-1' })).status).toBe(200);
      expect((await logInFrom(cafe, owner.email, 'after-reset-1')).status).toBe(200);
    });

    it('slows an address that tries many accounts (credential stuffing), not others', async () => {
      const from = newClientAddress();
      for (let i = 0; i < LOGIN_BY_CLIENT.free; i++) {
        expect((await logInFrom(from, uniqueEmail('stuffing'), 'a-guess')).status).toBe(401);
      }
      expect(await logInFrom(from, MEMBER.email, MEMBER.password)).toEqual({ status: 429, retryAfter: 1 });
      expect((await logInFrom(newClientAddress(), MEMBER.email, MEMBER.password)).status).toBe(200);
    });

    it('counts a burst of parallel guesses one by one, across two server processes on one database', async () => {
      const email = uniqueEmail('burst');
      const from = newClientAddress();
      const second = createApp(api.deps);
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => logInFrom(from, email, 'a-guess', i % 2 ? second : api.app)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([...Array(FREE).fill(401), ...Array(16 - FREE).fill(429)]);
      expect((await pairRow(email, from)).map((r) => r.hits)).toEqual([FREE]);

      // Many accounts at once from one address: the address's count is kept as exactly.
      const stuffer = newClientAddress();
      const spray = await Promise.all(
        Array.from({ length: LOGIN_BY_CLIENT.free + 8 }, (_, i) =>
          logInFrom(stuffer, uniqueEmail('burst-spray'), 'a-guess', i % 2 ? second : api.app),
        ),
      );
      expect(spray.filter((r) => r.status === 401)).toHaveLength(LOGIN_BY_CLIENT.free);
      expect(spray.filter((r) => r.status === 429)).toHaveLength(8);
    });

    it('shares the counts between two server processes on one database', async () => {
      const user = await newVerifiedGuest('two-processes');
      const from = newClientAddress();
      const second = createApp(api.deps);
      for (let i = 0; i < FREE; i++) {
        expect((await logInFrom(from, user.email, 'a-guess', i % 2 ? second : api.app)).status).toBe(401);
      }
      expect((await logInFrom(from, user.email, user.password, api.app)).status).toBe(429);
      expect((await logInFrom(from, user.email, user.password, second)).status).toBe(429);
    });

    it('believes X-Forwarded-For only from a trusted proxy, and then its right-most address not a proxy', async () => {
      const viaLoopback = async (app: typeof api.app, forwardedFor: string, email: string) => {
        const res = await app.request(
          '/user/authentication/login',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
            body: JSON.stringify({ email, password: 'a-guess' }),
          },
          fromAddress('127.0.0.1'),
        );
        return res.status;
      };

      // Without TRUSTED_PROXIES anyone can write the header: the socket's address is counted.
      const first = uniqueEmail('xff-ignored');
      for (let i = 0; i < FREE; i++) expect(await viaLoopback(api.app, `203.0.113.${i + 1}`, first)).toBe(401);
      expect(await viaLoopback(api.app, '203.0.113.99', first)).toBe(429);

      // Behind a trusted proxy the client is the right-most address that is not a proxy of ours.
      const behindProxy = createApp({ ...api.deps, config: { ...api.deps.config, trustedProxies: parseTrustedProxies('loopback') } });
      const second = uniqueEmail('xff-trusted');
      for (let i = 0; i < FREE; i++) {
        // What the client wrote further left changes nothing, nor does a second proxy of ours on the way.
        const chain = [`spoofed-${i}, 198.51.100.7`, `198.51.100.7, 127.0.0.2`][i % 2]!;
        expect(await viaLoopback(behindProxy, chain, second)).toBe(401);
      }
      expect(await viaLoopback(behindProxy, '192.0.2.1, 198.51.100.7', second)).toBe(429);
      expect(await viaLoopback(behindProxy, '198.51.100.8', second)).toBe(401);
      // A caller that is not a proxy of ours is counted by its own address, whatever it forwards.
      const direct = await behindProxy.request(
        '/user/authentication/login',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
          body: JSON.stringify({ email: second, password: 'a-guess' }),
        },
        fromAddress('192.0.2.50'),
      );
      expect(direct.status).toBe(401);
      const keys = await api.deps.db.select({ key: rateLimits.key }).from(rateLimits).where(eq(rateLimits.name, LOGIN_BY_CLIENT.name));
      expect(keys.map((k) => k.key)).toEqual(expect.arrayContaining(['127.0.0.1', '198.51.100.7', '198.51.100.8', '192.0.2.50']));
      expect(keys.map((k) => k.key)).not.toEqual(expect.arrayContaining(['198.51.100.9']));
    });

    it('forgets failures a day after the last one and deletes the rows no longer needed', async () => {
      const email = uniqueEmail('forgotten');
      const from = newClientAddress();
      for (let i = 0; i < FREE; i++) expect((await logInFrom(from, email, 'a-guess')).status).toBe(401);
      expect(await pairRow(email, from)).toHaveLength(1);
      api.clock.advance(DAY_MS);
      // Any later attempt, from anyone, clears out what has expired.
      expect((await logInFrom(newClientAddress(), uniqueEmail('sweeper'), 'a-guess')).status).toBe(401);
      expect(await pairRow(email, from)).toHaveLength(0);
      for (let i = 0; i < FREE; i++) expect((await logInFrom(from, email, 'a-guess')).status).toBe(401);

      // An address an account logged in from is forgotten after 90 days without another log-in.
      const user = await newVerifiedGuest('known-client');
      const home = newClientAddress();
      expect((await logInFrom(home, user.email, user.password)).status).toBe(200);
      const knownRows = () =>
        api.deps.db.select().from(loginKnownClients).where(and(eq(loginKnownClients.account, user.email), eq(loginKnownClients.client, home)));
      expect(await knownRows()).toHaveLength(1);
      api.clock.advance(KNOWN_CLIENT_MS);
      expect((await logInFrom(newClientAddress(), GUEST.email, GUEST.password)).status).toBe(200);
      expect(await knownRows()).toHaveLength(0);
    });
  });
});
