/**
 * Three bad inputs an attacker's run found answered with a 500 or taken as a change, each through the
 * HTTP API on both drivers: a staff move to a party over the venues' largest (docs/PRODUCT.md §9), a hold
 * for a date outside the range the server books, and a guest's change that changes nothing. Each is a
 * 400 with a clear message that writes nothing and mails nobody.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, reservations, venueTables } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { MAX_GUESTS } from '../../../server/services/booking-rules/selection-checks';
import { STAFF_MAX_GUESTS } from '../../../common/validation/staff-booking-validation';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { GUEST_DETAILS, insertStaff, paymentHelpers, type TestUser } from '../../support/server/payment-helpers';

for (const driver of testDrivers()) {
  describe(`bad input found by the attacker's run (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    let host: TestUser;
    let barSeating: string;
    let caskRoom: string;

    beforeAll(async () => {
      api = await createTestApi({ driver });
      h = paymentHelpers(api);
      host = await insertStaff(api, 'staff', OBE);
      barSeating = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      caskRoom = (await api.deps.db.select().from(venueTables).where(and(eq(venueTables.venueId, OBE), eq(venueTables.name, 'K1'))))[0]!.id;
    });
    afterAll(async () => {
      await api?.close();
    });

    const mails = async () => (await api.deps.db.select({ n: count() }).from(outbox))[0]!.n;
    const row = async (id: string) => (await api.deps.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

    it("holds every booking and waitlist entry to the party sizes the guests' and the staff's schemas take", async () => {
      const checks = (await api.deps.db.execute(
        sql`SELECT conrelid::regclass::text AS "table", pg_get_constraintdef(oid) AS rule FROM pg_constraint WHERE conname LIKE '%number_of_guests_check' ORDER BY 1`,
      )) as unknown as { rows: { table: string; rule: string }[] };
      const range = (rule: string) => rule.match(/number_of_guests >= (\d+)\) AND \(number_of_guests <= (\d+)/)?.slice(1).map(Number);
      expect(checks.rows.map((c) => [c.table, range(c.rule)])).toEqual([
        ['reservations', [1, MAX_GUESTS]],
        ['waitlist_entries', [1, MAX_GUESTS]],
        ['walk_in_queue', [1, MAX_GUESTS]],
      ]);
      expect(STAFF_MAX_GUESTS).toBe(MAX_GUESTS);
    });

    it('refuses a staff move and its quote to a party over 10, even on a table set up for more, with 400', async () => {
      const booked = await api.request('POST', '/admin/reservation', {
        token: host.token(),
        body: { venueId: OBE, experienceId: barSeating, date: '2026-12-10', startTime: 1080, numberOfGuests: 8, tableId: caskRoom, email: `${newId()}@example.com`, firstName: 'Cask', lastName: 'Party' },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const id: string = booked.body.data._id;
      const seats = async (maxGuests: number) => {
        await api.deps.db.update(venueTables).set({ maxGuests }).where(eq(venueTables.id, caskRoom));
        await catalogChanged(api.deps.db);
      };
      // Set-up lets a table seat up to 40 (a private room); the party on it is still at most 10.
      await seats(14);
      try {
        const before = { row: await row(id), mails: await mails() };
        for (const call of ['quote', 'move'] as const) {
          const res = await api.request(call === 'quote' ? 'POST' : 'PUT', `/admin/reservation/${id}/${call}`, { token: host.token(), body: { numberOfGuests: 12, tableId: caskRoom } });
          expect(res.body, call).toEqual({ status: 400, errorCode: 40000, field: 'numberOfGuests', message: 'Enter a party of 1 to 10 guests' });
        }
        expect({ row: await row(id), mails: await mails() }).toEqual(before);
      } finally {
        await seats(10);
      }
    });

    it('refuses a hold for a date outside 2000-2099 with 400 naming the date', async () => {
      const guest = await h.newUser('guest');
      for (const date of ['0000-01-01', '9999-12-31', '1999-12-31', '2100-01-01']) {
        const before = await mails();
        const res = await api.request('POST', '/user/reservation/v1.1', {
          token: guest.token(),
          body: { venueId: OBE, experienceId: barSeating, date, startTime: 1080, numberOfGuests: 2 },
        });
        expect(res.body, date).toEqual({ status: 400, errorCode: 40000, field: 'date', message: 'date must be a date as YYYY-MM-DD, from 2000-01-01 to 2099-12-31' });
        expect(await mails()).toBe(before);
      }
      expect((await api.deps.db.select({ n: count() }).from(reservations).where(eq(reservations.userId, guest.id)))[0]!.n).toBe(0);
    });

    it('refuses a list cursor whose instant is thousands of years on with 400, as any cursor it never gave', async () => {
      const guest = await h.newUser('guest');
      for (const cursor of ['999999999999999_ffffffffffffffffffffffff', '0_ffffffffffffffffffffffff']) {
        const res = await api.request('GET', `/user/reservation?pastCursor=${cursor}`, { token: guest.token() });
        expect(res.body, cursor).toEqual({ status: 400, errorCode: 40000, field: 'pastCursor', message: 'pastCursor must be the pastCursor of an earlier answer' });
      }
    });

    it('refuses a guest change that changes nothing (or a body that is not an object) with 400: no new sequence, no mail', async () => {
      const guest = await h.newUser('guest');
      const held = await api.request('POST', '/user/reservation/v1.1', {
        token: guest.token(),
        body: { venueId: OBE, experienceId: barSeating, date: '2026-12-11', startTime: 1080, numberOfGuests: 2 },
      });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const id: string = held.body.data._id;
      const done = await api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: guest.token(), body: { ...GUEST_DETAILS, email: guest.email, notes: 'By the window' } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const before = { row: await row(id), mails: await mails() };
      const notObject = { status: 400, errorCode: 40000, message: 'The request must be a JSON object' };
      const nothing = { status: 400, errorCode: 40000, message: 'Nothing would change: choose a new date, time, party size, dining area or notes' };
      const cases: [unknown, object][] = [
        [{}, nothing],
        [[], notObject],
        [[1, 2, 3], notObject],
        [null, notObject],
        [{ payWith: 'WALLET' }, nothing],
        [{ date: '2026-12-11', startTime: 1080, numberOfGuests: 2, notes: 'By the window' }, nothing],
      ];
      for (const [body, answer] of cases) {
        const res = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: guest.token(), body: JSON.stringify(body) });
        expect(res.body, JSON.stringify(body)).toEqual(answer);
      }
      expect({ row: await row(id), mails: await mails() }).toEqual(before);
    });
  });
}
