/**
 * The no-show report (docs/PRODUCT.md §4, no-shows): no-show and late-cancellation rates by policy type,
 * channel and member or guest over a range of service days, through the HTTP API on bookings made the
 * way the product makes them (online, by phone, walk-in; no-shows marked by staff, a late cancellation by
 * the guest); holds never completed are not counted; the CSV download in the caller's language; a policy
 * type the column gains later (the card guarantee, or any other) gets its own row without a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceDateTime } from '../../../common/time';
import { experienceIdByName, LECLOS, OBE } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit, type TestUser } from '../../support/server/kit';
import { parseCsv } from '../../support/server/csv-records';
import { tallyNoShows, type NoShowCountRow } from '../../../server/services/reports/no-show-report';

const DAY = '2026-12-14';

for (const driver of testDrivers()) {
  describe(`no-show report (${driver})`, () => {
    let api: TestApi;
    let staff: TestUser;
    beforeAll(async () => {
      api = await createTestApi({ driver });
      const kit = testKit(api);
      staff = await kit.staff(OBE);
      const visit = (id: string, action: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: staff.token(), body: { action } });

      // Online: two guests who do not come, one who cancels late, one who comes; a member who does not come.
      const [a, b, c, d] = [await kit.verifiedGuest(), await kit.verifiedGuest(), await kit.verifiedGuest(), await kit.verifiedGuest()];
      const member = await kit.member();
      const noShowA = await kit.booking(a, 'confirmed', { date: DAY, startTime: 1080 });
      const prepaidNoShow = await kit.booking(b, 'paid', { date: DAY, startTime: 1140 });
      const lateCancel = await kit.booking(c, 'confirmed', { date: DAY, startTime: 1200 });
      await kit.booking(d, 'confirmed', { date: DAY, startTime: 1260 });
      const memberNoShow = await kit.booking(member, 'confirmed', { date: DAY, startTime: 1110 });
      await kit.booking(d, 'held', { date: DAY, startTime: 1320 });
      // By phone, not coming; a walk-in seated.
      const phone = await api.request('POST', '/admin/reservation', {
        token: staff.token(),
        body: { venueId: OBE, experienceId: await experienceIdByName(api.deps.db, OBE, 'Bar Seating'), date: DAY, startTime: 1170, numberOfGuests: 2, email: 'caller@example.com', firstName: 'Phone', lastName: 'Caller' },
      });
      expect(phone.status, JSON.stringify(phone.body)).toBe(201);

      api.clock.set(serviceDateTime(DAY, 1110));
      expect((await api.request('PUT', `/user/reservation/v1.1/cancel/${lateCancel.id}`, { token: c.token() })).body.data.status).toBe('LATE_CANCELED');
      const walkIn = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: staff.token(), body: { numberOfGuests: 2, firstName: 'Walk', lastName: 'In' } });
      expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);

      api.clock.set(serviceDateTime(DAY, 1410));
      for (const id of [noShowA.id, prepaidNoShow.id, memberNoShow.id, phone.body.data._id]) expect((await visit(id, 'no-show')).status).toBe(200);
    });
    afterAll(() => api.close());

    const report = (query: Record<string, string>, headers: Record<string, string> = {}, who = staff) =>
      api.request('GET', `/admin/report/no-shows?${new URLSearchParams(query)}`, { token: who.token(), headers });
    const figures = (group: string, bookings: number, noShows: number, lateCancellations: number) => ({
      group,
      bookings,
      noShows,
      lateCancellations,
      noShowRate: bookings ? Math.round((noShows / bookings) * 10_000) / 10_000 : null,
      lateCancellationRate: bookings ? Math.round((lateCancellations / bookings) * 10_000) / 10_000 : null,
    });

    it('gives the rates by policy, channel and member or guest, counting confirmed bookings only', async () => {
      const res = await report({ venueId: OBE, from: DAY, to: DAY });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({
        from: DAY,
        to: DAY,
        venueId: OBE,
        // 7 bookings (the hold never completed is none): 4 no-shows, 1 late cancellation.
        total: figures('all', 7, 4, 1),
        byPolicy: [figures('none', 6, 3, 1), figures('deposit', 0, 0, 0), figures('guarantee', 0, 0, 0), figures('prepayment', 1, 1, 0)],
        byChannel: [figures('online', 5, 3, 1), figures('phone', 1, 1, 0), figures('walk-in', 1, 0, 0)],
        byGuest: [figures('member', 1, 1, 0), figures('guest', 6, 3, 1)],
      });
      expect(res.body.data.total.noShowRate).toBe(0.5714);
    });

    it('counts nothing outside the range or at another venue, and refuses a range that runs backwards', async () => {
      const before = await report({ venueId: OBE, from: '2026-12-13', to: '2026-12-13' });
      expect(before.body.data.total).toEqual(figures('all', 0, 0, 0));
      const admin = await testKit(api).admin();
      expect((await report({ venueId: LECLOS, from: DAY, to: DAY }, {}, admin)).body.data.total.bookings).toBe(0);
      expect((await report({ venueId: LECLOS, from: DAY, to: DAY })).status).toBe(403);
      expect((await report({ venueId: OBE, from: DAY, to: '2026-12-13' })).status).toBe(400);
    });

    it('downloads the same figures as CSV, in the caller\'s language, rates in per cent', async () => {
      const res = await api.request('GET', `/admin/report/no-shows.csv?${new URLSearchParams({ venueId: OBE, from: DAY, to: DAY })}`, { token: staff.token() });
      expect(res.status).toBe(200);
      const rows = parseCsv(res.body as string);
      expect(rows[0]).toEqual(['Grouping', 'Group', 'Bookings', 'No-shows', 'No-show rate (%)', 'Late cancellations', 'Late-cancellation rate (%)']);
      expect(rows[1]).toEqual(['All bookings', 'All', '7', '4', '57.1', '1', '14.3']);
      expect(rows).toContainEqual(['Channel', 'Walk-in', '1', '0', '0.0', '0', '0.0']);
      expect(rows).toContainEqual(['Policy', 'Deposit', '0', '0', '', '0', '']);
      const ja = await api.request('GET', `/admin/report/no-shows.csv?${new URLSearchParams({ venueId: OBE, from: DAY, to: DAY })}`, { token: staff.token(), headers: { 'Accept-Language': 'ja' } });
      expect(parseCsv(ja.body as string)[0]![0]).not.toBe('Grouping');
    });
  });
}

describe('no-show report grouping by policy type', () => {
  it('groups by the policy column as it is: the four known types in order, then any other found', () => {
    const rows: NoShowCountRow[] = [
      { status: 'NO_SHOW', policy: 'GUARANTEE', source: 'ONLINE', role: 'user', n: 2 },
      { status: 'CONFIRMED', policy: 'GUARANTEE', source: 'ONLINE', role: 'user', n: '2' },
      { status: 'LATE_CANCELED', policy: 'LOYALTY_HOLD', source: 'STAFF_PHONE', role: 'member', n: 1 },
      { status: 'CONFIRMED', policy: 'NONE', source: 'STAFF_WALK_IN', role: 'user', n: 3 },
    ];
    const { byPolicy, total } = tallyNoShows(rows);
    expect(byPolicy.map((f) => [f.group, f.bookings, f.noShows, f.lateCancellations])).toEqual([
      ['none', 3, 0, 0],
      ['deposit', 0, 0, 0],
      ['guarantee', 4, 2, 0],
      ['prepayment', 0, 0, 0],
      ['loyalty_hold', 1, 0, 1],
    ]);
    expect(byPolicy[2]!.noShowRate).toBe(0.5);
    expect(total).toMatchObject({ bookings: 8, noShows: 2, lateCancellations: 1 });
  });
});
