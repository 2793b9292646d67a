/**
 * Staff's "Why not?" for tables joined (docs/PRODUCT.md §9, tables joined), through the HTTP API on
 * both databases. At Obe the lounge's L5 and L6 (4 to 6 each) are one combine group and the cask room's
 * K1 (6 to 10) is kept for staff, so a party of 8 online can only sit at L5 + L6: the answer says which
 * combination a slot is offered at, and why a combination is not (a member booked by its reference,
 * inactive, staff only, its area closed), in the caller's language. Dates come from the injected clock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, venueTables } from '../../../server/db/schema';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, OBE, seatingAreaIdByName } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const AT = 1200;

interface Reason {
  code: string;
  message: string;
  reference?: string;
  table?: string;
}
interface Combination {
  name: string;
  area: string;
  minGuests: number;
  maxGuests: number;
  offered: boolean;
  reasons: Reason[];
}
interface WhyNot {
  offered: boolean;
  reasons: Reason[];
  slots: { startTime: number; offered: boolean; reasons: Reason[]; combination: { name: string; maxGuests: number } | null }[];
  tables: { name: string; reasons: Reason[] }[];
  combinations: Combination[];
}

for (const driver of testDrivers()) {
  describe(`staff's "Why not?" for tables joined (${driver})`, () => {
    let { api, h, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, obeStaff } = accounts));
    let bar: string;
    let nextDay = 3;
    const ownDay = () => addDays(hongKongToday(api.clock.now()), nextDay++);

    const setTables = async (names: string[], values: Partial<typeof venueTables.$inferInsert>) => {
      await api.deps.db.update(venueTables).set(values).where(and(eq(venueTables.venueId, OBE), inArray(venueTables.name, names)));
      await catalogChanged(api.deps.db);
    };
    const ask = async (date: string, guests: number, locale = 'en'): Promise<WhyNot> => {
      const query = new URLSearchParams({ date, time: String(AT), guests: String(guests), experienceId: bar });
      const res = await api.request('GET', `/admin/venue/${OBE}/why-not?${query}`, { token: obeStaff.token(), headers: { 'accept-language': locale } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const book = async (date: string, numberOfGuests: number) => {
      const user = await h.newUser();
      const held = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: OBE, experienceId: bar, date, startTime: AT, numberOfGuests } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect((await h.complete(user, held.body.data._id)).status).toBe(200);
      const [row] = await api.deps.db.select().from(reservations).where(eq(reservations.id, held.body.data._id));
      return row!;
    };

    beforeAll(async () => {
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      await setTables(['L5', 'L6'], { combineGroup: 'long' });
      await setTables(['K1'], { bookable: 'STAFF' });
    });
    afterAll(async () => {
      await setTables(['L5', 'L6'], { combineGroup: null });
      await setTables(['K1'], { bookable: 'ONLINE' });
    });

    it('says a slot is offered at L5 + L6 and how many they seat, and offers no combination to a party one table seats', async () => {
      const date = ownDay();
      const answer = await ask(date, 8);
      expect(answer.offered).toBe(true);
      expect(answer.reasons).toEqual([]);
      expect(answer.combinations).toEqual([{ tableIds: expect.any(Array), name: 'L5 + L6', area: 'Lounge', minGuests: 4, maxGuests: 12, offered: true, reasons: [] }]);
      expect(answer.slots.find((s) => s.startTime === AT)!.combination).toEqual({ name: 'L5 + L6', maxGuests: 12 });
      // K1 seats 8 but is kept for staff: it says so, and the combination is what guests get.
      expect(answer.tables.find((t) => t.name === 'K1')!.reasons.map((r) => r.code)).toEqual(['STAFF_ONLY']);
      const four = await ask(date, 4);
      expect(four.combinations).toEqual([]);
      expect(four.slots.every((s) => s.combination === null)).toBe(true);
    });

    it('names the booking on each member of a combination taken, for the party and for the tables themselves', async () => {
      const date = ownDay();
      const booked = await book(date, 8);
      const answer = await ask(date, 8);
      expect(answer.offered).toBe(false);
      expect(answer.reasons).toEqual([{ code: 'NO_FREE_TABLE', message: 'No table seats 8, and every combination of tables that would is taken then.' }]);
      const [joined] = answer.combinations;
      expect(joined!.offered).toBe(false);
      expect(joined!.reasons).toEqual(
        ['L5', 'L6'].map((table) => ({ code: 'BOOKED', table, reference: booked.uniqueId, message: `Booked by ${booked.uniqueId} from 8:00 pm to 10:00 pm.` })),
      );
      expect(answer.slots.find((s) => s.startTime === AT)!.combination).toBeNull();
      // A party of 4 is told both tables are taken by the one booking, not only the first.
      const four = await ask(date, 4);
      for (const name of ['L5', 'L6']) expect(four.tables.find((t) => t.name === name)!.reasons).toMatchObject([{ code: 'BOOKED', reference: booked.uniqueId }]);
      const ja = await ask(date, 8, 'ja');
      expect(ja.reasons[0]!.message).not.toBe(answer.reasons[0]!.message);
      expect(ja.combinations[0]!.reasons[0]!.message).toContain(booked.uniqueId);
    });

    it('says which member keeps a combination from guests: inactive or kept for staff, and its area closed', async () => {
      const date = ownDay();
      await setTables(['L6'], { active: false });
      try {
        const answer = await ask(date, 8);
        expect(answer.offered).toBe(false);
        expect(answer.reasons).toEqual([{ code: 'NO_FREE_TABLE', message: 'No table guests can book seats 8.' }]);
        expect(answer.combinations[0]).toMatchObject({ name: 'L5 + L6', offered: false, reasons: [{ code: 'INACTIVE', table: 'L6', message: 'Table not in use (inactive).' }] });
      } finally {
        await setTables(['L6'], { active: true });
      }
      await setTables(['L5'], { bookable: 'STAFF' });
      try {
        expect((await ask(date, 8)).combinations[0]!.reasons).toEqual([{ code: 'STAFF_ONLY', table: 'L5', message: 'Staff only: not bookable online.' }]);
      } finally {
        await setTables(['L5'], { bookable: 'ONLINE' });
      }
      const lounge = await seatingAreaIdByName(api.deps.db, OBE, 'Lounge');
      const closed = await api.request('POST', '/admin/closure', {
        token: obeStaff.token(),
        body: { venueId: OBE, fromDate: date, toDate: date, scope: 'AREA', seatingAreaId: lounge, reason: 'PRIVATE_EVENT', note: 'Whisky society' },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(201);
      const answer = await ask(date, 8);
      expect(answer.offered).toBe(false);
      expect(answer.combinations[0]!.reasons).toMatchObject([{ code: 'AREA_CLOSED', closureReason: 'PRIVATE_EVENT', note: 'Whisky society' }]);
    });
  });
}
