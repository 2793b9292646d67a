/** Past bookings written straight into the database, for tests of the paged reservation list. */
import { experiences, reservations, venueTables } from '../../../server/db/schema';
import type { DbOrTx } from '../../../server/db/client';
import { newId } from '../../../server/lib/ids';
import { addDays, serviceDayStartMs } from '../../../common/time';
import { OBE } from './fixtures';

/**
 * `count` two-hour bookings at Obe for the user, two a day on two tables (same start, so only the id
 * orders them), going back from the day before `today`; every fifth CANCELED, the rest CONFIRMED (listed
 * as EXPIRED). `startTime` keeps users apart: the tables are shared. Returns their ids in that order.
 */
export async function insertPastReservations(db: DbOrTx, userId: string, today: string, count: number, startTime: number): Promise<string[]> {
  const tables = (await db.select().from(venueTables)).filter((t) => t.venueId === OBE);
  const [experience] = (await db.select().from(experiences)).filter((e) => e.venueId === OBE);
  const rows = Array.from({ length: count }, (_, i): typeof reservations.$inferInsert => {
    const date = addDays(today, -1 - Math.floor(i / 2));
    const startsAt = serviceDayStartMs(date) + startTime * 60_000;
    const table = tables[i % 2]!;
    return {
      id: newId(),
      uniqueId: `PAST-${userId.slice(-6)}-${i}`,
      userId,
      venueId: OBE,
      experienceId: experience!.id,
      tableId: table.id,
      date,
      startTime,
      duration: 120,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + 7_200_000),
      numberOfGuests: table.minGuests,
      status: i % 5 === 0 ? 'CANCELED' : 'CONFIRMED',
      // Booked (confirmed) a week ahead: bookings, not holds abandoned (which the guest's list leaves out).
      confirmedAt: new Date(startsAt - 7 * 86_400_000),
      bookingSource: 'GUEST_WEB',
      prePaymentType: experience!.prePaymentType,
      amountDue: 0,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(reservations).values(rows.slice(i, i + 1000));
  return rows.map((r) => r.id!);
}
