/**
 * Availability benchmark (`npm run bench:api`): the real HTTP server on PGlite (in memory) and, with
 * BENCH_DATABASE_URL, on a throw-away database of that PostgreSQL; demo data plus two weeks of bookings;
 * 50 keep-alive connections of look-ups (from a worker thread) for BENCH_SECONDS (default 10). Prints
 * look-ups/s and latency percentiles per driver, in runs alternating with a 404's (no database): the ratio
 * is the median of BENCH_PAIRS (at least 3) pairs, with its spread; then GET /health.
 * Then bookings: one guest creating holds back to back, and BENCH_GUESTS (default 16) in parallel on every venue and then on one, on days past the seeded ones; prints
 * bookings/s and create latency. On PostgreSQL, last, pgbench's TPC-B rate with as many clients on the
 * same server, and the guests' bookings/s as a share of it (pgbench.ts).
 * Pacing and table combinations are on, as a club that set them up would have them.
 * Targets: 1,000 look-ups/s answered at p95 <= 20 ms on either database, 2 cores; look-ups at >= 0.30 of a
 * 404's rate on either; 16 guests' bookings at >= 0.30 of pgbench's TPS (decision 0025 set the first
 * ones, 0.28, 0.13 and 0.15, which these raise).
 * Run through `npm run bench:api` (scripts/bench-api.ts), which starts a PostgreSQL when none is given.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { eq, gte, sql } from 'drizzle-orm';
import { createApp } from '../app';
import type { AppDeps } from '../context';
import { createTestProcessor } from '../services/payments/processor/test-processor';
import { openDatabase, type Database } from '../db/client';
import { openThrowawayDatabase } from '../db/throwaway-database';
import { experiences, reservations, servicePeriods, users, venuePacing, venueTables, venues } from '../db/schema';
import { seedDemoData } from '../db/seed';
import { systemClock } from '../lib/clock';
import { signAccessToken } from '../lib/jwt';
import { addDays, hongKongToday } from '../../common/time';
import { benchGuests, bookingChoices, lockWaitShare, refusedButFree, runBookingLoad } from './booking-load';
import { pgbenchTps } from './pgbench';
import { SEEDED_DAYS, seedBookings } from './seed-bookings';
import { cpuSpent } from './cpu-spent';
import { disableLookupCache, enableLookupCache, lookupCacheOf } from '../routes/reservations/availability-cache';
import { alternate, describeRatio, pairedRatio } from './paired-ratio';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
/** How many alternating pairs of look-up and 404 runs the ratio is the median of (at least 3). */
const PAIRS = Math.max(3, Number(process.env.BENCH_PAIRS ?? 3));
/** The offered rate of the paced run, whose p95 is the target's (>= 1,000/s at p95 <= 20 ms). */
const RATE = Number(process.env.BENCH_RATE ?? 1000);
// The look-ups ask about the seeded days.
const DAYS = SEEDED_DAYS;
/** The targets: look-ups at this share of a 404's rate on either database, 16 guests' bookings at this share of pgbench's TPC-B rate. */
const LOOKUP_RATIO_TARGET = 0.3;
const BOOKING_RATIO_TARGET = 0.3;
// BENCH_PGLITE=off measures PostgreSQL alone.
const SKIP_PGLITE = process.env.BENCH_PGLITE === 'off';
const GUESTS = Number(process.env.BENCH_GUESTS ?? 16);
/** The server's connections to PostgreSQL (BENCH_POOL_SIZE, default 20). */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);
const LOOKUP_CACHE = process.env.BENCH_LOOKUP_CACHE !== 'off';
/**
 * BENCH_PROFILE=/tmp/x: CPU profiles of the server's thread, per driver, during one more look-ups run
 * (/tmp/x-postgres.cpuprofile) and during the parallel guests' bookings (/tmp/x-postgres-bookings-16-guests.cpuprofile); open them in Chrome's DevTools.
 */
const PROFILE = process.env.BENCH_PROFILE;
/** BENCH_LOOKUPS_ONLY=1: stop after the look-ups' pairs with the 404; BENCH_BOOKINGS_ONLY=1: measure bookings alone. For quick before-and-after runs. */
const LOOKUPS_ONLY = Boolean(process.env.BENCH_LOOKUPS_ONLY);
const BOOKINGS_ONLY = Boolean(process.env.BENCH_BOOKINGS_ONLY);
/**
 * Accounts a run's guests book under in turn: 2 unfinished holds each at most, so each guest has enough
 * that none is used twice over in a run (a guest answers a few hundred holds in 10 s, alone up to 3,000):
 * the refusals left are for tables taken, not for a limit the bench ran into.
 */
const ACCOUNTS_PER_RUN = 4000;
const ACCOUNTS_PER_GUEST = 1000;
// Bookings go to days the look-ups' seeded bookings leave free, up to the 90-day booking window.
const BOOKING_FIRST_DAY = DAYS + 1;
const BOOKING_DAYS = 60;

export interface Target {
  venueId: string;
  experienceId: string;
  minGuests: number;
  maxGuests: number;
}

/**
 * Pacing on every service (a limit a busy evening reaches, so the check is made and sometimes refuses) and
 * the tables of each dining area in one combine group, as a club that set them up would have them.
 */
export async function setUpPacingAndCombinations(db: Database['db']): Promise<void> {
  const periodRows = await db.select().from(servicePeriods);
  for (const venue of await db.select().from(venues)) {
    const rules = [...new Set(periodRows.filter((p) => p.venueId === venue.id).map((p) => p.name))].map((periodName) => ({
      periodName,
      maxCoversPerSlot: 40,
      maxCoversPerService: 400,
    }));
    await db.insert(venuePacing).values({ venueId: venue.id, rules }).onConflictDoUpdate({ target: venuePacing.venueId, set: { rules } });
  }
  await db.update(venueTables).set({ combineGroup: sql`${venueTables.seatingAreaId}` });
}

/** Runs `work` under the inspector's CPU profiler and writes the profile to `file`. */
async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

/** CPU per answer (every status) of the server's thread and the database's sessions, which the machine's other work barely moves. */
/** CPU per answer: the server's thread, the database's sessions, and the whole process (server, load and helper threads). */
function cpuPerAnswer(cpu: { serverMs: number | null; databaseMs: number | null; processMs?: number }, answers: number): string {
  const per = (ms: number | null | undefined, who: string) => (ms === null || ms === undefined ? '' : `${who} ${(ms / answers).toFixed(2)} ms  `);
  return per(cpu.serverMs, 'CPU per answer: server') + per(cpu.databaseMs, 'database') + per(cpu.processMs, 'whole process');
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The load, in a worker thread so the client's own work does not eat the server's core. Plain JavaScript
 * (no TypeScript loader in the worker) on node:http with a keep-alive agent, one socket per connection.
 * With `rate`, requests are sent on a fixed schedule (open loop) and latency counts from the scheduled
 * moment, so a slow server cannot hide its queueing; without, each connection sends back to back.
 */
const LOAD_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, token, targets, dates, seconds, connections, rate, path } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
function rng(seed) { let s = seed >>> 0; return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; }; }
function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { authorization: 'Bearer ' + token } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  const latencies = [];
  const statuses = {};
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (index) => {
    const random = rng(1000 + index);
    for (let k = 0; ; k++) {
      let from = performance.now();
      if (rate) {
        const due = started + ((k * connections + index) / rate) * 1000;
        if (due >= deadline) break;
        if (due > from) await sleep(due - from);
        from = due;
      } else if (from >= deadline) break;
      const t = targets[Math.floor(random() * targets.length)];
      const guests = t.minGuests + Math.floor(random() * (t.maxGuests - t.minGuests + 1));
      const date = dates[Math.floor(random() * dates.length)];
      const status = await get(path || '/user/reservation/v1.1/timeslot-availability/' + t.venueId + '/' + date +
        '?numberOfGuests=' + guests + '&experienceId=' + t.experienceId);
      latencies.push(performance.now() - from);
      statuses[status] = (statuses[status] || 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
  agent.destroy();
  parentPort.postMessage({ latencies, statuses, elapsed: (performance.now() - started) / 1000 });
})();
`;

interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
}

/** Look-ups, or with `path` that one call over and over (the trivial endpoint availability is compared with). */
export async function runLoad(port: number, token: string, targets: Target[], today: string, seconds: number, rate?: number, path?: string): Promise<LoadResult> {
  const dates = Array.from({ length: DAYS }, (_, d) => addDays(today, d));
  const worker = new Worker(LOAD_WORKER, {
    eval: true,
    workerData: { port, token, targets, dates, seconds, connections: CONNECTIONS, rate: rate ?? 0, path },
  });
  const { latencies, statuses, elapsed } = await new Promise<{ latencies: number[]; statuses: Record<string, number>; elapsed: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
  };
}

/** Every look-up the load can send, once each, 8 at a time; resolves to how many. */
async function askEveryQuestion(port: number, token: string, targets: Target[], today: string): Promise<number> {
  const paths = targets.flatMap((t) =>
    Array.from({ length: DAYS }, (_, d) => addDays(today, d)).flatMap((date) =>
      Array.from({ length: t.maxGuests - t.minGuests + 1 }, (_, k) =>
        `/user/reservation/v1.1/timeslot-availability/${t.venueId}/${date}?numberOfGuests=${t.minGuests + k}&experienceId=${t.experienceId}`),
    ),
  );
  const queue = [...paths];
  const asker = async () => {
    for (let path = queue.pop(); path; path = queue.pop()) {
      await (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, asker));
  return paths.length;
}

/** What a run measured, for the ratios printed at the end. */
interface BenchResult {
  /** Bookings per second of BENCH_GUESTS guests in parallel on every venue. */
  parallelBookingsPerSecond: number;
}

async function bench(label: string, database: Database): Promise<BenchResult> {
  const db = database.db;
  await seedDemoData(db);
  await setUpPacingAndCombinations(db);
  const now = systemClock.now();
  const today = hongKongToday(now);
  const [guest] = await db.select().from(users).where(eq(users.email, 'guest@example.com'));
  const { bookings: booked } = await seedBookings(db, today, now);
  // A club's database that has been running has its planner statistics (autovacuum keeps them); a
  // freshly loaded one has none until its first autoanalyze, and plans on guesses meanwhile.
  await db.execute(sql`ANALYZE`);
  // As server/main.ts runs it: repeated look-ups from memory (BENCH_LOOKUP_CACHE=off measures without).
  if (LOOKUP_CACHE) enableLookupCache(db);
  const { deps, port, server } = await serveBenchApp(db);
  const token = await signAccessToken({ id: guest!.id, role: 'guest' }, deps.config.jwtSecret, now);

  const targets = await lookupTargets(db);

  const report = (mode: string, r: LoadResult, cpu?: { serverMs: number | null; databaseMs: number | null }) =>
    console.log(
      `${label.padEnd(9)} ${mode.padEnd(13)} ${r.perSecond.toFixed(0).padStart(6)} look-ups/s  ` +
        `p50 ${r.p50.toFixed(1).padStart(5)} ms  p95 ${r.p95.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(5)} ms  ` +
        (cpu ? cpuPerAnswer(cpu, r.requests) : '') +
        `(${r.requests} requests, statuses ${JSON.stringify(r.statuses)})`,
    );
  /** A full-speed run with the CPU it cost. */
  const measured = async (path?: string) => {
    const { result, ...cpu } = await cpuSpent(database, () => runLoad(port, token, targets, today, SECONDS, undefined, path));
    return { result, cpu };
  };
  try {
    console.log(`${label}: ${booked} reservations seeded over ${DAYS} days`);
    if (!BOOKINGS_ONLY) {
      await runLoad(port, token, targets, today, WARM_UP_SECONDS);
      // With the cache on, each question once first: the runs measure a club whose guests asked before (decision 0038).
      if (LOOKUP_CACHE) console.log(`${label.padEnd(9)} ${await askEveryQuestion(port, token, targets, today)} questions asked once before the runs`);
      if (PROFILE) report('profiled', await profiled(`${PROFILE}-${label}.cpuprofile`, () => runLoad(port, token, targets, today, SECONDS)));
      // Look-ups and the 404 (no database) in alternating runs: the ratio is their pairs' median.
      const pairs = await alternate(PAIRS, () => measured(), () => measured('/no-such-call'));
      for (const { a, b } of pairs) {
        report('max', a.result, a.cpu);
        report('404 (no db)', b.result, b.cpu);
      }
      const cache = lookupCacheOf(db);
      if (cache) console.log(`${label.padEnd(9)} answered from memory ${cache.counts.kept}, worked out ${cache.counts.fresh}`);
      const ratio = pairedRatio(pairs.map(({ a, b }) => ({ a: a.result.perSecond, b: b.result.perSecond })));
      console.log(`${label.padEnd(9)} availability at ${describeRatio(ratio)} of a 404's rate (target >= ${LOOKUP_RATIO_TARGET})`);
      if (LOOKUPS_ONLY) return { parallelBookingsPerSecond: 0 };
      const health = await runLoad(port, token, targets, today, SECONDS, undefined, '/health');
      report('GET /health', health);
      report(`at ${RATE}/s`, await runLoad(port, token, targets, today, SECONDS, RATE));
    }
    const choices = await bookingChoices(db, today, BOOKING_FIRST_DAY, BOOKING_DAYS, now);
    const bookings = async (mode: string, guests: number, offered: typeof choices) => {
      // Each run starts from the same empty days: the run before's holds would leave it less to book, and
      // its refusals would be for tables an earlier run took.
      await clearBookingDays(db, addDays(today, BOOKING_FIRST_DAY));
      // Fresh accounts for each run, enough that none reaches the limit of 2 unfinished holds.
      const perGuest = Math.max(ACCOUNTS_PER_GUEST, Math.floor(ACCOUNTS_PER_RUN / guests));
      const accounts = await benchGuests(db, guests * perGuest, deps.config.jwtSecret, now);
      await db.execute(sql`VACUUM ANALYZE`);
      const tokens = Array.from({ length: guests }, (_, i) => accounts.slice(i * perGuest, (i + 1) * perGuest));
      const load = () => runBookingLoad(port, tokens, offered, SECONDS);
      const run = PROFILE && guests > 1 ? profiled(`${PROFILE}-${label}-bookings-${mode.replace(/\W+/g, "-")}.cpuprofile`, load) : load();
      const {
        result: { result: r, lockWaitShare: waits, byLock },
        serverMs,
        databaseMs,
        processMs,
        machineBusy,
      } = await cpuSpent(database, () => lockWaitShare(database, run));
      console.log(
        `${label.padEnd(9)} ${mode.padEnd(13)} ${r.bookingsPerSecond.toFixed(0).padStart(6)} bookings/s (${r.answersPerSecond.toFixed(0)} answers/s)  ` +
          `p50 ${r.p50.toFixed(1).padStart(5)} ms  p95 ${r.p95.toFixed(1).padStart(5)} ms  ` +
          (waits === null ? '' : `busy sessions waiting on a lock ${(waits * 100).toFixed(0)}% ${describeLocks(byLock)} `) +
          cpuPerAnswer({ serverMs, databaseMs, processMs }, Object.values(r.statuses).reduce((a, b) => a + b, 0)) +
          (machineBusy === null ? '' : `cores busy ${(machineBusy * 100).toFixed(0)}%  `) +
          `(statuses ${JSON.stringify(r.statuses)})`,
      );
      const free = await refusedButFree(port, accounts[0]!, offered, r.refused);
      console.log(`${label.padEnd(9)} ${mode.padEnd(13)} refused for want of a table: ${r.refused.length} choices, of which the look-up offers ${free} after the run (target 0)`);
      return r.bookingsPerSecond;
    };
    await bookings('1 guest', 1, choices);
    const parallelBookingsPerSecond = await bookings(`${GUESTS} guests`, GUESTS, choices);
    // Everyone at one venue: where a lock wider than a table's day would queue them all.
    await bookings(`${GUESTS}, 1 venue`, GUESTS, choices.filter((c) => c.venueId === choices[0]!.venueId));
    return { parallelBookingsPerSecond };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await disableLookupCache(db);
  }
}

/**
 * Deletes the bench's holds from `firstDate` on: the look-ups' seeded bookings lie before it, and a hold
 * is only its reservation's row (nothing else refers to a hold the bench made and never paid).
 */
async function clearBookingDays(db: Database['db'], firstDate: string): Promise<void> {
  await db.delete(reservations).where(gte(reservations.date, firstDate));
}

/** The share of busy sessions waiting on each kind of lock: `(advisory 40%, transactionid 9%)`. */
function describeLocks(byLock: Record<string, number>): string {
  const parts = Object.entries(byLock).sort((a, b) => b[1] - a[1]).map(([lock, share]) => `${lock} ${(share * 100).toFixed(0)}%`);
  return parts.length ? `(${parts.join(', ')}) ` : '';
}

/** What the look-ups ask about: every public experience, with the party sizes its venue takes online (up to 8). */
export async function lookupTargets(db: Database['db']): Promise<Target[]> {
  const venueRows = await db.select().from(venues);
  return (await db.select().from(experiences))
    .filter((e) => !e.membersOnly)
    .map((e) => {
      const venue = venueRows.find((v) => v.id === e.venueId)!;
      return { venueId: e.venueId, experienceId: e.id, minGuests: venue.onlineMinGuests, maxGuests: Math.min(venue.onlineMaxGuests, 8) };
    });
}

/** The app on `db` served on a free port of 127.0.0.1, with the system clock and a processor that pays nothing. */
export async function serveBenchApp(db: Database['db']): Promise<{ deps: AppDeps; port: number; server: ReturnType<typeof serve> }> {
  const webhookSecret = 'whsec_bench';
  const deps: AppDeps = {
    db,
    clock: systemClock,
    config: { production: true, jwtSecret: 'bench-secret-bench-secret-bench-secret', publicBaseUrl: 'http://localhost', webhookSecret },
    // Nothing is paid in the benchmark: webhooks have nowhere to go.
    payments: createTestProcessor({ db, clock: systemClock, webhookSecret, webhookEndpoint: () => new Response(null, { status: 503 }) }),
  };
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { deps, port: (server.address() as AddressInfo).port, server };
}

/** Runs the benchmark: PGlite, then PostgreSQL at BENCH_DATABASE_URL with pgbench beside it. */
export async function runBench(): Promise<void> {
  console.log(
    `Availability look-ups over ${CONNECTIONS} keep-alive connections, ${SECONDS} s each: ` +
      `as fast as the server answers (max), then paced at ${RATE}/s (latency from the scheduled send)`,
  );
  if (!SKIP_PGLITE) {
    const pglite = await openDatabase({});
    try {
      await bench('pglite', pglite);
    } finally {
      await pglite.close();
    }
  }

  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log('postgres   skipped (set BENCH_DATABASE_URL to a PostgreSQL server to include it)');
    return;
  }
  // A throw-away database on that server, so runs never see each other's bookings.
  const postgres = await openThrowawayDatabase(adminUrl, { prefix: 'bench', poolSize: POOL_SIZE });
  let result: BenchResult;
  try {
    result = await bench('postgres', postgres);
  } finally {
    await postgres.close();
  }
  if (LOOKUPS_ONLY) return;
  const pgbench = await pgbenchTps(adminUrl, GUESTS, SECONDS);
  if ('error' in pgbench) {
    console.log(`postgres  pgbench not run: ${pgbench.error}`);
    return;
  }
  console.log(`postgres  pgbench TPC-B, ${GUESTS} clients, ${SECONDS} s: ${pgbench.tps.toFixed(0)} tps`);
  console.log(
    `postgres  bookings at ${(result.parallelBookingsPerSecond / pgbench.tps).toFixed(3)} of pgbench's TPS ` +
      `(${result.parallelBookingsPerSecond.toFixed(0)} against ${pgbench.tps.toFixed(0)}; target >= ${BOOKING_RATIO_TARGET})`,
  );
}
