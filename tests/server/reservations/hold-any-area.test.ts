/**
 * A guest's own hold decided the long way (in a transaction under the locks, when the guarded hold was
 * refused) is given the table its guarded hold would give: the smallest free in any area open to the
 * guest (docs/PRODUCT.md §9, the table given), not the areas' order of staff's placement, which the
 * waitlist's offers keep.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../../server/db/schema';
import { bookableSlot, scheduledSlots } from '../../../server/services/booking-rules/slot-schedule';
import { fittingTables, pickTable } from '../../../server/services/booking-rules/table-fit';
import { loadVenueCatalog } from '../../../server/services/booking-rules/venue-catalog';
import { insertHold } from '../../../server/services/reservations/reservation-create';
import { findUser } from '../../../server/services/reservations/reservations';
import { addDays, hongKongToday } from '../../../common/time';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

for (const driver of testDrivers()) {
  describe(`a guest's hold decided the long way (${driver})`, () => {
    let api: TestApi;

    beforeAll(async () => {
      api = await createTestApi({ driver });
    });
    afterAll(async () => {
      await api?.close();
    });

    it('takes the smallest free table in any area, where staff’s placement would take the first area’s', async () => {
      const now = api.clock.now();
      const date = addDays(hongKongToday(now), 9);
      const catalog = await loadVenueCatalog(api.deps.db);
      // A venue, an experience and a party for which the two rules give different tables on an empty day.
      const cases = [...catalog.venues.values()].flatMap((entry) =>
        entry.experiences
          .filter((e) => !e.membersOnly)
          .flatMap((experience) =>
            [2, 3, 4].flatMap((party) => {
              const slot = scheduledSlots(entry, experience, date, party)[0];
              const tables = fittingTables(entry, party, null, 'guest', 'guest');
              if (!slot || tables.length === 0) return [];
              const anyArea = pickTable(tables, new Map(), slot.startMs, slot.endMs, []);
              const inOrder = pickTable(tables, new Map(), slot.startMs, slot.endMs, entry.areas);
              return anyArea && inOrder && anyArea.id !== inOrder.id ? [{ entry, experience, party, slot, anyArea, inOrder }] : [];
            }),
          ),
      );
      expect(cases.length, 'a set-up where the smallest table is not in the first area').toBeGreaterThan(0);
      const { entry, experience, party, slot: scheduled, anyArea, inOrder } = cases[0]!;
      const hold = async (asGuest: boolean, day: string) => {
        const user = (await findUser(api.deps.db, (await testKit(api).guest({ firstName: 'Any', lastName: 'Area' })).id))!;
        const slot = bookableSlot(entry, experience, day, scheduled.startTime, now, 'guest', party);
        const input = { venueId: entry.venue.id, experienceId: experience.id, date: day, startTime: scheduled.startTime, numberOfGuests: party, bookingSource: 'GUEST_WEB' as const, locale: 'en' as const };
        const row = await api.deps.db.transaction((tx) => insertHold(tx, { entry, experience, user, input, slot, now, anyArea: asGuest }));
        return (await api.deps.db.select().from(reservations).where(eq(reservations.id, row.id)))[0]!.tableId;
      };
      expect(await hold(true, date)).toBe(anyArea.id);
      expect(await hold(false, addDays(date, 1))).toBe(inOrder.id);
    });
  });
}
