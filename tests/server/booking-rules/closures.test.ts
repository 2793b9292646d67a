/**
 * Closures through the HTTP API: staff close a venue, a dining area or a service for
 * days; availability, bookings, changes and waitlist offers give nothing inside; bookings already inside
 * are listed for staff to contact and never cancelled; roles, venues and the audit log. Dates come from
 * the injected clock.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/db/schema';
import { createApp } from '../../../server/app';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, LECLOS, OBE, seatingAreaIdByName, UNKNOWN_ID } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { GUEST_DETAILS, type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const LUNCH = 720;
const DINNER = 1140;

for (const driver of testDrivers()) {
  describe(`closures (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff } = accounts));

    let alaCarte: string;
    let terrace: string;

    // Each test closes days of its own, counted from the clock's today.
    let nextDay = 3;
    const ownDay = () => addDays(hongKongToday(api.clock.now()), nextDay++);

    const close = (staff: TestUser, body: Record<string, unknown>) => api.request('POST', '/admin/closure', { token: staff.token(), body });
    const closeVenue = (staff: TestUser, fromDate: string, toDate = fromDate, extra: Record<string, unknown> = {}) =>
      close(staff, { venueId: LECLOS, scope: 'VENUE', fromDate, toDate, reason: 'PRIVATE_EVENT', ...extra });
    const reopen = (staff: TestUser, id: string) => api.request('DELETE', `/admin/closure/${id}`, { token: staff.token() });
    const list = (staff: TestUser, venueId = LECLOS, from?: string) =>
      api.request('GET', `/admin/closure?venueId=${venueId}${from ? `&from=${from}` : ''}`, { token: staff.token() });

    const availability = async (date: string, numberOfGuests = 2, seatingAreaId?: string) => {
      const query = new URLSearchParams({ experienceId: alaCarte, numberOfGuests: String(numberOfGuests), ...(seatingAreaId ? { seatingAreaId } : {}) });
      const res = await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?${query}`, { token: (await h.newUser()).token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { open: boolean; closure?: { reason: string }; timeslots: { startTime: number; seatingOptions: string[] }[] };
    };
    const hold = (user: TestUser, date: string, startTime: number, extra: Record<string, unknown> = {}) =>
      api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: LECLOS, experienceId: alaCarte, date, startTime, numberOfGuests: 2, ...extra } });
    const book = async (user: TestUser, date: string, startTime: number, extra: Record<string, unknown> = {}) => {
      const held = await hold(user, date, startTime, extra);
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const done = await h.complete(user, held.body.data._id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return held.body.data._id as string;
    };

    beforeAll(async () => {
      alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      terrace = await seatingAreaIdByName(api.deps.db, LECLOS, 'Garden Terrace');
    });

    describe('roles and venues', () => {
      it('refuses guests and members every closure call with 403, and changes nothing', async () => {
        const date = ownDay();
        const made = await closeVenue(admin, date);
        expect(made.status).toBe(201);
        for (const caller of [await h.newUser('guest'), await h.newUser('member')]) {
          expect((await closeVenue(caller, date)).status).toBe(403);
          expect((await list(caller)).status).toBe(403);
          expect((await reopen(caller, made.body.data._id)).status).toBe(403);
        }
        expect((await api.request('GET', `/admin/closure?venueId=${LECLOS}`)).status).toBe(401);
        expect((await list(admin)).body.data.items.filter((c: { _id: string }) => c._id === made.body.data._id)).toHaveLength(1);
      });

      it("lets venue staff close and reopen their own venue only: another venue's is 403", async () => {
        const date = ownDay();
        expect((await closeVenue(obeStaff, date)).status).toBe(403);
        expect((await list(obeStaff, LECLOS)).status).toBe(403);
        const own = await closeVenue(leclosStaff, date);
        expect(own.status, JSON.stringify(own.body)).toBe(201);
        expect((await reopen(obeStaff, own.body.data._id)).status).toBe(403);
        expect((await availability(date)).timeslots).toEqual([]);
        expect((await reopen(leclosStaff, own.body.data._id)).status).toBe(200);
        expect((await availability(date)).timeslots.length).toBeGreaterThan(0);
      });

      it('lets an admin close any venue', async () => {
        const date = ownDay();
        const obe = await close(admin, { venueId: OBE, scope: 'VENUE', fromDate: date, toDate: date, reason: 'TYPHOON' });
        expect(obe.status, JSON.stringify(obe.body)).toBe(201);
        expect((await list(obeStaff, OBE)).body.data.items.map((c: { _id: string }) => c._id)).toContain(obe.body.data._id);
      });
    });

    describe('what a closure may say', () => {
      it('refuses a closure that names nothing of the venue, runs backwards, starts in the past or gives no reason', async () => {
        const date = ownDay();
        const today = hongKongToday(api.clock.now());
        const cases: [Record<string, unknown>, number, string][] = [
          [{ toDate: addDays(date, -1) }, 400, 'toDate'],
          [{ fromDate: addDays(today, -1) }, 400, 'fromDate'],
          [{ reason: 'OTHER' }, 400, 'note'],
          [{ reason: 'HOLIDAY' }, 400, 'reason'],
          [{ scope: 'AREA' }, 400, 'seatingAreaId'],
          [{ scope: 'AREA', seatingAreaId: await seatingAreaIdByName(api.deps.db, OBE, 'Lounge') }, 400, 'seatingAreaId'],
          [{ scope: 'SERVICE', periodName: 'Elevenses' }, 400, 'periodName'],
          [{ toDate: addDays(date, 366) }, 400, 'toDate'],
        ];
        for (const [change, status, field] of cases) {
          const res = await closeVenue(admin, date, date, change);
          expect(res.status, JSON.stringify(change)).toBe(status);
          expect(res.body.field, JSON.stringify(res.body)).toBe(field);
        }
        expect((await closeVenue(admin, date, date, { venueId: UNKNOWN_ID })).status).toBe(404);
        expect((await closeVenue(admin, date, date, { reason: 'OTHER', note: 'Kitchen refit' })).status).toBe(201);
        expect((await reopen(admin, UNKNOWN_ID)).status).toBe(404);
      });
    });

    describe('availability and booking', () => {
      it('offers nothing on a closed day, says why, and refuses a booking asked for directly with the reason', async () => {
        const date = ownDay();
        expect((await closeVenue(leclosStaff, date)).status).toBe(201);
        const closed = await availability(date);
        expect(closed).toMatchObject({ open: true, closure: { reason: 'PRIVATE_EVENT' }, timeslots: [] });
        const refused = await hold(await h.newUser(), date, DINNER);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe('Sorry, this time is closed for a private event. Please choose another date or time.');
        // The venue's answer lists the closed day for the guest's date step.
        const venue = await api.request('GET', '/public/venue/by-domain/leclos');
        expect(venue.body.data.closedDays).toContainEqual({ date, reason: 'PRIVATE_EVENT' });
        expect(venue.body.data.closedDays).not.toContainEqual(expect.objectContaining({ date: addDays(date, 1) }));
        const next = await availability(addDays(date, 1));
        expect(next.closure).toBeUndefined();
        expect(next.timeslots.length).toBeGreaterThan(0);
      });

      it("is kept by a second server process's very next look-up, and its removal too", async () => {
        // A second app with a database handle of its own: its caches are its own, as another process's are.
        const second = createApp({ ...api.deps, db: Object.create(api.deps.db) });
        const date = ownDay();
        const token = await (await h.newUser()).token();
        const secondLooksUp = async () => {
          const query = new URLSearchParams({ experienceId: alaCarte, numberOfGuests: '2' });
          const res = await second.request(`/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?${query}`, { headers: { authorization: `Bearer ${token}` } });
          return ((await res.json()) as { data: { closure?: { reason: string }; timeslots: unknown[] } }).data;
        };
        expect((await secondLooksUp()).timeslots.length).toBeGreaterThan(0);
        const closed = await closeVenue(leclosStaff, date);
        expect(closed.status).toBe(201);
        expect(await secondLooksUp()).toMatchObject({ closure: { reason: 'PRIVATE_EVENT' }, timeslots: [] });
        expect((await reopen(leclosStaff, closed.body.data._id)).status).toBe(200);
        const reopened = await secondLooksUp();
        expect(reopened.closure).toBeUndefined();
        expect(reopened.timeslots.length).toBeGreaterThan(0);
      });

      it('closes every day of a range across the year-end, and none outside it', async () => {
        const today = hongKongToday(api.clock.now());
        let year = Number(today.slice(0, 4));
        if (`${year}-12-30` <= today) year += 1;
        const [from, to] = [`${year}-12-30`, `${year + 1}-01-02`];
        const made = await close(admin, { venueId: LECLOS, scope: 'VENUE', fromDate: from, toDate: to, reason: 'TYPHOON' });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        for (const date of [from, `${year}-12-31`, `${year + 1}-01-01`, to]) {
          expect(await availability(date), date).toMatchObject({ closure: { reason: 'TYPHOON' }, timeslots: [] });
        }
        const refused = await hold(await h.newUser(), `${year + 1}-01-01`, LUNCH);
        expect(refused.body.message).toBe('Sorry, this time is closed because of a typhoon signal. Please choose another date or time.');
        for (const date of [`${year}-12-29`, `${year + 1}-01-03`]) {
          expect((await availability(date)).timeslots.length, date).toBeGreaterThan(0);
        }
        expect((await reopen(admin, made.body.data._id)).status).toBe(200);
      });

      it('closes one service: dinner offers nothing and refuses bookings while lunch goes on', async () => {
        const date = ownDay();
        const made = await close(leclosStaff, { venueId: LECLOS, scope: 'SERVICE', periodName: 'Dinner', fromDate: date, toDate: date, reason: 'OTHER', note: 'Staff party' });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        const day = await availability(date);
        expect(day.closure).toBeUndefined();
        expect(day.timeslots.some((s) => s.startTime === LUNCH)).toBe(true);
        expect(day.timeslots.filter((s) => s.startTime >= 1020 && s.startTime < 1320)).toEqual([]);
        const refused = await hold(await h.newUser(), date, DINNER);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe('Sorry, this time is closed for bookings. Please choose another date or time.');
        expect((await hold(await h.newUser(), date, LUNCH)).status).toBe(201);
      });

      it('closes one dining area: its tables are neither offered nor given, the other areas still are', async () => {
        const date = ownDay();
        expect((await close(admin, { venueId: LECLOS, scope: 'AREA', seatingAreaId: terrace, fromDate: date, toDate: date, reason: 'PRIVATE_EVENT' })).status).toBe(201);
        const day = await availability(date);
        expect(day.timeslots.length).toBeGreaterThan(0);
        expect(day.timeslots.flatMap((s) => s.seatingOptions)).not.toContain(terrace);
        const onTerrace = await availability(date, 2, terrace);
        expect(onTerrace).toMatchObject({ closure: { reason: 'PRIVATE_EVENT' }, timeslots: [] });
        expect((await hold(await h.newUser(), date, DINNER, { seatingAreaId: terrace })).status).toBe(409);
        // Any area: the party gets a table elsewhere.
        const anywhere = await hold(await h.newUser(), date, DINNER);
        expect(anywhere.status).toBe(201);
        expect((await h.reservationRow(anywhere.body.data._id)).seatingAreaId).toBeNull();
      });

      it('refuses moving a booking into a closed day', async () => {
        const [date, closedDate] = [ownDay(), ownDay()];
        const guest = await h.newUser();
        const id = await book(guest, date, DINNER);
        expect((await closeVenue(admin, closedDate)).status).toBe(201);
        const moved = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: guest.token(), body: { date: closedDate, startTime: DINNER, numberOfGuests: 2 } });
        expect(moved.status).toBe(409);
        expect((await h.reservationRow(id)).date).toBe(date);
      });
    });

    describe('bookings already inside', () => {
      it('lists them with the guest’s contact, in the answer and the list, and leaves them confirmed', async () => {
        const [date, dayAfter] = [ownDay(), ownDay()];
        const [grace, other] = [await h.newUser(), await h.newUser()];
        const inside = await book(grace, date, DINNER);
        const nextDay = await book(other, dayAfter, DINNER);
        const made = await closeVenue(leclosStaff, date);
        expect(made.status).toBe(201);
        expect(made.body.data.affected).toEqual([
          {
            _id: inside,
            uniqueId: expect.any(String),
            date,
            startTime: DINNER,
            startTimeStr: '7:00 pm',
            numberOfGuests: 2,
            status: 'CONFIRMED',
            guestName: `${GUEST_DETAILS.firstName} ${GUEST_DETAILS.lastName}`,
            email: grace.email,
            mobile: '+852 9123 4567',
          },
        ]);
        const listed = (await list(leclosStaff, LECLOS, date)).body.data.items.find((c: { _id: string }) => c._id === made.body.data._id);
        expect(listed.affected.map((b: { _id: string }) => b._id)).toEqual([inside]);
        expect((await h.reservationRow(inside)).status).toBe('CONFIRMED');
        expect((await h.reservationRow(nextDay)).status).toBe('CONFIRMED');
      });

      it('never loses a booking made while the closure is being made: it is refused, or listed', async () => {
        for (let i = 0; i < 6; i++) {
          const date = ownDay();
          const [held, made] = await Promise.all([hold(await h.newUser(), date, DINNER), closeVenue(admin, date)]);
          expect(made.status).toBe(201);
          const listed = made.body.data.affected.map((b: { _id: string }) => b._id);
          if (held.status === 201) expect(listed).toEqual([held.body.data._id]);
          else expect([held.status, listed]).toEqual([409, []]);
        }
      });

      it("lists only the closed area's and the closed service's bookings", async () => {
        const date = ownDay();
        const dinner = await book(await h.newUser(), date, DINNER, { seatingAreaId: terrace });
        const lunchOnTerrace = await book(await h.newUser(), date, LUNCH, { seatingAreaId: terrace });
        const dinnerInside = await book(await h.newUser(), date, DINNER + 30, { numberOfGuests: 4, seatingAreaId: await seatingAreaIdByName(api.deps.db, LECLOS, 'Dining Room') });
        const service = await close(admin, { venueId: LECLOS, scope: 'SERVICE', periodName: 'Dinner', fromDate: date, toDate: date, reason: 'PRIVATE_EVENT' });
        expect(service.body.data.affected.map((b: { _id: string }) => b._id).sort()).toEqual([dinner, dinnerInside].sort());
        const area = await close(admin, { venueId: LECLOS, scope: 'AREA', seatingAreaId: terrace, fromDate: date, toDate: date, reason: 'PRIVATE_EVENT' });
        expect(area.body.data.affected.map((b: { _id: string }) => b._id).sort()).toEqual([dinner, lunchOnTerrace].sort());
      });
    });

    it('records each closure and its removal in the audit log, in the same change', async () => {
      const date = ownDay();
      const made = await closeVenue(leclosStaff, date, addDays(date, 1), { reason: 'TYPHOON' });
      const id = made.body.data._id;
      expect((await reopen(leclosStaff, id)).body.data).toMatchObject({ _id: id, fromDate: date });
      const entries = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'closure'), eq(auditLog.entityId, id))).orderBy(auditLog.seq);
      expect(entries.map((e) => [e.action, e.actorId, e.venueId])).toEqual([
        ['closure.create', leclosStaff.id, LECLOS],
        ['closure.remove', leclosStaff.id, LECLOS],
      ]);
      expect(entries[0]!.after).toMatchObject({ scope: 'VENUE', fromDate: date, toDate: addDays(date, 1), reason: 'TYPHOON', affectedBookings: [] });
      expect(entries[1]!.before).toMatchObject({ scope: 'VENUE', fromDate: date });
      expect(entries[1]!.after).toBeNull();
      const log = await api.request('GET', `/admin/audit-log?venueId=${LECLOS}`, { token: admin.token() });
      expect(log.body.data.items.map((e: { action: string; entityId: string }) => `${e.action} ${e.entityId}`)).toEqual(
        expect.arrayContaining([`closure.create ${id}`, `closure.remove ${id}`]),
      );
      // A removed closure is gone: removing it again is 404.
      expect((await reopen(leclosStaff, id)).status).toBe(404);
    });

    it('offers a waiting guest no freed table inside a closure', async () => {
      const date = ownDay();
      const obeBar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      // Only K1 seats eight at Obe: once taken at 8 pm, a party of eight waits.
      const taker = await h.newUser();
      const held = await api.request('POST', '/user/reservation/v1.1', { token: taker.token(), body: { venueId: OBE, experienceId: obeBar, date, startTime: 1200, numberOfGuests: 8 } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect((await h.complete(taker, held.body.data._id)).status).toBe(200);
      const waiter = await h.newUser();
      const joined = await api.request('POST', '/user/waitlist', {
        token: waiter.token(),
        body: { venueId: OBE, experienceId: obeBar, date, numberOfGuests: 8, earliestTime: 1140, latestTime: 1260 },
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      expect((await close(admin, { venueId: OBE, scope: 'VENUE', fromDate: date, toDate: date, reason: 'TYPHOON' })).status).toBe(201);
      expect((await h.cancel(taker, held.body.data._id)).status).toBe(200);
      const entries = await api.request('GET', '/user/waitlist', { token: waiter.token() });
      expect(entries.body.data.map((e: { status: string }) => e.status)).toEqual(['WAITING']);
    });
  });
}
