/**
 * `npm run bench:api`: the availability and booking benchmark (server/bench/availability.bench.ts) on
 * PGlite and on PostgreSQL: BENCH_DATABASE_URL's server, or else a throw-away cluster of Debian's
 * PostgreSQL started here (as the tests do) and stopped at the end, which pgbench measures too. Then, in
 * the same run, the server's start and idle memory on both (scripts/bench-start.ts, `npm run bench:start`),
 * so that one command prints every speed figure (BENCH_START=off leaves that part out).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestPostgres } from './postgres-for-tests';

// A log line per request would measure the logger: warnings only, unless asked.
process.env.LOG_LEVEL ??= 'warn';
const started = process.env.BENCH_DATABASE_URL ? undefined : await startTestPostgres();
if (started) process.env.BENCH_DATABASE_URL = started.url;
try {
  const { runBench } = await import('../server/bench/availability.bench');
  await runBench();
  if (process.env.BENCH_START !== 'off') await benchStart();
} finally {
  started?.stop();
}

/** bench:start in a process of its own (it spawns the built server), on this run's PostgreSQL. */
function benchStart(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-start.ts'], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: 'inherit' });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench:start exited with ${code}`)))));
}
