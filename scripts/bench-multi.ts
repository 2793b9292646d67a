/**
 * `npm run bench:multi`: 1, 2 and 4 server processes (the bundle `npm start` runs) on one PostgreSQL behind
 * a small round-robin proxy (node:http, here), measuring look-ups/s and bookings/s with bench:api's load
 * (server/bench/availability.bench.ts, booking-load.ts), then checking that no table was booked twice and
 * that the ledger balances (server/services/payments/ledger-check.ts, what `npm run check-ledger` runs).
 * PostgreSQL: BENCH_DATABASE_URL's server, else a throw-away cluster (scripts/postgres-for-tests.ts).
 * BENCH_SECONDS (default 5) per run, BENCH_PROCESSES (default "1,2,4"), BENCH_GUESTS (default 16).
 * Everything (the proxy, the load's threads, every server, PostgreSQL) shares this machine's cores: read the
 * figures with `nproc` and `uptime` beside them (docs/SCALING.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { bundleServer } from './build-server';
import { freePort } from './free-port';
import { startTestPostgres } from './postgres-for-tests';
import { openDatabase } from '../server/db/client';
import { createThrowawayDatabase } from '../server/db/throwaway-database';
import { users } from '../server/db/schema';
import { lookupTargets, runLoad, setUpPacingAndCombinations } from '../server/bench/availability.bench';
import { seedBookings } from '../server/bench/seed-bookings';
import { benchGuests, bookingChoices, runBookingLoad } from '../server/bench/booking-load';
import { ledgerProblems } from '../server/services/payments/ledger-check';
import { signAccessToken } from '../server/lib/jwt';
import { systemClock } from '../server/lib/clock';
import { hongKongToday } from '../common/time';

process.env.LOG_LEVEL ??= 'warn';
const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2,4').split(',').map(Number);
const GUESTS = Number(process.env.BENCH_GUESTS ?? 16);
const JWT_SECRET = 'bench-multi-secret-bench-multi-secret';
/** Each configuration books its own 15 days, so one's bookings never crowd the next's. */
const BOOKING_DAYS = 15;

/** A server process of the bundle on `url`, resolved once /health answers 200. */
async function startServer(url: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), JWT_SECRET, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`a server exited with ${code} while starting`))));
  const healthy = (async () => {
    // A script polls here, which a test never would.
    while ((await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status, () => 0)) !== 200) await sleep(20);
  })();
  await Promise.race([healthy, exited]);
  return { child, port };
}

async function stopServer({ child }: { child: ChildProcess }): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The proxy: each request to the next backend in turn, over kept-alive connections. */
async function roundRobinProxy(ports: number[]): Promise<{ port: number; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => (agent.destroy(), server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Pairs of live bookings that hold one table at one moment (its own or one of its combination). */
async function doubleBookings(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number> {
  const answer = (await db.execute(sql`
    WITH held AS (
      SELECT id, unnest(array[table_id] || combined_table_ids) AS table_id, starts_at,
             least(ends_at, greatest(starts_at, coalesce(table_freed_at, ends_at))) AS until
      FROM reservations
      WHERE table_id IS NOT NULL AND (status = 'CONFIRMED' OR (status = 'PENDING' AND hold_expires_at > now())))
    SELECT count(*)::int AS n FROM held a JOIN held b
      ON a.table_id = b.table_id AND a.id < b.id AND a.starts_at < b.until AND b.starts_at < a.until`)) as unknown as { rows: { n: number }[] };
  return answer.rows[0]!.n;
}

const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;

await bundleServer(fileURLToPath(new URL('../dist/server', import.meta.url)));
const started = process.env.BENCH_DATABASE_URL ? undefined : await startTestPostgres();
const adminUrl = process.env.BENCH_DATABASE_URL ?? started?.url;
if (!adminUrl) throw new Error('No PostgreSQL: install Debian\'s postgresql or set BENCH_DATABASE_URL');
const { url, drop } = await createThrowawayDatabase(adminUrl, 'bench_multi');
try {
  // The first process makes the database (migrations, demo data); the bench then adds two weeks of bookings.
  const first = await startServer(url);
  await stopServer(first);
  const database = await openDatabase({ url, poolSize: 4 });
  try {
    const db = database.db;
    await setUpPacingAndCombinations(db);
    const now = systemClock.now();
    const today = hongKongToday(now);
    const [guest] = await db.select().from(users).where(eq(users.email, 'guest@example.com'));
    const { bookings: seeded } = await seedBookings(db, today, now);
    await db.execute(sql`ANALYZE`);
    const token = await signAccessToken({ id: guest!.id, role: 'guest' }, JWT_SECRET, now);
    const targets = await lookupTargets(db);
    console.log(`${seeded} reservations seeded; ${SECONDS} s runs; ${GUESTS} guests booking; ${load()}`);
    for (const [index, count] of PROCESSES.entries()) {
      const servers = await Promise.all(Array.from({ length: count }, () => startServer(url)));
      const proxy = await roundRobinProxy(servers.map((s) => s.port));
      try {
        // A warm-up, which also fills each process's look-up cache as a club's guests would have.
        await runLoad(proxy.port, token, targets, today, 2);
        const lookups = await runLoad(proxy.port, token, targets, today, SECONDS);
        const choices = await bookingChoices(db, today, 15 + index * BOOKING_DAYS, BOOKING_DAYS, now);
        const perGuest = 200;
        const accounts = await benchGuests(db, GUESTS * perGuest, JWT_SECRET, now);
        const tokens = Array.from({ length: GUESTS }, (_, i) => accounts.slice(i * perGuest, (i + 1) * perGuest));
        const bookings = await runBookingLoad(proxy.port, tokens, choices, SECONDS);
        console.log(
          `${String(count).padStart(2)} process(es): ${lookups.perSecond.toFixed(0).padStart(6)} look-ups/s (p95 ${lookups.p95.toFixed(1)} ms)  ` +
            `${bookings.bookingsPerSecond.toFixed(0).padStart(5)} bookings/s (p95 ${bookings.p95.toFixed(1)} ms)  ` +
            `statuses ${JSON.stringify(lookups.statuses)} ${JSON.stringify(bookings.statuses)}; ${load()}`,
        );
      } finally {
        await proxy.close();
        await Promise.all(servers.map(stopServer));
      }
    }
    const doubles = await doubleBookings(db);
    const problems = await ledgerProblems(db);
    console.log(`after the runs: ${doubles} double booking(s); ${problems.length} reservation(s) whose money is not what is due`);
    if (doubles > 0 || problems.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
} finally {
  await drop();
  started?.stop();
}
