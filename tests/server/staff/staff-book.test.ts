/**
 * Working the book through the HTTP API: moving a booking (re-checked atomically, the guest
 * mailed, older manage links outdated), a phone booking for a guest (found or made, confirmed with what
 * is owed, mailed), a walk-in seated now, and the table plan; each checked for role and venue and audited.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, users, venueTables, waitlistEntries } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { newReservationReference } from '../../../server/services/reservations/reservations';
import { clearVenueCatalog } from '../../../server/services/booking-rules/venue-catalog';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { formatDate } from '../../../common/time';
import { BATARD, experienceIdByName, HOPSZE, LECLOS, OBE, seatingAreaIdByName } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import { manageTokenIn } from '../../support/server/manage-helpers';
import { type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const MINUTE = 60_000;

// The random short reference, so that a test can draw one that is taken.
vi.mock('../../../server/services/reservations/reservations', async (original) => {
  const actual = await original<typeof import('../../../server/services/reservations/reservations')>();
  return { ...actual, newReservationReference: vi.fn(actual.newReservationReference) };
});

for (const driver of testDrivers()) {
  describe(`working the book (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff } = accounts));

    let aLaCarte: string;

    const tableId = async (venueId: string, name: string) =>
      (await api.deps.db.select().from(venueTables).where(and(eq(venueTables.venueId, venueId), eq(venueTables.name, name))))[0]!.id;

    let day = 0;
    /** A Le Clos service day no other test of this file uses. */
    const ownDay = () => `2026-12-${String(1 + day++).padStart(2, '0')}`;

    /** A confirmed À la Carte booking at Le Clos for two (nothing to pay). */
    async function bookLeClos(guest: TestUser, date: string, startTime = 1140): Promise<string> {
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId: aLaCarte, date, startTime, numberOfGuests: 2 } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const done = await h.complete(guest, held.body.data._id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return held.body.data._id;
    }

    const move = (staff: TestUser, id: string, body: unknown) => api.request('PUT', `/admin/reservation/${id}/move`, { token: staff.token(), body });
    const phoneBook = (staff: TestUser, body: unknown) => api.request('POST', '/admin/reservation', { token: staff.token(), body });
    const walkIn = (staff: TestUser, venueId: string, body: unknown) => api.request('POST', `/admin/venue/${venueId}/walk-in`, { token: staff.token(), body });
    const plan = (staff: TestUser, venueId: string, at?: Date) =>
      api.request('GET', `/admin/venue/${venueId}/table-plan${at ? `?at=${encodeURIComponent(at.toISOString())}` : ''}`, { token: staff.token() });
    const auditOf = (entityId: string) => api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.seq);

    type PlanTable = { _id: string; name: string; state: string; booking: { _id: string; visitStatus: string | null } | null };
    const tableIn = (body: { data: { areas: { tables: PlanTable[] }[] } }, name: string) => body.data.areas.flatMap((a) => a.tables).find((t) => t.name === name)!;

    beforeAll(async () => {
      aLaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    });

    describe('roles and venues', () => {
      it("refuses guests every call with 403 and another venue's staff with 403, changing nothing", async () => {
        const guest = await h.newUser('guest');
        const date = ownDay();
        const id = await bookLeClos(guest, date);
        const before = await h.reservationRow(id);
        const booking = { venueId: LECLOS, experienceId: aLaCarte, date, startTime: 1200, numberOfGuests: 2, email: 'x@example.com', firstName: 'A', lastName: 'B' };
        for (const caller of [guest, obeStaff]) {
          expect((await move(caller, id, { startTime: 1200 })).status).toBe(403);
          expect((await phoneBook(caller, booking)).status).toBe(403);
          expect((await walkIn(caller, LECLOS, { numberOfGuests: 2 })).status).toBe(403);
          expect((await plan(caller, LECLOS)).status).toBe(403);
        }
        expect(await h.reservationRow(id)).toEqual(before);
        expect((await plan(obeStaff, OBE)).status).toBe(200);
        expect((await plan(admin, LECLOS)).status).toBe(200);
      });
    });

    describe('moving a booking', () => {
      it('moves to another time and table, mails the guest, outdates the old manage link, and audits before and after', async () => {
        const guest = await h.newUser('guest');
        const date = ownDay();
        const id = await bookLeClos(guest, date);
        const [confirmation] = await h.outboxOf(guest.email);
        const oldToken = manageTokenIn(confirmation!.body)!;
        const t4 = await tableId(LECLOS, 'T4');
        const terrace = await seatingAreaIdByName(api.deps.db, LECLOS, 'Garden Terrace');

        const res = await move(leclosStaff, id, { startTime: 1200, tableId: t4 });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ startTime: 1200, status: 'CONFIRMED', seatingArea: { _id: terrace } });
        const row = await h.reservationRow(id);
        expect([row.tableId, row.startTime, row.sequence]).toEqual([t4, 1200, 1]);

        const [mail] = await h.outboxOf(guest.email);
        expect(mail!.subject).toMatch(/changed/);
        expect(mail!.body).toContain('Time: 8:00 pm');
        const old = await api.request('GET', `/manage/${encodeURIComponent(oldToken)}`);
        expect(old.body.data.link).toBe('changed');

        const entries = await auditOf(id);
        expect(entries.map((e) => [e.action, e.actorId, e.venueId])).toEqual([['reservation.move', leclosStaff.id, LECLOS]]);
        expect(entries[0]!.before).toMatchObject({ startTime: 1140, tableId: before(row, t4) });
        expect(entries[0]!.after).toMatchObject({ startTime: 1200, tableId: t4, seatingAreaId: terrace });
      });

      it("refuses a table that is taken at that time with a clear 409, and changes nothing", async () => {
        const [first, second] = [await h.newUser('guest'), await h.newUser('guest')];
        const date = ownDay();
        const taken = await bookLeClos(first, date);
        const other = await bookLeClos(second, date);
        const takenTable = (await h.reservationRow(taken)).tableId;
        const before = await h.reservationRow(other);
        const res = await move(leclosStaff, other, { tableId: takenTable });
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ errorCode: ERROR_CODES.SELECTION_UNAVAILABLE, staffReason: { code: 'TABLE_TAKEN', reference: (await h.reservationRow(taken)).uniqueId } });
        expect(await h.reservationRow(other)).toEqual(before);
        expect(await auditOf(other)).toEqual([]);
      });

      it('refuses a table that does not seat the party (400 tableId) and a time off the schedule (409)', async () => {
        const guest = await h.newUser('guest');
        const id = await bookLeClos(guest, ownDay());
        const big = await move(leclosStaff, id, { tableId: await tableId(LECLOS, 'D12') });
        expect([big.status, big.body.field]).toEqual([400, 'tableId']);
        expect((await move(leclosStaff, id, { startTime: 1141 })).status).toBe(409);
        expect((await move(leclosStaff, id, {})).status).toBe(400);
      });

      it('offers the table a move frees to the first guest on the waitlist', async () => {
        const bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
        const date = ownDay();
        // Eight fit only the Cask Room's K1: booked at 20:00 by phone, with a guest waiting for that time.
        const booked = await phoneBook(obeStaff, { venueId: OBE, experienceId: bar, date, startTime: 1200, numberOfGuests: 8, email: `${newId()}@example.com`, firstName: 'Big', lastName: 'Party' });
        expect(booked.status, JSON.stringify(booked.body)).toBe(201);
        const waiting = await h.newUser('guest');
        const joined = await api.request('POST', '/user/waitlist', { token: waiting.token(), body: { venueId: OBE, experienceId: bar, date, numberOfGuests: 8, earliestTime: 1200, latestTime: 1200 } });
        expect(joined.status, JSON.stringify(joined.body)).toBe(201);

        expect((await move(obeStaff, booked.body.data._id, { startTime: 1320 })).status).toBe(200);
        // Read straight from the table: reading the waitlist through the API would settle it itself.
        const entries = await api.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, waiting.id));
        expect(entries.map((e) => e.status)).toEqual(['OFFERED']);
      });

      it('refuses to move a party that has arrived (409)', async () => {
        const guest = await h.newUser('guest');
        const id = await bookLeClos(guest, ownDay());
        // Half an hour before the booking, when its party can be marked arrived.
        api.clock.set(new Date((await h.reservationRow(id)).startsAt.getTime() - 30 * MINUTE));
        expect((await api.request('PUT', `/admin/reservation/${id}/visit`, { token: leclosStaff.token(), body: { action: 'arrive' } })).status).toBe(200);
        expect((await move(leclosStaff, id, { startTime: 1200 })).status).toBe(409);
      });
    });

    describe('phone booking', () => {
      it("books a new guest by e-mail: an account without a password, confirmed with the deposit owed, mailed with the manage link, audited", async () => {
        const email = `caller-${newId()}@example.com`;
        const date = ownDay();
        const experienceId = await experienceIdByName(api.deps.db, BATARD, 'À la Carte');
        const body = { venueId: BATARD, experienceId, date, startTime: 1140, numberOfGuests: 2, email, firstName: 'Wing', lastName: 'Lee', mobileCountryCode: '852', mobileNumber: '6123 4567', notes: 'Window table please', locale: 'zh-Hant' };
        const res = await phoneBook(admin, body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.data).toMatchObject({ status: 'CONFIRMED', bookingSource: 'STAFF_PHONE', numberOfGuests: 2, payment: { prePaymentType: 'DEPOSIT', amountDue: 60000 } });
        expect(res.body.data.guest).toMatchObject({ firstName: 'Wing', lastName: 'Lee', email, mobileCountryCode: '+852', mobileNumber: '61234567', notes: 'Window table please' });

        const [account] = await api.deps.db.select().from(users).where(eq(users.email, email));
        expect(account).toMatchObject({ role: 'guest', firstName: 'Wing', locale: 'zh-Hant' });
        expect((await h.reservationRow(res.body.data._id)).userId).toBe(account!.id);
        // No one knows its password: the guest sets one through the reset flow if they want to log in.
        expect((await api.request('POST', '/user/authentication/login', { body: { email, password: '' } })).status).not.toBe(200);

        const [mail] = await h.outboxOf(email);
        expect(mail!.subject).toContain(res.body.data.uniqueId);
        expect(manageTokenIn(mail!.body)).toBeTruthy();
        expect(mail!.body).toContain('HK$600');

        const entries = await auditOf(res.body.data._id);
        expect(entries.map((e) => [e.action, e.actorId, e.venueId, e.before])).toEqual([['reservation.phone-booking', admin.id, BATARD, null]]);
        expect(entries[0]!.after).toMatchObject({ status: 'CONFIRMED', userId: account!.id, bookingSource: 'STAFF_PHONE' });
      });

      it("uses the existing account found by mobile number, and refuses a booking with neither a mobile nor an e-mail (400 email)", async () => {
        const guest = await h.newUser('guest');
        await api.deps.db.update(users).set({ mobileCountryCode: '852', mobileNumber: '69998888' }).where(eq(users.id, guest.id));
        const date = ownDay();
        const body = { venueId: LECLOS, experienceId: aLaCarte, date, startTime: 1140, numberOfGuests: 2, mobileCountryCode: '+852', mobileNumber: '6999 8888', firstName: 'Test', lastName: 'User' };
        const res = await phoneBook(leclosStaff, body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect((await h.reservationRow(res.body.data._id)).userId).toBe(guest.id);
        expect((await h.outboxOf(guest.email))[0]!.subject).toContain(res.body.data.uniqueId);

        // A number that is no Hong Kong number (they start 4 to 9 and have 8 digits) is refused, naming the field.
        for (const mobileNumber of ['1234 5678', '6999 888']) {
          const bad = await phoneBook(leclosStaff, { ...body, mobileNumber, email: `bad-${newId()}@example.com` });
          expect([bad.status, bad.body.field, bad.body.message]).toEqual([400, 'mobileNumber', 'Please enter a valid mobile number']);
        }

        // An unknown number alone is a new guest known by it (phone-booking-guests.test.ts).
        const none = await phoneBook(leclosStaff, { ...body, mobileNumber: undefined, mobileCountryCode: undefined });
        expect([none.status, none.body.field]).toEqual([400, 'email']);
      });

      it("takes what the team may take and guests online may not: inside the lead time, and a party under the online minimum; refuses a taken table", async () => {
        // Bâtard's lead time is two hours: at 10:00 its 12:00 lunch is closed online, open to the team.
        const setLunch = await experienceIdByName(api.deps.db, BATARD, 'Set Lunch');
        const today = '2026-11-23';
        const guest = await h.newUser('guest');
        const online = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: BATARD, experienceId: setLunch, date: today, startTime: 720, numberOfGuests: 2 } });
        expect(online.status).toBe(409);
        const s1 = await tableId(BATARD, 'S1');
        const body = { venueId: BATARD, experienceId: setLunch, date: today, startTime: 720, numberOfGuests: 6, tableId: s1, email: guest.email, firstName: 'Test', lastName: 'User' };
        const res = await phoneBook(admin, body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect((await h.reservationRow(res.body.data._id)).tableId).toBe(s1);
        const again = await phoneBook(admin, body);
        expect(again.status).toBe(409);
        expect(again.body.message).toBe(`Table S1 is taken by ${res.body.data.uniqueId} from 12:00 pm to 1:45 pm.`);

        // Hop Sze takes 2 to 7 online; its team may book any party a table seats (here M1, made to seat one).
        const dimSum = await experienceIdByName(api.deps.db, HOPSZE, 'Dim Sum Lunch');
        const m1 = await tableId(HOPSZE, 'M1');
        await api.deps.db.update(venueTables).set({ minGuests: 1 }).where(eq(venueTables.id, m1));
        clearVenueCatalog(api.deps.db);
        try {
          const body = { venueId: HOPSZE, experienceId: dimSum, date: ownDay(), startTime: 720, numberOfGuests: 1 };
          const online = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body });
          expect(online.status).toBe(422);
          const solo = await phoneBook(admin, { ...body, email: guest.email, firstName: 'Solo', lastName: 'Diner' });
          expect(solo.status, JSON.stringify(solo.body)).toBe(201);
          expect((await h.reservationRow(solo.body.data._id)).tableId).toBe(m1);
        } finally {
          await api.deps.db.update(venueTables).set({ minGuests: 2 }).where(eq(venueTables.id, m1));
          clearVenueCatalog(api.deps.db);
        }
      });

      it("refuses a members-only experience for a guest who is no member (403)", async () => {
        const supper = await experienceIdByName(api.deps.db, LECLOS, "Members' Supper Club");
        const res = await phoneBook(leclosStaff, { venueId: LECLOS, experienceId: supper, date: '2026-12-01', startTime: 1320, numberOfGuests: 2, email: `x-${newId()}@example.com`, firstName: 'A', lastName: 'B' });
        expect(res.status).toBe(403);
      });
    });

    describe('refusals in staff words', () => {
      const tableName = async (id: string) => (await api.deps.db.select().from(venueTables).where(eq(venueTables.id, id)))[0]!.name;
      const phoneCall = (date: string, extra: Record<string, unknown> = {}) => ({
        venueId: LECLOS, experienceId: aLaCarte, date, startTime: 1140, numberOfGuests: 2, email: `words-${newId()}@example.com`, firstName: 'Ka', lastName: 'Ho', ...extra,
      });

      it("names the booking on a chosen table by its reference and times, and a guest's hold as a hold; the guest's refusal stays the guest's", async () => {
        const date = ownDay();
        const booked = await h.reservationRow(await bookLeClos(await h.newUser('guest'), date));
        const res = await phoneBook(leclosStaff, phoneCall(date, { startTime: 1200, tableId: booked.tableId }));
        const table = await tableName(booked.tableId);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({
          errorCode: ERROR_CODES.SELECTION_UNAVAILABLE,
          message: `Table ${table} is taken by ${booked.uniqueId} from 7:00 pm to 8:30 pm.`,
          staffReason: { code: 'TABLE_TAKEN', table, reference: booked.uniqueId, held: false, date, startTime: 1140, endTime: 1230 },
        });

        // In the reader's language: Japanese writes the times as 19:00.
        const ja = await api.request('POST', '/admin/reservation', { token: leclosStaff.token(), body: phoneCall(date, { startTime: 1200, tableId: booked.tableId }), headers: { 'Accept-Language': 'ja' } });
        expect(ja.body.message).toContain(booked.uniqueId);
        expect(ja.body.message).toContain('19:00');
        expect(ja.body.message).not.toContain('taken by');

        const holder = await h.newUser('guest');
        const held = await api.request('POST', '/user/reservation/v1.1', { token: holder.token(), body: { venueId: LECLOS, experienceId: aLaCarte, date, startTime: 780, numberOfGuests: 2 } });
        const heldRow = await h.reservationRow(held.body.data._id);
        const onHold = await phoneBook(leclosStaff, phoneCall(date, { startTime: 780, tableId: heldRow.tableId }));
        expect(onHold.body.message).toBe(`Table ${await tableName(heldRow.tableId)} is held for ${heldRow.uniqueId}, a guest booking online, from 1:00 pm to 2:30 pm.`);
        expect(onHold.body.staffReason).toMatchObject({ code: 'TABLE_TAKEN', reference: heldRow.uniqueId, held: true });

        // A guest who asks for a time nobody serves is told as before, with no staff reason.
        const guest = await api.request('POST', '/user/reservation/v1.1', { token: holder.token(), body: { venueId: LECLOS, experienceId: aLaCarte, date, startTime: 1141, numberOfGuests: 2 } });
        expect(guest.body).toMatchObject({ status: 409, message: 'Sorry, your selection is unavailable' });
        expect(guest.body.staffReason).toBeUndefined();
      });

      it('says a move onto a taken table is taken by that booking', async () => {
        const date = ownDay();
        const [taken, other] = [await bookLeClos(await h.newUser('guest'), date), await bookLeClos(await h.newUser('guest'), date)];
        const takenRow = await h.reservationRow(taken);
        const res = await move(leclosStaff, other, { tableId: takenRow.tableId });
        expect(res.status).toBe(409);
        expect(res.body.staffReason).toMatchObject({ code: 'TABLE_TAKEN', reference: takenRow.uniqueId });
        expect(res.body.message).toMatch(new RegExp(`^Table \\w+ is taken by ${takenRow.uniqueId} from 7:00 pm to 8:30 pm\\.$`));
      });

      it("gives a closure's reason, what it closes and staff's note", async () => {
        const date = ownDay();
        const terrace = await seatingAreaIdByName(api.deps.db, LECLOS, 'Garden Terrace');
        const closed = await api.request('POST', '/admin/closure', { token: admin.token(), body: { venueId: LECLOS, scope: 'AREA', seatingAreaId: terrace, fromDate: date, toDate: date, reason: 'PRIVATE_EVENT', note: 'Chan wedding' } });
        expect(closed.status, JSON.stringify(closed.body)).toBe(201);
        const res = await phoneBook(leclosStaff, phoneCall(date, { seatingAreaId: terrace }));
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(`Garden Terrace is closed for a private event on ${formatDate(date)}. Note: Chan wedding`);
        expect(res.body.staffReason).toMatchObject({ code: 'CLOSED', closureReason: 'PRIVATE_EVENT', scope: 'AREA', closed: 'Garden Terrace', fromDate: date, toDate: date, note: 'Chan wedding' });

        const dinner = await api.request('POST', '/admin/closure', { token: admin.token(), body: { venueId: LECLOS, scope: 'SERVICE', periodName: 'Dinner', fromDate: date, toDate: date, reason: 'TYPHOON' } });
        expect(dinner.status, JSON.stringify(dinner.body)).toBe(201);
        const typhoon = await phoneBook(leclosStaff, phoneCall(date));
        expect(typhoon.body.message).toBe(`Dinner is closed because of a typhoon signal on ${formatDate(date)}.`);
        expect(typhoon.body.staffReason).toMatchObject({ code: 'CLOSED', closureReason: 'TYPHOON', scope: 'SERVICE', note: null });
      });

      it("says a time is outside the experience's hours, or has begun", async () => {
        const date = ownDay();
        const res = await phoneBook(leclosStaff, phoneCall(date, { startTime: 1141 }));
        expect(res.status).toBe(409);
        // Le Clos serves À la Carte in several services: each run of start times is named (docs/PRODUCT.md §9).
        expect(res.body.message).toMatch(/^Outside hours: À la Carte does not start at 7:01 pm on \d+ Dec 2026\. Its start times that day are from \d+:\d\d [ap]m to \d+:\d\d [ap]m(, from \d+:\d\d [ap]m to \d+:\d\d [ap]m)*,? and from \d+:\d\d [ap]m to \d+:\d\d [ap]m\.$/);
        expect(res.body.staffReason).toMatchObject({ code: 'OUTSIDE_HOURS', experience: 'À la Carte', date, startTime: 1141 });

        // TEST_NOW is 10:00 in Hong Kong on 23 Nov: 9:00 am has begun.
        const begun = await phoneBook(leclosStaff, phoneCall('2026-11-23', { startTime: 540 }));
        expect(begun.body.staffReason?.code, JSON.stringify(begun.body)).toBe('STARTED');
        expect(begun.body.message).toBe('9:00 am on 23 Nov 2026 has already begun: it is now 10:00 am.');
      });

      it('says when the party is too large for any table, or for any free table', async () => {
        const dimSum = await experienceIdByName(api.deps.db, HOPSZE, 'Dim Sum Lunch');
        const date = ownDay();
        const tooLarge = await phoneBook(admin, phoneCall(date, { venueId: HOPSZE, experienceId: dimSum, startTime: 720, numberOfGuests: 8 }));
        expect(tooLarge.status).toBe(409);
        expect(tooLarge.body.message).toBe('Party too large: no table in Hop Sze seats 8. The largest seats 7.');
        expect(tooLarge.body.staffReason).toEqual({ code: 'PARTY_TOO_LARGE', numberOfGuests: 8, largestTable: 7, largestFreeTable: null });

        // Obe's only table for eight (K1) is booked: its largest free table seats six.
        const bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
        const first = await phoneBook(obeStaff, phoneCall(date, { venueId: OBE, experienceId: bar, startTime: 1200, numberOfGuests: 8 }));
        expect(first.status, JSON.stringify(first.body)).toBe(201);
        const second = await phoneBook(obeStaff, phoneCall(date, { venueId: OBE, experienceId: bar, startTime: 1200, numberOfGuests: 8 }));
        expect(second.body.message).toBe('Party too large for any free table: no free table in Obe seats 8 at that time. The largest free table seats 6.');
        expect(second.body.staffReason).toEqual({ code: 'PARTY_TOO_LARGE', numberOfGuests: 8, largestTable: 10, largestFreeTable: 6 });
      });
    });

    describe('walk-ins', () => {
      it('seats a party now on a free table that fits: CONFIRMED and SEATED, on the table plan, audited', async () => {
        api.clock.set(new Date(TEST_NOW.getTime() + 7 * 24 * 60 * MINUTE + 37 * MINUTE + 20_000));
        const res = await walkIn(leclosStaff, LECLOS, { numberOfGuests: 3, firstName: 'Walk', lastName: 'In', notes: 'Birthday' });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.data).toMatchObject({ status: 'CONFIRMED', bookingSource: 'STAFF_WALK_IN', date: '2026-11-30', startTime: 637, numberOfGuests: 3, payment: { amountDue: 0 } });
        const row = await h.reservationRow(res.body.data._id);
        expect(row.visitStatus).toBe('SEATED');
        expect(row.startsAt.toISOString()).toBe('2026-11-30T02:37:00.000Z');

        const seen = await plan(leclosStaff, LECLOS);
        const table = seen.body.data.areas.flatMap((a: { tables: PlanTable[] }) => a.tables).find((t: PlanTable) => t._id === row.tableId);
        expect(table).toMatchObject({ state: 'seated', booking: { _id: row.id, visitStatus: 'SEATED' } });
        expect((await auditOf(row.id)).map((e) => e.action)).toEqual(['reservation.walk-in']);
      });

      it('refuses when no table that seats the party is free now, and a chosen table that is taken', async () => {
        // 6 pm at Obe, its bar open: its only table for eight (K1), then the same again.
        api.clock.set(new Date('2026-12-01T18:00:00+08:00'));
        const first = await walkIn(obeStaff, OBE, { numberOfGuests: 8 });
        expect(first.status, JSON.stringify(first.body)).toBe(201);
        const second = await walkIn(obeStaff, OBE, { numberOfGuests: 8 });
        expect(second.status).toBe(409);
        expect(second.body.message).toBe('No table that seats this party is free now');
        const chosen = await walkIn(obeStaff, OBE, { numberOfGuests: 8, tableId: (await h.reservationRow(first.body.data._id)).tableId });
        expect(chosen.body.message).toBe(`Table K1 is taken by ${first.body.data.uniqueId} from 6:00 pm to 8:00 pm.`);
      });
    });

    describe('the table plan', () => {
      it('shows each table free, held, booked or seated at the chosen time, with its booking', async () => {
        const date = ownDay();
        const [holder, booker] = [await h.newUser('guest'), await h.newUser('guest')];
        const held = await api.request('POST', '/user/reservation/v1.1', { token: holder.token(), body: { venueId: LECLOS, experienceId: aLaCarte, date, startTime: 1140, numberOfGuests: 2 } });
        expect(held.status).toBe(201);
        const booked = await bookLeClos(booker, date);
        const heldRow = await h.reservationRow(held.body.data._id);
        const bookedRow = await h.reservationRow(booked);
        const at = new Date(bookedRow.startsAt.getTime() + 30 * MINUTE);

        const res = await plan(leclosStaff, LECLOS, at);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.at).toBe(at.toISOString());
        const byId = new Map<string, PlanTable>(res.body.data.areas.flatMap((a: { tables: PlanTable[] }) => a.tables).map((t: PlanTable) => [t._id, t]));
        expect(byId.get(heldRow.tableId)).toMatchObject({ state: 'held', booking: { _id: heldRow.id } });
        expect(byId.get(bookedRow.tableId)).toMatchObject({ state: 'booked', booking: { _id: bookedRow.id, visitStatus: null } });
        expect(tableIn(res.body, 'D12')).toMatchObject({ state: 'free', booking: null });
        expect(res.body.data.areas.map((a: { name: string }) => a.name)).toEqual(['Dining Room', 'Garden Terrace', 'Bar Counter']);
        // Table names in the order people count them.
        expect(res.body.data.areas[0].tables.map((t: PlanTable) => t.name).slice(8, 11)).toEqual(['D9', 'D10', 'D11']);

        // Once the hold runs out its table is free again; before the booking starts, its table is free.
        api.clock.advance(16 * MINUTE);
        expect(byIdOf(await plan(leclosStaff, LECLOS, at), heldRow.tableId)).toMatchObject({ state: 'free' });
        expect(byIdOf(await plan(leclosStaff, LECLOS, new Date(bookedRow.startsAt.getTime() - MINUTE)), bookedRow.tableId)).toMatchObject({ state: 'free' });

        expect((await api.request('GET', `/admin/venue/${LECLOS}/table-plan?at=tomorrow`, { token: leclosStaff.token() })).status).toBe(400);
      });
    });

    describe('a reference drawn twice', () => {
      it("draws a phone booking's and a walk-in's reference again when another booking has it, as a guest's hold does", async () => {
        const taken = (await h.reservationRow(await bookLeClos(await h.newUser('guest'), ownDay()))).uniqueId;
        vi.mocked(newReservationReference).mockReturnValueOnce(taken);
        const phone = await phoneBook(leclosStaff, { venueId: LECLOS, experienceId: aLaCarte, date: ownDay(), startTime: 1140, numberOfGuests: 2, email: `drawn-${newId()}@example.com`, firstName: 'A', lastName: 'B' });
        expect(phone.status, JSON.stringify(phone.body)).toBe(201);
        expect(phone.body.data.uniqueId).not.toBe(taken);

        api.clock.set(new Date('2026-12-02T12:30:00+08:00')); // Hop Sze's lunch
        vi.mocked(newReservationReference).mockReturnValueOnce(taken);
        const seated = await walkIn(admin, HOPSZE, { numberOfGuests: 2 });
        expect(seated.status, JSON.stringify(seated.body)).toBe(201);
        expect(seated.body.data.uniqueId).not.toBe(taken);
      });
    });
  });
}

const byIdOf = (res: { body: { data: { areas: { tables: { _id: string }[] }[] } } }, id: string) => res.body.data.areas.flatMap((a) => a.tables).find((t) => t._id === id);

/** The table the booking had before the move: any other than the one it moved to. */
function before(_row: unknown, movedTo: string) {
  return expect.not.stringMatching(`^${movedTo}$`);
}
