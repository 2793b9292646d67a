/**
 * Staff notes stay with staff (docs/decisions/0034-staff-notes.md), through the HTTP API on both drivers: a
 * phone booking's guest requests reach the guest, its staff notes never do (the confirmation mail, its
 * calendar invite, the guest's reservation page and manage page, the data export as JSON and CSV); the day
 * sheet shows both; staff edit both, audited, nothing mailed; an erasure empties both; and the migration
 * moves the phone bookings' old notes, which were the host's, to staff notes.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reservations } from '../../../server/db/schema';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { manageTokenIn } from '../../support/server/manage-helpers';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const STAFF_NOTE = 'Birthday, cake at 9pm; regular of the chef';
const GUEST_REQUEST = 'A quiet table, please';

for (const driver of testDrivers()) {
  describe(`staff notes stay with staff (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff } = accounts));

    let aLaCarte: string;
    beforeAll(async () => {
      aLaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    });

    let day = 0;
    const ownDay = () => `2026-12-${String(1 + day++).padStart(2, '0')}`;

    /** A phone booking at Le Clos for the guest's own address, with a guest request and a staff note. */
    async function phoneBooking(guest: TestUser, date = ownDay()) {
      const body = { venueId: LECLOS, experienceId: aLaCarte, date, startTime: 1140, numberOfGuests: 2, email: guest.email, firstName: 'Mei', lastName: 'Chan', notes: GUEST_REQUEST, staffNotes: STAFF_NOTE };
      const res = await api.request('POST', '/admin/reservation', { token: leclosStaff.token(), body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.data._id as string, date, data: res.body.data };
    }

    const editNotes = (staff: TestUser, id: string, body: unknown) => api.request('PUT', `/admin/reservation/${id}/notes`, { token: staff.token(), body });
    const sheetBooking = async (date: string, id: string) => {
      const res = await api.request('GET', `/admin/venue/${LECLOS}/day-sheet/${date}`, { token: leclosStaff.token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const all = res.body.data.services.flatMap((s: { seatings: { bookings: unknown[] }[] }) => s.seatings.flatMap((seating) => seating.bookings));
      return all.find((b: { id: string }) => b.id === id) as { notes: string | null; staffNotes: string | null };
    };

    it('mails the guest their request and never the staff note, in the mail or its calendar invite', async () => {
      const guest = await h.newUser('guest');
      const { data } = await phoneBooking(guest);
      expect(data.guest.notes).toBe(GUEST_REQUEST);
      expect(JSON.stringify(data)).not.toContain(STAFF_NOTE);
      const mails = await h.mailTo(guest.email);
      expect(mails.length).toBeGreaterThan(0);
      expect(mails[0]!.body).toContain(GUEST_REQUEST);
      for (const mail of mails) {
        expect(mail.body).not.toContain('Birthday');
        expect(mail.subject).not.toContain('Birthday');
      }
      const invites = mails.flatMap((mail) => mail.attachments.map((a) => Buffer.from(a.content, 'base64').toString('utf8')));
      expect(invites.some((ics) => ics.includes('BEGIN:VCALENDAR'))).toBe(true);
      for (const ics of invites) expect(ics.replace(/\r\n /g, '')).not.toContain('Birthday');
    });

    it("keeps the staff note off the guest's reservation page, calendar file, manage page and data export", async () => {
      const guest = await h.newUser('guest');
      const { id } = await phoneBooking(guest);
      const page = await api.request('GET', `/user/reservation/${id}`, { token: guest.token() });
      expect(page.status).toBe(200);
      expect(page.body.data.guest.notes).toBe(GUEST_REQUEST);
      expect(JSON.stringify(page.body)).not.toContain('Birthday');
      const list = await api.request('GET', '/user/reservation', { token: guest.token() });
      expect(JSON.stringify(list.body)).not.toContain('Birthday');

      const ics = await api.app.request(`/user/reservation/${id}/calendar.ics`, { headers: { authorization: `Bearer ${await guest.token()}` } });
      expect(ics.status).toBe(200);
      expect(await ics.text()).not.toContain('Birthday');

      const token = manageTokenIn((await h.mailTo(guest.email))[0]!.body);
      expect(token).toBeTruthy();
      const manage = await api.request('GET', `/manage/${token}`);
      expect(manage.status).toBe(200);
      expect(JSON.stringify(manage.body)).toContain(GUEST_REQUEST);
      expect(JSON.stringify(manage.body)).not.toContain('Birthday');

      const exported = await api.request('GET', '/user/privacy/export', { token: guest.token() });
      expect(exported.status).toBe(200);
      expect(JSON.stringify(exported.body)).toContain(GUEST_REQUEST);
      expect(JSON.stringify(exported.body)).not.toContain('Birthday');
      expect(JSON.stringify(exported.body)).not.toContain('staffNotes');
      const csv = await api.app.request('/user/privacy/export.csv', { headers: { authorization: `Bearer ${await guest.token()}` } });
      expect(csv.status).toBe(200);
      const text = await csv.text();
      expect(text).toContain(GUEST_REQUEST);
      expect(text).not.toContain('Birthday');
    });

    it('shows staff both notes on the day sheet', async () => {
      const guest = await h.newUser('guest');
      const { id, date } = await phoneBooking(guest);
      expect(await sheetBooking(date, id)).toMatchObject({ notes: GUEST_REQUEST, staffNotes: STAFF_NOTE });
    });

    it("lets the venue's staff edit either note, audited, mailing nothing; refuses another venue's staff and an empty change", async () => {
      const guest = await h.newUser('guest');
      const { id, date } = await phoneBooking(guest);
      const mailsBefore = (await h.mailTo(guest.email)).length;

      const staffOnly = await editNotes(leclosStaff, id, { staffNotes: '  Allergic to shellfish, told the kitchen ' });
      expect(staffOnly.status, JSON.stringify(staffOnly.body)).toBe(200);
      expect(staffOnly.body.data).toEqual({ id, notes: GUEST_REQUEST, staffNotes: 'Allergic to shellfish, told the kitchen' });
      const guestOnly = await editNotes(admin, id, { notes: '' });
      expect(guestOnly.body.data).toEqual({ id, notes: null, staffNotes: 'Allergic to shellfish, told the kitchen' });
      expect(await sheetBooking(date, id)).toMatchObject({ notes: null, staffNotes: 'Allergic to shellfish, told the kitchen' });
      expect((await h.mailTo(guest.email)).length).toBe(mailsBefore);

      const entries = await api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.seq);
      expect(entries.filter((e) => e.action === 'reservation.notes').map((e) => [e.actorId, e.before, e.after])).toEqual([
        [leclosStaff.id, { notes: GUEST_REQUEST, staffNotes: STAFF_NOTE }, { notes: GUEST_REQUEST, staffNotes: 'Allergic to shellfish, told the kitchen' }],
        [admin.id, { notes: GUEST_REQUEST, staffNotes: 'Allergic to shellfish, told the kitchen' }, { notes: null, staffNotes: 'Allergic to shellfish, told the kitchen' }],
      ]);

      expect((await editNotes(obeStaff, id, { staffNotes: 'x' })).status).toBe(403);
      expect((await editNotes(guest, id, { staffNotes: 'x' })).status).toBe(403);
      const empty = await editNotes(leclosStaff, id, {});
      expect([empty.status, empty.body.message]).toEqual([400, 'Change the guest requests or the staff notes']);
      const long = await editNotes(leclosStaff, id, { staffNotes: 'x'.repeat(501) });
      expect([long.status, long.body.field, long.body.message]).toEqual([400, 'staffNotes', 'Staff notes must be 500 characters or fewer.']);
      expect((await h.reservationRow(id)).staffNotes).toBe('Allergic to shellfish, told the kitchen');
    });

    it('empties the staff note too when the guest is erased', async () => {
      const guest = await h.newUser('guest');
      const { id } = await phoneBooking(guest);
      expect((await api.request('POST', '/user/privacy/erasure-request', { token: guest.token() })).status).toBe(200);
      const erased = await api.request('POST', `/admin/privacy/erasure-requests/${guest.id}/erase`, { token: admin.token() });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      expect(await h.reservationRow(id)).toMatchObject({ notes: null, staffNotes: null });
    });

    it("moves a phone booking's old notes, the host's words, to staff notes, and leaves a guest's own request", async () => {
      const guest = await h.newUser('guest');
      const { id } = await phoneBooking(guest);
      // As a phone booking was stored before staff notes: the host's words in the guest's field.
      await api.deps.db.update(reservations).set({ notes: STAFF_NOTE, staffNotes: null }).where(eq(reservations.id, id));
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId: aLaCarte, date: ownDay(), startTime: 1140, numberOfGuests: 2 } });
      const own = { id: held.body.data._id as string };
      await api.deps.db.update(reservations).set({ notes: 'Near the window' }).where(eq(reservations.id, own.id));

      const migration = readFileSync(new URL('../../../server/db/migrations/0041-0060/0046_staff_notes.sql', import.meta.url), 'utf8');
      // The column is there already (the harness migrated): run the migration's moves again.
      const moves = migration.split(';').filter((statement) => /^\s*(--.*\n\s*)*UPDATE/i.test(statement));
      expect(moves.length).toBe(1);
      for (const statement of moves) await api.deps.db.execute(sql.raw(statement));

      expect(await h.reservationRow(id)).toMatchObject({ notes: null, staffNotes: STAFF_NOTE });
      expect(await h.reservationRow(own.id)).toMatchObject({ notes: 'Near the window', staffNotes: null });
    });
  });
}
