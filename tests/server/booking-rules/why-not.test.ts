/**
 * Staff's "Why not?" through the HTTP API: for a party at a time, each slot of the day
 * and each table at that time with every reason guests online are not offered it, in staff words and the
 * caller's language: closures, outside the service or its valid dates, a stay past the service's end, the
 * lead time, pacing, a booking (by reference), a guest's hold or a held change on the table, too small,
 * too large, staff only, walk-ins only, inactive, a members' area. Read only; the venue's staff or an
 * admin. Dates come from the injected clock.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeHolds, reservations, seatingAreas, venueTables } from '../../../server/db/schema';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { newId } from '../../../server/lib/ids';
import { addDays, hongKongToday, serviceDateTime } from '../../../common/time';
import { experienceIdByName, LECLOS, seatingAreaIdByName, UNKNOWN_ID } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const DINNER = 1140;

interface Reason {
  code: string;
  message: string;
  reference?: string;
  bookedCovers?: number;
  maxCovers?: number;
  note?: string | null;
}
interface WhyNot {
  offered: boolean;
  experience: string;
  reasons: Reason[];
  slots: { startTime: number; offered: boolean; reasons: Reason[] }[];
  tables: { tableId: string; name: string; area: string; offered: boolean; reasons: Reason[] }[];
}

for (const driver of testDrivers()) {
  describe(`staff's "Why not?" (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff } = accounts));
    let alaCarte: string;
    let nextDay = 3;
    const ownDay = () => addDays(hongKongToday(api.clock.now()), nextDay++);

    beforeAll(async () => {
      alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    });
    afterEach(() => api.clock.set(TEST_NOW));

    const ask = (staff: TestUser, query: Record<string, string | number>, locale = 'en') =>
      api.request('GET', `/admin/venue/${LECLOS}/why-not?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
        token: staff.token(),
        headers: { 'accept-language': locale },
      });
    const whyNot = async (date: string, time: number, guests = 2, staff = leclosStaff): Promise<WhyNot> => {
      const res = await ask(staff, { date, time, guests, experienceId: alaCarte });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const table = (answer: WhyNot, name: string) => answer.tables.find((t) => t.name === name)!;
    const codes = (reasons: Reason[]) => reasons.map((r) => r.code);
    const book = async (date: string, startTime: number, numberOfGuests = 2, complete = true) => {
      const user = await h.newUser();
      const held = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: LECLOS, experienceId: alaCarte, date, startTime, numberOfGuests } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      if (complete) expect((await h.complete(user, held.body.data._id)).status).toBe(200);
      const [row] = await api.deps.db.select().from(reservations).where(eq(reservations.id, held.body.data._id));
      return row!;
    };
    const tableId = async (name: string) => (await api.deps.db.select().from(venueTables).where(eq(venueTables.venueId, LECLOS))).find((t) => t.name === name)!.id;

    it('answers the venue’s staff and admins, refuses guests and other venues’ staff, and checks the question', async () => {
      const date = ownDay();
      for (const caller of [await h.newUser('guest'), await h.newUser('member'), obeStaff]) {
        expect((await ask(caller, { date, time: DINNER, guests: 2 })).status).toBe(403);
      }
      expect((await api.request('GET', `/admin/venue/${LECLOS}/why-not?date=${date}&time=${DINNER}&guests=2`)).status).toBe(401);
      expect((await ask(admin, { date, time: DINNER, guests: 2 })).status).toBe(200);
      const badTime = await ask(leclosStaff, { date, time: 'seven', guests: 2 });
      expect([badTime.status, badTime.body.message]).toEqual([400, 'Choose a time as HH:MM']);
      expect((await ask(leclosStaff, { date: '2026-02-30', time: DINNER, guests: 2 })).status).toBe(400);
      expect((await ask(leclosStaff, { date, time: DINNER, guests: 0 })).status).toBe(400);
      expect((await ask(leclosStaff, { date, time: DINNER })).status).toBe(400);
      expect((await ask(leclosStaff, { date, time: DINNER, guests: 2, experienceId: UNKNOWN_ID })).status).toBe(404);
    });

    it('says an offered time is offered, with the tables guests may get, and changes nothing', async () => {
      const date = ownDay();
      const before = await api.deps.db.select().from(reservations);
      const answer = await whyNot(date, DINNER);
      expect(answer).toMatchObject({ offered: true, reasons: [], experience: 'À la Carte' });
      expect(table(answer, 'D1')).toMatchObject({ offered: true, reasons: [], area: 'Dining Room' });
      expect(answer.slots.find((s) => s.startTime === DINNER)).toMatchObject({ offered: true, reasons: [] });
      expect(await api.deps.db.select().from(reservations)).toEqual(before);
    });

    it('names the booking on a table by its reference, a guest’s hold and a held change', async () => {
      const date = ownDay();
      const booked = await book(date, DINNER);
      const held = await book(date, DINNER, 2, false);
      const other = await book(date, 720);
      // Tables of one size are given in the order of their ids, which are random: the change takes one left free.
      const taken = new Set([booked.tableId, held.tableId]);
      const changeName = (await Promise.all(['T1', 'T2', 'T3', 'T4'].map(async (name) => ({ name, id: await tableId(name) })))).find((t) => !taken.has(t.id))!.name;
      const changeTable = await tableId(changeName);
      await api.deps.db.insert(changeHolds).values({
        id: newId(),
        reservationId: other.id,
        userId: other.userId,
        venueId: LECLOS,
        baseSequence: 0,
        date,
        startTime: DINNER,
        duration: 90,
        startsAt: serviceDateTime(date, DINNER),
        endsAt: serviceDateTime(date, DINNER + 90),
        numberOfGuests: 2,
        tableId: changeTable,
        amountDue: 20_000,
        difference: 10_000,
        status: 'HELD',
        holdExpiresAt: new Date(api.clock.now().getTime() + 10 * 60_000),
      });
      const answer = await whyNot(date, DINNER);
      const bookedTable = answer.tables.find((t) => t.tableId === booked.tableId)!;
      expect(bookedTable.offered).toBe(false);
      expect(bookedTable.reasons).toEqual([{ code: 'BOOKED', reference: booked.uniqueId, message: `Booked by ${booked.uniqueId} from 7:00 pm to 8:30 pm.` }]);
      expect(booked.uniqueId).toMatch(/^LEC-/);
      const heldTable = answer.tables.find((t) => t.tableId === held.tableId)!;
      expect(heldTable.reasons[0]).toMatchObject({ code: 'HELD', reference: held.uniqueId });
      expect(table(answer, changeName).reasons).toEqual([
        { code: 'CHANGE_HELD', reference: other.uniqueId, message: `Held by a change of ${other.uniqueId} being paid, from 7:00 pm to 8:30 pm.` },
      ]);
      // Other tables are free: the time is still offered.
      expect(answer.offered).toBe(true);
    });

    it('says which tables are too small, too large, staff only, walk-ins only, inactive or in a members’ area', async () => {
      const date = ownDay();
      const bar = await seatingAreaIdByName(api.deps.db, LECLOS, 'Bar Counter');
      await api.deps.db.update(venueTables).set({ bookable: 'STAFF' }).where(eq(venueTables.id, await tableId('T1')));
      await api.deps.db.update(venueTables).set({ bookable: 'WALK_IN' }).where(eq(venueTables.id, await tableId('T2')));
      await api.deps.db.update(venueTables).set({ active: false }).where(eq(venueTables.id, await tableId('T4')));
      await api.deps.db.update(seatingAreas).set({ membersOnly: true }).where(eq(seatingAreas.id, bar));
      await catalogChanged(api.deps.db);
      try {
        const answer = await whyNot(date, DINNER);
        expect(table(answer, 'T1').reasons).toEqual([{ code: 'STAFF_ONLY', message: 'Staff only: not bookable online.' }]);
        expect(codes(table(answer, 'T2').reasons)).toEqual(['WALK_INS_ONLY']);
        expect(codes(table(answer, 'T4').reasons)).toEqual(['INACTIVE']);
        expect(table(answer, 'B1').reasons).toEqual([{ code: 'MEMBERS_ONLY', message: 'Members-only area: not offered to guests.' }]);
        expect(table(answer, 'D12').reasons).toEqual([{ code: 'TOO_LARGE', message: 'Too large: seats at least 6.' }]);
        const eight = await whyNot(date, DINNER, 8);
        expect(table(eight, 'D1').reasons).toEqual([{ code: 'TOO_SMALL', message: 'Too small: seats at most 2.' }]);
        expect(table(eight, 'D12').offered).toBe(true);
      } finally {
        await api.deps.db.update(venueTables).set({ bookable: 'ONLINE', active: true }).where(eq(venueTables.venueId, LECLOS));
        await api.deps.db.update(seatingAreas).set({ membersOnly: false }).where(eq(seatingAreas.id, bar));
        await catalogChanged(api.deps.db);
      }
    });

    it('says a slot is paced out at its time with the covers, and names every table that seats the party taken', async () => {
      const date = ownDay();
      const set = await api.request('PUT', `/admin/venue/${LECLOS}/pacing`, {
        token: admin.token(),
        body: { rules: [{ periodName: 'Dinner', maxCoversPerSlot: 4, maxCoversPerService: null }], version: 0 },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      try {
        await book(date, DINNER);
        await book(date, DINNER);
        const answer = await whyNot(date, DINNER);
        expect(answer.offered).toBe(false);
        expect(answer.reasons).toEqual([{ code: 'PACED_OUT', message: 'Paced out at 7:00 pm: 4 of 4 covers.', bookedCovers: 4, maxCovers: 4 }]);
        expect(answer.slots.find((s) => s.startTime === DINNER + 15)!.offered).toBe(true);
        const ja = await ask(leclosStaff, { date, time: DINNER, guests: 2, experienceId: alaCarte }, 'ja');
        expect(ja.body.data.reasons[0].message).not.toBe('Paced out at 7:00 pm: 4 of 4 covers.');
        expect(ja.body.data.reasons[0].message).toContain('19:00');
      } finally {
        const read = await api.request('GET', `/admin/venue/${LECLOS}/pacing`, { token: admin.token() });
        await api.request('PUT', `/admin/venue/${LECLOS}/pacing`, { token: admin.token(), body: { rules: [], version: read.body.data.version } });
      }
    });

    it('says every table that seats the party is taken', async () => {
      const date = ownDay();
      // Two tables seat eight (D12 and T6): with both booked, none is free.
      await book(date, 780, 8);
      await book(date, 780, 8);
      const eight = await whyNot(date, 780, 8);
      expect(eight.reasons).toEqual([{ code: 'NO_FREE_TABLE', message: 'Every table that seats 8 is taken then.' }]);
      expect(eight.tables.filter((t) => t.reasons.some((r) => r.code === 'BOOKED')).map((t) => t.name).sort()).toEqual(['D12', 'T6']);
    });

    it('gives the closure and its reason: the venue, a service, a dining area', async () => {
      const date = ownDay();
      const terrace = await seatingAreaIdByName(api.deps.db, LECLOS, 'Garden Terrace');
      const close = (body: Record<string, unknown>) => api.request('POST', '/admin/closure', { token: leclosStaff.token(), body: { venueId: LECLOS, fromDate: date, toDate: date, ...body } });
      expect((await close({ scope: 'AREA', seatingAreaId: terrace, reason: 'TYPHOON' })).status).toBe(201);
      expect((await close({ scope: 'SERVICE', periodName: 'Dinner', reason: 'OTHER', note: 'Staff party' })).status).toBe(201);
      const answer = await whyNot(date, DINNER);
      expect(answer.reasons).toEqual([{ code: 'CLOSED', message: 'Closed: Dinner.', closureReason: 'OTHER', note: 'Staff party' }]);
      expect(table(answer, 'T1').reasons).toEqual([{ code: 'AREA_CLOSED', message: 'Closed for a typhoon signal: Garden Terrace.', closureReason: 'TYPHOON', note: null }]);
      expect(answer.slots.find((s) => s.startTime === 720)!.offered).toBe(true);
      expect((await close({ scope: 'VENUE', reason: 'PRIVATE_EVENT' })).status).toBe(201);
      expect((await whyNot(date, 720)).reasons).toEqual([{ code: 'CLOSED', message: 'Closed for a private event: Le Clos.', closureReason: 'PRIVATE_EVENT', note: null }]);
    });

    it('says a time is outside the service, after it, not a start, or in a service not valid yet', async () => {
      const date = ownDay();
      expect((await whyNot(date, 240)).reasons).toEqual([{ code: 'NOT_SERVED', message: 'Outside the service: À la Carte is not served at 4:00 am that day.' }]);
      // Lunch ends at 17:00: a 90-minute lunch at 16:00 would run past it.
      expect((await whyNot(date, 960)).reasons).toEqual([{ code: 'RUNS_PAST_END', message: 'A stay of 90 minutes would run past the end of Lunch at 5:00 pm.' }]);
      expect(codes((await whyNot(date, 725)).reasons)).toEqual(['NOT_A_START']);
      const read = (await api.request('GET', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token() })).body.data;
      const later = addDays(date, 30);
      const services = read.services.map((s: { name: string }) => (s.name === 'Dinner' ? { ...s, validFrom: later } : s));
      expect((await api.request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token(), body: { version: read.version, services } })).status).toBe(200);
      try {
        const answer = await whyNot(date, DINNER);
        expect(answer.reasons).toEqual([{ code: 'NOT_YET_VALID', message: expect.stringMatching(/^Dinner starts only on /) }]);
        // The tables are still told for the stay a party would have then.
        expect(table(answer, 'D1').reasons).toEqual([]);
      } finally {
        const now = (await api.request('GET', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token() })).body.data;
        const back = now.services.map((s: { name: string }) => (s.name === 'Dinner' ? { ...s, validFrom: null } : s));
        await api.request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token(), body: { version: now.version, services: back } });
      }
    });

    it('says a slot inside the lead time, one begun, and a party guests cannot book online', async () => {
      const date = ownDay();
      api.clock.set(serviceDateTime(date, DINNER - 30));
      const answer = await whyNot(date, DINNER);
      expect(answer.reasons).toEqual([{ code: 'LEAD_TIME', message: 'Inside the lead time: guests book at least 60 minutes ahead.' }]);
      expect(codes(answer.slots.find((s) => s.startTime === DINNER - 30)!.reasons)).toEqual(['STARTED']);
      expect(codes(answer.slots.find((s) => s.startTime === DINNER + 30)!.reasons)).toEqual(['LEAD_TIME']);
      expect(answer.slots.find((s) => s.startTime === DINNER + 45)!.offered).toBe(true);
      const large = await whyNot(ownDay(), DINNER, 12);
      expect(large.reasons[0]).toMatchObject({ code: 'SELECTION', message: expect.stringContaining('please contact our reservations team') });
    });
  });
}
