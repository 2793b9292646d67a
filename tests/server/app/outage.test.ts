/**
 * A database outage answers 503 with the API's error envelope, in the caller's language, on /health and
 * on every call, and the app recovers when the database is back.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { createThrowawayDatabase } from '../../../server/db/throwaway-database';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../../server/db/unavailable';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { createTestApi, type TestApi } from '../../support/server/harness';
import { startRelay, type TcpRelay } from './tcp-relay';

const UNAVAILABLE = {
  status: 503,
  errorCode: ERROR_CODES.SERVICE_UNAVAILABLE,
  message: 'The service is temporarily unavailable. Please try again in a moment.',
};

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('telling a database outage from other failures', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an administrator shutting the server down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a crash shutdown (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (class 08)', withCode('connection failure', '08006')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a connection that timed out', new Error('Connection terminated due to connection timeout')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['a failed ping', new DatabaseUnavailableError('no answer')],
    ['a Drizzle query failing on a refused connection', new DrizzleQueryError('select 1', [], withCode('connect ECONNREFUSED', 'ECONNREFUSED'))],
  ])('%s is an outage', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a Drizzle query failing on a constraint', new DrizzleQueryError('insert', [], withCode('violates check constraint', '23514'))],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('PGlite closed under the app', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
    await api.database.close();
  });

  it('answers 503 on /health and on a data call, in the caller\'s language', async () => {
    expect(await api.request('GET', '/health')).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await api.request('GET', '/public/venue/by-domain/leclos')).toEqual({ status: 503, body: UNAVAILABLE });
    const inJapanese = await api.request('GET', '/public/venue/by-domain/leclos', { headers: { 'accept-language': 'ja' } });
    expect(inJapanese.status).toBe(503);
    expect(inJapanese.body.errorCode).toBe(ERROR_CODES.SERVICE_UNAVAILABLE);
    expect(inJapanese.body.message).not.toBe(UNAVAILABLE.message);
    expect(inJapanese.body.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL going away and coming back', () => {
  let api: TestApi;
  let relay: TcpRelay;
  let drop: () => Promise<void>;
  let databaseName: string;

  beforeAll(async () => {
    const created = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'outage');
    drop = created.drop;
    const direct = new URL(created.url);
    databaseName = direct.pathname.slice(1);
    relay = await startRelay(direct.hostname, Number(direct.port));
    const viaRelay = new URL(created.url);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    const database = await openDatabase({ url: viaRelay.toString(), connectionTimeoutMs: 1_000 });
    api = await createTestApi({ database });
  });

  afterAll(async () => {
    await relay?.up();
    await api?.close();
    await relay?.close();
    await drop?.();
  });

  /** Ends every session on the test's database from the server's side (SQLSTATE 57P01 to each client). */
  async function terminateSessions(): Promise<void> {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [databaseName]);
    } finally {
      await admin.end();
    }
  }

  const health = () => api.request('GET', '/health');
  // Reads the database on every call (venues are cached for a minute).
  const me = async () => api.request('GET', '/user/user/me', { token: await token });
  const login = () => api.request('POST', '/user/authentication/login', { body: { email: 'guest@example.com', password: 'guest-pass-1' } });
  let token: Promise<string>;
  beforeAll(() => {
    token = api.login('guest@example.com', 'guest-pass-1');
  });

  it('answers 503 while its sessions are ended and new ones refused, and recovers when it is back', async () => {
    expect((await health()).body.data).toMatchObject({ ok: true, database: 'up' });
    expect((await me()).status).toBe(200);

    await terminateSessions();
    await relay.down();
    expect(await health()).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await me()).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await login()).toEqual({ status: 503, body: UNAVAILABLE });

    await relay.up();
    expect((await health()).status).toBe(200);
    expect((await me()).status).toBe(200);
    expect((await login()).status).toBe(200);
  });

  it('answers 503 within the connection time-out when the server does not answer at all', async () => {
    await terminateSessions();
    await relay.hang();
    const started = performance.now();
    expect(await health()).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await me()).toEqual({ status: 503, body: UNAVAILABLE });
    expect(performance.now() - started).toBeLessThan(10_000);

    await relay.up();
    expect((await me()).status).toBe(200);
  });
});
