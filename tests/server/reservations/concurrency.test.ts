/**
 * Parallel bookings of the last free table: exactly one wins. On PostgreSQL (TEST_DATABASE_URL) with 50
 * callers, where transactions really run side by side; on PGlite, which runs one at a time, with 10.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../../server/db/schema';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

for (const driver of testDrivers()) {
  const callers = driver === 'postgres' ? 50 : 10;

  describe(`concurrent bookings (${driver})`, () => {
    let api: TestApi;
    let bar: string;

    /** `count` fresh guests, each with a token. */
    const newUsers = async (count: number) => {
      const guests = await Promise.all(Array.from({ length: count }, () => testKit(api).guest({ firstName: 'Race', lastName: 'Runner' })));
      return guests.map((u) => ({ id: u.id, token: u.token() }));
    };

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
    });
    afterAll(async () => {
      await api?.close();
    });

    it(`gives the only table for eight to exactly one of ${callers} parallel callers`, async () => {
      // At Obe only the Cask Room's K1 seats eight.
      const people = await newUsers(callers);
      const body = { venueId: OBE, experienceId: bar, date: '2026-11-25', startTime: 1200, numberOfGuests: 8 };
      const results = await Promise.all(
        people.map((p) => api.request('POST', '/user/reservation/v1.1', { token: p.token, body })),
      );
      const created = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      expect(created).toHaveLength(1);
      expect(refused).toHaveLength(callers - 1);
      for (const r of refused) {
        expect(r.body).toEqual({ status: 409, errorCode: 20102, message: 'Sorry, your selection is unavailable' });
      }
      const rows = await api.deps.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.venueId, OBE), eq(reservations.date, '2026-11-25')));
      expect(rows.map((r) => r.status)).toEqual(['PENDING']);
      expect(rows[0]!.id).toBe(created[0]!.body.data._id);
    });

    it('never double-books when parties of different sizes race for overlapping tables', async () => {
      // Six fit L5, L6 (4–6) and K1 (6–10); eight fit only K1. Whatever the order, three tables, three wins.
      const people = await newUsers(callers);
      const results = await Promise.all(
        people.map((p, i) =>
          api.request('POST', '/user/reservation/v1.1', {
            token: p.token,
            body: { venueId: OBE, experienceId: bar, date: '2026-11-26', startTime: 1200, numberOfGuests: i % 2 ? 6 : 8 },
          }),
        ),
      );
      expect(results.filter((r) => r.status !== 201 && r.status !== 409)).toEqual([]);
      const rows = await api.deps.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.venueId, OBE), eq(reservations.date, '2026-11-26'), inArray(reservations.status, ['PENDING'])));
      expect(results.filter((r) => r.status === 201)).toHaveLength(rows.length);
      expect(new Set(rows.map((r) => r.tableId)).size).toBe(rows.length);
      // Sixes always fill L5 and L6; K1 goes to whoever is first, a six or an eight.
      expect(rows).toHaveLength(3);
    });
  });
}
