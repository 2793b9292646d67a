/**
 * The real start-up (server/main.ts in a process of its own, bundled as `npm start` runs it) and the
 * create-admin command: production
 * refuses the test-mode card processor unless allowed, seeds no account with a published password, and
 * gets its first admin from the settings or the command; a damaged data folder stops the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../server/db/seed';
import { snapshotFolder } from '../../support/server/folder-snapshot';
import { freePort } from '../../../scripts/free-port';
import { startSmtpCatcher } from '../../support/server/smtp-catcher';
import { buildServerBundle, type BundledCommand, type ServerBundle } from '../../support/server/server-bundle';

let root: string;
let bundle: ServerBundle;
/** Every process a test started, stopped at the end even when the test failed half-way. */
const children = new Set<ChildProcess>();
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'club-start-'));
  bundle = await buildServerBundle('startup-test');
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
  bundle?.remove();
});

function spawnCommand(command: BundledCommand, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Short-lived, as vitest's own workers (vite.config.ts): no optimizing of PGlite's WebAssembly.
  const child = spawn(process.execPath, ['--liftoff-only', bundle.entry(command), ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** The server's settings for a test: nothing inherited that would change what starts. */
function settings(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', STATIC_ROOT: join(root, 'no-web'), NODE_ENV: 'production' };
  for (const name of ['TEST_CLOCK', 'PAYMENTS_TEST_MODE', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'JWT_SECRET', 'PAYMENTS_WEBHOOK_SECRET', 'SMTP_URL', 'MAIL_FROM', 'SMS_PROVIDER', 'SMS_HTTP_URL', 'PASSWORD_HASH_COST', 'PAYMENTS_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'STRIPE_LIVE_MODE']) delete env[name];
  return { ...env, ...overrides };
}

interface Run {
  code: number | null;
  output: string;
}

/** Runs a command to its end, with `stdin` as its input. */
function run(command: BundledCommand, args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<Run> {
  const child = spawnCommand(command, args, env);
  const output = collect(child);
  child.stdin!.end(stdin);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output: output.join('') })));
}

function collect(child: ChildProcess): string[] {
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return output;
}

interface RunningServer {
  url: string;
  output: string[];
  stop(): Promise<void>;
}

/** Starts the server and waits for /health; fails with its output when it exits instead. */
async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const port = await freePort();
  const child = spawnCommand('main', [], { ...env, PORT: String(port) });
  const output = collect(child);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output.join('')}`);
    const up = await fetch(`${url}/health`).then((res) => res.ok, () => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function login(server: RunningServer, area: 'user' | 'admin', email: string, password: string): Promise<number> {
  const res = await fetch(`${server.url}/${area}/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('the bundle', () => {
  // docs/decisions/0043-lighter-start.md: what an idle server holds.
  it('is ASCII only, and loads PGlite only on the database thread', () => {
    const main = readFileSync(bundle.entry('main'), 'utf8');
    expect(main.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
    // Imported at its start: PGlite's code would be held by every server, one on PostgreSQL too.
    expect(main.match(/^import .*@electric-sql\/pglite.*$/gm) ?? []).toEqual([]);
    expect(readFileSync(join(bundle.entry('main'), '../db/pglite-worker.js'), 'utf8')).toMatch(/^import .*"@electric-sql\/pglite"/m);
  });
});

describe('starting in production', () => {
  it('refuses to start without a real card processor or PAYMENTS_TEST_MODE, before touching the database', async () => {
    const dataDir = join(root, 'refused');
    const result = await run('main', [], settings({ DATA_DIR: dataDir }));
    expect(result.code).toBe(1);
    expect(result.output).toContain('The server did not start.');
    expect(result.output).toContain('no card processor is configured');
    expect(result.output).toContain('PAYMENTS_TEST_MODE=1');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('starts production on Stripe with the three keys, without PAYMENTS_TEST_MODE; with live keys and STRIPE_LIVE_MODE=1, without a payments warning', async () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_live_startup', STRIPE_PUBLISHABLE_KEY: 'pk_live_startup', STRIPE_WEBHOOK_SECRET: 'whsec_startup' };
    const live = await startServer(settings({ DATA_DIR: join(root, 'stripe-live'), ...keys, STRIPE_LIVE_MODE: '1' }));
    try {
      expect(live.output.join('')).toContain('payments on Stripe');
      const health = await (await fetch(`${live.url}/health`)).json();
      expect(health.data).toMatchObject({ ok: true, payments: 'stripe' });
      expect(health.data.warnings.join(' ')).not.toMatch(/test mode|test keys/i);
    } finally {
      await live.stop();
    }
    const trial = await startServer(settings({ DATA_DIR: join(root, 'stripe-test-keys'), STRIPE_SECRET_KEY: 'sk_test_startup', STRIPE_PUBLISHABLE_KEY: 'pk_test_startup', STRIPE_WEBHOOK_SECRET: 'whsec_startup' }));
    try {
      expect(trial.output.join('')).toMatch(/WARNING[\s\S]*Stripe's TEST keys/);
      expect((await (await fetch(`${trial.url}/health`)).json()).data.warnings[0]).toBe("Card payments run on Stripe's test keys: no card is charged.");
    } finally {
      await trial.stop();
    }
  }, 120_000);

  it('refuses to start on Stripe with a key missing, or with test keys while STRIPE_LIVE_MODE=1 says live, before touching the database', async () => {
    const dataDir = join(root, 'stripe-refused');
    const missing = await run('main', [], settings({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_live_startup', STRIPE_PUBLISHABLE_KEY: 'pk_live_startup', STRIPE_LIVE_MODE: '1' }));
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('The server did not start.');
    expect(missing.output).toContain('STRIPE_WEBHOOK_SECRET is not set');
    const testKeys = await run('main', [], settings({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_startup', STRIPE_PUBLISHABLE_KEY: 'pk_test_startup', STRIPE_WEBHOOK_SECRET: 'whsec_startup', STRIPE_LIVE_MODE: '1' }));
    expect(testKeys.code).toBe(1);
    expect(testKeys.output).toContain('the Stripe keys are test keys');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('refuses a password hash cost below full (PASSWORD_HASH_COST is for tests), before touching the database', async () => {
    const dataDir = join(root, 'cheap-hashes');
    const result = await run('main', [], settings({ DATA_DIR: dataDir, PAYMENTS_TEST_MODE: '1', PASSWORD_HASH_COST: '10' }));
    expect(result.code).toBe(1);
    expect(result.output).toContain('PASSWORD_HASH_COST=10 is below the 15 production needs');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('with PAYMENTS_TEST_MODE=1 starts and warns; seeds no demo account; makes the first admin of ADMIN_EMAIL and create-admin', async () => {
    const dataDir = join(root, 'production');
    const adminPassword = 'first-admin-password-1';
    const env = settings({ DATA_DIR: dataDir, PAYMENTS_TEST_MODE: '1' });

    const first = await startServer({ ...env, ADMIN_EMAIL: 'owner@club.hk', ADMIN_PASSWORD: adminPassword });
    try {
      expect(first.output.join('')).toMatch(/WARNING[\s\S]*Card payments run in TEST MODE/);
      const health = await (await fetch(`${first.url}/health`)).json();
      expect(health.data).toMatchObject({ ok: true, payments: 'test-mode' });
      expect(health.data.warnings).toEqual([
        expect.stringContaining('test mode'),
        'E-mail is not sent: SMTP_URL is not set, so mails stay in the outbox.',
        'Text messages are not sent: no SMS provider is set (SMS_PROVIDER), so they stay in the outbox.',
      ]);
      expect(first.output.join('')).toContain('E-mail is NOT sent (SMTP_URL is not set)');
      for (const account of Object.values(DEMO_ACCOUNTS)) {
        expect(await login(first, account.role === 'admin' ? 'admin' : 'user', account.email, account.password), account.email).toBe(401);
      }
      expect(await login(first, 'admin', 'owner@club.hk', adminPassword)).toBe(200);
      // The venues and their content are there.
      expect((await fetch(`${first.url}/public/venue/by-domain/leclos`)).status).toBe(200);

      // While the server has the data folder, the command waits its turn.
      const busy = await run('create-admin', ['--email', 'manager@club.hk'], env, 'manager-password-1\n');
      expect(busy.code).toBe(1);
      expect(busy.output).toContain('is in use by the server');
    } finally {
      await first.stop();
    }
    expect(first.output.join('')).not.toContain(adminPassword);

    const created = await run('create-admin', ['--email', 'manager@club.hk'], env, 'manager-password-1\n');
    expect(created).toMatchObject({ code: 0, output: expect.stringContaining('Admin manager@club.hk created') });
    const again = await run('create-admin', ['--email', 'Manager@club.hk'], env, 'another-password-2\n');
    expect(again.code).toBe(1);
    expect(again.output).toContain('manager@club.hk has an account already (admin): nothing was changed, and its password was not reset.');
    const short = await run('create-admin', ['--email', 'deputy@club.hk'], env, 'short-1\n');
    expect(short.code).toBe(1);
    expect(short.output).toContain('The password is too short');

    const second = await startServer(env);
    try {
      expect(await login(second, 'admin', 'manager@club.hk', 'manager-password-1')).toBe(200);
      expect(await login(second, 'admin', 'manager@club.hk', 'another-password-2')).toBe(401);
      expect(await login(second, 'admin', 'deputy@club.hk', 'short-1')).toBe(401);
      expect(await login(second, 'admin', 'owner@club.hk', adminPassword)).toBe(200);
    } finally {
      await second.stop();
    }
  }, 240_000);

  it('warns when a database first started outside production still has the demo accounts and their published passwords', async () => {
    const dataDir = join(root, 'from-development');
    const development = await startServer(settings({ DATA_DIR: dataDir, NODE_ENV: 'development' }));
    await development.stop();

    const production = await startServer(settings({ DATA_DIR: dataDir, PAYMENTS_TEST_MODE: '1' }));
    await production.stop();
    const output = production.output.join('');
    expect(output).toContain('These demo accounts still have the password README.md publishes');
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(output).toContain(account.email);
  }, 120_000);
});

describe('delivering the outbox', () => {
  it('refuses to start production on the logging SMS provider, which sends nothing, before touching the database', async () => {
    const dataDir = join(root, 'sms-log');
    const result = await run('main', [], settings({ DATA_DIR: dataDir, PAYMENTS_TEST_MODE: '1', SMS_PROVIDER: 'log' }));
    expect(result.code).toBe(1);
    expect(result.output).toContain('SMS_PROVIDER=log sends no text message: production does not run it.');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('with SMTP_URL mails a password-reset link through the SMTP server, from MAIL_FROM', async () => {
    const smtp = await startSmtpCatcher();
    const server = await startServer(
      settings({ DATA_DIR: join(root, 'smtp'), NODE_ENV: 'development', SMTP_URL: smtp.url, MAIL_FROM: 'Club <club@mail.test>' }),
    );
    try {
      expect(server.output.join('')).toContain(`E-mail is sent through SMTP ${smtp.url} as Club <club@mail.test>.`);
      const res = await fetch(`${server.url}/user/user/initiate-password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_ACCOUNTS.guest.email }),
      });
      expect(res.status).toBe(200);
      // The sender runs every 5 s in real time here: a process of its own has no test clock to move.
      for (const deadline = Date.now() + 20_000; smtp.mails.length === 0 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(smtp.mails).toHaveLength(1);
      const { parsed } = smtp.mails[0]!;
      expect(parsed.from?.value).toEqual([{ name: 'Club', address: 'club@mail.test' }]);
      expect(parsed.subject).toBe('Reset your password');
      expect(parsed.html).toMatch(/<a href="http:\/\/localhost:\d+\/#\/pages\/reset-password\?token=[^"]+"/);
    } finally {
      await server.stop();
      await smtp.close();
    }
  }, 120_000);
});

describe('starting on a damaged data folder', () => {
  it('refuses with what is wrong and what to do, exits 1, and changes no file', async () => {
    const dataDir = join(root, 'damaged');
    mkdirSync(join(dataDir, 'base/5'), { recursive: true });
    writeFileSync(join(dataDir, 'base/5/16384'), 'rows of reservations');
    writeFileSync(join(dataDir, 'global.txt'), 'what is left of a database');
    const before = snapshotFolder(dataDir);
    const result = await run('main', [], settings({ DATA_DIR: dataDir, NODE_ENV: 'development' }));
    expect(result.code).toBe(1);
    expect(result.output).toContain('is not a complete database: PG_VERSION, global/pg_control');
    expect(result.output).toContain('npm run restore');
    expect(snapshotFolder(dataDir)).toEqual(before);
  }, 60_000);
});
