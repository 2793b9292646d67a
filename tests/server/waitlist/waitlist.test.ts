/**
 * The waitlist through the HTTP API: joining, offers of freed tables in join order
 * (cancellation, a hold that runs out, a change), the offer's 15-minute hold and mail, lapsing to the
 * next guest, leaving, expiry, and races (two frees at once, an offer against a normal booking).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, reservations } from '../../../server/db/schema';
import { experienceIdByName, OBE, UNKNOWN_ID } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

const GUEST_DETAILS = {
  firstName: 'Grace',
  lastName: 'Chan',
  email: 'grace.chan@example.com',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  notes: '',
  agreements: { cancellationPolicy: true, noShowPolicy: true },
};

const ENDED = { status: 409, errorCode: 40900, message: 'This waitlist entry has already ended' };

interface TestUser {
  id: string;
  email: string;
  token(): Promise<string>;
}

for (const driver of testDrivers()) {
  describe(`waitlist (${driver})`, () => {
    let api: TestApi;
    let bar: string;
    // Each test takes its own Obe evening (Sun–Tue, 5 pm to midnight), so they never share a table.
    let day = 0;
    const nextEvening = () => {
      const dates = ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-06', '2026-12-07', '2026-12-08', '2026-12-13', '2026-12-14', '2026-12-15', '2026-12-20', '2026-12-21', '2026-12-22'];
      return dates[day++]!;
    };

    const newUser = (): Promise<TestUser> => testKit(api).guest({ firstName: 'Wait', lastName: 'Lister' });

    /** Only K1 seats eight at Obe: a party of eight at 8 pm is the last table. */
    const eight = (date: string, startTime = 1200) => ({ venueId: OBE, experienceId: bar, date, startTime, numberOfGuests: 8 });
    const hold = (user: TestUser, body: Record<string, unknown>) => api.request('POST', '/user/reservation/v1.1', { token: user.token(), body });
    const book = async (user: TestUser, body: Record<string, unknown>) => {
      const held = await hold(user, body);
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const done = await api.request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, { token: user.token(), body: GUEST_DETAILS });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return held.body.data._id as string;
    };
    const cancel = (user: TestUser, id: string) => api.request('PUT', `/user/reservation/v1.1/cancel/${id}`, { token: user.token() });
    const join = (user: TestUser, date: string, window: { earliestTime?: number; latestTime?: number; numberOfGuests?: number } = {}) =>
      api.request('POST', '/user/waitlist', {
        token: user.token(),
        body: { venueId: OBE, experienceId: bar, date, numberOfGuests: 8, earliestTime: 1140, latestTime: 1260, ...window },
      });
    const list = async (user: TestUser) => {
      const res = await api.request('GET', '/user/waitlist', { token: user.token() });
      expect(res.status).toBe(200);
      return res.body.data as { _id: string; status: string; reservationId: string | null; offerExpiresAt: string | null }[];
    };
    const leave = (user: TestUser, id: string) => api.request('PUT', `/user/waitlist/${id}/leave`, { token: user.token() });
    const statusOf = async (user: TestUser) => (await list(user)).map((e) => e.status);
    /** The user's mails, newest first (the first is the sign-up's own). */
    const mailsTo = (user: TestUser) => api.deps.db.select().from(outbox).where(eq(outbox.recipient, user.email)).orderBy(desc(outbox.seq));
    const liveOnK1 = async (date: string) =>
      api.deps.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.venueId, OBE), eq(reservations.date, date), inArray(reservations.status, ['PENDING', 'CONFIRMED'])));

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
    });
    afterAll(async () => {
      await api?.close();
    });

    it('lets a guest join when no table fits, once per day, and lists the entry as waiting', async () => {
      const date = nextEvening();
      const [a, b] = [await newUser(), await newUser()];
      await book(a, eight(date));
      // K1 is taken from 8 to 10 pm: no start from 7 pm to 9 pm fits a party of eight.
      const joined = await join(b, date, { earliestTime: 1140, latestTime: 1260 });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      expect(joined.body.data).toMatchObject({
        venue: { _id: OBE, domain: 'obe' },
        experience: { _id: bar, name: 'Bar Seating' },
        date,
        numberOfGuests: 8,
        earliestTime: 1140,
        earliestTimeStr: '7:00 pm',
        latestTime: 1260,
        latestTimeStr: '9:00 pm',
        status: 'WAITING',
        reservationId: null,
      });
      expect(await statusOf(b)).toEqual(['WAITING']);
      expect((await join(b, date)).body).toEqual({ status: 409, errorCode: 40900, message: 'You are already on the waitlist for this day' });
    });

    it('refuses a window that is upside down or holds no time the experience is served at', async () => {
      const date = nextEvening();
      const b = await newUser();
      const upsideDown = await join(b, date, { earliestTime: 1260, latestTime: 1140 });
      expect(upsideDown.status).toBe(400);
      expect(upsideDown.body).toMatchObject({ field: 'latestTime', message: 'The latest time must not be before the earliest time' });
      const morning = await join(b, date, { earliestTime: 600, latestTime: 700 });
      expect(morning.status).toBe(400);
      expect(morning.body.message).toBe('The experience is not served at any time in this window');
      expect((await join(b, date, { numberOfGuests: 11 })).status).toBe(400);
      expect(await list(b)).toEqual([]);
    });

    it('offers the cancelled table to the waiting guest: a 15-minute hold, a mail with the link, and booking it', async () => {
      const date = nextEvening();
      const [a, b] = [await newUser(), await newUser()];
      const taken = await book(a, eight(date));
      await join(b, date);
      expect((await cancel(a, taken)).status).toBe(200);

      const [entry] = await list(b);
      expect(entry).toMatchObject({ status: 'OFFERED', offerExpiresAt: new Date(TEST_NOW.getTime() + 15 * 60_000).toISOString() });
      const offer = await api.request('GET', `/user/reservation/${entry!.reservationId}`, { token: b.token() });
      expect(offer.body.data).toMatchObject({ status: 'PENDING', startTime: 1140, numberOfGuests: 8, holdExpiresAt: entry!.offerExpiresAt });
      // Nobody else can take the held table.
      expect((await hold(await newUser(), eight(date, 1140))).status).toBe(409);

      const [mail] = await mailsTo(b);
      expect(mail!.subject).toBe('A table is free for you at Obe');
      expect(mail!.body).toContain(`http://localhost:3000/#/pages/waitlist-offer?reservation=${entry!.reservationId}`);
      expect(mail!.body).toContain('Time: 7:00 pm');

      const done = await api.request('PUT', `/user/reservation/v1.1/complete/${entry!.reservationId}`, { token: b.token(), body: GUEST_DETAILS });
      expect(done.status).toBe(200);
      expect(await statusOf(b)).toEqual(['BOOKED']);
      expect((await leave(b, entry!._id)).body).toEqual(ENDED);
    });

    it('passes an offer not taken in 15 minutes to the next guest in join order', async () => {
      const date = nextEvening();
      const [a, b, c] = [await newUser(), await newUser(), await newUser()];
      const taken = await book(a, eight(date));
      // Both want 8 pm only: one table for two guests.
      await join(b, date, { earliestTime: 1200, latestTime: 1200 });
      await join(c, date, { earliestTime: 1200, latestTime: 1200 });
      await cancel(a, taken);
      expect(await statusOf(b)).toEqual(['OFFERED']);
      expect(await statusOf(c)).toEqual(['WAITING']);

      api.clock.advanceMinutes(14);
      expect(await statusOf(c)).toEqual(['WAITING']);
      api.clock.advanceMinutes(2);
      expect(await statusOf(c)).toEqual(['OFFERED']);
      expect(await statusOf(b)).toEqual(['LAPSED']);
      const [bOffer] = await list(b);
      expect((await api.request('GET', `/user/reservation/${bOffer!.reservationId}`, { token: b.token() })).body.data.status).toBe('CANCELED');
      expect(await liveOnK1(date)).toHaveLength(1);
    });

    it('offers a table freed by a hold that ran out, and one freed by a change of party', async () => {
      const date = nextEvening();
      const [a, b] = [await newUser(), await newUser()];
      expect((await hold(a, eight(date))).status).toBe(201);
      await join(b, date);
      expect(await statusOf(b)).toEqual(['WAITING']);
      api.clock.advanceMinutes(16);
      expect(await statusOf(b)).toEqual(['OFFERED']);

      const other = nextEvening();
      const [d, e] = [await newUser(), await newUser()];
      const taken = await book(d, eight(other));
      await join(e, other);
      const changed = await api.request('PUT', `/user/reservation/v1.1/${taken}`, { token: d.token(), body: { numberOfGuests: 2 } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(await statusOf(e)).toEqual(['OFFERED']);
    });

    it('offers a free table at once on joining', async () => {
      const date = nextEvening();
      const b = await newUser();
      const joined = await join(b, date);
      expect(joined.body.data.status).toBe('OFFERED');
      expect(joined.body.data.reservationId).toMatch(/^[0-9a-f]{24}$/);
    });

    it('lets a guest leave: waiting becomes LEFT; with an offer, the table is released and goes to the next guest', async () => {
      const date = nextEvening();
      const [a, b, c, d] = [await newUser(), await newUser(), await newUser(), await newUser()];
      const taken = await book(a, eight(date));
      const bEntry = (await join(b, date)).body.data;
      await join(c, date);
      await join(d, date);

      const left = await leave(b, bEntry._id);
      expect(left.body.data.status).toBe('LEFT');
      expect((await leave(b, bEntry._id)).body).toEqual(ENDED);

      await cancel(a, taken);
      const [cEntry] = await list(c);
      expect(cEntry!.status).toBe('OFFERED');
      const declined = await leave(c, cEntry!._id);
      expect(declined.body.data.status).toBe('DECLINED');
      expect((await api.request('GET', `/user/reservation/${cEntry!.reservationId}`, { token: c.token() })).body.data.status).toBe('CANCELED');
      expect(await statusOf(d)).toEqual(['OFFERED']);
    });

    it("treats releasing the offered hold in the booking flow as declining it", async () => {
      const date = nextEvening();
      const [a, b, c] = [await newUser(), await newUser(), await newUser()];
      const taken = await book(a, eight(date));
      await join(b, date);
      await join(c, date);
      await cancel(a, taken);
      const [bEntry] = await list(b);
      expect((await cancel(b, bEntry!.reservationId!)).status).toBe(200);
      expect(await statusOf(b)).toEqual(['DECLINED']);
      expect(await statusOf(c)).toEqual(['OFFERED']);
    });

    it("expires a waiting entry once its window's last start can no longer be booked", async () => {
      // The first evening after now: today, Monday 23 Nov.
      const date = '2026-11-23';
      const [a, b] = [await newUser(), await newUser()];
      await book(a, eight(date, 1080));
      const joined = await join(b, date, { earliestTime: 1080, latestTime: 1080 });
      expect(joined.body.data.status).toBe('WAITING');
      // Obe takes bookings up to its lead time before the start (6 pm): move well past it.
      api.clock.set('2026-11-23T10:00:00Z');
      expect(await statusOf(b)).toEqual(['EXPIRED']);
      expect((await leave(b, joined.body.data._id)).body).toEqual(ENDED);
      api.clock.set(TEST_NOW);
    });

    it("does not show or let anyone leave another guest's entry", async () => {
      const date = nextEvening();
      const [a, b, stranger] = [await newUser(), await newUser(), await newUser()];
      await book(a, eight(date));
      const entry = (await join(b, date)).body.data;
      expect(await list(stranger)).toEqual([]);
      expect((await leave(stranger, entry._id)).status).toBe(404);
      expect((await leave(stranger, UNKNOWN_ID)).status).toBe(404);
      expect((await api.request('GET', '/user/waitlist')).status).toBe(401);
    });

    it('gives two tables freed at once to the first two waiting guests, one each', async () => {
      // Sixes fit L5, L6 (4–6) and K1 (6–10): three tables, all booked.
      const date = nextEvening();
      const six = { venueId: OBE, experienceId: bar, date, startTime: 1200, numberOfGuests: 6 };
      const owners = [await newUser(), await newUser(), await newUser()];
      const ids = [];
      for (const owner of owners) ids.push(await book(owner, six));
      const waiting = [await newUser(), await newUser(), await newUser()];
      for (const guest of waiting) await join(guest, date, { numberOfGuests: 6, earliestTime: 1200, latestTime: 1200 });

      const results = await Promise.all([cancel(owners[0]!, ids[0]!), cancel(owners[1]!, ids[1]!)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect([await statusOf(waiting[0]!), await statusOf(waiting[1]!), await statusOf(waiting[2]!)]).toEqual([['OFFERED'], ['OFFERED'], ['WAITING']]);
      const live = await liveOnK1(date);
      expect(live).toHaveLength(3);
      expect(new Set(live.map((r) => r.tableId)).size).toBe(3);
    });

    it("never double-books when the offer's hold and a normal booking race for the freed table", async () => {
      const date = nextEvening();
      const [a, b, walkIn] = [await newUser(), await newUser(), await newUser()];
      const taken = await book(a, eight(date));
      await join(b, date, { earliestTime: 1200, latestTime: 1200 });
      const [cancelled, booked] = await Promise.all([cancel(a, taken), hold(walkIn, eight(date))]);
      expect(cancelled.status).toBe(200);
      expect([201, 409]).toContain(booked.status);
      const live = await liveOnK1(date);
      expect(live).toHaveLength(1);
      // Whoever holds K1, the other did not get it: the waiting guest is offered it exactly when the walk-in was refused.
      expect(await statusOf(b)).toEqual([booked.status === 201 ? 'WAITING' : 'OFFERED']);
      expect(live[0]!.userId).toBe(booked.status === 201 ? walkIn.id : b.id);
    });

    it("offers a cancelled table to the waiting guest in the cancellation's own transaction: a stranger booking a moment later never takes it", async () => {
      // Wednesday to Saturday evenings, which no other test here uses: one round each.
      const rounds = ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-16', '2026-12-17', '2026-12-18', '2026-12-19'];
      const outcomes: string[] = [];
      for (const [round, date] of rounds.entries()) {
        const [owner, waiting, stranger] = [await newUser(), await newUser(), await newUser()];
        const taken = await book(owner, eight(date));
        expect((await join(waiting, date, { earliestTime: 1200, latestTime: 1200 })).status).toBe(201);
        // The stranger asks for the same table a few milliseconds after the cancellation (at once in half the rounds).
        const late = round % 2 === 0 ? 0 : 5;
        const [cancelled, booked] = await Promise.all([
          cancel(owner, taken),
          new Promise((resolve) => setTimeout(resolve, late)).then(() => hold(stranger, eight(date))),
        ]);
        expect(cancelled.status).toBe(200);
        const live = await liveOnK1(date);
        expect(live).toHaveLength(1);
        // Who holds K1 now, the stranger's answer, and the waiting guest's entry.
        const holder = live[0]!.userId === waiting.id ? 'waiting guest' : live[0]!.userId === stranger.id ? 'stranger' : 'other';
        outcomes.push(`${holder} ${booked.status} ${(await statusOf(waiting)).join()}`);
      }
      expect(outcomes).toEqual(rounds.map(() => 'waiting guest 409 OFFERED'));
    });
  });
}
