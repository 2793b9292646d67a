/**
 * Starts the real server for the browser tests, one per Playwright worker: the SPA built into a folder of
 * this run, and for each worker the API run from source on a fresh PGlite data folder with the demo data, the test-mode card processor, the outbox
 * at /dev/outbox, mail sent over SMTP to a real SMTP server of the run's (E2E_MAIL_DIR keeps what arrived)
 * and the test clock at /dev/clock (TEST_CLOCK). In front of it a small TCP relay lets
 * each test be its own client address (see `clientProxy`), so per-address rate limits (sign-ups, SMS
 * codes, page views) count one test's requests only.
 *
 * Tests find their worker's through E2E_PORT and E2E_MAIL_DIR (lists set here, inherited by the workers;
 * see worker-server.ts). With E2E_PORT already set, an outside server (started with TEST_CLOCK=1 and the
 * relay) is used as it is, by every worker, and nothing starts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { E2E_CLOCK_START } from './constants';
import { freePort } from '../../scripts/free-port';
import { startSmtpCatcher } from '../../tests/support/server/smtp-catcher';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  removeFinishedRuns();
  if (process.env.E2E_PORT) return async () => {};
  const started = performance.now();

  // A folder of this run's own: two runs at once (or `npm run build`) never swap files under a server.
  mkdirSync(join(root, 'dist'), { recursive: true });
  const runDir = join(root, 'dist', `e2e-${process.pid}`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir);
  const webDir = join(runDir, 'web');
  if (process.env.E2E_WEB_DIR) {
    // A build made earlier (e.g. by the CI step before), to save the few seconds of building.
  } else {
    const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('e2e: building the app failed (vite build)');
  }

  // One server per worker, each with its own database, clock and mail: a worker's tests move only their
  // own server's clock, so workers run side by side (worker-server.ts picks a worker's own).
  const servers = await Promise.all(Array.from({ length: config.workers }, (_, index) => startServer(join(runDir, `server-${index}`), process.env.E2E_WEB_DIR ?? webDir)));
  process.env.E2E_PORT = servers.map((server) => server.relayPort).join(',');
  process.env.E2E_MAIL_DIR = servers.map((server) => server.mailDir).join(delimiter);
  const where = servers.map((server) => `server on :${server.serverPort}, relay on :${server.relayPort}`).join('; ');
  console.log(`e2e: ${where}; ready in ${Math.round(performance.now() - started)} ms`);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const socket of openSockets) socket.destroy();
    // The books of every database the browser tests wrote must balance (npm run check-ledger on each).
    const unbalanced = servers.map((server) => checkLedger(server.dataDir)).filter((report) => report !== null);
    rmSync(runDir, { recursive: true, force: true });
    if (unbalanced.length > 0) throw new Error(`e2e: the ledger check failed:\n${unbalanced.join('\n')}`);
    console.log(`e2e: the ledger check found every booking's money as due on ${servers.length} server database(s)`);
  };
}

/** `npm run check-ledger` on a stopped server's data folder: null when its books balance, else what it printed. */
function checkLedger(dataDir: string): string | null {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/check-ledger.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return run.status === 0 ? null : `${dataDir}: ${run.stderr || run.stdout}`;
}

interface RunningServer {
  serverPort: number;
  dataDir: string;
  relayPort: number;
  mailDir: string;
  stop(): Promise<void>;
}

/** The server from source on a fresh data folder in `dir`, its SMTP server, and the relay in front. */
async function startServer(dir: string, staticRoot: string): Promise<RunningServer> {
  // Mail leaves the server over SMTP, as in production: a real SMTP server keeps each mail as a file that the
  // tests read (server-api.ts mailedLink), so a journey follows the link in the mail that arrived.
  const mailDir = join(dir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const smtp = await startSmtpCatcher({ saveTo: mailDir });
  const serverPort = await freePort();
  const dataDir = join(dir, 'data');
  const proxy = await clientProxy(serverPort);
  const relayPort = (proxy.address() as AddressInfo).port;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(serverPort),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STATIC_ROOT: staticRoot,
    TEST_CLOCK: E2E_CLOCK_START,
    JWT_SECRET: 'e2e-jwt-secret-e2e-jwt-secret-e2e',
    PAYMENTS_WEBHOOK_SECRET: 'whsec_e2e-webhook-secret',
    // Log-ins and sign-ups hash at a test cost (server/lib/password.ts): the full one is for production.
    PASSWORD_HASH_COST: '10',
    // Mailed links point at the relay; the outbox helpers move them to the reading test's own address.
    PUBLIC_BASE_URL: `http://127.0.0.1:${relayPort}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: '"The Aldrich Club" <reservations@aldrich.test>',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  server.stdout!.on('data', keep);
  // The server's errors are worth seeing beside a failing test.
  server.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (!process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  });

  try {
    await waitForHealth(`http://127.0.0.1:${serverPort}/health`, server, 60_000);
  } catch (error) {
    server.kill('SIGKILL');
    proxy.close();
    await smtp.close();
    throw new Error(`e2e: the server did not start: ${(error as Error).message}\n${log.join('')}`);
  }
  return {
    serverPort,
    dataDir,
    relayPort,
    mailDir,
    stop: async () => {
      await stop(server);
      await new Promise<void>((done) => proxy.close(() => done()));
      await smtp.close();
    },
  };
}

/** Output folders (test-results/run-<pid>) and builds (dist/e2e-*) of runs whose process has ended. */
function removeFinishedRuns(): void {
  for (const [folder, pattern] of [['test-results', /^run-(\d+)$/], ['dist', /^e2e-(\d+)$/]] as const) {
    const parent = join(root, folder);
    if (!existsSync(parent)) continue;
    for (const entry of readdirSync(parent)) {
      const pid = pattern.exec(entry)?.[1];
      if (pid && Number(pid) !== process.pid && !alive(Number(pid))) rmSync(join(parent, entry), { recursive: true, force: true });
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const openSockets = new Set<Socket>();

/**
 * A relay on all loopback addresses: a connection the browser makes to 127.a.b.c reaches the server from
 * 127.a.b.c, so the server sees each test (which has its own 127.x address, see fixtures.ts) as its own
 * client. Connections from anywhere but loopback are refused.
 */
function clientProxy(serverPort: number): Promise<Server> {
  const server = createServer((client) => {
    const local = (client.localAddress ?? '').replace(/^::ffff:/, '');
    if (!local.startsWith('127.')) {
      client.destroy();
      return;
    }
    const upstream = connect({ host: '127.0.0.1', port: serverPort, localAddress: local });
    openSockets.add(client);
    openSockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      openSockets.delete(client);
      openSockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream).pipe(client);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '0.0.0.0', () => done(server));
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}
