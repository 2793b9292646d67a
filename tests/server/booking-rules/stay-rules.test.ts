/**
 * The whole stay counts: a slot is offered, and booked, only when the party's turn time keeps
 * it inside the service's end and out of every closure; a last seating whose stay would run past the end
 * is not offered, nor is a lunch that would sit on into a closed dinner. Through the HTTP API on both
 * databases; dates come from the injected clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { newId } from '../../../server/lib/ids';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

interface ServiceBody {
  name: string;
  firstSeating: number;
  lastSeating: number;
  endsAt: number;
  validFrom: string | null;
  validUntil: string | null;
}

for (const driver of testDrivers()) {
  describe(`the whole stay counts (${driver})`, () => {
    let { api, h, admin, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff } = accounts));
    let alaCarte: string;
    let nextDay = 3;
    const ownDay = () => addDays(hongKongToday(api.clock.now()), nextDay++);

    beforeAll(async () => {
      alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    });

    const startTimes = async (date: string) => {
      const query = new URLSearchParams({ experienceId: alaCarte, numberOfGuests: '2' });
      const res = await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?${query}`, { token: (await h.newUser()).token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.timeslots as { startTime: number }[]).map((s) => s.startTime);
    };
    const hold = (user: TestUser, date: string, startTime: number) =>
      api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: LECLOS, experienceId: alaCarte, date, startTime, numberOfGuests: 2 } });
    const phoneBooking = (date: string, startTime: number) =>
      api.request('POST', '/admin/reservation', {
        token: leclosStaff.token(),
        body: { venueId: LECLOS, experienceId: alaCarte, date, startTime, numberOfGuests: 2, email: `${newId()}@example.com`, firstName: 'Phone', lastName: 'Guest' },
      });
    /** Changes Le Clos's lunch on `date` only: the rest of the year keeps its lunch. */
    const lunchOn = async (date: string, change: Partial<ServiceBody>) => {
      const read = (await api.request('GET', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token() })).body.data as { version: number; services: ServiceBody[] };
      const lunch = read.services.find((s) => s.name === 'Lunch' && (s.validFrom ?? date) <= date && date <= (s.validUntil ?? date))!;
      // The usual lunch stops the day before and starts again the day after; the day's own holds between.
      const services = read.services.flatMap((s) =>
        s === lunch ? [{ ...s, validUntil: addDays(date, -1) }, { ...s, ...change, validFrom: date, validUntil: date }, { ...s, validFrom: addDays(date, 1) }] : [s],
      ).filter((s) => (s.validFrom ?? '') <= (s.validUntil ?? '9999'));
      const body = { version: read.version, services };
      const res = await api.request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token(), body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };

    it("does not offer or book a last seating whose turn time would run past the service's end", async () => {
      const date = ownDay();
      // Lunch ends at 17:00; a last seating at 16:30 would send a 90-minute lunch on to 18:00.
      await lunchOn(date, { lastSeating: 990, endsAt: 1020 });
      const times = await startTimes(date);
      expect(times).toContain(930);
      expect(times).not.toContain(945);
      expect(times).not.toContain(990);
      const refused = await hold(await h.newUser(), date, 990);
      expect(refused.status).toBe(409);
      expect((await hold(await h.newUser(), date, 930)).status).toBe(201);
      const staff = await phoneBooking(date, 990);
      expect([staff.status, staff.body.errorCode]).toEqual([409, 20110]);
    });

    it('does not offer or book a lunch whose stay would run into a closed dinner', async () => {
      const date = ownDay();
      // Lunch runs on to 19:00, past dinner's 17:00 start; dinner is closed that day.
      await lunchOn(date, { lastSeating: 1020, endsAt: 1140 });
      expect(await startTimes(date)).toContain(990);
      const closed = await api.request('POST', '/admin/closure', {
        token: leclosStaff.token(),
        body: { venueId: LECLOS, scope: 'SERVICE', periodName: 'Dinner', fromDate: date, toDate: date, reason: 'PRIVATE_EVENT' },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(201);
      const times = await startTimes(date);
      // 15:30 ends at 17:00, as dinner starts: still offered; 15:45 would sit into it.
      expect(times).toContain(930);
      expect(times.filter((t) => t > 930 && t < 1320)).toEqual([]);
      const refused = await hold(await h.newUser(), date, 990);
      expect([refused.status, refused.body.message]).toEqual([409, 'Sorry, this time is closed for a private event. Please choose another date or time.']);
      const staff = await phoneBooking(date, 990);
      expect(staff.status).toBe(409);
      expect(staff.body.staffReason).toMatchObject({ code: 'CLOSED', scope: 'SERVICE', closed: 'Dinner' });
      expect((await hold(await h.newUser(), date, 930)).status).toBe(201);
    });
  });
}
