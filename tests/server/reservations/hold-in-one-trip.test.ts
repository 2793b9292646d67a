/**
 * A guest's hold in one round trip (hold-in-one-trip.ts) assumes a day without closures, which only the
 * guard of `guarded_hold_table()` (migration 0060) checks: on a day with one, the hold is decided on the
 * day as read, and a closed venue refuses it while a closed area keeps its tables from it. The session's
 * checks are hold-session.test.ts's, a set-up published elsewhere hold-window.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { closures, reservations, venueTables } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

for (const driver of testDrivers()) {
  describe(`a hold in one round trip on a day with a closure (${driver})`, () => {
    let api: TestApi;
    let bar: string;
    let staffId: string;

    const newGuest = () => testKit(api).guest({ firstName: 'Closure', lastName: 'Guest' });
    const hold = (token: string, date: string) =>
      api.request('POST', '/user/reservation/v1.1', { token, body: { venueId: OBE, experienceId: bar, date, startTime: 1080, numberOfGuests: 2 } });
    const close = (date: string, scope: 'VENUE' | 'AREA', seatingAreaId: string | null = null) =>
      api.deps.db.insert(closures).values({ id: newId(), venueId: OBE, scope, seatingAreaId, fromDate: date, toDate: date, reason: 'PRIVATE_EVENT', createdBy: staffId, createdAt: api.clock.now() });

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      staffId = (await testKit(api).staff(OBE)).id;
    });
    afterAll(async () => {
      await api?.close();
    });

    it('refuses a hold on a day the venue is closed, in the closure’s words, writing nothing', async () => {
      const date = addDays(hongKongToday(TEST_NOW), 7);
      await close(date, 'VENUE');
      const guest = await newGuest();
      const res = await hold(await guest.token(), date);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toBe('Sorry, this time is closed for a private event. Please choose another date or time.');
      expect(await api.deps.db.select().from(reservations).where(eq(reservations.userId, guest.id))).toEqual([]);
    });

    it('gives no table of an area closed that day', async () => {
      const date = addDays(hongKongToday(TEST_NOW), 8);
      // The area of the table a hold gets on an open day.
      const open = await hold(await (await newGuest()).token(), addDays(date, 1));
      expect(open.status, JSON.stringify(open.body)).toBe(201);
      const [given] = await api.deps.db.select().from(reservations).where(eq(reservations.uniqueId, open.body.data.uniqueId));
      const [table] = await api.deps.db.select().from(venueTables).where(eq(venueTables.id, given!.tableId!));
      await close(date, 'AREA', table!.seatingAreaId);
      const res = await hold(await (await newGuest()).token(), date);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [held] = await api.deps.db.select().from(reservations).where(eq(reservations.uniqueId, res.body.data.uniqueId));
      const [heldTable] = await api.deps.db.select().from(venueTables).where(eq(venueTables.id, held!.tableId!));
      expect(heldTable!.seatingAreaId).not.toBe(table!.seatingAreaId);
    });
  });
}
