/**
 * The venue's booking windows by membership set through the versioned set-up call
 * PUT /admin/venue/{venueId}/booking-windows: admins change them (audited), a venue's staff only while
 * an admin allows it, a stale version is refused with 409 20140, members fewer days than guests with 400
 * naming the field, and the next availability call honours the new windows for a guest and a member.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { venues } from '../../../server/db/schema';
import { addDays, hongKongToday } from '../../../common/time';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { BATARD, experienceIdByName } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

for (const driver of testDrivers()) {
  describe(`the venue's booking windows (${driver})`, () => {
    let { api, admin, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, admin, newStaff } = accounts));

    const stored = async (venueId = BATARD) =>
      (await api.deps.db.select({ guest: venues.guestBookingDays, member: venues.memberBookingDays, version: venues.version }).from(venues).where(eq(venues.id, venueId)))[0]!;
    const change = (user: TestUser, body: unknown, query = '', venueId = BATARD) =>
      api.request('PUT', `/admin/venue/${venueId}/booking-windows${query}`, { token: user.token(), body });
    const newUser = (role: 'guest' | 'member') => (role === 'member' ? testKit(api).member() : testKit(api).guest());

    it("refuses a venue's staff until an admin allows it, and bad input, changing nothing", async () => {
      const before = await stored();
      const staff = await newStaff('staff', BATARD);
      const refused = await change(staff, { guestBookingDays: 10, memberBookingDays: 20, version: before.version });
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe(20185);

      const shorter = await change(admin, { guestBookingDays: 30, memberBookingDays: 20, version: before.version });
      expect(shorter.status).toBe(400);
      expect(shorter.body).toMatchObject({ errorCode: ERROR_CODES.VALIDATION, field: 'memberBookingDays' });
      expect(shorter.body.message).toBe('Members may never book fewer days ahead than guests');
      const tooLong = await change(admin, { guestBookingDays: 400, memberBookingDays: 400, version: before.version });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({ field: 'guestBookingDays', message: 'Enter a number of days from 1 to 366' });
      const inJapanese = await api.request('PUT', `/admin/venue/${BATARD}/booking-windows`, {
        token: admin.token(),
        headers: { 'accept-language': 'ja' },
        body: { guestBookingDays: 0, memberBookingDays: 20, version: before.version },
      });
      expect(inJapanese.body.message).toBe('1〜366の日数を入力してください');
      expect(await stored()).toEqual(before);

      expect((await api.request('PUT', `/admin/setup/venue/${BATARD}/staff-access`, { token: admin.token(), body: { staffMaySetUp: true } })).status).toBe(200);
      const allowed = await change(staff, { guestBookingDays: before.guest, memberBookingDays: before.member, version: before.version }, '?preview=true');
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
      expect(allowed.body.data).toMatchObject({ published: false, affected: [] });
      expect(await stored()).toEqual(before);
      await api.request('PUT', `/admin/setup/venue/${BATARD}/staff-access`, { token: admin.token(), body: { staffMaySetUp: false } });
    });

    it('publishes for an admin, refuses a stale version with 409, and the next availability call uses the new windows', async () => {
      const before = await stored();
      const res = await change(admin, { guestBookingDays: 10, memberBookingDays: 20, version: before.version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ published: true, version: before.version + 1, affected: [] });
      expect(await stored()).toMatchObject({ guest: 10, member: 20 });

      const stale = await change(admin, { guestBookingDays: 5, memberBookingDays: 5, version: before.version });
      expect(stale.status).toBe(409);
      expect(stale.body.errorCode).toBe(20140);
      expect(await stored()).toMatchObject({ guest: 10, member: 20 });

      const setLunch = await experienceIdByName(api.deps.db, BATARD, 'Set Lunch');
      const day = addDays(hongKongToday(api.clock.now()), 15);
      const slots = (user: { token: () => Promise<string> }) =>
        api.request('GET', `/user/reservation/v1.1/timeslot-availability/${BATARD}/${day}?${new URLSearchParams({ numberOfGuests: '2', experienceId: setLunch })}`, { token: user.token() });
      const [member, guest] = [await newUser('member'), await newUser('guest')];
      expect((await slots(member)).status).toBe(200);
      const refused = await slots(guest);
      expect(refused.status).toBe(422);
      expect(refused.body.errorCode).toBe(20160);
    });
  });
}
