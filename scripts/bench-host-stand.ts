/**
 * What the host stand's read costs on a 200-booking night (docs/PRODUCT.md §6): every table of Le Clos
 * booked ten times over the day, each a different guest, some seated, some late, at 7:30 pm on the
 * server's clock, with HISTORY_DAYS (60) days as full behind it. `npx tsx scripts/bench-host-stand.ts` (PGlite; DRIVER=postgres with TEST_DATABASE_URL
 * set). Prints the p50 and p95 of READS reads of GET /admin/venue/{venueId}/host-stand/{date}, the
 * statements each read sends to the database (the session's check included) and the JSON size; with
 * EXPLAIN=1, the plan of each of one read's statements as PostgreSQL ran it (EXPLAIN ANALYZE). A
 * benchmark, not a test: nothing is asserted.
 */
import { sql } from 'drizzle-orm';
import { reservations, users, venueTables, experiences } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { addDays, hongKongToday, serviceDayStartMs } from '../common/time';
import { VENUES } from '../common/venues';
import { createTestApi } from '../tests/support/server/harness';
import { startTestPostgres } from './postgres-for-tests';

const driver = (process.env.DRIVER as 'pglite' | 'postgres') ?? 'pglite';
// On PostgreSQL without a database given: a throw-away cluster, as the tests start one.
const cluster = driver === 'postgres' && !process.env.TEST_DATABASE_URL ? await startTestPostgres() : undefined;
if (cluster) process.env.TEST_DATABASE_URL = cluster.url;
const api = await createTestApi({ driver });
const READS = Number(process.env.READS ?? 60);
const { db } = api.deps;
const venueId = VENUES.find((v) => v.domain === 'leclos')!.value;
const tables = (await db.select().from(venueTables)).filter((t) => t.venueId === venueId);
const experience = (await db.select().from(experiences)).find((e) => e.venueId === venueId)!;
const day = addDays(hongKongToday(api.clock.now()), 1);
// Ten sittings of 80 minutes, 90 minutes apart, from 8 am: 20 tables × 10 = 200 bookings.
const STARTS = Array.from({ length: 10 }, (_, i) => 480 + i * 90);
const NOW_MINUTES = 19 * 60 + 30;
const at = (minutes: number) => new Date(serviceDayStartMs(day) + minutes * 60_000);

const guestRows: (typeof users.$inferInsert)[] = [];
const dayRows: (typeof reservations.$inferInsert)[] = [];
for (const table of tables) {
  for (const start of STARTS) {
    const userId = newId();
    guestRows.push({ id: userId, role: 'guest', email: `${userId}@bench.example.com`, passwordHash: 'x', firstName: 'Bench', lastName: 'Guest' });
    const past = start + 80 <= NOW_MINUTES;
    const sitting = start <= NOW_MINUTES && NOW_MINUTES < start + 80;
    dayRows.push({
      id: newId(), uniqueId: `B-${newId()}`, userId, venueId, experienceId: experience.id, tableId: table.id, date: day, startTime: start, duration: 80,
      startsAt: at(start), endsAt: at(start + 80), numberOfGuests: table.minGuests, status: 'CONFIRMED', bookingSource: 'GUEST_WEB', prePaymentType: 'NONE', amountDue: 0,
      firstName: 'Bench', lastName: `Guest ${dayRows.length}`,
      // The earlier sittings have finished; of the one on now, every other table is seated and the rest late.
      visitStatus: past ? 'FINISHED' : sitting && dayRows.length % 2 ? 'SEATED' : null,
      seatedAt: sitting && dayRows.length % 2 ? at(start + 3) : null,
      tableFreedAt: past ? at(start + 80) : null,
    });
  }
}
// The venue's past: HISTORY_DAYS days before, each as full (the night's guests come back), all finished, so the
// plans read the night among a book that has grown, as in service.
const HISTORY_DAYS = Number(process.env.HISTORY_DAYS ?? 60);
const pastRows = Array.from({ length: HISTORY_DAYS }, (_, d) => addDays(day, -1 - d)).flatMap((past) =>
  dayRows.map((row) => {
    const shift = (at: Date | null | undefined) => at && new Date(at.getTime() - (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${past}T00:00:00Z`)));
    return { ...row, id: newId(), uniqueId: `B-${newId()}`, date: past, startsAt: shift(row.startsAt)!, endsAt: shift(row.endsAt)!, visitStatus: 'FINISHED' as const, seatedAt: shift(row.startsAt), tableFreedAt: shift(row.endsAt) };
  }),
);
for (let i = 0; i < guestRows.length; i += 500) await db.insert(users).values(guestRows.slice(i, i + 500));
for (const rows of [dayRows, pastRows]) for (let i = 0; i < rows.length; i += 500) await db.insert(reservations).values(rows.slice(i, i + 500));
if (api.database.driver === 'postgres') await db.execute(sql`ANALYZE`);
api.clock.set(at(NOW_MINUTES));
const admin = api.tokenFor({ id: (await db.select().from(users)).find((u) => u.role === 'admin')!.id, role: 'admin' });

// Every statement the app sends goes through the driver's client under Drizzle (pg's pool, or the PGlite
// thread): counted there, with its text and parameters kept for EXPLAIN.
type Sent = { text: string; params: unknown[] };
const client = (db as unknown as { session: { client: { query: (...args: unknown[]) => Promise<unknown> } } }).session.client;
const query = client.query.bind(client);
let sent: Sent[] = [];
client.query = (text: unknown, params?: unknown, ...rest: unknown[]) => {
  sent.push({ text: typeof text === 'string' ? text : (text as { text: string }).text, params: (params as unknown[]) ?? [] });
  return query(text, params, ...rest);
};

const times: number[] = [];
const statements: number[] = [];
let body: any;
for (let i = 0; i < READS + 5; i++) {
  sent = [];
  const t0 = performance.now();
  body = (await api.request('GET', `/admin/venue/${venueId}/host-stand/${day}`, { token: admin })).body;
  // The first reads warm the catalog and the plans: not counted.
  if (i >= 5) {
    times.push(performance.now() - t0);
    statements.push(sent.length);
  }
}
const lastRead = sent;
times.sort((a, b) => a - b);
const pick = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
const bytes = Buffer.byteLength(JSON.stringify(body));
console.log(
  `${api.database.driver}: host stand of ${body.data.parties.length} parties on ${body.data.tables.length} tables (${JSON.stringify(body.data.counts)}): ` +
    `p50 ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms over ${times.length} reads, ` +
    `${Math.min(...statements)}–${Math.max(...statements)} statements a read, ${(bytes / 1024).toFixed(0)} KB JSON`,
);
if (process.env.EXPLAIN) {
  for (const { text, params } of lastRead) {
    const plan = (await query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)) as { rows: Record<string, string>[] };
    console.log(`\n${text}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}
await api.close();
cluster?.stop();
