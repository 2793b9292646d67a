/**
 * Database round trips, BEGIN and COMMIT counted, on both databases: an availability look-up takes 1, an
 * uncontended hold (a guest's, POST /user/reservation/v1.1) takes 2, and a hold of tables joined at a paced
 * venue at most 5 (a hold once took 16, one after another).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { servicePeriods, venuePacing, venueTables } from '../../../server/db/schema';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { countRoundTrips, type RoundTripCounter } from './round-trips';

const MAX_ROUND_TRIPS = 5;

for (const driver of testDrivers()) {
  describe(`booking round trips (${driver})`, () => {
    let api: TestApi;
    let counter: RoundTripCounter;
    let bar: string;

    const newGuest = async () => (await testKit(api).guest({ firstName: 'Round', lastName: 'Trip' })).token();
    const hold = (token: string, date: string, startTime = 1080, numberOfGuests = 2) =>
      api.request('POST', '/user/reservation/v1.1', { token, body: { venueId: OBE, experienceId: bar, date, startTime, numberOfGuests } });

    beforeAll(async () => {
      api = await createTestApi({ driver });
      counter = countRoundTrips(api.database);
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      // The set-up and the caches warm, as on a running server: the first look-up reads them.
      const token = await newGuest();
      await hold(token, addDays(hongKongToday(TEST_NOW), 3));
    });
    afterAll(async () => {
      await api?.close();
    });

    it('answers an availability look-up in one round trip, the set-up version read in it', async () => {
      const token = await newGuest();
      const query = new URLSearchParams({ experienceId: bar, numberOfGuests: '2' });
      const lookUp = () => api.request('GET', `/user/reservation/v1.1/timeslot-availability/${OBE}/${addDays(hongKongToday(TEST_NOW), 6)}?${query}`, { token });
      expect((await lookUp()).status).toBe(200);
      expect((await lookUp()).status).toBe(200);
      counter.reset();
      const res = await lookUp();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.timeslots.length).toBeGreaterThan(0);
      expect(counter.count, counter.statements.join('\n---\n')).toBe(1);
    });

    it('holds an uncontended table in 2 round trips: the read that checks the session and decides, and the guarded insert', async () => {
      const token = await newGuest();
      counter.reset();
      const res = await hold(token, addDays(hongKongToday(TEST_NOW), 4));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // Decisions 0022 and 0025: no transaction of its own, so neither BEGIN nor COMMIT.
      expect(counter.count, counter.statements.join('\n---\n')).toBe(2);
    });

    it(`holds tables joined for a party of 8 at a paced venue in at most ${MAX_ROUND_TRIPS} round trips`, async () => {
      // Pacing on every service of Obe, L5 and L6 joined, K1 (the one table for 8) kept for staff.
      const periods = await api.deps.db.select().from(servicePeriods).where(eq(servicePeriods.venueId, OBE));
      const rules = [...new Set(periods.map((p) => p.name))].map((periodName) => ({ periodName, maxCoversPerSlot: 20, maxCoversPerService: 100 }));
      await api.deps.db.insert(venuePacing).values({ venueId: OBE, rules }).onConflictDoUpdate({ target: venuePacing.venueId, set: { rules } });
      await api.deps.db.update(venueTables).set({ combineGroup: 'long' }).where(and(eq(venueTables.venueId, OBE), inArray(venueTables.name, ['L5', 'L6'])));
      await api.deps.db.update(venueTables).set({ bookable: 'STAFF' }).where(and(eq(venueTables.venueId, OBE), eq(venueTables.name, 'K1')));
      await catalogChanged(api.deps.db);
      // The changed set-up read once, as the first request after a publish does.
      await hold(await newGuest(), addDays(hongKongToday(TEST_NOW), 5));
      const token = await newGuest();
      counter.reset();
      const res = await hold(token, addDays(hongKongToday(TEST_NOW), 6), 1200, 8);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(counter.count, counter.statements.join('\n---\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    });
  });
}
