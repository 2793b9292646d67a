/**
 * A 200-booking night at Le Clos for the host stand's benchmarks (bench-host-stand.ts, bench-stand-render.ts):
 * every table booked ten times over the day, each a different guest, the earlier sittings finished and
 * the one on now seated, with HISTORY_DAYS (60) days as full behind it, written straight into the
 * harness's database; the clock is set to 7:30 pm of the night.
 */
import { sql } from 'drizzle-orm';
import { reservations, users, venueTables, experiences } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { addDays, hongKongToday, serviceDayStartMs } from '../common/time';
import { VENUES } from '../common/venues';
import type { TestApi } from '../tests/support/server/harness';

/** Seeds the night; answers Le Clos's id and the night's date. */
export async function seedStandNight(api: TestApi): Promise<{ venueId: string; day: string }> {
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
  return { venueId, day };
}
