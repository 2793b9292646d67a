/**
 * `npm run bench:group [-- --scale 0.1]`: a group's data on PostgreSQL (BENCH_DATABASE_URL's server, else a
 * throw-away cluster from scripts/postgres-for-tests.ts): at scale 1, 100 venues (copies of the four demo
 * venues' set-up), 200,000 guests and a year of bookings (~1 million reservations, 300 days back and 65
 * ahead), made with set-based SQL (generate_series, INSERT ... SELECT), never a row at a time. Then the
 * p95 of each call staff and guests make most (BENCH_CALLS, default 40, one after another after
 * BENCH_WARM_UP uncounted ones, default 5, the look-up cache off so the database answers every look-up), each against a target of 50 ms, and EXPLAIN (ANALYZE,
 * BUFFERS) of the statement that runs longest in each of the three slowest calls, with the indexes it reads
 * and any sequential scan of a big table.
 */
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { startTestPostgres } from './postgres-for-tests';
import { openDatabase } from '../server/db/client';
import { createThrowawayDatabase } from '../server/db/throwaway-database';
import { seedDemoData } from '../server/db/seed';
import { users } from '../server/db/schema';
import { serveBenchApp, setUpPacingAndCombinations } from '../server/bench/availability.bench';
import { benchGuests, bookingChoices } from '../server/bench/booking-load';
import { signAccessToken } from '../server/lib/jwt';
import { systemClock } from '../server/lib/clock';
import { createLogger, logLevelFrom, useLogger } from '../server/observability/logger';
import { addDays, hongKongToday } from '../common/time';

// A log line per request would measure the logger: warnings only, unless asked.
useLogger(createLogger(logLevelFrom(process.env.LOG_LEVEL ?? 'warn')));
const { values: flags } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const SCALE = Number(flags.scale);
/** Whole copies of the four demo venues. */
const VENUES = 4 * Math.max(1, Math.round(25 * SCALE));
const GUESTS = Math.round(200_000 * SCALE);
const RESERVATIONS = Math.round(1_000_000 * SCALE);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
/** Calls of each kind made first and not counted: a process's first pays V8's compiling of its code and the set-up's caches, once. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 5);
const TARGET_MS = 50;
const DAYS_BACK = 300;
const DAYS_AHEAD = 65;

/** The set-up tables copied for each new venue, with the columns naming another copied row. */
const VENUE_TABLES = ['venues', 'service_periods', 'seating_areas', 'venue_tables', 'experiences', 'venue_turn_times', 'venue_pacing'];
const ID_COLUMNS = new Set(['id', 'venue_id', 'seating_area_id', 'experience_id']);

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
  const from = performance.now();
  const result = await work();
  console.log(`  ${what}: ${((performance.now() - from) / 1000).toFixed(1)} s`);
  return result;
};

/** `copies` copies of the demo venues' set-up (run once, on the demo data alone), each id marked with its copy's number. */
async function copyVenues(db: Db, copies: number): Promise<void> {
  for (const table of VENUE_TABLES) {
    const columns = await rows<{ column_name: string; data_type: string }>(
      db,
      sql`SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    );
    const select = columns.map(({ column_name: c }) =>
      // Ids are 24 hex digits (checked): the copy's number replaces four in the middle of each.
      ID_COLUMNS.has(c) ? `overlay("${c}" placing lpad(to_hex(g), 4, '0') from 17 for 4)` : c === 'domain' ? `"${c}" || '-g' || g` : `"${c}"`,
    );
    const names = columns.map(({ column_name: c }) => `"${c}"`).join(', ');
    await db.execute(sql.raw(`INSERT INTO ${table} (${names}) SELECT ${select.join(', ')} FROM ${table} CROSS JOIN generate_series(1, ${copies}) g`));
  }
}

/** Guests with names drawn from short lists, so a search finds many and a typo still some. */
async function makeGuests(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (id, role, email, password_hash, first_name, last_name, created_at)
    SELECT 'grp-guest-' || i, 'guest', 'grp-' || i || '@bench.example.com', (SELECT password_hash FROM users WHERE email = 'guest@example.com'),
      (ARRAY['Grace','Wing','Ka Ming','Mei','Hiro','Yuki','Ji-woo','Min','Somchai','Anan','Oliver','Amelia','Chloe','Lucas','Ivy','Jason','Karen','Leo','Nina','Sam'])[1 + i % 20],
      (ARRAY['Chan','Wong','Lee','Cheung','Lau','Ng','Ho','Leung','Tang','Yip','Tanaka','Suzuki','Kim','Park','Choi','Srisuk','Smith','Brown','Taylor','Martin'])[1 + (i / 20) % 20] || ' ' || (i % 997),
      now() - (i % 1000) * interval '1 day'
    FROM generate_series(1, ${count}) i`);
}

/** The slots a year holds (every table, day, service, and start a party's length apart), `share` of them booked. */
const SLOTS = (today: string) => sql`
  SELECT t.id AS table_id, t.venue_id, greatest(t.min_guests, least(t.max_guests, 2)) AS guests, e.id AS experience_id,
         e.duration_minutes AS duration, e.pre_payment_type, d::date AS day, p.start_minute + k * (e.duration_minutes + 15) AS start_time
  FROM venue_tables t
  JOIN service_periods p ON p.venue_id = t.venue_id
  JOIN LATERAL (SELECT * FROM experiences e WHERE e.venue_id = t.venue_id AND p.name = ANY (e.period_names) AND NOT e.members_only ORDER BY e.id LIMIT 1) e ON true
  CROSS JOIN generate_series(${today}::date - ${DAYS_BACK}::int, ${today}::date + ${DAYS_AHEAD}::int, interval '1 day') d
  CROSS JOIN LATERAL generate_series(0, greatest(0, (p.end_minute - p.start_minute - e.duration_minutes) / (e.duration_minutes + 15))) k
  WHERE extract(isodow FROM d)::int = ANY (p.days_of_week)`;

async function makeReservations(db: Db, today: string, target: number, guests: number): Promise<number> {
  const [{ n: slots }] = (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${SLOTS(today)}) s`)) as [{ n: number }];
  const share = Math.min(1, target / slots);
  // Overlapping services of one table (a bar beside a dinner) would break the exclusion constraint: those
  // are skipped. Without the triggers (the cluster's superuser may): a NOTIFY per row, heard by no server
  // yet, was most of the time; the constraints and indexes are kept as they are.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
    INSERT INTO reservations (id, unique_id, user_id, venue_id, experience_id, table_id, date, start_time, duration, starts_at, ends_at,
                              number_of_guests, status, booking_source, pre_payment_type, amount_due, created_at)
    SELECT md5(n::text), 'GRP-' || lpad(upper(to_hex(n)), 8, '0'), 'grp-guest-' || (1 + (n * 7919) % ${guests}), venue_id, experience_id, table_id,
           to_char(day, 'YYYY-MM-DD'), start_time, duration,
           (day::timestamp AT TIME ZONE 'Asia/Hong_Kong') + start_time * interval '1 minute',
           (day::timestamp AT TIME ZONE 'Asia/Hong_Kong') + (start_time + duration) * interval '1 minute',
           guests, CASE WHEN n % 10 = 0 THEN 'CANCELED' WHEN n % 37 = 0 AND day < ${today}::date THEN 'NO_SHOW' ELSE 'CONFIRMED' END,
           'GUEST_WEB', pre_payment_type, 0, (day::timestamp AT TIME ZONE 'Asia/Hong_Kong') - (n % 30) * interval '1 day'
    FROM (SELECT row_number() OVER () AS n, s.* FROM (${SLOTS(today)}) s WHERE random() < ${share}) numbered
    ON CONFLICT DO NOTHING`);
  });
  return (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM reservations`))[0]!.n;
}

/** Every statement the server sent during a call (its time there counts waiting for a connection too). */
interface Statement {
  text: string;
  values: unknown[];
  ms: number;
}
const statements: Statement[] = [];
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
  // Drizzle sends a config with its values beside it; others put them in the config.
  const values = Array.isArray(second) ? second : (first as { values?: unknown[] } | undefined)?.values;
  const from = performance.now();
  const record = () => text && statements.push({ text, values: Array.isArray(values) ? values : [], ms: performance.now() - from });
  // The pool calls with a callback; a client of its own is awaited.
  const callback = args.findIndex((arg) => typeof arg === 'function');
  if (callback >= 0) {
    const done = args[callback] as (...rest: unknown[]) => void;
    args[callback] = (...rest: unknown[]) => (record(), done(...rest));
  }
  const result = clientQuery.apply(this, args);
  if (callback < 0 && result instanceof Promise) void result.then(record, () => {});
  return result;
} as typeof pg.Client.prototype.query;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const started = process.env.BENCH_DATABASE_URL ? undefined : await startTestPostgres();
const adminUrl = process.env.BENCH_DATABASE_URL ?? started?.url;
if (!adminUrl) throw new Error("No PostgreSQL: install Debian's postgresql or set BENCH_DATABASE_URL");
const { url, drop } = await createThrowawayDatabase(adminUrl, 'bench_group');
const database = await openDatabase({ url, poolSize: 10 });
try {
  const db = database.db;
  const now = systemClock.now();
  const today = hongKongToday(now);
  console.log(`scale ${SCALE}: ${VENUES} venues, ${GUESTS} guests, ~${RESERVATIONS} reservations; load average ${loadavg()[0]!.toFixed(1)}`);
  const seedingFrom = performance.now();
  await timed('demo data', () => seedDemoData(db));
  await timed(`${VENUES - 4} venues copied`, () => copyVenues(db, VENUES / 4 - 1));
  await setUpPacingAndCombinations(db);
  await timed(`${GUESTS} guests`, () => makeGuests(db, GUESTS));
  const made = await timed('reservations', () => makeReservations(db, today, RESERVATIONS, GUESTS));
  await timed('ANALYZE', () => db.execute(sql`ANALYZE`));
  console.log(`seeded ${made} reservations in ${((performance.now() - seedingFrom) / 1000).toFixed(0)} s; load average ${loadavg()[0]!.toFixed(1)}`);

  const { deps, port, server } = await serveBenchApp(db);
  const secret = deps.config.jwtSecret;
  const userToken = async (email: string, role: 'admin' | 'member' | 'guest') => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    return signAccessToken({ id: user!.id, role }, secret, now);
  };
  const admin = await userToken('admin@example.com', 'admin');
  const member = await userToken('member@example.com', 'member');
  const guest = await signAccessToken({ id: 'grp-guest-1', role: 'guest' }, secret, now);
  const venueIds = (await rows<{ id: string }>(db, sql`SELECT id FROM venues ORDER BY id`)).map((r) => r.id);
  const experiences = await rows<{ id: string; venue_id: string }>(db, sql`SELECT id, venue_id FROM experiences WHERE NOT members_only ORDER BY id`);
  const choices = await bookingChoices(db, today, 66, 20, now);
  const holders = await benchGuests(db, CALLS + WARM_UP, secret, now);
  const pick = <T>(list: readonly T[], i: number) => list[(i * 7919) % list.length]!;
  const day = (i: number) => addDays(today, (i % 60) - 30);
  const month = today.slice(0, 7);
  const names = ['chan', 'wong 12', 'grace lee', 'tanaka', 'kim 99', 'smith', 'cheung', 'ho 5'];

  const calls: { name: string; request: (i: number) => { path: string; token: string; body?: unknown } }[] = [
    {
      name: 'look-up (timeslot availability)',
      request: (i) => {
        const e = pick(experiences, i);
        return { path: `/user/reservation/v1.1/timeslot-availability/${e.venue_id}/${addDays(today, i % 30)}?numberOfGuests=2&experienceId=${e.id}`, token: guest };
      },
    },
    { name: 'hold (create)', request: (i) => ({ path: '/user/reservation/v1.1', token: holders[i]!, body: pick(choices, i) }) },
    { name: 'day sheet', request: (i) => ({ path: `/admin/venue/${pick(venueIds, i)}/day-sheet/${day(i)}`, token: admin }) },
    { name: "host stand's night", request: (i) => ({ path: `/admin/venue/${pick(venueIds, i)}/host-stand/${day(i)}`, token: admin }) },
    { name: 'guest-book search', request: (i) => ({ path: `/admin/guest?q=${encodeURIComponent(pick(names, i))}`, token: admin }) },
    { name: 'reservation list (staff book)', request: (i) => ({ path: `/admin/reservation?venueId=${pick(venueIds, i)}&date=${day(i)}`, token: admin }) },
    { name: "guest's own reservations", request: () => ({ path: '/user/reservation', token: guest }) },
    { name: "month's statement", request: () => ({ path: `/guest/statement/${month}`, token: member }) },
    {
      name: 'report (a month by week)',
      request: (i) => ({ path: `/admin/report?venueId=${pick(venueIds, i)}&from=${addDays(today, -30)}&to=${today}&by=week`, token: admin }),
    },
  ];
  const measured: { name: string; p95: number; statuses: Record<string, number>; sent: Statement[] }[] = [];
  for (const call of calls) {
    const times: number[] = [];
    const statuses: Record<string, number> = {};
    let sent: Statement[] = [];
    // The first WARM_UP calls are not counted; each call asks its own question (a hold its own guest).
    for (let i = 0; i < WARM_UP + CALLS; i++) {
      const { path, token, body } = call.request(i);
      statements.length = 0;
      const from = performance.now();
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      await answer.arrayBuffer();
      if (i < WARM_UP) continue;
      times.push(performance.now() - from);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      sent = [...statements];
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    measured.push({ name: call.name, p95, statuses, sent });
    console.log(
      `${call.name.padEnd(32)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms  ${p95 < TARGET_MS ? 'ok' : `OVER ${TARGET_MS} ms`}  statuses ${JSON.stringify(statuses)}`,
    );
  }
  console.log(`load average ${loadavg()[0]!.toFixed(1)}`);
  // A statement of its own connection, in a transaction rolled back: EXPLAIN ANALYZE runs what it explains.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const explain = async ({ text, values }: Statement) => {
      await client.query('BEGIN');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values).finally(() => client.query('ROLLBACK'));
      const lines = plan.rows.map((row) => row['QUERY PLAN']);
      return { text, lines, ms: Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0) };
    };
    for (const { name, p95, sent } of [...measured].sort((a, b) => b.p95 - a.p95).slice(0, 3)) {
      const plans = [];
      // Each distinct statement of the call's last run, explained alone: the longest is the one to show.
      for (const statement of new Map(sent.map((st) => [st.text, st])).values()) {
        // A statement that refuses when run again (a hold's guard finds its own table taken) has no plan to show.
        plans.push(await explain(statement).catch(() => ({ text: statement.text, lines: [], ms: -1 })));
      }
      const longest = plans.sort((a, b) => b.ms - a.ms)[0];
      if (!longest) continue;
      const indexes = [...new Set(longest.lines.flatMap((line) => /(?:Index(?: Only)? Scan using|Bitmap Index Scan on) (\S+)/.exec(line)?.[1] ?? []))];
      const scans = [...new Set(longest.lines.flatMap((line) => /Seq Scan on (\S+)/.exec(line)?.[1] ?? []))];
      console.log(`\n=== ${name} (p95 ${p95.toFixed(1)} ms): ${plans.length} statement(s); the longest runs ${longest.ms.toFixed(1)} ms`);
      console.log(`indexes read: ${indexes.join(', ') || 'none'}; sequential scans: ${scans.join(', ') || 'none'}`);
      console.log(longest.text.replace(/\s+/g, ' ').slice(0, 600));
      console.log(longest.lines.join('\n'));
    }
  } finally {
    await client.end();
  }
  server.close();
} finally {
  await database.close();
  await drop();
  started?.stop();
}
