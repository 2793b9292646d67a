/**
 * What the host stand's read costs on a 200-booking night (docs/PRODUCT.md §6, stand-night.ts): every
 * table of Le Clos booked ten times over the day at 7:30 pm on the server's clock, with HISTORY_DAYS
 * (60) days as full behind it. `npx tsx scripts/bench-host-stand.ts` (PGlite; DRIVER=postgres with TEST_DATABASE_URL
 * set). Prints the p50 and p95 of READS reads of GET /admin/venue/{venueId}/host-stand/{date}, the
 * statements each read sends to the database (the session's check included) and the JSON size; with
 * EXPLAIN=1, the plan of each of one read's statements as PostgreSQL ran it (EXPLAIN ANALYZE). A
 * benchmark, not a test: nothing is asserted.
 */
import { users } from '../server/db/schema';
import { createTestApi } from '../tests/support/server/harness';
import { startTestPostgres } from './postgres-for-tests';
import { seedStandNight } from './stand-night';

const driver = (process.env.DRIVER as 'pglite' | 'postgres') ?? 'pglite';
// On PostgreSQL without a database given: a throw-away cluster, as the tests start one.
const cluster = driver === 'postgres' && !process.env.TEST_DATABASE_URL ? await startTestPostgres() : undefined;
if (cluster) process.env.TEST_DATABASE_URL = cluster.url;
const api = await createTestApi({ driver });
const READS = Number(process.env.READS ?? 60);
const { db } = api.deps;
const { venueId, day } = await seedStandNight(api);
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
