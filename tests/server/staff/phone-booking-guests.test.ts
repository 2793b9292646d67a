/**
 * A phone booking for a guest who gives a name and a mobile number only (docs/decisions/0037-mobile-only-guests.md):
 * an account known by that number, found again by it next time, never made twice (two hosts at once make
 * one: on PostgreSQL the transactions really run side by side), never mailed, and never merged with an
 * account that merely shares the number; the guest book finds it by the number, with no e-mail shown.
 */
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox, reservations, users } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

/** A Hong Kong mobile number no other test uses: 8 digits starting with 6. */
let numbers = 0;
const freshMobile = () => `6${String(Date.now() % 1_000_000).padStart(6, '0')}${numbers++ % 10}`;

for (const driver of testDrivers()) {
  describe(`phone booking with a name and a mobile number only (${driver})`, () => {
    let { api, admin, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, admin, leclosStaff } = accounts));
    let aLaCarte: string;
    beforeAll(async () => {
      aLaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    });

    let day = 0;
    /** A Le Clos service day no other test of this file uses. */
    const ownDay = () => `2026-12-${String(10 + day++).padStart(2, '0')}`;
    const phoneBook = (body: Record<string, unknown>, staff = leclosStaff) => api.request('POST', '/admin/reservation', { token: staff.token(), body });
    const callerBody = (mobileNumber: string, date: string, startTime = 1140) => ({
      venueId: LECLOS,
      experienceId: aLaCarte,
      date,
      startTime,
      numberOfGuests: 2,
      mobileCountryCode: '852',
      mobileNumber,
      firstName: 'Mei',
      lastName: 'Chan',
    });
    const accountsWith = (mobileNumber: string) => api.deps.db.select().from(users).where(eq(users.mobileNumber, mobileNumber));
    const userOf = async (reservationId: string) => (await api.deps.db.select().from(reservations).where(eq(reservations.id, reservationId)))[0]!;

    it('books a new guest on a name and a mobile number, mails nothing, and finds the same guest by that number next time', async () => {
      const mobile = freshMobile();
      const queued = (await api.deps.db.select().from(outbox)).length;
      const first = await phoneBook(callerBody(mobile, ownDay()));
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.data).toMatchObject({ status: 'CONFIRMED', bookingSource: 'STAFF_PHONE' });
      const [account, ...others] = await accountsWith(mobile);
      expect(others).toEqual([]);
      expect(account).toMatchObject({ role: 'guest', firstName: 'Mei', lastName: 'Chan', mobileCountryCode: '+852', mobileNumber: mobile });
      // Its address is a reserved one nobody receives or claims.
      expect(account!.email.endsWith('.invalid')).toBe(true);
      const booked = await userOf(first.body.data._id);
      expect([booked.userId, booked.email]).toEqual([account!.id, null]);
      expect(await api.deps.db.select().from(outbox).where(like(outbox.recipient, '%.invalid'))).toEqual([]);
      expect((await api.deps.db.select().from(outbox)).length).toBe(queued);

      // Typed another way the next time: the same guest, not a second account.
      const again = await phoneBook({ ...callerBody(`${mobile.slice(0, 4)} ${mobile.slice(4)}`, ownDay()), mobileCountryCode: '+852' });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect((await userOf(again.body.data._id)).userId).toBe(account!.id);
      expect(await accountsWith(mobile)).toHaveLength(1);

      // The guest book finds them by the number, with no e-mail to show.
      const found = await api.request('GET', `/admin/guest?q=${mobile}`, { token: leclosStaff.token() });
      expect(found.body.data).toEqual([expect.objectContaining({ _id: account!.id, email: null, mobile: expect.stringContaining(mobile.slice(4)) })]);
    });

    it('makes one guest when two hosts book the same new mobile-only caller at once', async () => {
      for (let round = 0; round < 3; round++) {
        const mobile = freshMobile();
        const date = ownDay();
        const answers = await Promise.all([phoneBook(callerBody(mobile, date, 1140)), phoneBook(callerBody(mobile, date, 1200), admin)]);
        expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 201]);
        const accounts = await accountsWith(mobile);
        expect(accounts).toHaveLength(1);
        for (const answer of answers) expect((await userOf(answer.body.data._id)).userId).toBe(accounts[0]!.id);
      }
    });

    it("is never merged on a stranger's say-so: an e-mail given with the same number is an account of its own, and the merge is refused", async () => {
      const mobile = freshMobile();
      const byPhone = await phoneBook(callerBody(mobile, ownDay()));
      expect(byPhone.status).toBe(201);
      const email = `stranger-${newId()}@example.com`;
      const withEmail = await phoneBook({ ...callerBody(mobile, ownDay()), email, firstName: 'Someone', lastName: 'Else' });
      expect(withEmail.status, JSON.stringify(withEmail.body)).toBe(201);
      const mobileOnly = (await userOf(byPhone.body.data._id)).userId;
      const emailed = (await userOf(withEmail.body.data._id)).userId;
      expect(emailed).not.toBe(mobileOnly);
      // The mobile-only account keeps its own name and booking.
      expect((await api.deps.db.select().from(users).where(eq(users.id, mobileOnly)))[0]).toMatchObject({ firstName: 'Mei', lastName: 'Chan' });
      // Sharing a number nobody proved by a texted code is no likeness (docs/decisions/0031-merge-rights-and-undo.md).
      const merge = await api.request('POST', `/admin/guest/${emailed}/merge`, { token: admin.token(), body: { duplicateId: mobileOnly, reason: 'Same caller?' } });
      expect([merge.status, merge.body.errorCode]).toEqual([409, 20155]);
    });
  });
}
