/**
 * The booking half of `npm run bench:api`: guests creating holds (POST /user/reservation/v1.1) on free
 * days, alone and then in parallel, so the cost of one create and the throughput under contention show
 * side by side. Each guest books slots drawn at random from every venue, experience and day in the range.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { newId } from '../lib/ids';
import { signAccessToken } from '../lib/jwt';
import { isBookableInTime, scheduledSlots } from '../services/booking-rules/slot-schedule';
import { loadVenueCatalog } from '../services/booking-rules/venue-catalog';
import { addDays } from '../../common/time';
import { windowVerdict, windowsOf } from '../../common/membership-rules';

/** One bookable choice: the body of a create. */
export interface BookingChoice {
  venueId: string;
  experienceId: string;
  date: string;
  startTime: number;
  numberOfGuests: number;
}

/** Every slot of every public experience on days `firstDay` to `firstDay + days - 1` from today that a guest may book, with a party that fits online. */
export async function bookingChoices(db: Database['db'], today: string, firstDay: number, days: number, now: Date): Promise<BookingChoice[]> {
  const catalog = await loadVenueCatalog(db);
  const choices: BookingChoice[] = [];
  for (let d = firstDay; d < firstDay + days; d++) {
    const date = addDays(today, d);
    for (const entry of catalog.venues.values()) {
      for (const experience of entry.experiences.filter((e) => !e.membersOnly)) {
        // Days only members may book yet would be refused (422): guests ask for what they may book.
        if (windowVerdict(windowsOf(entry.venue, experience), 'guest', today, date).kind !== 'open') continue;
        for (const slot of scheduledSlots(entry, experience, date)) {
          if (!isBookableInTime(entry.venue, slot, now)) continue;
          const numberOfGuests = Math.max(2, entry.venue.onlineMinGuests);
          choices.push({ venueId: entry.venue.id, experienceId: experience.id, date, startTime: slot.startTime, numberOfGuests });
        }
      }
    }
  }
  return choices;
}

/** `count` guest accounts (a password nobody uses), by id. */
export async function insertBenchGuests(db: Database['db'], count: number, now: Date): Promise<string[]> {
  const passwordHash = await hashPassword('bench-guest-password');
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    role: 'guest' as const,
    email: `bench-guest-${i}-${newId()}@example.com`,
    passwordHash,
    firstName: 'Bench',
    lastName: `Guest ${i}`,
    emailVerifiedAt: now,
  }));
  // In chunks: one statement takes at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += 2000) await db.insert(users).values(rows.slice(i, i + 2000));
  return rows.map((r) => r.id);
}

/** `count` guest accounts, each with an access token. */
export async function benchGuests(db: Database['db'], count: number, jwtSecret: string, now: Date): Promise<string[]> {
  return Promise.all((await insertBenchGuests(db, count, now)).map((id) => signAccessToken({ id, role: 'guest' }, jwtSecret, now)));
}

/**
 * Plain JavaScript for a worker thread: each guest on its own keep-alive socket creates holds back to back,
 * under the next of its accounts each time, since one account may hold only 2 unfinished bookings (fair
 * inventory): the load is many guests' holds, not one guest's refusals. A slot refused for want of a table
 * is not drawn again (20 draws at most), as a guest who looked first would not ask for it: the refusals
 * left are the races for a slot's last table.
 */
const BOOKING_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, tokens, choices, seconds } = workerData;
function rng(seed) { let s = seed >>> 0; return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; }; }
function post(agent, token, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, path: '/user/reservation/v1.1', method: 'POST', agent,
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      // A 409 is told apart by its code: a table taken (20102) from a hold that gave up waiting, or a limit.
      let text = '';
      res.on('data', (chunk) => { if (res.statusCode === 409) text += chunk; });
      res.on('end', () => {
        if (res.statusCode !== 409) return resolve(res.statusCode);
        let code = '?';
        try { code = JSON.parse(text).errorCode; } catch {}
        resolve('409 ' + code);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
(async () => {
  const latencies = [];
  const statuses = {};
  const refused = [];
  const full = new Set();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const guest = async (index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const random = rng(7000 + index);
    for (let k = 0; performance.now() < deadline; k++) {
      // A slot already refused to a guest is not asked for again: a guest's look-up before holding shows it gone.
      let pick = Math.floor(random() * choices.length);
      for (let tries = 0; full.has(pick) && tries < 20; tries++) pick = Math.floor(random() * choices.length);
      const from = performance.now();
      const status = await post(agent, tokens[index][k % tokens[index].length], choices[pick]);
      latencies.push(performance.now() - from);
      statuses[status] = (statuses[status] || 0) + 1;
      if (status === '409 20102') {
        refused.push(pick);
        full.add(pick);
      }
    }
    agent.destroy();
  };
  await Promise.all(tokens.map((_, i) => guest(i)));
  parentPort.postMessage({ latencies, statuses, refused, elapsed: (performance.now() - started) / 1000 });
})();
`;

/** What one run measured: holds made per second (201s only) and create latency over every answer. */
export interface BookingResult {
  bookingsPerSecond: number;
  /** Every answer per second, refusals included. */
  answersPerSecond: number;
  p50: number;
  p95: number;
  statuses: Record<string, number>;
  /** The choices refused with 409 20102 (no table), by index, once each. */
  refused: number[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Runs `tokens.length` guests in parallel for `seconds`, each under its own list of accounts. */
export async function runBookingLoad(port: number, tokens: string[][], choices: BookingChoice[], seconds: number): Promise<BookingResult> {
  const worker = new Worker(BOOKING_WORKER, { eval: true, workerData: { port, tokens, choices, seconds } });
  const { latencies, statuses, refused, elapsed } = await new Promise<{ latencies: number[]; statuses: Record<string, number>; refused: number[]; elapsed: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  const answers = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { bookingsPerSecond: (statuses['201'] ?? 0) / elapsed, answersPerSecond: answers / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), statuses, refused: [...new Set(refused)] };
}

/**
 * Of the choices a run refused for want of a table (409 20102), those the availability look-up still
 * offers once the run is over. A run only adds holds (none runs out in its seconds), so a slot that had no
 * table when refused has none at the end either: any offered now was refused while a table was free
 * (a hold that lost a race it need not have lost, or a lock given up).
 */
export async function refusedButFree(port: number, token: string, choices: readonly BookingChoice[], refused: readonly number[]): Promise<number> {
  const byLookup = new Map<string, BookingChoice[]>();
  for (const index of refused) {
    const c = choices[index]!;
    const path = `/user/reservation/v1.1/timeslot-availability/${c.venueId}/${c.date}?numberOfGuests=${c.numberOfGuests}&experienceId=${c.experienceId}`;
    byLookup.set(path, [...(byLookup.get(path) ?? []), c]);
  }
  let free = 0;
  for (const [path, asked] of byLookup) {
    const answer = (await (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { timeslots: { startTime: number; seatingOptions: string[] }[] };
    };
    const offered = new Set(answer.data.timeslots.filter((t) => t.seatingOptions.length > 0).map((t) => t.startTime));
    free += asked.filter((c) => offered.has(c.startTime)).length;
  }
  return free;
}

/**
 * While `work` runs, how often the app's busy database sessions were waiting for a lock (PostgreSQL's
 * pg_stat_activity, sampled every 10 ms): the queueing bookings cause each other, apart from CPU. `byLock`
 * splits the waits by the lock waited for (`advisory`: a booking lock; `transactionid`: another
 * transaction's row or index entry; `tuple`: a row being changed).
 */
export async function lockWaitShare<T>(database: Database, work: Promise<T>): Promise<{ result: T; lockWaitShare: number | null; byLock: Record<string, number> }> {
  if (database.driver !== 'postgres') return { result: await work, lockWaitShare: null, byLock: {} };
  let done = false;
  let active = 0;
  const byLock: Record<string, number> = {};
  const sampling = (async () => {
    while (!done) {
      const answer = (await database.db.execute(sql`SELECT wait_event_type = 'Lock' AS waiting, wait_event AS lock, count(*)::int AS sessions
          FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
          GROUP BY 1, 2`)) as { rows: { waiting: boolean; lock: string | null; sessions: number }[] };
      for (const row of answer.rows) {
        active += row.sessions;
        if (row.waiting) byLock[row.lock ?? '?'] = (byLock[row.lock ?? '?'] ?? 0) + row.sessions;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await work.finally(() => (done = true));
  await sampling;
  const waiting = Object.values(byLock).reduce((a, b) => a + b, 0);
  const shares = Object.fromEntries(Object.entries(byLock).map(([lock, n]) => [lock, active === 0 ? 0 : n / active]));
  return { result, lockWaitShare: active === 0 ? 0 : waiting / active, byLock: shares };
}
