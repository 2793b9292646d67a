/**
 * Staff's refusals for tables joined (docs/PRODUCT.md §9, tables joined), through the HTTP API on both
 * databases. At Obe no single table seats 10 (K1 seats 10) but the lounge's L5 and L6 (4 to 6 each), one
 * combine group, do: a phone booking, a move or a walk-in for 10 when they are taken is told which
 * combination would seat the party and which of its tables is taken by which booking, not that no
 * table seats 10; a chosen table taken by a combination names that booking. Dates come from the
 * injected clock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { venueTables } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { addDays, hongKongToday, serviceDateTime } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const AT = 1200;

for (const driver of testDrivers()) {
  describe(`staff's refusals for tables joined (${driver})`, () => {
    let { api, h, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, obeStaff } = accounts));
    let bar: string;
    let nextDay = 3;
    const ownDay = () => addDays(hongKongToday(TEST_NOW), nextDay++);

    const setTables = async (names: string[], values: Partial<typeof venueTables.$inferInsert>) => {
      await api.deps.db.update(venueTables).set(values).where(and(eq(venueTables.venueId, OBE), inArray(venueTables.name, names)));
      await catalogChanged(api.deps.db);
    };
    const tableIdOf = async (name: string) => (await api.deps.db.select().from(venueTables).where(eq(venueTables.venueId, OBE))).find((t) => t.name === name)!.id;
    const phoneBook = (staff: TestUser, body: Record<string, unknown>, locale = 'en') =>
      api.request('POST', '/admin/reservation', {
        token: staff.token(),
        headers: { 'accept-language': locale },
        body: { venueId: OBE, experienceId: bar, startTime: AT, email: `joined-${newId()}@example.com`, firstName: 'Long', lastName: 'Table', ...body },
      });
    const tablesOf = async (id: string) => {
      const row = await h.reservationRow(id);
      const names = new Map((await api.deps.db.select().from(venueTables).where(eq(venueTables.venueId, OBE))).map((t) => [t.id, t.name]));
      return [row.tableId, ...row.combinedTableIds].map((t) => names.get(t)).sort();
    };
    const takenBy = (reference: string) => ({
      code: 'COMBINATION_TAKEN',
      numberOfGuests: 10,
      largestTable: 8,
      combinations: [{ tables: 'L5 + L6', table: 'L5', reference }],
    });

    beforeAll(async () => {
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      await setTables(['L5', 'L6'], { combineGroup: 'long' });
      await setTables(['K1'], { maxGuests: 8 });
    });
    afterEach(() => api.clock.set(TEST_NOW));
    afterAll(async () => {
      await setTables(['L5', 'L6'], { combineGroup: null });
      await setTables(['K1'], { maxGuests: 10 });
    });

    it('books 10 by phone at L5 + L6; the next 10 is told L5 is taken by that booking, in staff words and their language', async () => {
      const date = ownDay();
      const first = await phoneBook(obeStaff, { date, numberOfGuests: 10 });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(await tablesOf(first.body.data._id)).toEqual(['L5', 'L6']);
      const reference = first.body.data.uniqueId as string;

      const second = await phoneBook(obeStaff, { date, numberOfGuests: 10 });
      expect(second.status).toBe(409);
      expect(second.body.errorCode).toBe(20102);
      expect(second.body.message).toBe(`No table in Obe seats 10. L5 + L6 would, but L5 is taken by ${reference} from 8:00 pm to 10:00 pm.`);
      expect(second.body.staffReason).toEqual(takenBy(reference));
      const ja = await phoneBook(obeStaff, { date, numberOfGuests: 10 }, 'ja');
      expect(ja.body.message).not.toBe(second.body.message);
      expect(ja.body.message).toContain(reference);

      // A table staff choose that the combination takes names its booking.
      const chosen = await phoneBook(obeStaff, { date, numberOfGuests: 4, tableId: await tableIdOf('L6') });
      expect(chosen.status).toBe(409);
      expect(chosen.body.message).toBe(`Table L6 is taken by ${reference} from 8:00 pm to 10:00 pm.`);
      expect(chosen.body.staffReason).toMatchObject({ code: 'TABLE_TAKEN', table: 'L6', reference });
    });

    it('refuses a move of a booking to 10 at a time L5 + L6 are taken, naming the booking, and changes nothing', async () => {
      const date = ownDay();
      const taken = await phoneBook(obeStaff, { date, numberOfGuests: 10 });
      expect(taken.status, JSON.stringify(taken.body)).toBe(201);
      const other = await phoneBook(obeStaff, { date, numberOfGuests: 2, startTime: 1080 });
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      const before = await h.reservationRow(other.body.data._id);
      const moved = await api.request('PUT', `/admin/reservation/${other.body.data._id}/move`, {
        token: obeStaff.token(),
        body: { startTime: AT, numberOfGuests: 10, seatingAreaId: null },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(409);
      expect(moved.body.staffReason).toEqual(takenBy(taken.body.data.uniqueId));
      expect(await h.reservationRow(other.body.data._id)).toEqual(before);
    });

    it('tells a walk-in of 10 which table of L5 + L6 is taken by which party, not that no table is free', async () => {
      const date = ownDay();
      api.clock.set(serviceDateTime(date, AT));
      const first = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: obeStaff.token(), body: { numberOfGuests: 10 } });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(await tablesOf(first.body.data._id)).toEqual(['L5', 'L6']);
      const second = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: obeStaff.token(), body: { numberOfGuests: 10 } });
      expect(second.status).toBe(409);
      expect(second.body.staffReason).toEqual(takenBy(first.body.data.uniqueId));
      expect(second.body.message).toMatch(new RegExp(`^No table in Obe seats 10\\. L5 \\+ L6 would, but L5 is taken by ${first.body.data.uniqueId} from 8:00 pm`));
    });
  });
}
