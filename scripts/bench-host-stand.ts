/**
 * What the host stand's read costs on a 200-booking night (docs/PRODUCT.md §6): every table of Le Clos
 * booked ten times over the day, each a different guest, some seated, some late, at 7:30 pm on the
 * server's clock. `npx tsx scripts/bench-host-stand.ts` (PGlite; DRIVER=postgres with TEST_DATABASE_URL
 * set). Prints the median and p95 of READS reads of GET /admin/venue/{venueId}/host-stand/{date} and
 * the JSON size. A benchmark, not a test: nothing is asserted.
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
for (let i = 0; i < guestRows.length; i += 500) await db.insert(users).values(guestRows.slice(i, i + 500));
for (let i = 0; i < dayRows.length; i += 500) await db.insert(reservations).values(dayRows.slice(i, i + 500));
if (api.database.driver === 'postgres') await db.execute(sql`ANALYZE`);
api.clock.set(at(NOW_MINUTES));
const admin = api.tokenFor({ id: (await db.select().from(users)).find((u) => u.role === 'admin')!.id, role: 'admin' });

const times: number[] = [];
let body: any;
for (let i = 0; i < READS + 5; i++) {
  const t0 = performance.now();
  body = (await api.request('GET', `/admin/venue/${venueId}/host-stand/${day}`, { token: admin })).body;
  // The first reads warm the catalog and the plans: not counted.
  if (i >= 5) times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const pick = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
const bytes = Buffer.byteLength(JSON.stringify(body));
console.log(
  `${api.database.driver}: host stand of ${body.data.parties.length} parties on ${body.data.tables.length} tables (${JSON.stringify(body.data.counts)}): ` +
    `median ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms over ${times.length} reads, ${(bytes / 1024).toFixed(0)} KB JSON`,
);
await api.close();
cluster?.stop();
