/**
 * Member-only times through the HTTP API: an admin makes a service members-only on
 * the services form's call; then guests are not offered its times (the public availability neither) and
 * are told members can book them, a hold, a change and a waitlist join into them are refused with 422
 * 20200, and the waitlist's offers pass a waiting guest by for them (and for the members' dining area),
 * while members book them as before. Bâtard's lunch is made members-only here, not in the demo data.
 * Days come from the harness's clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, venueTables } from '../../../server/db/schema';
import { addDays, hongKongToday } from '../../../common/time';
import { BATARD, experienceIdByName } from '../../support/server/fixtures';
import { createTestApi, newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { GUEST_DETAILS, insertStaff, paymentHelpers, type TestUser } from '../../support/server/payment-helpers';

const LUNCH_REFUSAL = {
  status: 422,
  errorCode: 20200,
  field: 'startTime',
  message: 'Members can book Lunch times (12:00 pm to 3:30 pm). Please choose another time, or log in as a member.',
};

for (const driver of testDrivers()) {
  describe(`member-only times (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    let admin: TestUser;
    let setLunch: string;
    /** A guest's lunch booked before lunch became members-only, and the waiting guest for a party of ten. */
    let early: { user: TestUser; id: string };
    let waiting: { owner: TestUser; booked: string; guest: TestUser };

    const ahead = (days: number) => addDays(hongKongToday(api.clock.now()), days);
    const lunch = (date: string, extra: Record<string, unknown> = {}) => ({ venueId: BATARD, experienceId: setLunch, date, startTime: 720, numberOfGuests: 2, ...extra });
    const hold = (user: TestUser, body: Record<string, unknown>) => api.request('POST', '/user/reservation/v1.1', { token: user.token(), body });
    const book = async (user: TestUser, body: Record<string, unknown>) => {
      const held = await hold(user, body);
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const done = await api.request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
        token: user.token(),
        body: { ...GUEST_DETAILS, email: user.email, agreements: { cancellationPolicy: true, noShowPolicy: true, minimumSpendPolicy: true } },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return held.body.data._id as string;
    };
    const slots = (user: TestUser | null, date: string, headers: Record<string, string> = {}) => {
      const path = `${BATARD}/${date}?${new URLSearchParams({ numberOfGuests: '2', experienceId: setLunch })}`;
      return user
        ? api.request('GET', `/user/reservation/v1.1/timeslot-availability/${path}`, { token: user.token(), headers })
        : api.request('GET', `/public/reservation/timeslot-availability/${path}`, { from: newClientAddress(), headers });
    };
    const join = (user: TestUser, date: string, numberOfGuests = 10) =>
      api.request('POST', '/user/waitlist', {
        token: user.token(),
        body: { venueId: BATARD, experienceId: setLunch, date, numberOfGuests, earliestTime: 720, latestTime: 780 },
      });
    const waitlistOf = async (user: TestUser) => (await api.request('GET', '/user/waitlist', { token: user.token() })).body.data as { status: string; reservationId: string | null }[];
    const services = async () => (await api.request('GET', `/admin/setup/venue/${BATARD}/services`, { token: admin.token() })).body.data;
    const publish = (body: unknown) => api.request('PUT', `/admin/setup/venue/${BATARD}/services`, { token: admin.token(), body });

    beforeAll(async () => {
      api = await createTestApi({ driver });
      h = paymentHelpers(api);
      admin = await insertStaff(api, 'admin', null);
      setLunch = await experienceIdByName(api.deps.db, BATARD, 'Set Lunch');
      // Made while lunch is open to everyone: a guest's booking, and a guest waiting for the only table of ten.
      const guest = await h.newUser('guest');
      early = { user: guest, id: await book(guest, lunch(ahead(8))) };
      const [owner, waiter] = [await h.newUser('guest'), await h.newUser('guest')];
      const booked = await book(owner, lunch(ahead(9), { numberOfGuests: 10 }));
      expect((await join(waiter, ahead(9))).status).toBe(201);
      waiting = { owner, booked, guest: waiter };

      const read = await services();
      const published = await publish({ version: read.version, services: read.services.map((s: { name: string }) => ({ ...s, membersOnly: s.name === 'Lunch' })) });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    });
    afterAll(async () => {
      await api?.close();
    });

    describe('the services form', () => {
      it('reads back which services are members-only, and refuses a switch that is not one', async () => {
        const read = await services();
        expect(read.services.map((s: { name: string; membersOnly: boolean }) => [s.name, s.membersOnly])).toEqual([
          ['Lunch', true],
          ['Dinner', false],
        ]);
        const bad = await publish({ version: read.version, services: read.services.map((s: object) => ({ ...s, membersOnly: 'yes' })) });
        expect([bad.status, bad.body.field, bad.body.message]).toEqual([400, 'services.0.membersOnly', 'Say whether only members may book this service']);
        expect((await services()).version).toBe(read.version);
      });

      it('is for admins only', async () => {
        const guest = await h.newUser('guest');
        const read = await services();
        expect((await api.request('PUT', `/admin/setup/venue/${BATARD}/services`, { token: guest.token(), body: { version: read.version, services: read.services } })).status).toBe(403);
      });
    });

    describe('availability', () => {
      it('leaves a members’ service out of a guest’s times, on the public call too, and names it', async () => {
        const guest = await h.newUser('guest');
        for (const res of [await slots(guest, ahead(5)), await slots(null, ahead(5))]) {
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body.data).toMatchObject({ open: true, timeslots: [] });
          expect(res.body.data.membersOnlyTimes).toEqual([{ name: 'Lunch', startTime: 720, startTimeStr: '12:00 pm', endTime: 930, endTimeStr: '3:30 pm' }]);
        }
      });

      it('offers a member the same times, with nothing left out', async () => {
        const member = await h.newUser('member');
        const res = await slots(member, ahead(5));
        expect(res.body.data.timeslots.map((s: { startTime: number }) => s.startTime)).toContain(720);
        expect(res.body.data.membersOnlyTimes).toBeUndefined();
      });

      it('names the service in the reader’s language', async () => {
        const res = await slots(null, ahead(5), { 'accept-language': 'zh-Hant' });
        expect(res.body.data.membersOnlyTimes[0].name).not.toBe('Lunch');
      });
    });

    describe('holds and changes', () => {
      it('refuses a guest’s hold with the reason, and holds a member’s', async () => {
        const guest = await h.newUser('guest');
        expect((await hold(guest, lunch(ahead(6)))).body).toEqual(LUNCH_REFUSAL);
        const member = await h.newUser('member');
        expect((await hold(member, lunch(ahead(6)))).status).toBe(201);
      });

      it('keeps a guest’s booking at its time, and refuses moving it to another time of the service', async () => {
        const resized = await api.request('PUT', `/user/reservation/v1.1/${early.id}`, { token: early.user.token(), body: { numberOfGuests: 3 } });
        expect(resized.status, JSON.stringify(resized.body)).toBe(200);
        const moved = await api.request('PUT', `/user/reservation/v1.1/${early.id}`, { token: early.user.token(), body: { startTime: 750 } });
        expect(moved.body).toEqual(LUNCH_REFUSAL);
        const after = await api.request('GET', `/user/reservation/${early.id}`, { token: early.user.token() });
        expect(after.body.data).toMatchObject({ startTime: 720, numberOfGuests: 3 });
      });
    });

    describe('the waitlist', () => {
      it('refuses a guest a window of members’ times only', async () => {
        const guest = await h.newUser('guest');
        expect((await join(guest, ahead(10))).body).toEqual(LUNCH_REFUSAL);
        expect(await waitlistOf(guest)).toEqual([]);
      });

      it('passes a waiting guest by for a members’ time, and offers it to a member', async () => {
        expect((await api.request('PUT', `/user/reservation/v1.1/cancel/${waiting.booked}`, { token: waiting.owner.token() })).status).toBe(200);
        expect((await waitlistOf(waiting.guest)).map((e) => e.status)).toEqual(['WAITING']);
        const member = await h.newUser('member');
        expect((await join(member, ahead(9))).status).toBe(201);
        const [offer] = await waitlistOf(member);
        expect(offer).toMatchObject({ status: 'OFFERED' });
        expect((await waitlistOf(waiting.guest)).map((e) => e.status)).toEqual(['WAITING']);
      });

      it('passes a waiting guest by for the members’ dining area, and offers it to a member', async () => {
        // Dinner at Bâtard is open to all; parties of six fit D10, D11, S1, S2 and The Cellar's C1 (members').
        const day = ahead(11);
        const tasting = await experienceIdByName(api.deps.db, BATARD, 'Tasting Menu');
        const six = { venueId: BATARD, experienceId: tasting, date: day, startTime: 1140, numberOfGuests: 6 };
        for (let i = 0; i < 4; i++) expect((await hold(await h.newUser('guest'), six)).status).toBe(201);
        const window = { venueId: BATARD, experienceId: tasting, date: day, numberOfGuests: 6, earliestTime: 1140, latestTime: 1140 };
        const guest = await h.newUser('guest');
        expect((await api.request('POST', '/user/waitlist', { token: guest.token(), body: window })).status).toBe(201);
        expect((await waitlistOf(guest)).map((e) => e.status)).toEqual(['WAITING']);
        const member = await h.newUser('member');
        expect((await api.request('POST', '/user/waitlist', { token: member.token(), body: window })).status).toBe(201);
        const [offer] = await waitlistOf(member);
        expect(offer?.status).toBe('OFFERED');
        const [row] = await api.deps.db.select({ tableId: reservations.tableId }).from(reservations).where(eq(reservations.id, offer!.reservationId!));
        const [table] = await api.deps.db.select({ name: venueTables.name }).from(venueTables).where(eq(venueTables.id, row!.tableId));
        expect(table?.name).toBe('C1');
      });
    });
  });
}
