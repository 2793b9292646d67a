/**
 * `npm run bench:api`: the availability and booking benchmark (server/bench/availability.bench.ts) on
 * PGlite and on PostgreSQL: BENCH_DATABASE_URL's server, or else a throw-away cluster of Debian's
 * PostgreSQL started here (as the tests do) and stopped at the end, which pgbench measures too.
 */
import { startTestPostgres } from './postgres-for-tests';

// A log line per request would measure the logger: warnings only, unless asked.
process.env.LOG_LEVEL ??= 'warn';
const started = process.env.BENCH_DATABASE_URL ? undefined : await startTestPostgres();
if (started) process.env.BENCH_DATABASE_URL = started.url;
try {
  const { runBench } = await import('../server/bench/availability.bench');
  await runBench();
} finally {
  started?.stop();
}
