/**
 * My reservations in pages: every upcoming reservation at once, past ones 20 at a time newest first,
 * each page continuing exactly where the last ended (ties on the start broken by id), whatever is added
 * meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { insertPastReservations } from '../../support/server/past-reservations';

interface Listed {
  _id: string;
  date: string;
  status: string;
}

for (const driver of testDrivers()) {
  describe(`reservation list pages (${driver})`, () => {
    let api: TestApi;

    beforeAll(async () => {
      api = await createTestApi({ driver });
    });
    afterAll(async () => {
      await api?.close();
    });

    let guests = 0;
    /** A guest with `count` past bookings (tests/support/server/past-reservations.ts), each guest at an hour of its own. */
    async function guestWithPast(count: number) {
      const guest = await testKit(api).guest({ firstName: 'Page', lastName: 'Reader' });
      const pastIds = await insertPastReservations(api.deps.db, guest.id, hongKongToday(api.clock.now()), count, 11 * 60 + 150 * guests++);
      return { token: await guest.token(), pastIds };
    }

    const list = (token: string, cursor?: string) =>
      api.request('GET', cursor === undefined ? '/user/reservation' : `/user/reservation?pastCursor=${encodeURIComponent(cursor)}`, { token });

    it('answers every upcoming reservation and the newest 20 past ones, then the rest page by page', async () => {
      const { token, pastIds } = await guestWithPast(45);
      const bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      const date = addDays(hongKongToday(api.clock.now()), 3);
      const hold = await api.request('POST', '/user/reservation/v1.1', { token, body: { venueId: OBE, experienceId: bar, date, startTime: 1200, numberOfGuests: 2 } });
      expect(hold.status).toBe(201);

      const first = await list(token);
      expect(first.status).toBe(200);
      const firstIds = first.body.data.map((r: Listed) => r._id);
      expect(firstIds[0]).toBe(hold.body.data._id);
      const seen: string[] = firstIds.slice(1);
      expect(seen).toHaveLength(20);
      expect(first.body.data.slice(1).map((r: Listed) => r.status)).toContain('EXPIRED');

      let cursor: string | null = first.body.pastCursor;
      const pageSizes: number[] = [];
      while (cursor) {
        const page = await list(token, cursor);
        expect(page.status).toBe(200);
        pageSizes.push(page.body.data.length);
        seen.push(...page.body.data.map((r: Listed) => r._id));
        cursor = page.body.pastCursor;
      }
      expect(pageSizes).toEqual([20, 5]);
      // Newest first, each exactly once: days going back, and the two of a day in descending id order.
      const expected = pastIds
        .map((id, i) => ({ id, day: Math.floor(i / 2) }))
        .sort((a, b) => a.day - b.day || (a.id < b.id ? 1 : -1))
        .map((r) => r.id);
      expect(seen).toEqual(expected);
    });

    it('says there are no more past ones when the first page holds them all', async () => {
      const { token } = await guestWithPast(3);
      const first = await list(token);
      expect(first.body.data).toHaveLength(3);
      expect(first.body.pastCursor).toBeNull();
    });

    it('refuses a cursor it did not give', async () => {
      const { token } = await guestWithPast(1);
      const res = await list(token, 'page-2');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('pastCursor must be the pastCursor of an earlier answer');
    });
  });
}
