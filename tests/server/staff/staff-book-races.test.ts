/**
 * Staff moves race each other and guests' bookings for one table, and never double-book it: the move
 * takes the same table-day locks as a guest's booking (services/reservation-tables.ts). On PostgreSQL
 * (TEST_DATABASE_URL) the transactions really run side by side; on PGlite one at a time.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, users, venueTables } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';

const ROUNDS = 5;

for (const driver of testDrivers()) {
  describe(`staff moves racing for one table (${driver})`, () => {
    let api: TestApi;
    let bar: string;
    let staffToken: () => Promise<string>;
    let guestToken: () => Promise<string>;
    const table = new Map<string, string>();

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      for (const t of await api.deps.db.select().from(venueTables).where(eq(venueTables.venueId, OBE))) table.set(t.name, t.id);
      const staffId = newId();
      const guestId = newId();
      await api.deps.db.insert(users).values([
        { id: staffId, role: 'staff', email: `${staffId}@club.example.com`, passwordHash: 'not-used', firstName: 'Host', lastName: 'Stand', venueId: OBE },
        { id: guestId, role: 'guest', email: `${guestId}@example.com`, passwordHash: 'not-used', firstName: 'Race', lastName: 'Runner' },
      ]);
      staffToken = () => api.tokenFor({ id: staffId, role: 'staff' });
      guestToken = () => api.tokenFor({ id: guestId, role: 'guest' });
    });
    afterAll(async () => {
      await api?.close();
    });

    /** A party of six booked by phone at 20:00 on a Lounge table (L5 or L6, which seat 4 to 6). */
    async function sixOn(date: string, tableName: string): Promise<string> {
      const res = await api.request('POST', '/admin/reservation', {
        token: staffToken(),
        body: { venueId: OBE, experienceId: bar, date, startTime: 1200, numberOfGuests: 6, tableId: table.get(tableName), email: `${newId()}@example.com`, firstName: 'Party', lastName: 'OfSix' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id;
    }

    const moveToCask = (id: string) => api.request('PUT', `/admin/reservation/${id}/move`, { token: staffToken(), body: { tableId: table.get('K1') } });

    /** The live bookings on the Cask Room's K1 that day. */
    const onCask = async (date: string) =>
      api.deps.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.tableId, table.get('K1')!), eq(reservations.date, date), inArray(reservations.status, ['PENDING', 'CONFIRMED'])));

    it(`gives the Cask Room to exactly one of two parties moved onto it at once (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const date = `2026-12-${String(1 + round).padStart(2, '0')}`;
        const [a, b] = [await sixOn(date, 'L5'), await sixOn(date, 'L6')];
        const results = await Promise.all([moveToCask(a), moveToCask(b)]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
        const winner = results[0]!.status === 200 ? a : b;
        const winnerRef = (await api.deps.db.select().from(reservations).where(eq(reservations.id, winner)))[0]!.uniqueId;
        expect(results.find((r) => r.status === 409)!.body.staffReason).toMatchObject({ code: 'TABLE_TAKEN', table: 'K1', reference: winnerRef });
        expect((await onCask(date)).map((r) => r.id)).toEqual([winner]);
      }
    });

    it(`never double-books the Cask Room when a move races a guest's booking for it (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const date = `2026-12-${String(10 + round).padStart(2, '0')}`;
        const moved = await sixOn(date, 'L5');
        // Eight fit only K1.
        const [move, hold] = await Promise.all([
          moveToCask(moved),
          api.request('POST', '/user/reservation/v1.1', { token: guestToken(), body: { venueId: OBE, experienceId: bar, date, startTime: 1200, numberOfGuests: 8 } }),
        ]);
        // Exactly one wins; the other is refused.
        expect(move.status === 200 ? hold.status : move.status, JSON.stringify([move.body, hold.body])).toBe(409);
        expect([200, 201]).toContain(move.status === 200 ? move.status : hold.status);
        const taken = await onCask(date);
        expect(taken).toHaveLength(1);
        expect(taken[0]!.id).toBe(move.status === 200 ? moved : hold.body.data._id);
      }
    });
  });
}
