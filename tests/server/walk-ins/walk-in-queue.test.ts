/**
 * The walk-in queue through the HTTP API on both drivers: a party added with the floor's quote (or the
 * host's), kept in arrival order with its wait counted by the server's clock, called by text through the
 * outbox in its language, seated as a walk-in visit (once, however many hosts tap at once), gone with a
 * reason; the guest's page by its link; and the report of how good the quotes were.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outbox, reservations } from '../../../server/db/schema';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { OBE } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const ENGLISH_READY = /^(.+), your table at (.+) is ready\. Please come to the host stand\. Your place: (\S+)$/;

for (const driver of testDrivers()) {
  describe(`the walk-in queue (${driver})`, () => {
    let { api, leclosStaff, obeStaff, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, leclosStaff, obeStaff, newStaff } = accounts));

    let day = 0;
    /** 6 pm at Obe (its evening open from 5 pm) on a day of its own: no other test's parties or visits. */
    const ownEvening = () => api.clock.set(new Date(`2026-12-${String(1 + day++).padStart(2, '0')}T18:00:00+08:00`));

    const base = `/admin/venue/${OBE}/walk-in-queue`;
    const add = (body: Record<string, unknown>, staff: TestUser = obeStaff) => api.request('POST', base, { token: staff.token(), body });
    const list = (staff: TestUser = obeStaff) => api.request('GET', base, { token: staff.token() });
    const act = (id: string, action: 'ready' | 'seat' | 'left', body?: unknown, staff: TestUser = obeStaff) =>
      api.request('POST', `${base}/${id}/${action}`, { token: staff.token(), body });
    const quote = (id: string, quotedMinutes: unknown) => api.request('PUT', `${base}/${id}/quote`, { token: obeStaff.token(), body: { quotedMinutes } });
    /** Obe's one table for eight (K1), taken by a walk-in now for Bar Seating's two hours. */
    const fillCaskRoom = async () => {
      const res = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: obeStaff.token(), body: { numberOfGuests: 8 } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };
    const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.split('?')[1]).get('token')!;
    const smsTo = (recipient: string) => api.deps.db.select().from(outbox).where(and(eq(outbox.channel, 'SMS'), eq(outbox.recipient, recipient)));

    it('quotes from the floor: a table free now, the end of the seated party, and the parties ahead', async () => {
      ownEvening();
      await fillCaskRoom();
      const eight = await add({ name: 'Tanaka', numberOfGuests: 8 });
      expect(eight.status, JSON.stringify(eight.body)).toBe(201);
      expect(eight.body.data).toMatchObject({ name: 'Tanaka', numberOfGuests: 8, status: 'WAITING', quotedMinutes: 120, estimatedMinutes: 120, place: 1, waitedMinutes: 0 });
      // A second party of eight waits for the first one's turn too.
      const second = await add({ name: 'Lee', numberOfGuests: 8 });
      expect(second.body.data).toMatchObject({ quotedMinutes: 240, place: 2 });
      // A couple is not held up by parties needing the Cask Room.
      const two = await add({ name: 'Chan', numberOfGuests: 2 });
      expect(two.body.data).toMatchObject({ quotedMinutes: 0, place: 3 });
      // The host's own quote wins over the floor's.
      const own = await add({ name: 'Wong', numberOfGuests: 8, quotedMinutes: 90 });
      expect(own.body.data).toMatchObject({ quotedMinutes: 90, estimatedMinutes: 360 });
      const audit = await api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, eight.body.data._id));
      expect(audit.map((e) => e.action)).toEqual(['walk-in.queue']);
    });

    it('suggests the quote a party joining now would get', async () => {
      ownEvening();
      await fillCaskRoom();
      const res = await api.request('GET', `${base}/estimate?guests=8`, { token: obeStaff.token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ estimatedMinutes: 120, quotedMinutes: 120, tableName: 'K1', turnMinutes: 120 });
      expect((await api.request('GET', `${base}/estimate?guests=11`, { token: obeStaff.token() })).status).toBe(400);
    });

    it('keeps the queue in arrival order, counting each wait by the server clock', async () => {
      ownEvening();
      const first = (await add({ name: 'First', numberOfGuests: 2, quotedMinutes: 15 })).body.data;
      api.clock.advanceMinutes(3);
      const second = (await add({ name: 'Second', numberOfGuests: 4, quotedMinutes: 20 })).body.data;
      api.clock.advanceMinutes(7);
      const res = await list();
      expect(res.status).toBe(200);
      const ours = res.body.data.entries.filter((e: { _id: string }) => [first._id, second._id].includes(e._id));
      expect(ours.map((e: { name: string; waitedMinutes: number; quotedMinutes: number; place: number }) => [e.name, e.waitedMinutes, e.quotedMinutes, e.place])).toEqual([
        ['First', 10, 15, 1],
        ['Second', 7, 20, 2],
      ]);
    });

    it("lets the host change a quote, in range only", async () => {
      ownEvening();
      const entry = (await add({ name: 'Quote', numberOfGuests: 2, quotedMinutes: 10 })).body.data;
      const changed = await quote(entry._id, 25);
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data.quotedMinutes).toBe(25);
      const wrong = await quote(entry._id, 601);
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Enter a wait of 0 to 600 minutes');
    });

    it('"table ready" texts the party in its language with its link, through the outbox; a party with no number is only called', async () => {
      ownEvening();
      const english = (await add({ name: 'Ada', numberOfGuests: 2, quotedMinutes: 5, mobileCountryCode: '+852', mobileNumber: '9123 4501' })).body.data;
      const ready = await act(english._id, 'ready');
      expect(ready.status, JSON.stringify(ready.body)).toBe(200);
      expect(ready.body.data).toMatchObject({ status: 'NOTIFIED', notifiedAt: api.clock.now().toISOString(), mobile: '+852 9123 4501' });
      const [sms] = await smsTo('+85291234501');
      expect(sms!.body).toMatch(ENGLISH_READY);
      expect(sms!.body).toContain('Ada, your table at Obe is ready.');
      expect(ENGLISH_READY.exec(sms!.body)![3]).toBe(english.guestLink);

      const japanese = (await add({ name: 'Sato', numberOfGuests: 2, quotedMinutes: 5, mobileCountryCode: '+852', mobileNumber: '9123 4502', locale: 'ja' })).body.data;
      await act(japanese._id, 'ready');
      const [jaSms] = await smsTo('+85291234502');
      expect(jaSms!.body).not.toMatch(ENGLISH_READY);
      expect(jaSms!.body).toContain('Sato');
      expect(jaSms!.body).toContain(japanese.guestLink);

      const silent = (await add({ name: 'Quiet', numberOfGuests: 2, quotedMinutes: 5 })).body.data;
      const called = await act(silent._id, 'ready');
      expect(called.body.data.status).toBe('NOTIFIED');
      expect(called.body.data.mobile).toBeNull();
    });

    it('seats a party from the queue as a walk-in visit, then refuses to seat, call or lose it again', async () => {
      ownEvening();
      const entry = (await add({ name: 'Seat Me', numberOfGuests: 3, quotedMinutes: 10, notes: 'By the window' })).body.data;
      api.clock.advanceMinutes(12);
      const seated = await act(entry._id, 'seat');
      expect(seated.status, JSON.stringify(seated.body)).toBe(201);
      expect(seated.body.data.entry).toMatchObject({ status: 'SEATED', waitedMinutes: 12, place: null, reservationId: seated.body.data.reservation._id });
      expect(seated.body.data.reservation).toMatchObject({ status: 'CONFIRMED', bookingSource: 'STAFF_WALK_IN', numberOfGuests: 3 });
      const [visit] = await api.deps.db.select().from(reservations).where(eq(reservations.id, seated.body.data.reservation._id));
      // The host's words are the team's: staff notes, never the guest's requests.
      expect(visit).toMatchObject({ visitStatus: 'SEATED', firstName: 'Seat Me', notes: null, staffNotes: 'By the window' });

      for (const again of [await act(entry._id, 'seat'), await act(entry._id, 'ready'), await act(entry._id, 'left', { reason: 'OTHER' })]) {
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ errorCode: ERROR_CODES.WALK_IN_ALREADY_SEATED, message: 'This party has already been seated' });
      }
    });

    it('of two hosts seating one party at once, seats it once and tells the other', async () => {
      ownEvening();
      const otherHost = await newStaff('staff', OBE);
      const entry = (await add({ name: 'Race', numberOfGuests: 2, quotedMinutes: 0 })).body.data;
      const answers = await Promise.all([act(entry._id, 'seat', undefined, obeStaff), act(entry._id, 'seat', undefined, otherHost)]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.status === 409)!.body.errorCode).toBe(ERROR_CODES.WALK_IN_ALREADY_SEATED);
      const visits = await api.deps.db.select().from(reservations).where(and(eq(reservations.venueId, OBE), eq(reservations.firstName, 'Race')));
      expect(visits).toHaveLength(1);
    });

    it('lets a party leave with a reason, out of the queue, and only once', async () => {
      ownEvening();
      const first = (await add({ name: 'Gone', numberOfGuests: 2, quotedMinutes: 30 })).body.data;
      const after = (await add({ name: 'Next', numberOfGuests: 2, quotedMinutes: 30 })).body.data;
      expect((await act(first._id, 'left', { reason: 'SOMETHING' })).status).toBe(400);
      const left = await act(first._id, 'left', { reason: 'WAIT_TOO_LONG' });
      expect(left.status, JSON.stringify(left.body)).toBe(200);
      expect(left.body.data).toMatchObject({ status: 'LEFT', leftReason: 'WAIT_TOO_LONG', place: null });
      const again = await act(first._id, 'left', { reason: 'OTHER' });
      expect(again.body).toMatchObject({ errorCode: ERROR_CODES.WALK_IN_ALREADY_LEFT, message: 'This party has already left the queue' });
      const next = (await list()).body.data.entries.find((e: { _id: string }) => e._id === after._id);
      expect(next.place).toBe(1);
    });

    it("shows the guest their place and quote by their link, and nothing by a forged or old one", async () => {
      ownEvening();
      const ahead = (await add({ name: 'Ahead', numberOfGuests: 2, quotedMinutes: 10 })).body.data;
      const mine = (await add({ name: 'Mine', numberOfGuests: 2, quotedMinutes: 20 })).body.data;
      api.clock.advanceMinutes(4);
      const page = await api.request('GET', `/public/walk-in/${tokenOf(mine.guestLink)}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.data).toMatchObject({ venueName: 'Obe', name: 'Mine', status: 'WAITING', place: 2, partiesAhead: 1, quotedMinutes: 20, waitedMinutes: 4 });
      await act(ahead._id, 'left', { reason: 'CHANGED_PLANS' });
      expect((await api.request('GET', `/public/walk-in/${tokenOf(mine.guestLink)}`)).body.data).toMatchObject({ place: 1, partiesAhead: 0 });

      const forged = `${mine._id}.${'A'.repeat(43)}`;
      expect((await api.request('GET', `/public/walk-in/${forged}`)).status).toBe(404);
      expect((await api.request('GET', `/public/walk-in/${tokenOf(ahead.guestLink)}`)).body.data).toMatchObject({ status: 'LEFT', place: null });
      api.clock.advanceMinutes(24 * 60);
      expect((await api.request('GET', `/public/walk-in/${tokenOf(mine.guestLink)}`)).status).toBe(410);
    });

    it('reports the median quote against the median wait, by party size', async () => {
      ownEvening();
      const date = api.clock.now().toISOString().slice(0, 10);
      const seatAfter = async (name: string, numberOfGuests: number, quotedMinutes: number, waited: number) => {
        const entry = (await add({ name, numberOfGuests, quotedMinutes })).body.data;
        api.clock.advanceMinutes(waited);
        const seated = await act(entry._id, 'seat');
        expect(seated.status, JSON.stringify(seated.body)).toBe(201);
      };
      await seatAfter('R1', 2, 10, 5);
      await seatAfter('R2', 2, 20, 25);
      await seatAfter('R3', 2, 30, 30);
      await seatAfter('R4', 4, 15, 10);
      await act((await add({ name: 'R5', numberOfGuests: 4, quotedMinutes: 40 })).body.data._id, 'left', { reason: 'WAIT_TOO_LONG' });
      const res = await api.request('GET', `/admin/venue/${OBE}/walk-in-report?from=${date}&to=${date}`, { token: obeStaff.token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.bySize).toEqual([
        { numberOfGuests: 2, seated: 3, left: 0, medianQuotedMinutes: 20, medianWaitedMinutes: 25, seatedWithinQuote: 2 },
        { numberOfGuests: 4, seated: 1, left: 1, medianQuotedMinutes: 15, medianWaitedMinutes: 10, seatedWithinQuote: 1 },
      ]);
      expect(res.body.data.total).toMatchObject({ numberOfGuests: null, seated: 4, left: 1, medianQuotedMinutes: 17.5, medianWaitedMinutes: 17.5 });
    });

    it("refuses another venue's staff every call", async () => {
      ownEvening();
      const entry = (await add({ name: 'Mine', numberOfGuests: 2, quotedMinutes: 5 })).body.data;
      expect((await add({ name: 'X', numberOfGuests: 2 }, leclosStaff)).status).toBe(403);
      expect((await list(leclosStaff)).status).toBe(403);
      for (const action of ['ready', 'seat', 'left'] as const) {
        expect((await act(entry._id, action, action === 'left' ? { reason: 'OTHER' } : undefined, leclosStaff)).status).toBe(403);
      }
    });
  });
}
