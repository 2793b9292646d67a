/**
 * The table a party is given (docs/PRODUCT.md §9, the table given): the dining areas in the set-up's
 * order, the smallest free table that fits in the first with one. Pure (`pickTable`), and through a phone
 * booking at Le Clos, whose set-up lists the Dining Room, the Garden Terrace, then the Bar Counter: a
 * dinner for two sits at the bar only when the bar is the only fit left.
 */
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservations, seatingAreas, users, venueTables } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { groupBusy, pickTable } from '../../../server/services/booking-rules/table-fit';
import type { VenueTableRow } from '../../../server/services/booking-rules/venue-catalog';
import { serviceDayStartMs } from '../../../common/time';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const table = (id: string, seatingAreaId: string, minGuests: number, maxGuests: number) => ({ id, seatingAreaId, minGuests, maxGuests }) as VenueTableRow;

describe('pickTable', () => {
  // Ids that sort the bar's table first: the area order, not the id, must decide.
  const tables = [table('a-bar', 'bar', 1, 2), table('b-dining-4', 'dining', 2, 4), table('c-terrace', 'terrace', 1, 2), table('d-dining-2', 'dining', 1, 2)];
  const order = [{ id: 'dining' }, { id: 'terrace' }, { id: 'bar' }];
  const busyOn = (...ids: string[]) => groupBusy(ids.map((tableId) => ({ tableId, startMs: 0, endMs: 100 })));

  it('takes the first dining area with a free table, and its smallest', () => {
    expect(pickTable(tables, busyOn(), 10, 20, order)?.id).toBe('d-dining-2');
    expect(pickTable(tables, busyOn('d-dining-2'), 10, 20, order)?.id).toBe('b-dining-4');
    expect(pickTable(tables, busyOn('d-dining-2', 'b-dining-4'), 10, 20, order)?.id).toBe('c-terrace');
    expect(pickTable(tables, busyOn('d-dining-2', 'b-dining-4', 'c-terrace'), 10, 20, order)?.id).toBe('a-bar');
    expect(pickTable(tables, busyOn('a-bar', 'b-dining-4', 'c-terrace', 'd-dining-2'), 10, 20, order)).toBeUndefined();
  });

  it('fills a counter first where the set-up lists it first', () => {
    expect(pickTable(tables, busyOn(), 10, 20, [{ id: 'bar' }, { id: 'dining' }, { id: 'terrace' }])?.id).toBe('a-bar');
  });
});

for (const driver of testDrivers()) {
  describe(`the table a phone booking is given (${driver})`, () => {
    let { api, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, leclosStaff } = accounts));

    const DAY = '2026-12-18';
    const areaOf = async (reservationId: string) => {
      const [row] = await api.deps.db
        .select({ area: seatingAreas.name })
        .from(reservations)
        .innerJoin(venueTables, eq(venueTables.id, reservations.tableId))
        .innerJoin(seatingAreas, eq(seatingAreas.id, venueTables.seatingAreaId))
        .where(eq(reservations.id, reservationId));
      return row!.area;
    };
    const dinnerForTwo = async (startTime: number) => {
      const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      const res = await api.request('POST', '/admin/reservation', {
        token: leclosStaff.token(),
        body: { venueId: LECLOS, experienceId, date: DAY, startTime, numberOfGuests: 2, mobileCountryCode: '852', mobileNumber: '69990001', firstName: 'Two', lastName: 'Diners' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };

    it('seats a dinner for two in the Dining Room, and at the Bar Counter only once every other table that fits is taken', async () => {
      expect(await areaOf(await dinnerForTwo(1140))).toBe('Dining Room');

      // Every table but the bar's that seats two, taken from 21:00.
      const { db } = api.deps;
      const bar = (await db.select().from(seatingAreas).where(and(eq(seatingAreas.venueId, LECLOS), eq(seatingAreas.name, 'Bar Counter'))))[0]!;
      const others = (await db.select().from(venueTables).where(and(eq(venueTables.venueId, LECLOS), ne(venueTables.seatingAreaId, bar.id)))).filter(
        (t) => t.active && t.minGuests <= 2 && t.maxGuests >= 2,
      );
      const experience = await experienceIdByName(db, LECLOS, 'À la Carte');
      const guestId = newId();
      await db.insert(users).values({ id: guestId, role: 'guest', email: `${guestId}@example.com`, passwordHash: 'x', firstName: 'Full', lastName: 'House' });
      const at = (minutes: number) => new Date(serviceDayStartMs(DAY) + minutes * 60_000);
      await db.insert(reservations).values(
        others.map((t) => ({
          id: newId(), uniqueId: `T-${newId()}`, userId: guestId, venueId: LECLOS, experienceId: experience, tableId: t.id, date: DAY, startTime: 1260, duration: 180,
          startsAt: at(1260), endsAt: at(1440), numberOfGuests: 2, status: 'CONFIRMED' as const, bookingSource: 'GUEST_WEB' as const, prePaymentType: 'NONE' as const, amountDue: 0,
        })),
      );
      expect(await areaOf(await dinnerForTwo(1320))).toBe('Bar Counter');
    });

    it("names the start times that really exist that day when a time falls in a break, in the staff's language", async () => {
      const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      // 9:00 pm on a Friday: after dinner's last seating, before supper's first.
      const ask = (locale: string) =>
        api.request('POST', '/admin/reservation', {
          token: leclosStaff.token(),
          headers: { 'accept-language': locale },
          body: { venueId: LECLOS, experienceId, date: DAY, startTime: 1260, numberOfGuests: 2, mobileCountryCode: '852', mobileNumber: '69990002', firstName: 'Late', lastName: 'Caller' },
        });
      const english = await ask('en');
      expect([english.status, english.body.errorCode]).toEqual([409, 20110]);
      // Each service's starts (the last seating ends by the service's end), not 'from 8:00 am to 11:30 pm'.
      expect(english.body.message).toBe(
        'Outside hours: À la Carte does not start at 9:00 pm on 18 Dec 2026. Its start times that day are from 8:00 am to 9:30 am, from 11:00 am to 3:30 pm, from 5:00 pm to 8:30 pm, and from 10:00 pm to 11:30 pm.',
      );
      const chinese = await ask('zh-Hant');
      expect(chinese.body.message).toMatch(/^不在營業時間：.+當天的開始時間為.+至.+、.+至.+。$/);
    });
  });
}
