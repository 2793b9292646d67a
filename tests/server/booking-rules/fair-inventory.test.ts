/**
 * Fair inventory through the HTTP API (README.md, "Fair inventory"): one guest once held 62
 * tables at once (60 waitlist joins, each offered a hold, and holds for 26 days in a loop). A guest now
 * holds at most 2 unfinished bookings (PENDING, hold still running: waiting for details or payment, a
 * waitlist offer's hold among them) and has at most 5 standing waitlist entries (waiting or offered); the
 * next is refused with 409 and the rule in words. Requests at once cannot slip past the count.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reservations, waitlistEntries } from '../../../server/db/schema';
import { MAX_STANDING_WAITLIST_ENTRIES, MAX_UNFINISHED_BOOKINGS } from '../../../server/services/reservations/guest-limits';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

const GUEST_DETAILS = {
  firstName: 'Fair',
  lastName: 'Share',
  email: 'fair.share@example.com',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  notes: '',
  agreements: { cancellationPolicy: true, noShowPolicy: true },
};

const HOLD_LIMIT = {
  status: 409,
  errorCode: 20108,
  message:
    'You already have 2 bookings held and not yet confirmed (waiting for your details or payment). Complete or cancel one of them before you hold another table.',
};
const WAITLIST_LIMIT = {
  status: 409,
  errorCode: 20109,
  message: 'You are already on the waitlist 5 times. Leave one of those waitlist entries before you join another.',
};

interface TestUser {
  id: string;
  token(): Promise<string>;
}

/** The service days from `from` on, `count` of them (YYYY-MM-DD). */
const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

for (const driver of testDrivers()) {
  describe(`fair inventory (${driver})`, () => {
    let api: TestApi;
    let bar: string;

    const newUser = (): Promise<TestUser> => testKit(api).guest({ firstName: 'Fair', lastName: 'Share' });
    const two = (date: string, startTime = 1080) => ({ venueId: OBE, experienceId: bar, date, startTime, numberOfGuests: 2 });
    const eight = (date: string) => ({ venueId: OBE, experienceId: bar, date, startTime: 1200, numberOfGuests: 8 });
    const hold = (user: TestUser, body: Record<string, unknown>) => api.request('POST', '/user/reservation/v1.1', { token: user.token(), body });
    const complete = (user: TestUser, id: string) =>
      api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: user.token(), body: GUEST_DETAILS });
    const cancel = (user: TestUser, id: string) => api.request('PUT', `/user/reservation/v1.1/cancel/${id}`, { token: user.token() });
    const join = (user: TestUser, date: string, numberOfGuests = 2) =>
      api.request('POST', '/user/waitlist', {
        token: user.token(),
        body: { venueId: OBE, experienceId: bar, date, numberOfGuests, earliestTime: 1200, latestTime: 1200 },
      });
    const leave = (user: TestUser, id: string) => api.request('PUT', `/user/waitlist/${id}/leave`, { token: user.token() });
    const pendingOf = async (user: TestUser) =>
      api.deps.db.select().from(reservations).where(and(eq(reservations.userId, user.id), eq(reservations.status, 'PENDING')));
    const standingOf = async (user: TestUser) =>
      api.deps.db
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.userId, user.id), inArray(waitlistEntries.status, ['WAITING', 'OFFERED'])));

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
    });
    afterEach(() => api.clock.set(TEST_NOW));
    afterAll(async () => {
      await api?.close();
    });

    it('holds at most 2 unfinished bookings for a guest; a confirmed, cancelled or run-out one makes room', async () => {
      expect(MAX_UNFINISHED_BOOKINGS).toBe(2);
      const guest = await newUser();
      const [d1, d2, d3, d4, d5] = days('2026-12-01', 5);
      const first = await hold(guest, two(d1!));
      const second = await hold(guest, two(d2!));
      expect([first.status, second.status]).toEqual([201, 201]);
      const third = await hold(guest, two(d3!));
      expect(third.body).toEqual(HOLD_LIMIT);
      expect(await pendingOf(guest)).toHaveLength(2);

      // Finished (confirmed) bookings are not unfinished: the guest may hold another.
      expect((await complete(guest, first.body.data._id)).status).toBe(200);
      const fourth = await hold(guest, two(d3!));
      expect(fourth.status, JSON.stringify(fourth.body)).toBe(201);
      expect((await hold(guest, two(d4!))).body).toEqual(HOLD_LIMIT);
      // A released hold makes room.
      expect((await cancel(guest, second.body.data._id)).status).toBe(200);
      expect((await hold(guest, two(d4!))).status).toBe(201);
      expect((await hold(guest, two(d5!))).body).toEqual(HOLD_LIMIT);
      // A hold that ran out (15 minutes) holds nothing any more.
      api.clock.advance(16 * 60_000);
      const later = await hold(guest, two(d5!));
      expect(later.status, JSON.stringify(later.body)).toBe(201);
    });

    it('says so in the guest’s language', async () => {
      const guest = await newUser();
      const [d1, d2, d3] = days('2026-12-08', 3);
      await hold(guest, two(d1!));
      await hold(guest, two(d2!));
      const refused = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: two(d3!), headers: { 'accept-language': 'ja' } });
      expect(refused.body).toMatchObject({ status: 409, errorCode: 20108 });
      expect(refused.body.message).toBe(
        '確定前の仮押さえ中のご予約（お客様情報またはお支払いの入力待ち）がすでに2件あります。別のお席を仮押さえする前に、いずれかを完了するかキャンセルしてください。',
      );
    });

    it('lets only 2 of 12 holds asked for at once through', async () => {
      const guest = await newUser();
      const results = await Promise.all(days('2026-12-12', 12).map((date) => hold(guest, two(date))));
      expect(results.filter((r) => r.status === 201)).toHaveLength(2);
      for (const r of results.filter((r) => r.status !== 201)) expect(r.body).toEqual(HOLD_LIMIT);
      expect(await pendingOf(guest)).toHaveLength(2);
    });

    it('keeps at most 5 standing waitlist entries for a guest; leaving one makes room', async () => {
      expect(MAX_STANDING_WAITLIST_ENTRIES).toBe(5);
      const [owner, guest] = [await newUser(), await newUser()];
      // K1, Obe's only table for eight, is booked at 8 pm on each day: every join waits.
      const dates = days('2026-12-26', 7);
      for (const date of dates) {
        const held = await hold(owner, eight(date));
        expect(held.status, JSON.stringify(held.body)).toBe(201);
        expect((await complete(owner, held.body.data._id)).status).toBe(200);
      }
      const joined = [];
      for (const date of dates.slice(0, 5)) {
        const res = await join(guest, date, 8);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.data.status).toBe('WAITING');
        joined.push(res.body.data._id as string);
      }
      expect((await join(guest, dates[5]!, 8)).body).toEqual(WAITLIST_LIMIT);
      expect(await standingOf(guest)).toHaveLength(5);
      expect((await leave(guest, joined[0]!)).status).toBe(200);
      expect((await join(guest, dates[5]!, 8)).status).toBe(201);
      expect((await join(guest, dates[6]!, 8)).body).toEqual(WAITLIST_LIMIT);
    });

    it('lets only 5 of 9 joins asked for at once through', async () => {
      const guest = await newUser();
      // 9 days in a row: the guest's one entry per day is no limit here.
      const results = await Promise.all(days('2027-01-05', 9).map((date) => join(guest, date, 8)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      for (const r of results.filter((r) => r.status !== 201)) expect(r.body).toEqual(WAITLIST_LIMIT);
      expect(await standingOf(guest)).toHaveLength(5);
    });

    it('offers a freed table past a guest who already holds 2 unfinished bookings, to the next in line', async () => {
      const [owner, busy, next] = [await newUser(), await newUser(), await newUser()];
      const [date, d1, d2] = days('2027-01-15', 3);
      const taken = await hold(owner, eight(date!));
      expect((await complete(owner, taken.body.data._id)).status).toBe(200);
      expect((await join(busy, date!, 8)).body.data.status).toBe('WAITING');
      expect((await join(next, date!, 8)).body.data.status).toBe('WAITING');
      expect((await hold(busy, two(d1!))).status).toBe(201);
      expect((await hold(busy, two(d2!))).status).toBe(201);

      expect((await cancel(owner, taken.body.data._id)).status).toBe(200);
      // The busy guest keeps their place, waiting; the table is held for the next guest.
      expect((await standingOf(busy)).map((e) => e.status)).toEqual(['WAITING']);
      expect((await standingOf(next)).map((e) => e.status)).toEqual(['OFFERED']);
      expect(await pendingOf(busy)).toHaveLength(2);
    });

    it('no longer lets one guest hold 62 tables: 60 joins and holds for 26 days leave them 2 tables and 5 entries', async () => {
      const guest = await newUser();
      // Every day has a free table: each join is offered one at once, as long as the guest may hold it.
      const joins = [];
      for (const date of days('2026-11-25', 60)) joins.push((await join(guest, date)).body);
      const holds = [];
      for (const date of days('2027-01-24', 26)) holds.push((await hold(guest, two(date, 1140))).body);
      expect(joins.slice(0, 5).map((b) => b.data.status)).toEqual(['OFFERED', 'OFFERED', 'WAITING', 'WAITING', 'WAITING']);
      expect(joins.slice(5)).toEqual(Array.from({ length: 55 }, () => WAITLIST_LIMIT));
      expect(holds).toEqual(Array.from({ length: 26 }, () => HOLD_LIMIT));
      expect(await pendingOf(guest)).toHaveLength(2);
      expect(await standingOf(guest)).toHaveLength(5);
    });
  });
}
