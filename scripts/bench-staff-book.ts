/**
 * What working the book costs at the host stand, on a full day at Le Clos (every table booked at every
 * start it can take): the table plan's read, a phone booking and a move, each through the HTTP API.
 * `npx tsx scripts/bench-staff-book.ts` (PGlite; DRIVER=postgres with TEST_DATABASE_URL set). Prints
 * the median of 15 calls of each.
 */
import { and, eq } from 'drizzle-orm';
import { experiences, reservations, users, venueTables } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { addDays, hongKongToday, serviceDayStartMs } from '../common/time';
import { createTestApi } from '../tests/support/server/harness';

const CALLS = 15;
const LECLOS = '6650a1c0e4b0a1b2c3d40001';
const api = await createTestApi({ driver: (process.env.DRIVER as 'pglite' | 'postgres') ?? 'pglite' });
const { db } = api.deps;
const date = addDays(hongKongToday(api.clock.now()), 10);
const [guest] = await db.select().from(users).where(eq(users.email, 'guest@example.com'));
const tables = await db.select().from(venueTables).where(eq(venueTables.venueId, LECLOS));
const [aLaCarte] = await db.select().from(experiences).where(and(eq(experiences.venueId, LECLOS), eq(experiences.name, 'À la Carte')));

// Every table taken from 08:00 in back-to-back 90-minute bookings, but for the last of the evening.
const rows: (typeof reservations.$inferInsert)[] = [];
for (const table of tables) {
  for (let start = 480; start + 90 <= 1260; start += 90) {
    rows.push({
      id: newId(), uniqueId: `BENCH-${rows.length}`, userId: guest!.id, venueId: LECLOS, experienceId: aLaCarte!.id, tableId: table.id,
      date, startTime: start, duration: 90,
      startsAt: new Date(serviceDayStartMs(date) + start * 60_000), endsAt: new Date(serviceDayStartMs(date) + (start + 90) * 60_000),
      numberOfGuests: table.minGuests, status: 'CONFIRMED', bookingSource: 'GUEST_WEB', prePaymentType: 'NONE', amountDue: 0,
      firstName: 'Bench', lastName: 'Guest',
    });
  }
}
await db.insert(reservations).values(rows);

const staffId = newId();
await db.insert(users).values({ id: staffId, role: 'staff', email: `${staffId}@club.example.com`, passwordHash: 'x', firstName: 'Host', lastName: 'Bench', venueId: LECLOS });
const token = () => api.tokenFor({ id: staffId, role: 'staff' });

async function median(label: string, call: (i: number) => Promise<{ status: number }>, expected: number) {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    const res = await call(i);
    times.push(performance.now() - started);
    if (res.status !== expected) throw new Error(`${label}: ${res.status} ${JSON.stringify(res)}`);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[Math.floor(CALLS / 2)]!.toFixed(1)} ms`);
}

const at = new Date(serviceDayStartMs(date) + 20 * 60 * 60_000).toISOString();
console.log(`${rows.length} bookings on ${tables.length} tables at Le Clos on ${date} (${process.env.DRIVER ?? 'pglite'})`);
await median('table plan at 20:00', () => api.request('GET', `/admin/venue/${LECLOS}/table-plan?at=${encodeURIComponent(at)}`, { token: token() }), 200);
// The 20:30 start is free on every table: phone bookings of two fill the sixteen tables for two one by one.
const booked: string[] = [];
await median(
  'phone booking at 20:30',
  async () => {
    const res = await api.request('POST', '/admin/reservation', {
      token: token(),
      body: { venueId: LECLOS, experienceId: aLaCarte!.id, date, startTime: 1230, numberOfGuests: 2, email: `bench-${newId()}@example.com`, firstName: 'Phone', lastName: 'Bench' },
    });
    if (res.status === 201) booked.push(res.body.data._id);
    return res;
  },
  201,
);
// Each moves to the next day at 20:30.
await median(
  'move',
  (i) => api.request('PUT', `/admin/reservation/${booked[i]}/move`, { token: token(), body: { date: addDays(date, 1) } }),
  200,
);
await api.close();
