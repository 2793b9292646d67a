/**
 * A test API: the real app on a fresh database (in-memory PGlite, or a throw-away database on the
 * PostgreSQL at TEST_DATABASE_URL), demo data seeded, and a clock the test moves by hand.
 */
import { createApp } from '../../../server/app';
import { openDatabase, type Database } from '../../../server/db/client';
import { openThrowawayDatabase } from '../../../server/db/throwaway-database';
import { seedDemoData } from '../../../server/db/seed';
import { workAfterAnswers } from '../../../server/lib/after-answer';
import { parseTrustedProxies } from '../../../server/lib/client-address';
import type { Clock } from '../../../server/lib/clock';
import { signAccessToken } from '../../../server/lib/jwt';
import { createTestProcessor, type TestProcessor } from '../../../server/services/payments/processor/test-processor';
import type { AppDeps, AuthUser } from '../../../server/context';
import { describeLedgerProblems, ledgerProblems } from '../../../server/services/payments/ledger-check';

export type Driver = 'pglite' | 'postgres';

/** The drivers to run server tests on: PGlite always, PostgreSQL when one is reachable. */
export function testDrivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export class FakeClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}

/** A fixed "now" for tests: Monday 2026-11-23 10:00 in Hong Kong. */
export const TEST_NOW = new Date('2026-11-23T02:00:00Z');

export interface RequestOptions {
  body?: unknown;
  /** The bearer token, or the promise of one (`tokenFor`'s answer as it is). */
  token?: string | Promise<string>;
  headers?: Record<string, string>;
  /** The caller's address, as the socket would give it (none by default: the server sees 'local'). */
  from?: string;
}

/** The bindings @hono/node-server gives a request that came from `address`, for `app.request(path, init, env)`. */
export const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

let addressesGiven = 0;
/** A client address no other caller in this process has had (10.0.0.1, 10.0.0.2 ...): rate limits of its own. */
export function newClientAddress(): string {
  const n = ++addressesGiven;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The webhook secret of test apps. */
export const TEST_WEBHOOK_SECRET = 'whsec_test-webhook-secret';

export interface TestApi {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** The built-in test-mode processor the app pays through; its webhooks go to this app. */
  processor: TestProcessor;
  database: Database;
  clock: FakeClock;
  /**
   * Sends a request and returns the status and the parsed JSON body, once the work the server does after
   * its answers (a reset mail) is done too, its own and that of calls made before it.
   */
  request(method: string, path: string, options?: RequestOptions): Promise<{ status: number; body: any }>;
  /** Logs a demo user in and returns its access token. */
  login(email: string, password: string): Promise<string>;
  /** An access token for a user, signed at the clock's current time (tokens last 15 minutes). */
  tokenFor(user: AuthUser): Promise<string>;
  close(): Promise<void>;
}

// A throw-away PostgreSQL database is dropped again when closed; a pool big enough for the race tests.
const openTestDatabase = (driver: Driver): Promise<Database> =>
  driver === 'pglite' ? openDatabase({}) : openThrowawayDatabase(process.env.TEST_DATABASE_URL!, { prefix: 'test', poolSize: 60 });

export async function createTestApi(
  options: {
    driver?: Driver;
    now?: Date;
    seed?: boolean;
    /** A database of the test's own, closed with the API. */
    database?: Database;
    /** A built app to serve beside the API. */
    staticRoot?: string;
    trustedProxies?: string;
    /** false: the test leaves its books unbalanced on purpose (the ledger check's own tests). */
    checkLedger?: boolean;
  } = {},
): Promise<TestApi> {
  const database = options.database ?? (await openTestDatabase(options.driver ?? 'pglite'));
  const clock = new FakeClock(options.now ?? TEST_NOW);
  if (options.seed !== false) await seedDemoData(database.db, { now: clock.now() });
  // Webhooks go straight to the app in-process; tests deliver them with `deliverPendingWebhooks(deps)`.
  let app: ReturnType<typeof createApp> | undefined;
  const processor = createTestProcessor({
    db: database.db,
    clock,
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookEndpoint: (req) => app!.fetch(req),
  });
  const deps: AppDeps = {
    db: database.db,
    clock,
    config: {
      production: false,
      jwtSecret: 'test-secret-test-secret-test-secret',
      publicBaseUrl: 'http://localhost:3000',
      webhookSecret: TEST_WEBHOOK_SECRET,
      trustedProxies: parseTrustedProxies(options.trustedProxies),
    },
    payments: processor,
  };
  app = createApp(deps, { staticRoot: options.staticRoot });

  const request: TestApi['request'] = async (method, path, { body, token: tokenGiven, headers = {}, from } = {}) => {
    const token = await tokenGiven;
    // What earlier answers left to do (a mail a page's request queued) is done before this call reads it.
    await workAfterAnswers(database.db);
    const res = await app.request(
      path,
      {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      },
      from === undefined ? undefined : fromAddress(from),
    );
    const text = await res.text();
    await workAfterAnswers(database.db);
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a PDF, say): hand back the text.
    }
    return { status: res.status, body: parsed };
  };

  return {
    app,
    deps,
    processor,
    database,
    clock,
    request,
    async login(email, password) {
      const res = await request('POST', '/user/authentication/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    tokenFor: (user) => signAccessToken({ id: user.id, role: user.role }, deps.config.jwtSecret, clock.now()),
    async close() {
      // Every database a test wrote is held to the ledger before it goes: no booking keeps other money than is due.
      const problems = options.checkLedger === false ? [] : await ledgerProblems(database.db).catch(() => []);
      await database.close();
      if (problems.length > 0) throw new Error(`The ledger check found money that is not what is due:\n${describeLedgerProblems(problems)}`);
    },
  };
}
