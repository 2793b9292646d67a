/**
 * Visit changes only when they can be true, through the HTTP API: a party is marked arrived or seated
 * only on its booking's service day, from two hours before the booked start until the day's last
 * service ends (Obe's bar until 02:00 on Thursday morning for a Wednesday), refused otherwise with the
 * reason (409 20110); a finish is undone until another party has the table (409 20102). The day sheet
 * carries what the host stand needs to say why a button is missing. At 23:59, 00:01 and 04:43 Hong Kong
 * time on the injected clock.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { newId } from '../../../server/lib/ids';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

/** An instant of a Hong Kong day, 'HH:MM' local. */
const hongKong = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

for (const driver of testDrivers()) {
  describe(`visit changes only when they can be true (${driver})`, () => {
    let { api, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, obeStaff } = accounts));
    let whiskyFlight: string;

    beforeAll(async () => {
      whiskyFlight = await experienceIdByName(api.deps.db, OBE, 'Whisky Flight');
    });
    afterEach(() => api.clock.set(TEST_NOW));

    const visit = (id: string, action: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: obeStaff.token(), body: { action } });
    /** A phone booking at Obe for two on `date` at `startTime`, made at TEST_NOW; its id. */
    async function booking(date: string, startTime: number, numberOfGuests = 2): Promise<string> {
      api.clock.set(TEST_NOW);
      const res = await api.request('POST', '/admin/reservation', {
        token: obeStaff.token(),
        body: { venueId: OBE, experienceId: whiskyFlight, date, startTime, numberOfGuests, email: `${newId()}@example.com`, firstName: 'Night', lastName: 'Cap' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id;
    }
    const sheetRow = async (date: string, id: string) => {
      const res = await api.request('GET', `/admin/venue/${OBE}/day-sheet/${date}`, { token: obeStaff.token() });
      return res.body.data.services.flatMap((s: { seatings: { bookings: { id: string }[] }[] }) => s.seatings.flatMap((x) => x.bookings)).find((b: { id: string }) => b.id === id);
    };

    it('refuses arriving and seating days before the booking, and two hours and a minute before it, with the reason', async () => {
      const id = await booking('2026-12-02', 1410); // Wednesday 23:30
      for (const at of [hongKong('2026-11-28', '23:30'), hongKong('2026-12-02', '21:29')]) {
        api.clock.set(at);
        for (const action of ['arrive', 'seat']) {
          const res = await visit(id, action);
          expect(res.status, `${action} at ${at.toISOString()}`).toBe(409);
          expect(res.body).toMatchObject({ errorCode: ERROR_CODES.OUTSIDE_SERVICE_HOURS, message: 'Arrival and seating are recorded from 9:30 pm on 2 Dec 2026, 2 hours before the booking.' });
        }
      }
      expect(await sheetRow('2026-12-02', id)).toMatchObject({ visitState: 'confirmed', serviceEndsAt: hongKong('2026-12-03', '02:00').toISOString(), tableTaken: false });
    });

    it('marks arrived at 23:59 and seats at 00:01 while the bar runs past midnight; refuses at 04:43, the service over', async () => {
      const late = await booking('2026-12-02', 1410);
      api.clock.set(hongKong('2026-12-02', '23:59'));
      expect((await visit(late, 'arrive')).status).toBe(200);
      api.clock.set(hongKong('2026-12-03', '00:01'));
      expect((await visit(late, 'seat')).status).toBe(200);

      const missed = await booking('2026-12-02', 1440); // 00:00 on Thursday, in Wednesday's service
      api.clock.set(hongKong('2026-12-03', '04:43'));
      for (const action of ['arrive', 'seat']) {
        const res = await visit(missed, action);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ errorCode: ERROR_CODES.OUTSIDE_SERVICE_HOURS, message: "The booking's service is over: its visit can no longer be changed this way." });
      }
      // A no-show is still recorded after the service.
      expect((await visit(missed, 'no-show')).status).toBe(200);
    });

    it('undoes a finish, the table back, until another party has been given the table', async () => {
      const id = await booking('2026-12-09', 1260, 8); // Wednesday 21:00, the Cask Room (K1), for eight
      api.clock.set(hongKong('2026-12-09', '21:00'));
      expect((await visit(id, 'seat')).status).toBe(200);
      api.clock.set(hongKong('2026-12-09', '21:30'));
      expect((await visit(id, 'finish')).status).toBe(200);
      const undone = await visit(id, 'undo-finish');
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      expect(undone.body.data.visitStatus).toBe('SEATED');
      const walkIn = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: obeStaff.token(), body: { numberOfGuests: 8 } });
      expect(walkIn.status, 'the table is taken again').toBe(409);

      api.clock.set(hongKong('2026-12-09', '21:40'));
      expect((await visit(id, 'finish')).status).toBe(200);
      api.clock.set(hongKong('2026-12-09', '21:45'));
      const next = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: obeStaff.token(), body: { numberOfGuests: 8 } });
      expect(next.status, JSON.stringify(next.body)).toBe(201);
      api.clock.set(hongKong('2026-12-09', '21:50'));
      const refused = await visit(id, 'undo-finish');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ errorCode: ERROR_CODES.SELECTION_UNAVAILABLE, message: 'The table has been given to another party since: the visit stays finished.' });
      expect(await sheetRow('2026-12-09', id)).toMatchObject({ visitState: 'finished', tableTaken: true });
    });
  });
}
