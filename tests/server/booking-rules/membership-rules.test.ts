/**
 * docs/PRODUCT.md §6 through the HTTP API: booking rules by membership (members book Bâtard 90 days
 * ahead where guests book 30; The Cellar is for members), the public availability call beside the
 * token one, and a guest who continues without an account by a texted code and completes a booking.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { PUBLIC_AVAILABILITY_LIMIT } from '../../../server/routes/guest-booking/guest-booking.handlers';
import { addDays, hongKongToday } from '../../../common/time';
import { BATARD, experienceIdByName, seatingAreaIdByName } from '../../support/server/fixtures';
import { createTestApi, newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

const AGREED = { cancellationPolicy: true, noShowPolicy: true, minimumSpendPolicy: true };

for (const driver of testDrivers()) {
  describe(`booking rules by membership, and booking before logging in (${driver})`, () => {
    let api: TestApi;
    let setLunch: string;
    let cellar: string;
    let numberCounter = 0;

    /** A day `days` after the clock's Hong Kong today (the clock is the harness's, never the machine's). */
    const ahead = (days: number) => addDays(hongKongToday(api.clock.now()), days);
    const newUser = (role: 'guest' | 'member') => (role === 'member' ? testKit(api).member() : testKit(api).guest());
    type TestUser = Awaited<ReturnType<typeof newUser>>;
    const query = (date: string, extra: Record<string, string> = {}) =>
      `${BATARD}/${date}?${new URLSearchParams({ numberOfGuests: '2', experienceId: setLunch, ...extra })}`;
    const slots = (user: TestUser | null, date: string, extra?: Record<string, string>, from?: string) =>
      user
        ? api.request('GET', `/user/reservation/v1.1/timeslot-availability/${query(date, extra)}`, { token: user.token() })
        : api.request('GET', `/public/reservation/timeslot-availability/${query(date, extra)}`, { from: from ?? newClientAddress() });
    const hold = (token: string | Promise<string>, date: string, extra: Record<string, unknown> = {}) =>
      api.request('POST', '/user/reservation/v1.1', {
        token,
        body: { venueId: BATARD, experienceId: setLunch, date, startTime: 720, numberOfGuests: 2, ...extra },
      });

    beforeAll(async () => {
      api = await createTestApi({ driver });
      setLunch = await experienceIdByName(api.deps.db, BATARD, 'Set Lunch');
      cellar = await seatingAreaIdByName(api.deps.db, BATARD, 'The Cellar');
    });
    afterAll(async () => {
      await api?.close();
    });

    describe('members book further ahead', () => {
      it('offers a member 60 days ahead and refuses a guest with the day guests may book it from', async () => {
        const [member, guest] = [await newUser('member'), await newUser('guest')];
        const day = ahead(60);
        const offered = await slots(member, day);
        expect(offered.status, JSON.stringify(offered.body)).toBe(200);
        expect(offered.body.data.timeslots.length).toBeGreaterThan(0);
        const held = await hold(member.token(), day);
        expect(held.status, JSON.stringify(held.body)).toBe(201);

        const refusal = {
          status: 422,
          errorCode: 20160,
          field: 'date',
          message: `Members can book ${formatted(day)} now. Guests can book it from ${formatted(ahead(30))}: log in as a member, or choose an earlier date.`,
        };
        expect((await slots(guest, day)).body).toEqual(refusal);
        expect((await hold(guest.token(), day)).body).toEqual(refusal);
        expect((await slots(null, day)).body).toEqual(refusal);
        // The guests' own window still holds: 30 days ahead is theirs.
        expect((await slots(guest, ahead(30))).status).toBe(200);
      });

      it('says it in the reader’s language', async () => {
        const res = await api.request('GET', `/public/reservation/timeslot-availability/${query(ahead(45))}`, {
          from: newClientAddress(),
          headers: { 'accept-language': 'ja' },
        });
        expect(res.body.errorCode).toBe(20160);
        expect(res.body.message).not.toMatch(/^Members can book/);
      });

      it('keeps members to their own 90 days', async () => {
        const member = await newUser('member');
        const res = await slots(member, ahead(91));
        expect([res.status, res.body.errorCode, res.body.message]).toEqual([
          422,
          20105,
          `Reservations open 90 days in advance. Please choose a date on or before ${formatted(ahead(90))}.`,
        ]);
      });

      it('refuses a guest moving a booking past the guests’ window', async () => {
        const guest = await newUser('guest');
        const held = await hold(guest.token(), ahead(10));
        expect(held.status, JSON.stringify(held.body)).toBe(201);
        const id = held.body.data._id;
        const done = await api.request('PUT', `/user/reservation/v1.1/complete/${id}`, {
          token: guest.token(),
          body: { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com', mobileCountryCode: '+852', mobileNumber: '9876 5432', agreements: AGREED },
        });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        const moved = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: guest.token(), body: { date: ahead(50) } });
        expect([moved.status, moved.body.errorCode]).toEqual([422, 20160]);
      });
    });

    describe('a members’ dining area', () => {
      it('is left out of a guest’s slots and named, and refused to a guest by name', async () => {
        const guest = await newUser('guest');
        const res = await slots(guest, ahead(5));
        expect(res.status).toBe(200);
        expect(res.body.data.seatingAreas.map((a: { _id: string }) => a._id)).not.toContain(cellar);
        expect(res.body.data.membersOnlyAreas).toEqual([expect.objectContaining({ _id: cellar, name: 'The Cellar' })]);
        const asked = await slots(guest, ahead(5), { seatingAreaId: cellar });
        expect(asked.body).toEqual({
          status: 422,
          errorCode: 20161,
          field: 'seatingAreaId',
          message: 'The Cellar is for club members. Please choose another dining area, or log in as a member.',
        });
        expect((await hold(guest.token(), ahead(5), { seatingAreaId: cellar })).body.errorCode).toBe(20161);
      });

      it('is offered to a member, who may hold its table', async () => {
        const member = await newUser('member');
        const res = await slots(member, ahead(6));
        expect(res.body.data.seatingAreas.map((a: { _id: string }) => a._id)).toContain(cellar);
        expect(res.body.data.membersOnlyAreas).toBeUndefined();
        const held = await hold(member.token(), ahead(6), { seatingAreaId: cellar });
        expect(held.status, JSON.stringify(held.body)).toBe(201);
        expect(held.body.data.seatingArea._id).toBe(cellar);
      });

      it('is described in the venue’s answer with the windows', async () => {
        const res = await api.request('GET', '/public/venue/by-domain/batard');
        expect(res.body.data.seatingAreas.find((a: { _id: string }) => a._id === cellar).membersOnly).toBe(true);
        expect(res.body.data.experiences.find((e: { _id: string }) => e._id === setLunch)).toMatchObject({ guestBookingDays: 30, memberBookingDays: 90 });
      });
    });

    describe('the public availability call', () => {
      it('answers without a token as the token call answers a guest', async () => {
        const guest = await newUser('guest');
        const open = await slots(null, ahead(3));
        expect(open.status).toBe(200);
        expect(open.body).toEqual((await slots(guest, ahead(3))).body);
        // The token call stays a token call.
        expect((await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${query(ahead(3))}`)).status).toBe(401);
      });

      it('is rate limited per client address', async () => {
        const from = newClientAddress();
        for (let i = 0; i < PUBLIC_AVAILABILITY_LIMIT.limit; i++) expect((await slots(null, ahead(4), undefined, from)).status).toBe(200);
        expect((await slots(null, ahead(4), undefined, from)).status).toBe(429);
        expect((await slots(null, ahead(4))).status).toBe(200);
      });

      it('refuses bad input with the field named', async () => {
        const res = await api.request('GET', `/public/reservation/timeslot-availability/${BATARD}/tomorrow?numberOfGuests=2&experienceId=${setLunch}`, {
          from: newClientAddress(),
        });
        expect([res.status, res.body.field]).toEqual([400, 'date']);
      });
    });

    describe('a guest verified by a code', () => {
      const newNumber = () => `5${driver === 'pglite' ? '1' : '2'}${String(100000 + ++numberCounter).slice(-6)}`;
      async function codeFor(number: string): Promise<string> {
        expect((await api.request('POST', '/public/guest/verify-phone-number', { body: { mobileCountryCode: '+852', mobileNumber: number } })).status).toBe(200);
        const res = await api.request('GET', `/dev/outbox?${new URLSearchParams({ recipient: `+852${number}`, channel: 'SMS' })}`);
        return res.body.data[0].body.match(/(\d{6})/)[1];
      }
      const contact = (email: string, number: string) => ({ firstName: 'Wing', lastName: 'Ho', email, mobileCountryCode: '+852', mobileNumber: number });
      const openSession = (body: Record<string, unknown>) => api.request('POST', '/public/guest/session', { body, from: newClientAddress() });

      it('completes a booking, and comes back to the same account with the same number', async () => {
        const number = newNumber();
        const email = `wing.${number}@example.com`;
        const code = await codeFor(number);
        const session = await openSession({ ...contact(email, number), code });
        expect(session.status, JSON.stringify(session.body)).toBe(200);
        expect(session.body.data.user).toMatchObject({ role: 'guest', firstName: 'Wing', email, mobileCountryCode: '+852', mobileNumber: number });
        const token = session.body.data.token as string;

        const held = await hold(token, ahead(7));
        expect(held.status, JSON.stringify(held.body)).toBe(201);
        const id = held.body.data._id;
        const done = await api.request('PUT', `/user/reservation/v1.1/complete/${id}`, {
          token,
          body: { ...contact(email, number), agreements: AGREED },
        });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body.data.status).toBe('CONFIRMED');
        expect((await api.request('GET', `/user/reservation/${id}`, { token })).status).toBe(200);

        const again = await openSession({ ...contact(email, number), code: await codeFor(number) });
        expect(again.body.data.user._id).toBe(session.body.data.user._id);
        const [account] = await api.deps.db.select().from(users).where(eq(users.email, email));
        expect(account!.role).toBe('guest');
      });

      it('refuses a wrong code, and changes nothing', async () => {
        const number = newNumber();
        const code = await codeFor(number);
        const wrong = code === '000000' ? '111111' : '000000';
        const res = await openSession({ ...contact(`nobody.${number}@example.com`, number), code: wrong });
        expect([res.status, res.body.errorCode]).toEqual([400, 20106]);
        expect(await api.deps.db.select().from(users).where(eq(users.email, `nobody.${number}@example.com`))).toEqual([]);
      });

      it('refuses the e-mail of another account: that guest logs in', async () => {
        const number = newNumber();
        for (const email of ['guest@example.com', 'member@example.com']) {
          const res = await openSession({ ...contact(email, number), code: await codeFor(number) });
          expect(res.body).toEqual({
            status: 409,
            errorCode: 20162,
            field: 'email',
            message: 'This e-mail address already has an account. Please log in, or use "Forgot password" to set a password for it.',
          });
        }
      });

      it('names the field of bad input', async () => {
        const res = await openSession({ ...contact('not-an-email', newNumber()), code: '123456' });
        expect([res.status, res.body.field]).toEqual([400, 'email']);
        const noCode = await openSession(contact('a@example.com', newNumber()));
        expect([noCode.status, noCode.body.field]).toEqual([400, 'code']);
      });
    });
  });
}

/** A service day as the API writes it in English ('22 Jan 2027'). */
function formatted(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
