/**
 * Staff choosing tables joined by hand (docs/PRODUCT.md §9, tables joined), through the HTTP API on both
 * databases: a phone booking or a move with `tableIds` is placed on exactly those tables when they are one
 * combination that seats the party by the rules every booking is placed by, and refused with a clear
 * message otherwise (not one group, a party one table seats, not the venue's, both a table and tables),
 * changing nothing. At Obe here L4 (2 to 4), L5 and L6 (4 to 6) are one combine group and K1 seats at
 * most 8, so a party of 10 needs tables joined. Dates come from the injected clock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, venueTables } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, OBE, UNKNOWN_ID } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const AT = 1200;

for (const driver of testDrivers()) {
  describe(`staff choosing tables joined (${driver})`, () => {
    let { api, h, obeStaff, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, obeStaff, leclosStaff } = accounts));
    let bar: string;
    let ids: Map<string, string>;
    let nextDay = 3;
    const ownDay = () => addDays(hongKongToday(TEST_NOW), nextDay++);

    const setTables = async (names: string[], values: Partial<typeof venueTables.$inferInsert>) => {
      await api.deps.db.update(venueTables).set(values).where(and(eq(venueTables.venueId, OBE), inArray(venueTables.name, names)));
      await catalogChanged(api.deps.db);
    };
    const idsOf = (...names: string[]) => names.map((n) => ids.get(n)!);
    const phoneBook = (body: Record<string, unknown>) =>
      api.request('POST', '/admin/reservation', {
        token: obeStaff.token(),
        body: { venueId: OBE, experienceId: bar, startTime: AT, email: `picked-${newId()}@example.com`, firstName: 'Hand', lastName: 'Picked', ...body },
      });
    const tablesOf = async (id: string) => {
      const row = await h.reservationRow(id);
      const names = new Map([...ids].map(([name, tableId]) => [tableId, name]));
      return [row.tableId, ...row.combinedTableIds].map((t) => names.get(t)).sort();
    };
    const bookingsOn = async (date: string) => (await api.deps.db.select().from(reservations).where(and(eq(reservations.venueId, OBE), eq(reservations.date, date)))).length;

    beforeAll(async () => {
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      await setTables(['L4', 'L5', 'L6'], { combineGroup: 'long' });
      await setTables(['K1'], { maxGuests: 8 });
      ids = new Map((await api.deps.db.select().from(venueTables).where(eq(venueTables.venueId, OBE))).map((t) => [t.name, t.id]));
    });
    afterAll(async () => {
      await setTables(['L4', 'L5', 'L6'], { combineGroup: null });
      await setTables(['K1'], { maxGuests: 10 });
    });

    it('offers staff the tables joined that seat a party no single table seats, fewest seats first; checks the question and the caller', async () => {
      const ask = (guests: string, token = obeStaff.token()) => api.request('GET', `/admin/venue/${OBE}/table-combinations?guests=${guests}`, { token });
      const ten = await ask('10');
      expect(ten.status, JSON.stringify(ten.body)).toBe(200);
      const offered = ten.body.data as { name: string; area: string; tableIds: string[]; minGuests: number; maxGuests: number }[];
      expect(new Map(offered.map((c) => [c.name, c.maxGuests]))).toEqual(new Map([['L4 + L5', 10], ['L4 + L6', 10], ['L5 + L6', 12], ['L4 + L5 + L6', 16]]));
      expect(offered.map((c) => c.maxGuests)).toEqual([10, 10, 12, 16]);
      expect(offered.every((c) => c.area === 'Lounge')).toBe(true);
      expect(offered.find((c) => c.name === 'L5 + L6')!.tableIds.sort()).toEqual(idsOf('L5', 'L6').sort());
      expect((await ask('4')).body.data).toEqual([]);
      const bad = await ask('0');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Enter a party of 1 to 10 guests');
      expect((await ask('10', leclosStaff.token())).status).toBe(403);
      expect((await ask('10', (await h.newUser()).token())).status).toBe(403);
    });

    it('books 10 by phone on the tables joined staff chose, not the ones it would give; a second choice of them is told who has them', async () => {
      const date = ownDay();
      const picked = await phoneBook({ date, numberOfGuests: 10, tableIds: idsOf('L6', 'L5') });
      expect(picked.status, JSON.stringify(picked.body)).toBe(201);
      // Left to itself the book gives the fewest seats (L4 with L5 or L6: 10); staff chose L5 + L6 (12).
      expect(await tablesOf(picked.body.data._id)).toEqual(['L5', 'L6']);
      const again = await phoneBook({ date, numberOfGuests: 10, tableIds: idsOf('L5', 'L6') });
      expect(again.status).toBe(409);
      expect(again.body.staffReason).toEqual({
        code: 'COMBINATION_TAKEN',
        numberOfGuests: 10,
        // Asked in the lounge, the combination's area: its largest table seats 6.
        largestTable: 6,
        combinations: [{ tables: 'L5 + L6', table: 'L5', reference: picked.body.data.uniqueId }],
      });
      expect(again.body.message).toBe(`No table in Lounge seats 10. L5 + L6 would, but L5 is taken by ${picked.body.data.uniqueId} from 8:00 pm to 10:00 pm.`);
    });

    it('gives the tables joined to one of 8 hosts choosing them at once; the others are refused, nothing doubly booked', async () => {
      const date = ownDay();
      const answers = await Promise.all(Array.from({ length: 8 }, () => phoneBook({ date, numberOfGuests: 10, tableIds: idsOf('L5', 'L6') })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      const rows = await api.deps.db.select().from(reservations).where(and(eq(reservations.venueId, OBE), eq(reservations.date, date), eq(reservations.status, 'CONFIRMED')));
      expect(rows).toHaveLength(1);
    });

    it('refuses tables that are not one combination for the party, tables not the venue’s, and a table with tables, saving nothing', async () => {
      const date = ownDay();
      const cases: [Record<string, unknown>, string][] = [
        [{ numberOfGuests: 10, tableIds: idsOf('L1', 'L2') }, 'Tables L1 + L2 are not joined for a party of 10: choose a table or tables from the list'],
        // One table seats 4: a party one table seats gets one table.
        [{ numberOfGuests: 4, tableIds: idsOf('L5', 'L6') }, 'Tables L5 + L6 are not joined for a party of 4: choose a table or tables from the list'],
        [{ numberOfGuests: 10, tableIds: [ids.get('L5')!, UNKNOWN_ID] }, 'tableIds does not name tables of this venue'],
        [{ numberOfGuests: 10, tableIds: idsOf('L5', 'L5') }, 'Choose from the list'],
        [{ numberOfGuests: 10, tableIds: idsOf('L5', 'L6'), tableId: ids.get('L4') }, 'Choose from the list'],
      ];
      for (const [body, message] of cases) {
        const res = await phoneBook({ date, ...body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ field: 'tableIds', message });
      }
      expect(await bookingsOn(date)).toBe(0);
    });

    it('moves a booking onto the tables joined staff chose, with its new party', async () => {
      const date = ownDay();
      const booked = await phoneBook({ date, numberOfGuests: 2, startTime: 1080 });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const move = (body: Record<string, unknown>) => api.request('PUT', `/admin/reservation/${booked.body.data._id}/move`, { token: obeStaff.token(), body });
      const bad = await move({ numberOfGuests: 10, tableIds: idsOf('L1', 'L2') });
      expect(bad.status).toBe(400);
      expect((await h.reservationRow(booked.body.data._id)).numberOfGuests).toBe(2);
      const moved = await move({ numberOfGuests: 10, tableIds: idsOf('L4', 'L6') });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await tablesOf(booked.body.data._id)).toEqual(['L4', 'L6']);
      expect((await h.reservationRow(booked.body.data._id)).numberOfGuests).toBe(10);
    });
  });
}
