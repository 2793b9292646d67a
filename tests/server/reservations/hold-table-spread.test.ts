/**
 * A guest's hold is given one of the tables the rule ranks equal by its own id (guarded-hold.ts,
 * docs/PRODUCT.md §9 "The table given"): on each of many days, the table a hold got is the one `pickTable`
 * gives for that hold's id among the tables free then, and there was a tie for it to spread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reservations } from '../../../server/db/schema';
import { loadVenueCatalog, venueOf } from '../../../server/services/booking-rules/venue-catalog';
import { fittingTables, groupBusy, pickTable } from '../../../server/services/booking-rules/table-fit';
import { loadBusyIntervals } from '../../../server/services/booking-rules/busy-intervals';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

const DAYS = 12;
const PARTY = 2;

for (const driver of testDrivers()) {
  describe(`a guest's hold among tables ranked equal (${driver})`, () => {
    let api: TestApi;
    let bar: string;

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
    });
    afterAll(async () => {
      await api?.close();
    });

    it('is given the table its own id picks among the free ones, and the ties are shared out', async () => {
      const entry = venueOf(await loadVenueCatalog(api.deps.db), OBE);
      const tables = fittingTables(entry, PARTY, undefined, 'guest', 'guest');
      const tiesSpread = new Set<string>();
      for (let d = 1; d <= DAYS; d++) {
        const date = addDays(hongKongToday(TEST_NOW), d);
        const token = await (await testKit(api).guest({ firstName: 'Spread', lastName: `Guest ${d}` })).token();
        const res = await api.request('POST', '/user/reservation/v1.1', { token, body: { venueId: OBE, experienceId: bar, date, startTime: 1080, numberOfGuests: PARTY } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const [row] = await api.deps.db.select().from(reservations).where(eq(reservations.uniqueId, res.body.data.uniqueId));
        const startMs = row!.startsAt.getTime();
        const endMs = row!.endsAt.getTime();
        // What was busy when it was held: the day's other live bookings.
        const busy = groupBusy(await loadBusyIntervals(api.deps.db, { venueId: OBE, date, fromMs: startMs, toMs: endMs, now: TEST_NOW, excludeReservationId: row!.id }));
        expect(row!.tableId, date).toBe(pickTable(tables, busy, startMs, endMs, [], row!.id)?.id);
        // Other ids would have been given other tables: the rule had a tie to spread.
        for (let i = 0; i < 32; i++) tiesSpread.add(pickTable(tables, busy, startMs, endMs, [], `${row!.id}-${i}`)!.id);
      }
      expect(tiesSpread.size).toBeGreaterThan(1);
    });
  });
}
