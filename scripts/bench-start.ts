/**
 * `npm run bench:start`: how fast the server starts and how much memory it holds idle, on the embedded
 * database (PGlite) and on PostgreSQL (a throw-away cluster from scripts/postgres-for-tests.ts, or
 * BENCH_DATABASE_URL's server). The server bundle (dist/server, rebuilt here) runs as `npm start` runs it;
 * each start is timed from the spawn to the first 200 of /health, first on an empty database (made,
 * migrated and seeded) and then again on the same one (the restart every later `npm start` is). Idle
 * memory is read at each of BENCH_IDLE_SECONDS (default 5 and 30) after that restart: the process's RSS
 * from /proc, split into its own memory and the files it maps (the node binary's code and ICU data, shared
 * with every Node process), and the main thread's heap and external memory from prom-client's metrics
 * (METRICS_PORT). By 30 s V8's memory reducer has given back what the start grew the heap to. Last, where an
 * embedded database's memory goes: PGlite's settings, and the RSS a database thread adds to a process.
 * Targets: PGlite idle RSS < 250 MB and start < 2.5 s; PostgreSQL < 100 MB and < 1 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundleServer } from './build-server';
import { freePort } from './free-port';
import { startTestPostgres } from './postgres-for-tests';
import { createThrowawayDatabase } from '../server/db/throwaway-database';

const root = fileURLToPath(new URL('..', import.meta.url));
const IDLE_SECONDS = (process.env.BENCH_IDLE_SECONDS ?? '5,30').split(',').map(Number);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

interface Started {
  child: ChildProcess;
  ms: number;
  /** When /health first answered (performance.now()). */
  startedAt: number;
  port: number;
  metricsPort: number;
}

/** Spawns the bundled server with `env` and resolves once /health answers 200. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const from = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), METRICS_PORT: String(metricsPort), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited with ${code} before /health answered`))));
  const healthy = (async () => {
    // A script polls here, which a test never would: the start is what is timed, to ~10 ms.
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status, () => 0);
      if (status === 200) return performance.now() - from;
      await sleep(10);
    }
  })();
  const ms = await Promise.race([healthy, exited]);
  return { child, ms, startedAt: from + ms, port, metricsPort };
}

async function stopServer({ child }: Started): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One metric's value from prom-client's text answer. */
function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : NaN;
}

/** Idle memory of a running server at `seconds` after its start: RSS (its own and mapped files, and the peak) from /proc, the main thread's share from /metrics. */
async function idleMemory(server: Started, seconds: number): Promise<string> {
  await sleep(Math.max(0, server.startedAt + seconds * 1000 - performance.now()));
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) * 1024;
  const text = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
  return (
    `RSS ${mb(kb('VmRSS'))} (its own ${mb(kb('RssAnon'))}, files ${mb(kb('RssFile'))}; peak ${mb(kb('VmHWM'))}); main thread: heap used ${mb(metric(text, 'nodejs_heap_size_used_bytes'))}, ` +
    `external ${mb(metric(text, 'nodejs_external_memory_bytes'))}`
  );
}

/** Starts on a new database, then again on the same one, and prints both times and the idle memory. */
async function measure(label: string, env: Record<string, string>): Promise<void> {
  const first = await startServer(env);
  await stopServer(first);
  const again = await startServer(env);
  try {
    console.log(`${label.padEnd(9)} first start (create, migrate, seed) ${first.ms.toFixed(0).padStart(5)} ms   restart ${again.ms.toFixed(0).padStart(5)} ms`);
    for (const seconds of IDLE_SECONDS) console.log(`${label.padEnd(9)} idle ${String(seconds).padStart(2)} s after the restart: ${await idleMemory(again, seconds)}`);
  } finally {
    await stopServer(again);
  }
}

/** Where an embedded database's memory goes: a database thread opened in a child process of its own. */
function breakdown(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-start-probe.ts'], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the probe exited with ${code}`)))));
}

await bundleServer(join(root, 'dist/server'));
const folder = mkdtempSync(join(tmpdir(), 'club-bench-start-'));
try {
  await measure('pglite', { DATA_DIR: join(folder, 'data') });
  await breakdown();
  const started = process.env.BENCH_DATABASE_URL ? undefined : await startTestPostgres();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? started?.url;
  try {
    if (!adminUrl) console.log('postgres  skipped (no PostgreSQL server installed; set BENCH_DATABASE_URL)');
    else {
      const { url, drop } = await createThrowawayDatabase(adminUrl, 'bench_start');
      try {
        await measure('postgres', { DATABASE_URL: url });
      } finally {
        await drop();
      }
    }
  } finally {
    started?.stop();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
