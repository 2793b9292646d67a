/**
 * The night belongs to the right service day, through the HTTP API: a walk-in or a phone booking outside
 * the venue's service hours is refused with the reason (409 20110); in the small hours, while a late
 * service runs (Obe's bar until 02:00 Wednesday to Saturday, Le Clos's supper until 01:00 Tuesday to
 * Saturday), what staff make belongs to that service's day, and shows on its day sheet and on the table
 * plan now. Checked at 23:59, 00:01 and 04:43 Hong Kong time on the injected clock.
 *
 * 2 Dec 2026 is a Wednesday, 6 Dec a Sunday (Obe until midnight, no supper at Le Clos).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { BATARD, experienceIdByName, HOPSZE, LECLOS, OBE } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

/** An instant of a Hong Kong day, 'HH:MM' local. */
const hongKong = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

type SheetBooking = { id: string; startTime: number; bookingSource: string };
type Sheet = { date: string; services: { name: string | null; seatings: { bookings: SheetBooking[] }[] }[] };
type PlanTable = { _id: string; state: string; booking: { _id: string } | null };

for (const driver of testDrivers()) {
  describe(`service hours and the service day (${driver})`, () => {
    let { api, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, admin, leclosStaff, obeStaff } = accounts));
    let whiskyFlight: string;
    let rotisserie: string;

    beforeAll(async () => {
      whiskyFlight = await experienceIdByName(api.deps.db, OBE, 'Whisky Flight');
      rotisserie = await experienceIdByName(api.deps.db, LECLOS, 'Rotisserie Sharing Menu');
    });
    afterEach(() => api.clock.set(TEST_NOW));

    const walkIn = (staff: TestUser, venueId: string, body: Record<string, unknown> = {}) =>
      api.request('POST', `/admin/venue/${venueId}/walk-in`, { token: staff.token(), body: { numberOfGuests: 2, ...body } });
    const sheet = async (venueId: string, date: string): Promise<Sheet> => {
      const res = await api.request('GET', `/admin/venue/${venueId}/day-sheet/${date}`, { token: admin.token() });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const sheetBookings = (s: Sheet) => s.services.flatMap((service) => service.seatings.flatMap((seating) => seating.bookings.map((b) => ({ ...b, service: service.name }))));
    const planTables = async (venueId: string): Promise<PlanTable[]> => {
      const res = await api.request('GET', `/admin/venue/${venueId}/table-plan`, { token: admin.token() });
      expect(res.status).toBe(200);
      return res.body.data.areas.flatMap((a: { tables: PlanTable[] }) => a.tables);
    };

    describe('walk-ins', () => {
      it('refuses a walk-in at 04:43 at every venue, all of them closed, with the reason, and files nothing', async () => {
        api.clock.set(hongKong('2026-12-03', '04:43'));
        for (const venueId of [LECLOS, BATARD, HOPSZE, OBE]) {
          const res = await walkIn(admin, venueId);
          expect(res.status, venueId).toBe(409);
          expect(res.body).toMatchObject({ errorCode: ERROR_CODES.OUTSIDE_SERVICE_HOURS, message: 'The venue is closed at 4:43 am: walk-ins are seated only during its service hours.' });
        }
        for (const date of ['2026-12-02', '2026-12-03']) {
          for (const venueId of [LECLOS, OBE]) expect(sheetBookings(await sheet(venueId, date)).filter((b) => b.bookingSource === 'STAFF_WALK_IN')).toEqual([]);
        }
      });

      it('gives the reason in the caller’s language', async () => {
        api.clock.set(hongKong('2026-12-03', '04:43'));
        const res = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: obeStaff.token(), body: { numberOfGuests: 2 }, headers: { 'Accept-Language': 'ja' } });
        expect(res.status).toBe(409);
        expect(res.body.message).toContain('4:43');
        expect(res.body.message).not.toContain('walk-ins are seated');
      });

      it("seats a walk-in at 00:01 on Wednesday's night under Wednesday's service that is running, on that day's sheet and on the plan now", async () => {
        api.clock.set(hongKong('2026-12-03', '00:01'));
        const bar = await walkIn(obeStaff, OBE, { firstName: 'Late', lastName: 'Dram' });
        expect(bar.status, JSON.stringify(bar.body)).toBe(201);
        expect(bar.body.data).toMatchObject({ date: '2026-12-02', startTime: 1441 });
        const supper = await walkIn(leclosStaff, LECLOS);
        expect(supper.status, JSON.stringify(supper.body)).toBe(201);
        expect(supper.body.data).toMatchObject({ date: '2026-12-02', startTime: 1441 });

        expect(sheetBookings(await sheet(OBE, '2026-12-02')).find((b) => b.id === bar.body.data._id)).toMatchObject({ service: 'Evening', startTime: 1441 });
        expect(sheetBookings(await sheet(LECLOS, '2026-12-02')).find((b) => b.id === supper.body.data._id)).toMatchObject({ service: 'Supper', startTime: 1441 });
        expect(sheetBookings(await sheet(OBE, '2026-12-03'))).toEqual([]);
        expect((await planTables(OBE)).find((t) => t.booking?._id === bar.body.data._id)).toMatchObject({ state: 'seated' });
        expect((await planTables(LECLOS)).find((t) => t.booking?._id === supper.body.data._id)).toMatchObject({ state: 'seated' });
      });

      it('refuses a walk-in at 00:01 after a Sunday, when the bar closed at midnight and Le Clos has no supper', async () => {
        api.clock.set(hongKong('2026-12-07', '00:01'));
        for (const venueId of [OBE, LECLOS]) {
          const res = await walkIn(admin, venueId);
          expect(res.status, venueId).toBe(409);
          expect(res.body).toMatchObject({ errorCode: ERROR_CODES.OUTSIDE_SERVICE_HOURS, message: 'The venue is closed at 12:01 am: walk-ins are seated only during its service hours.' });
        }
      });

      it('seats a walk-in at 23:59 on a Sunday at the bar, still open, and refuses the restaurants closed by then', async () => {
        api.clock.set(hongKong('2026-12-06', '23:59'));
        const bar = await walkIn(obeStaff, OBE);
        expect(bar.status, JSON.stringify(bar.body)).toBe(201);
        expect(bar.body.data).toMatchObject({ date: '2026-12-06', startTime: 1439 });
        expect(sheetBookings(await sheet(OBE, '2026-12-06')).find((b) => b.id === bar.body.data._id)).toMatchObject({ service: 'Evening' });
        for (const venueId of [LECLOS, BATARD, HOPSZE]) {
          const res = await walkIn(admin, venueId);
          expect(res.status, venueId).toBe(409);
          expect(res.body.message).toBe('The venue is closed at 11:59 pm: walk-ins are seated only during its service hours.');
        }
      });

      it('refuses a walk-in between two services, and an experience the running service does not serve', async () => {
        api.clock.set(hongKong('2026-12-02', '16:00'));
        expect((await walkIn(admin, BATARD)).body).toMatchObject({ errorCode: ERROR_CODES.OUTSIDE_SERVICE_HOURS });
        // Le Clos's Wednesday supper serves À la Carte, not the rotisserie (lunch and dinner).
        api.clock.set(hongKong('2026-12-02', '23:59'));
        const res = await walkIn(leclosStaff, LECLOS, { experienceId: rotisserie });
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ errorCode: ERROR_CODES.OUTSIDE_SERVICE_HOURS, message: 'This experience is not served at 11:59 pm.' });
        const served = await walkIn(leclosStaff, LECLOS);
        expect(served.status, JSON.stringify(served.body)).toBe(201);
        expect(served.body.data).toMatchObject({ date: '2026-12-02', startTime: 1439 });
      });
    });

    describe('phone bookings', () => {
      const phoneBook = (date: string, startTime: number) =>
        api.request('POST', '/admin/reservation', {
          token: obeStaff.token(),
          body: { venueId: OBE, experienceId: whiskyFlight, date, startTime, numberOfGuests: 2, email: `night-${date}-${startTime}@example.com`, firstName: 'Night', lastName: 'Owl' },
        });

      it("takes Wednesday's 00:30 at 00:01, on Wednesday's sheet; refuses a Sunday's 00:30, after the bar has closed, with the reason", async () => {
        api.clock.set(hongKong('2026-12-03', '00:01'));
        const late = await phoneBook('2026-12-02', 1470);
        expect(late.status, JSON.stringify(late.body)).toBe(201);
        expect(sheetBookings(await sheet(OBE, '2026-12-02')).find((b) => b.id === late.body.data._id)).toMatchObject({ service: 'Evening', startTime: 1470 });

        const closed = await phoneBook('2026-12-06', 1470);
        expect(closed.status).toBe(409);
        expect(closed.body).toMatchObject({ errorCode: ERROR_CODES.OUTSIDE_SERVICE_HOURS, staffReason: { code: 'OUTSIDE_HOURS', date: '2026-12-06', startTime: 1470 } });
        expect(closed.body.message).toMatch(/^Outside hours: .+ does not start at 12:30 am on 6 Dec 2026\. Its start times that day run from /);
      });

      it('refuses a time already gone by in words for staff', async () => {
        api.clock.set(hongKong('2026-12-02', '23:59'));
        const res = await phoneBook('2026-12-02', 1410);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ errorCode: ERROR_CODES.SELECTION_UNAVAILABLE, staffReason: { code: 'STARTED' } });
        expect(res.body.message).toBe('11:30 pm on 2 Dec 2026 has already begun: it is now 11:59 pm.');
      });
    });
  });
}
