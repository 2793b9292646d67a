/**
 * Issue 24 point 4: a booking (a guest's hold, POST /user/reservation/v1.1) takes at most 5 database
 * round trips, BEGIN and COMMIT counted, on both databases; it took 16, one after another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { addDays, hongKongToday } from '../../common/time';
import { experienceIdByName, OBE } from './fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from './harness';
import { countRoundTrips, type RoundTripCounter } from './round-trips';

const MAX_ROUND_TRIPS = 5;

for (const driver of testDrivers()) {
  describe(`booking round trips (${driver})`, () => {
    let api: TestApi;
    let counter: RoundTripCounter;
    let bar: string;

    const newGuest = async () => {
      const id = newId();
      await api.deps.db.insert(users).values({ id, role: 'guest', email: `${id}@example.com`, passwordHash: 'not-used', firstName: 'Round', lastName: 'Trip' });
      return api.tokenFor({ id, role: 'guest' });
    };
    const hold = (token: string, date: string, startTime = 1080) =>
      api.request('POST', '/user/reservation/v1.1', { token, body: { venueId: OBE, experienceId: bar, date, startTime, numberOfGuests: 2 } });

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

    it(`holds a table in at most ${MAX_ROUND_TRIPS} round trips`, async () => {
      const token = await newGuest();
      counter.reset();
      const res = await hold(token, addDays(hongKongToday(TEST_NOW), 4));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(counter.count, counter.statements.join('\n---\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    });
  });
}
