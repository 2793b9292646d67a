/**
 * A rolling restart loses no request: two real server processes (the bundle `npm start` runs) on one
 * PostgreSQL, behind a small round-robin proxy, each stopped with SIGTERM and started again in turn while
 * requests flow. The proxy opens a connection per request and tries the other process as nginx's
 * `proxy_next_upstream error` does: when no connection could be made (refused, or reset while connecting),
 * and, for an idempotent request, when the connection failed before any answer began (a connection the
 * kernel had queued on a listener that then closed is reset after the request went out: nothing of it
 * ran). So a request is lost only if a stopping process dropped one it had begun to answer. Each process drains and exits 0. On PostgreSQL only: the embedded database
 * takes one process (its data folder's lock).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../../../server/db/throwaway-database';
import { DEMO_ACCOUNTS } from '../../../server/db/seed';
import { freePort } from '../../../scripts/free-port';
import { buildServerBundle, type ServerBundle } from '../../support/server/server-bundle';

const adminUrl = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'rolling-restart-metrics-token';

interface ServerProcess {
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

interface Answer {
  status: number;
  /** Which process answered (its port). */
  port: number;
  /** What a failed call said. */
  text?: string;
}

/** Round-robin over `backends`, a new connection per request; one that cannot connect goes to the next. */
function roundRobinProxy(backends: () => number[]): Promise<Server> {
  let turn = 0;
  const forward = (port: number, incoming: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const out = httpRequest({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent: false }, (res) => {
        answering = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: { 'content-type': String(res.headers['content-type'] ?? ''), 'x-backend': String(port) }, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      let answering = false;
      out.on('error', (error: NodeJS.ErrnoException & { beforeAnswer?: boolean }) => reject(Object.assign(error, { beforeAnswer: !answering })));
      out.end(body);
    });
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks);
      for (let attempt = 0; attempt < 20; attempt++) {
        const list = backends();
        const port = list[turn++ % list.length]!;
        try {
          const answer = await forward(port, incoming, body);
          outgoing.writeHead(answer.status, answer.headers).end(answer.body);
          return;
        } catch (error) {
          // No connection was made (refused, or reset while connecting), so nothing of this request was sent;
          // or an idempotent request's connection failed before any answer began. Anything else is a loss.
          const failed = error as NodeJS.ErrnoException & { beforeAnswer?: boolean };
          const idempotent = incoming.method === 'GET' || incoming.method === 'HEAD';
          if (failed.syscall === 'connect' || (idempotent && failed.beforeAnswer)) continue;
          outgoing.writeHead(599).end(`${(error as NodeJS.ErrnoException).code ?? ''} ${(error as Error).message}`);
          return;
        }
      }
      outgoing.writeHead(598).end('no backend');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!adminUrl)('a rolling restart of two server processes on one PostgreSQL', () => {
  let bundle: ServerBundle;
  let database: { url: string; drop(): Promise<void> };
  let root: string;
  const running = new Set<ChildProcess>();

  beforeAll(async () => {
    bundle = await buildServerBundle('rolling-restart-test');
    database = await createThrowawayDatabase(adminUrl!, 'rolling');
    root = mkdtempSync(join(tmpdir(), 'club-rolling-'));
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    bundle?.remove();
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  async function start(): Promise<ServerProcess> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: database.url,
      STATIC_ROOT: join(root, 'no-web'),
      JWT_SECRET: 'rolling-restart-jwt-secret-0123456789',
      PAYMENTS_WEBHOOK_SECRET: 'whsec_rolling-restart',
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '10000',
    };
    for (const name of ['TEST_CLOCK', 'SMTP_URL', 'SMS_PROVIDER', 'METRICS_PORT']) delete env[name];
    env.METRICS_TOKEN = METRICS_TOKEN;
    // Short-lived, as vitest's own workers (vite.config.ts): no optimizing of PGlite's WebAssembly.
    const child = spawn(process.execPath, ['--liftoff-only', bundle.entry('main')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }));
    for (const deadline = Date.now() + 60_000; ; ) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output.join('')}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output.join('')}`);
      if (await fetch(`http://127.0.0.1:${port}/health`).then((res) => res.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { port, child, output, exited };
  }

  it('answers every request while each process is stopped with SIGTERM and started again in turn', async () => {
    // One first, so the second finds the database migrated and seeded.
    const first = await start();
    const second = await start();
    const backends = [first.port, second.port];
    const proxy = await roundRobinProxy(() => backends);
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

    const answers: Answer[] = [];
    let flowing = true;
    const { email, password } = DEMO_ACCOUNTS.guest;
    const login = await fetch(`${proxyUrl}/user/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    // A venue's page and the guest's own account (the session read from the database), one after the other.
    const client = async (n: number) => {
      for (let i = 0; flowing; i++) {
        const res = await fetch(
          (n + i) % 2 === 0 ? `${proxyUrl}/user/user/me` : `${proxyUrl}/public/venue/by-domain/leclos`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        const text = await res.text();
        answers.push({ status: res.status, port: Number(res.headers.get('x-backend')), ...(res.status === 200 ? {} : { text }) });
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const stopped: { code: number | null; output: string }[] = [];
    const replacements: ServerProcess[] = [];
    try {
      // Each in turn: SIGTERM while requests flow; it drains and exits; a new one takes its place.
      for (const [index, old] of [first, second].entries()) {
        await pause(700);
        const before = answers.length;
        old.child.kill('SIGTERM');
        stopped.push({ code: await old.exited, output: old.output.join('') });
        expect(answers.length, 'requests flowed while it stopped').toBeGreaterThan(before);
        const replacement = await start();
        backends[index] = replacement.port;
        replacements.push(replacement);
      }
      await pause(700);
    } finally {
      flowing = false;
      await Promise.all(clients);
      proxy.close();
    }

    const lost = answers.filter((answer) => answer.status !== 200);
    expect(lost, JSON.stringify(lost.slice(0, 5))).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);
    for (const { code, output } of stopped) {
      expect(code, output).toBe(0);
      expect(output).toContain('"msg":"shut down"');
    }
    // Every process took its share: the two first and their two replacements.
    const answeredBy = new Set(answers.map((answer) => answer.port));
    expect(answeredBy.size).toBe(4);
    // The first replacement (it ran through the second restart) counts what it answered, and reads the pool it shares the database through.
    const metrics = await fetch(`http://127.0.0.1:${replacements[0]!.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await metrics.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/user\/user\/me",status="200"\} [1-9]/m);
    expect(text).toMatch(/^club_db_pool_connections\{state="total"\} [1-9]/m);
    for (const child of running) child.kill('SIGTERM');
  }, 180_000);
});
