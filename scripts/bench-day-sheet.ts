/**
 * What the staff console's day sheet costs on a busy day: every table of Le Clos booked back to back from
 * breakfast to supper, each booking a different guest with PAST earlier visits at the venue, half of them
 * paid. `npx tsx scripts/bench-day-sheet.ts` (PGlite; DRIVER=postgres with TEST_DATABASE_URL set; PAST=10).
 * Prints the median of 5 reads of GET /admin/venue/{venueId}/day-sheet/{date}, the bookings, and the JSON size.
 */
import { sql } from 'drizzle-orm';
import { payments, reservations, users, venueTables, experiences } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { addDays, hongKongToday, serviceDayStartMs } from '../common/time';
import { VENUES } from '../common/venues';
import { createTestApi } from '../tests/support/server/harness';

const api = await createTestApi({ driver: (process.env.DRIVER as 'pglite' | 'postgres') ?? 'pglite' });
const PAST = Number(process.env.PAST ?? 10);
const { db } = api.deps;
const venueId = VENUES.find((v) => v.domain === 'leclos')!.value;
const tables = (await db.select().from(venueTables)).filter((t) => t.venueId === venueId);
const experience = (await db.select().from(experiences)).find((e) => e.venueId === venueId)!;
const day = addDays(hongKongToday(api.clock.now()), 1);
const STARTS = [480, 600, 720, 840, 960, 1080, 1200, 1320];

const booking = (userId: string, tableId: string, date: string, startTime: number, guests: number) => ({
  id: newId(), uniqueId: `B-${newId()}`, userId, venueId, experienceId: experience.id, tableId, date, startTime, duration: 110,
  startsAt: new Date(serviceDayStartMs(date) + startTime * 60_000), endsAt: new Date(serviceDayStartMs(date) + (startTime + 110) * 60_000),
  numberOfGuests: guests, status: 'CONFIRMED' as const, bookingSource: 'GUEST_WEB' as const, prePaymentType: 'DEPOSIT' as const, amountDue: 20_000,
  // Unpaid unless a payment is added below: owed, as the ledger's check at close requires.
  amountOwed: 20_000,
});

const guestRows: (typeof users.$inferInsert)[] = [];
const dayRows: (typeof reservations.$inferInsert)[] = [];
const pastRows: (typeof reservations.$inferInsert)[] = [];
const paymentRows: (typeof payments.$inferInsert)[] = [];
for (const table of tables) {
  for (const start of STARTS) {
    const userId = newId();
    guestRows.push({ id: userId, role: 'guest', email: `${userId}@bench.example.com`, passwordHash: 'x', firstName: 'Bench', lastName: 'Guest' });
    const row = booking(userId, table.id, day, start, table.minGuests);
    dayRows.push(row);
    if (dayRows.length % 2) {
      row.amountOwed = 0;
      paymentRows.push({ id: newId(), userId, reservationId: row.id, purpose: 'RESERVATION', amount: 20_000, status: 'SUCCEEDED', method: 'CARD', idempotencyKey: newId() });
    }
    for (let v = 1; v <= PAST; v++) pastRows.push({ ...booking(userId, table.id, addDays(day, -7 * v - (dayRows.length % 7)), start, table.minGuests), visitStatus: 'FINISHED' });
  }
}
const insert = async <T>(table: Parameters<typeof db.insert>[0], rows: T[]) => {
  for (let i = 0; i < rows.length; i += 500) await db.insert(table).values(rows.slice(i, i + 500) as never);
};
await insert(users, guestRows);
await insert(reservations, [...dayRows, ...pastRows]);
await insert(payments, paymentRows);
if (api.database.driver === 'postgres') await db.execute(sql`ANALYZE`);
const admin = api.tokenFor({ id: (await db.select().from(users)).find((u) => u.role === 'admin')!.id, role: 'admin' });

const times: number[] = [];
let body: any;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  body = (await api.request('GET', `/admin/venue/${venueId}/day-sheet/${day}`, { token: admin })).body;
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const bytes = Buffer.byteLength(JSON.stringify(body));
console.log(
  `${api.database.driver}: day sheet of ${dayRows.length} bookings (${body.data.totals.covers} covers; ${tables.length} tables, ${PAST} earlier visits each, ${pastRows.length + dayRows.length} reservations in all): ` +
    `median ${times[2]!.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB JSON`,
);
await api.close();
