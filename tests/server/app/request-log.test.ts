/**
 * The request log through the HTTP API, on PGlite and PostgreSQL: one JSON line per request (method, route
 * pattern, status, duration, request id, the caller once known), the request id taken from a trusted proxy
 * or made and echoed in X-Request-Id, carried into the request's error lines; never a body, a token, a
 * card number or a password.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../server/db/seed';
import { log } from '../../../server/observability/logger';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { createTestApi, fromAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { captureLog, type CapturedLog, type LogLine } from '../../support/server/log-capture';
import { paymentHelpers } from '../../support/server/payment-helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PROXY = '10.77.0.1';

for (const driver of testDrivers()) {
  describe(`the request log (${driver})`, () => {
    let api: TestApi;
    let captured: CapturedLog;
    beforeAll(async () => {
      api = await createTestApi({ driver, trustedProxies: '10.77.0.0/16' });
    });
    afterAll(() => api.close());
    beforeEach(() => {
      captured = captureLog();
    });
    afterEach(() => captured.restore());

    const requestLines = () => captured.lines.filter((line) => line.msg === 'request');
    /** A raw request, to read the answer's headers. */
    const send = (path: string, init: RequestInit = {}, from?: string) => api.app.request(path, init, from ? fromAddress(from) : undefined);

    it('writes one line per request: method, route pattern, status, duration, request id, echoed in X-Request-Id', async () => {
      const res = await send('/public/venue/by-domain/leclos.example?lang=en');
      const lines = requestLines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toEqual({
        level: 'info',
        time: expect.any(String),
        pid: process.pid,
        msg: 'request',
        method: 'GET',
        route: '/public/venue/by-domain/:domain',
        status: res.status,
        durationMs: expect.any(Number),
        requestId: expect.stringMatching(UUID),
      } satisfies LogLine);
      expect(res.headers.get('x-request-id')).toBe(lines[0]!.requestId);
      // The path's own values and the query stay out: the pattern stands for them.
      expect(captured.text()).not.toContain('leclos.example');
    });

    it('names an unknown path by no pattern of its own, so the log and the metrics stay bounded', async () => {
      const res = await send('/no/such/page/12345');
      expect(res.status).toBe(404);
      expect(requestLines()[0]).toMatchObject({ route: 'unmatched', status: 404 });
    });

    it('names the caller once the session is read', async () => {
      const helpers = paymentHelpers(api);
      const member = await helpers.newUser('member');
      await api.request('GET', '/user/user/me', { token: member.token() });
      expect(requestLines().at(-1)).toMatchObject({ route: '/user/user/me', userId: member.id, status: 200 });
    });

    it('takes X-Request-Id from a trusted proxy only, and only a plain one', async () => {
      const fromProxy = await send('/health', { headers: { 'x-request-id': 'proxy-abc.123:7' } }, PROXY);
      expect(fromProxy.headers.get('x-request-id')).toBe('proxy-abc.123:7');
      const fromAnyone = await send('/health', { headers: { 'x-request-id': 'forged-id' } }, '203.0.113.9');
      expect(fromAnyone.headers.get('x-request-id')).toMatch(UUID);
      const odd = await send('/health', { headers: { 'x-request-id': `with space ${'x'.repeat(200)}` } }, PROXY);
      expect(odd.headers.get('x-request-id')).toMatch(UUID);
      expect(requestLines().map((line) => line.requestId)).toEqual([
        'proxy-abc.123:7',
        fromAnyone.headers.get('x-request-id'),
        odd.headers.get('x-request-id'),
      ]);
    });

    it('carries the request id into the error lines the request writes', async () => {
      await api.deps.db.execute(sql.raw('ALTER TABLE contact_messages ADD CONSTRAINT test_log_refuse CHECK (false) NOT VALID'));
      try {
        const res = await send('/public/contact-form', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Grace Chan', email: 'grace@example.com', subject: 'Private dining', message: 'Hello.' }),
        });
        expect(res.status).toBe(500);
        const errors = captured.lines.filter((line) => line.level === 'error');
        expect(errors).toHaveLength(1);
        expect(errors[0]!.requestId).toBe(res.headers.get('x-request-id'));
        expect(requestLines().at(-1)).toMatchObject({ route: '/public/contact-form', status: 500, requestId: res.headers.get('x-request-id') });
      } finally {
        await api.deps.db.execute(sql.raw('ALTER TABLE contact_messages DROP CONSTRAINT test_log_refuse'));
      }
    });

    it('never writes a body, a token, a card number or a password', async () => {
      const { email, password } = DEMO_ACCOUNTS.member;
      const token = await api.login(email, password);
      await api.request('GET', `/user/user/me?token=${token}`, { token });
      const helpers = paymentHelpers(api);
      const guest = await helpers.newUser();
      const hold = await helpers.holdWhiskyFlight(guest);
      const { payment } = await helpers.payByCard(guest, hold.id, TEST_CARDS.visa);
      // A careless line with a secret in it is censored too.
      log().info({ password, body: { cardNumber: TEST_CARDS.visa }, user: { token } }, 'careless');

      const text = captured.text();
      expect(requestLines().length).toBeGreaterThanOrEqual(5);
      for (const secret of [password, token, token.split('.')[2]!, TEST_CARDS.visa, payment.clientSecret, email, guest.email]) {
        expect(text).not.toContain(secret);
      }
      expect(captured.lines.find((line) => line.msg === 'careless')).toMatchObject({ password: '[redacted]', body: '[redacted]', user: { token: '[redacted]' } });
    });
  });
}

describe('the request log of the app\'s files', () => {
  it('names them all `static`, and a file that is not there `unmatched`', async () => {
    const root = await mkdtemp(join(tmpdir(), 'request-log-static-'));
    await mkdir(join(root, 'assets'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>The Club</title>');
    await writeFile(join(root, 'assets/app-AbC123.js'), 'export {};');
    const api = await createTestApi({ staticRoot: root, seed: false });
    const captured = captureLog();
    try {
      expect((await api.app.request('/assets/app-AbC123.js')).status).toBe(200);
      expect((await api.app.request('/assets/gone-XyZ789.js')).status).toBe(404);
      expect(captured.lines.map(({ route, status }) => ({ route, status }))).toEqual([
        { route: 'static', status: 200 },
        { route: 'unmatched', status: 404 },
      ]);
    } finally {
      captured.restore();
      await api.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
