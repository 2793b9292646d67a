/**
 * Tables of one combine group joined for a party no single table seats (docs/PRODUCT.md §9, tables joined),
 * through the API on both databases. At Obe the lounge's L5 and L6 (4 to 6 each) are one group and the
 * kitchen table K1 (6 to 10) is kept for staff, so a party of 8 online can only sit at L5 + L6.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reservations, venueTables } from '../../../server/db/schema';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { addDays, hongKongToday, serviceDateTime } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

const AT = 1200;

for (const driver of testDrivers()) {
  describe(`table combinations (${driver})`, () => {
    let api: TestApi;
    let bar: string;
    let dayOffset = 2;
    let date: string;

    const setTables = async (names: string[], values: Partial<typeof venueTables.$inferInsert>) => {
      await api.deps.db.update(venueTables).set(values).where(and(eq(venueTables.venueId, OBE), inArray(venueTables.name, names)));
      await catalogChanged(api.deps.db);
    };
    const newGuest = async () => (await testKit(api).guest({ firstName: 'Long', lastName: 'Table' })).token();
    const hold = async (numberOfGuests: number) =>
      api.request('POST', '/user/reservation/v1.1', { token: await newGuest(), body: { venueId: OBE, experienceId: bar, date, startTime: AT, numberOfGuests } });
    const offered = async (numberOfGuests: number) => {
      const res = await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${OBE}/${date}?numberOfGuests=${numberOfGuests}&experienceId=${bar}`, {
        token: await newGuest(),
      });
      expect(res.status).toBe(200);
      return (res.body.data.timeslots as { startTime: number }[]).some((s) => s.startTime === AT);
    };
    const tableNames = async () => new Map((await api.deps.db.select().from(venueTables).where(eq(venueTables.venueId, OBE))).map((t) => [t.id, t.name]));
    /** Every live booking of the day on each table it occupies: no table twice at overlapping times. */
    const overlapsOnATable = async () => {
      const rows = await api.deps.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.venueId, OBE), eq(reservations.date, date), inArray(reservations.status, ['PENDING', 'CONFIRMED'])));
      const seats = rows.flatMap((r) => [r.tableId, ...r.combinedTableIds].map((table) => ({ table, r })));
      return seats.filter((a, i) => seats.some((b, j) => j > i && a.table === b.table && a.r.startsAt < b.r.endsAt && b.r.startsAt < a.r.endsAt)).length;
    };

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      await setTables(['L5', 'L6'], { combineGroup: 'long' });
      await setTables(['K1'], { bookable: 'STAFF' });
    });
    // Each test on a day of its own.
    beforeEach(() => {
      date = addDays(hongKongToday(TEST_NOW), dayOffset++);
    });
    afterAll(async () => {
      await api?.close();
    });

    it('offers and books a party of 8 at L5 + L6, which then seat nobody else at that time', async () => {
      expect(await offered(8)).toBe(true);
      const res = await hold(8);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [row] = await api.deps.db.select().from(reservations).where(eq(reservations.id, res.body.data._id));
      const names = await tableNames();
      expect([row!.tableId, ...row!.combinedTableIds].map((id) => names.get(id)).sort()).toEqual(['L5', 'L6']);
      // Both tables are taken: no second party of 8, and no party of 5 (only L5 and L6 seat 5 online).
      expect(await offered(8)).toBe(false);
      expect((await hold(8)).status).toBe(409);
      expect((await hold(5)).status).toBe(409);
    });

    it("shows the party on both tables: the day sheet's 'L5 + L6' and the table plan's L5 and L6", async () => {
      const res = await hold(8);
      expect(res.status).toBe(201);
      const token = (await testKit(api).admin()).token();
      const sheet = await api.request('GET', `/admin/venue/${OBE}/day-sheet/${date}`, { token });
      expect(sheet.status).toBe(200);
      const bookings = (sheet.body.data.services as { seatings: { bookings: { uniqueId: string; table: { name: string } }[] }[] }[]).flatMap((s) =>
        s.seatings.flatMap((seating) => seating.bookings),
      );
      expect(bookings.find((b) => b.uniqueId === res.body.data.uniqueId)?.table.name).toBe('L5 + L6');
      const at = new Date(serviceDateTime(date, AT).getTime() + 30 * 60_000).toISOString();
      const plan = await api.request('GET', `/admin/venue/${OBE}/table-plan?at=${encodeURIComponent(at)}`, { token });
      expect(plan.status).toBe(200);
      const tables = (plan.body.data.areas as { tables: { name: string; booking: { uniqueId: string } | null }[] }[]).flatMap((a) => a.tables);
      expect(tables.filter((t) => t.booking?.uniqueId === res.body.data.uniqueId).map((t) => t.name)).toEqual(['L5', 'L6']);
    });

    it('never gives a combination with a table kept for staff to a guest online', async () => {
      await setTables(['L6'], { bookable: 'STAFF' });
      try {
        expect(await offered(8)).toBe(false);
        expect((await hold(8)).status).toBe(409);
      } finally {
        await setTables(['L6'], { bookable: 'ONLINE' });
      }
    });

    it('gives a single table, never a combination, to a party a single table seats', async () => {
      const res = await hold(5);
      expect(res.status).toBe(201);
      const [row] = await api.deps.db.select().from(reservations).where(eq(reservations.id, res.body.data._id));
      expect(row!.combinedTableIds).toEqual([]);
    });

    it('never double-books a table when 16 guests book at once, through the combination and its tables', async () => {
      // Half want the combination (8), half one of its tables (5): at most one 8, or up to two 5s.
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => hold(i % 2 === 0 ? 8 : 5)));
      const made = answers.filter((a) => a.status === 201);
      expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
      expect(made.length).toBeGreaterThanOrEqual(1);
      expect(made.length).toBeLessThanOrEqual(2);
      expect(await overlapsOnATable()).toBe(0);
    });
  });
}
