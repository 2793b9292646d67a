/**
 * A guest's hold reads the day's busy tables only during the stay it expects from the set-up this process
 * holds (guarded-hold.ts). When another process has published a longer stay since, the hold is decided on
 * the set-up read with the day: it lasts the new length (a hold decided on the set-up this process held
 * would not) and is never given a table taken in the part of the stay the first read did not cover (the
 * guard under the locks would refuse that table too: this shows the outcome, not which check made it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { experiences, reservations, venueCatalogVersion, venueTables } from '../../../server/db/schema';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

const MINUTE_MS = 60_000;

for (const driver of testDrivers()) {
  describe(`a hold after a longer stay was published elsewhere (${driver})`, () => {
    let api: TestApi;
    let bar: string;
    const day = addDays(hongKongToday(TEST_NOW), 5);

    const newGuest = async () => (await testKit(api).guest({ firstName: 'Window', lastName: 'Guest' })).token();
    const hold = async (date: string, startTime: number) =>
      api.request('POST', '/user/reservation/v1.1', { token: await newGuest(), body: { venueId: OBE, experienceId: bar, date, startTime, numberOfGuests: 2 } });
    const rowOf = async (uniqueId: string) => (await api.deps.db.select().from(reservations).where(eq(reservations.uniqueId, uniqueId)))[0]!;

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
    });
    afterAll(async () => {
      await api?.close();
    });

    it('lasts the new length, and is refused the one table a booking takes in the stay’s new part', async () => {
      // One table for guests, so the hold has no other to be given.
      const first = await hold(addDays(day, 1), 1080);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const onlyTable = (await rowOf(first.body.data.uniqueId)).tableId;
      await api.deps.db.update(venueTables).set({ bookable: 'STAFF' }).where(and(eq(venueTables.venueId, OBE), ne(venueTables.id, onlyTable)));
      await catalogChanged(api.deps.db);
      // This process reads that set-up (the first hold after a publish does) and keeps it.
      expect((await hold(addDays(day, 2), 1080)).status).toBe(201);

      // A booking of the table at 20:00; an hour longer stay published as another process would: the
      // version moves on without this process's cache hearing of it.
      const later = await hold(day, 1200);
      expect(later.status, JSON.stringify(later.body)).toBe(201);
      const [{ minutes }] = (await api.deps.db.select({ minutes: experiences.durationMinutes }).from(experiences).where(eq(experiences.id, bar))) as [{ minutes: number }];
      await api.deps.db.update(experiences).set({ durationMinutes: minutes + 60 }).where(eq(experiences.id, bar));
      await api.deps.db.update(venueCatalogVersion).set({ version: sql`${venueCatalogVersion.version} + 1` });

      // 18:00 ended at 20:00 as this process last read the set-up; it now runs to 21:00, into the booking.
      const refused = await hold(day, 1080);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      // 17:00 still ends by 20:00 (a three-hour stay) and lasts the new length.
      const earlier = await hold(day, 1020);
      expect(earlier.status, JSON.stringify(earlier.body)).toBe(201);
      const row = await rowOf(earlier.body.data.uniqueId);
      expect((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS).toBe(minutes + 60);
    });
  });
}
