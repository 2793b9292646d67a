/**
 * What My reservations costs a member with N past bookings: GET /user/reservation (its first page) and,
 * when paged, a page deep in the past. `N=10000 npx tsx scripts/bench-reservation-list.ts` (PGlite;
 * DRIVER=postgres with TEST_DATABASE_URL set). Prints the median of 5 reads and the JSON size.
 */
import { eq, sql } from 'drizzle-orm';
import { reservations, users, venueTables, experiences } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { addDays, hongKongToday, serviceDayStartMs } from '../common/time';
import { createTestApi } from '../tests/support/server/harness';

const api = await createTestApi({ driver: (process.env.DRIVER as 'pglite' | 'postgres') ?? 'pglite' });
const N = Number(process.env.N ?? 10_000);
const { db } = api.deps;
const [member] = await db.select().from(users).where(eq(users.email, 'member@example.com'));
const tables = await db.select().from(venueTables);
const experienceRows = await db.select().from(experiences);
const today = hongKongToday(api.clock.now());
// One booking per table per day, going back from yesterday: CONFIRMED (listed as EXPIRED), never overlapping.
const rows: (typeof reservations.$inferInsert)[] = [];
for (let i = 0; i < N; i++) {
  const table = tables[i % tables.length]!;
  const experience = experienceRows.find((e) => e.venueId === table.venueId)!;
  const date = addDays(today, -1 - Math.floor(i / tables.length));
  const startTime = 19 * 60;
  rows.push({
    id: newId(), uniqueId: `PAST-${i}`, userId: member!.id, venueId: table.venueId, experienceId: experience.id, tableId: table.id,
    date, startTime, duration: 120,
    startsAt: new Date(serviceDayStartMs(date) + startTime * 60_000), endsAt: new Date(serviceDayStartMs(date) + (startTime + 120) * 60_000),
    numberOfGuests: table.minGuests, status: 'CONFIRMED', bookingSource: 'GUEST_WEB', prePaymentType: experience.prePaymentType, amountDue: 0,
  });
}
for (let i = 0; i < rows.length; i += 1000) await db.insert(reservations).values(rows.slice(i, i + 1000));
if (api.database.driver === 'postgres') await db.execute(sql`ANALYZE reservations`);
const token = api.tokenFor({ id: member!.id, role: 'member' });

async function timed(path: string): Promise<{ ms: number; bytes: number; count: number; body: any }> {
  const times: number[] = [];
  let body: any;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    body = (await api.request('GET', path, { token })).body;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[2]!, bytes: Buffer.byteLength(JSON.stringify(body)), count: body.data.length, body };
}

const first = await timed('/user/reservation');
console.log(`${api.database.driver}: member with ${N} past bookings: first read ${first.ms.toFixed(0)} ms, ${(first.bytes / 1024).toFixed(0)} KB JSON, ${first.count} reservations`);
// A page deep in the past: follow the cursor about halfway down.
let cursor: string | null | undefined = first.body.pastCursor;
for (let page = 1; cursor && page < Math.min(50, N / 40); page++) cursor = (await api.request('GET', `/user/reservation?pastCursor=${encodeURIComponent(cursor)}`, { token })).body.pastCursor;
if (cursor) {
  const deep = await timed(`/user/reservation?pastCursor=${encodeURIComponent(cursor)}`);
  console.log(`${api.database.driver}: a later page: ${deep.ms.toFixed(0)} ms, ${(deep.bytes / 1024).toFixed(0)} KB JSON, ${deep.count} reservations`);
}
await api.close();
