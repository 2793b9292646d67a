import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { AppDeps } from '../../../server/context';
import { openDatabase } from '../../../server/db/client';
import { payments, phoneVerifications, reservations, users, venueTables } from '../../../server/db/schema';
import { seedDemoData } from '../../../server/db/seed';
import { newId } from '../../../server/lib/ids';
import { ApiError } from '../../../server/lib/errors';
import { signAccessToken } from '../../../server/lib/jwt';
import { createTestProcessor } from '../../../server/services/payments/processor/test-processor';
import { startHoldSweeper } from '../../../server/services/reservations/hold-expiry';
import { mapDoubleBooking } from '../../../server/services/reservations/reservations';
import { translatorFor } from '../../../server/i18n/translator';
import { BATARD, experienceIdByName, HOPSZE, LECLOS, OBE, seatingAreaIdByName, UNKNOWN_ID } from '../../support/server/fixtures';
import { createTestApi, FakeClock, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

// TEST_NOW is Monday 23 Nov 2026, 10:00 in Hong Kong (02:00 UTC).
const minutesAfterNow = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000).toISOString();

const GUEST_DETAILS = {
  firstName: 'Grace',
  lastName: 'Chan',
  email: 'grace.chan@example.com',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  notes: 'Window seat, please',
  agreements: { cancellationPolicy: true, noShowPolicy: true },
};

const UNAVAILABLE = { status: 409, errorCode: 20102, message: 'Sorry, your selection is unavailable' };
const NOT_CHANGEABLE = { status: 409, errorCode: 20104, message: 'This reservation can no longer be changed' };
const NOT_FOUND = { status: 404, errorCode: 1010103, message: 'Reservation not found' };

interface TestUser {
  id: string;
  token(): Promise<string>;
}

for (const driver of testDrivers()) {
  describe(`reservations (${driver})`, () => {
    let api: TestApi;

    const experienceId = (venueId: string, name: string) => experienceIdByName(api.deps.db, venueId, name);

    /** A fresh user of its own, so tests do not see each other's bookings; tokens are signed at the clock's now. */
    const newUser = (role: 'guest' | 'member' = 'guest', limits: { active?: number; annual?: number } = {}): Promise<TestUser> =>
      role === 'member' ? testKit(api).member({ activeReservationLimit: limits.active, annualReservationLimit: limits.annual }) : testKit(api).guest();

    const create = (user: TestUser, body: Record<string, unknown>, headers?: Record<string, string>) =>
      api.request('POST', '/user/reservation/v1.1', { token: user.token(), body, headers });
    const complete = (user: TestUser, id: string, body: unknown = GUEST_DETAILS) =>
      api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: user.token(), body });
    const update = (user: TestUser, id: string, body: unknown) => api.request('PUT', `/user/reservation/v1.1/${id}`, { token: user.token(), body });
    const cancel = (user: TestUser, id: string) => api.request('PUT', `/user/reservation/v1.1/cancel/${id}`, { token: user.token() });
    const get = (user: TestUser, id: string) => api.request('GET', `/user/reservation/${id}`, { token: user.token() });
    const row = async (id: string) => (await api.deps.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

    /** Creates and confirms a reservation of an experience without payment; returns its id. */
    const book = async (user: TestUser, body: Record<string, unknown>) => {
      const created = await create(user, body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const done = await complete(user, created.body.data._id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return created.body.data._id as string;
    };

    const obeBar = async (date: string, startTime: number, numberOfGuests = 2) => ({
      venueId: OBE,
      experienceId: await experienceId(OBE, 'Bar Seating'),
      date,
      startTime,
      numberOfGuests,
    });

    const offered = async (user: TestUser, venueId: string, date: string, experience: string, numberOfGuests: number) => {
      const res = await api.request(
        'GET',
        `/user/reservation/v1.1/timeslot-availability/${venueId}/${date}?numberOfGuests=${numberOfGuests}&experienceId=${experience}`,
        { token: user.token() },
      );
      expect(res.status).toBe(200);
      return (res.body.data.timeslots as { startTime: number }[]).map((t) => t.startTime);
    };

    beforeAll(async () => {
      api = await createTestApi({ driver });
    });
    afterEach(() => {
      api.clock.set(TEST_NOW);
    });
    afterAll(async () => {
      await api?.close();
    });

    describe('create', () => {
      it('holds a table: 201 PENDING with holdExpiresAt now + 15 minutes, in the wire shape', async () => {
        const user = await newUser();
        const body = await obeBar('2026-11-25', 1200);
        const res = await create(user, body);
        expect(res.status).toBe(201);
        expect(res.body.status).toBe(201);
        const data = res.body.data;
        expect(data).toEqual({
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          uniqueId: expect.stringMatching(/^OBE-[2-9A-HJKMNP-Z]{6}$/),
          venue: { _id: OBE, name: 'Obe', domain: 'obe' },
          experience: { _id: body.experienceId, name: 'Bar Seating' },
          date: '2026-11-25',
          dateStr: '25 Nov 2026',
          startTime: 1200,
          startTimeStr: '8:00 pm',
          endTime: 1320,
          duration: 120,
          numberOfGuests: 2,
          status: 'PENDING',
          holdExpiresAt: minutesAfterNow(15),
          seatingArea: null,
          bookingSource: 'GUEST_WEB',
          guest: {
            firstName: null,
            lastName: null,
            email: null,
            mobileCountryCode: null,
            mobileNumber: null,
            notes: null,
            occasion: null,
            occasionNote: null,
            dietaryNeeds: [],
            dietaryNote: null,
          },
          payment: { prePaymentType: 'NONE', amountDue: 0, currency: 'HKD', breakdown: { subTotal: 0, serviceCharge: 0, tax: 0, total: 0 }, paid: 0, owed: 0 },
          createdAt: TEST_NOW.toISOString(),
          confirmedAt: null,
          canceledAt: null,
          reconfirmedAt: null,
          reconfirmedVia: null,
        });
        const stored = await row(data._id);
        expect(stored.locale).toBe('en');
        expect(stored.startsAt.toISOString()).toBe('2026-11-25T12:00:00.000Z');
        expect(stored.endsAt.toISOString()).toBe('2026-11-25T14:00:00.000Z');
        // The smallest table that fits two: a counter seat (1–2), not a lounge table (2–4).
        const [table] = await api.deps.db.select().from(venueTables).where(eq(venueTables.id, stored.tableId));
        expect(table!.name).toMatch(/^C\d$/);
        // The hold shows on GET too.
        expect((await get(user, data._id)).body.data).toEqual(data);
      });

      it('stores the price due, the area, the booking source and the locale', async () => {
        const user = await newUser();
        const tasting = await experienceId(BATARD, 'Tasting Menu');
        const diningRoom = await seatingAreaIdByName(api.deps.db, BATARD, 'Dining Room');
        const res = await create(
          user,
          { venueId: BATARD, experienceId: tasting, date: '2026-11-26', startTime: 1140, numberOfGuests: 2, seatingAreaId: diningRoom, bookingSource: 'GUEST_WEB_MOBILE' },
          { 'accept-language': 'zh-HK,zh;q=0.9,en;q=0.8' },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.data.payment).toEqual({
          prePaymentType: 'PREPAYMENT',
          amountDue: 371360,
          currency: 'HKD',
          breakdown: { subTotal: 337600, serviceCharge: 33760, tax: 0, total: 371360 },
          // Held: nothing paid yet.
          paid: 0,
          owed: 0,
        });
        // Answered in the caller's language, stored in English.
        expect(res.body.data.seatingArea).toEqual({ _id: diningRoom, name: translatorFor('zh-Hant')._('Dining Room') });
        expect(res.body.data.bookingSource).toBe('GUEST_WEB_MOBILE');
        expect((await row(res.body.data._id)).locale).toBe('zh-Hant');

        const deposit = await create(
          user,
          { venueId: BATARD, experienceId: await experienceId(BATARD, 'À la Carte'), date: '2026-11-27', startTime: 1140, numberOfGuests: 5, locale: 'ja' },
          { 'accept-language': 'ko' },
        );
        expect(deposit.status).toBe(201);
        // 5 guests: the 5+ tier of HK$500 each.
        expect(deposit.body.data.payment).toMatchObject({ prePaymentType: 'DEPOSIT', amountDue: 250000 });
        expect((await row(deposit.body.data._id)).locale).toBe('ja');
      });

      it('refuses a slot that is not offered: off the schedule, inside the lead time, or without a free table', async () => {
        const user = await newUser();
        expect((await create(user, await obeBar('2026-11-25', 1205))).body).toEqual(UNAVAILABLE);
        // At 10:00, Le Clos's 11:00 lunch is inside its hour's lead.
        const alaCarte = await experienceId(LECLOS, 'À la Carte');
        const soon = await create(user, { venueId: LECLOS, experienceId: alaCarte, date: '2026-11-23', startTime: 660, numberOfGuests: 2 });
        expect(soon.status).toBe(409);
        expect(soon.body).toEqual(UNAVAILABLE);
        // Only K1 seats eight: the second party of eight at the same time finds nothing.
        expect((await create(user, await obeBar('2026-11-27', 1080, 8))).status).toBe(201);
        const second = await create(await newUser(), await obeBar('2026-11-27', 1140, 8));
        expect(second.status).toBe(409);
        expect(second.body).toEqual(UNAVAILABLE);
      });

      it("refuses a members-only experience to a non-member (403 1010101) and takes a member's", async () => {
        const cask = await experienceId(OBE, "Members' Cask Room");
        const body = { venueId: OBE, experienceId: cask, date: '2026-11-28', startTime: 1080, numberOfGuests: 6 };
        const res = await create(await newUser('guest'), body);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ status: 403, errorCode: 1010101, message: 'Not a Club member' });
        expect((await create(await newUser('member'), body)).status).toBe(201);
      });

      it('answers 422 20101 with the contact for a party the venue takes only by phone', async () => {
        const dinner = await experienceId(HOPSZE, 'À la Carte Dinner');
        const res = await create(await newUser(), { venueId: HOPSZE, experienceId: dinner, date: '2026-11-25', startTime: 1080, numberOfGuests: 8 });
        expect(res.status).toBe(422);
        expect(res.body.errorCode).toBe(20101);
        expect(res.body.contact).toEqual({ phone: '+852 2388 6203', email: 'hopsze.reservations@example.com' });
      });

      it('answers 400 naming the field for a bad body, 404 for an unknown venue', async () => {
        const user = await newUser();
        const good = await obeBar('2026-11-25', 1200);
        const cases: [Record<string, unknown>, string][] = [
          [{ ...good, venueId: 'obe' }, 'venueId'],
          [{ ...good, experienceId: undefined }, 'experienceId'],
          [{ ...good, date: '2026-11-31' }, 'date'],
          [{ ...good, startTime: '20:00' }, 'startTime'],
          [{ ...good, startTime: -15 }, 'startTime'],
          [{ ...good, numberOfGuests: 11 }, 'numberOfGuests'],
          [{ ...good, numberOfGuests: 0 }, 'numberOfGuests'],
          [{ ...good, bookingSource: 'APP' }, 'bookingSource'],
          [{ ...good, seatingAreaId: 'x' }, 'seatingAreaId'],
        ];
        for (const [body, field] of cases) {
          const res = await create(user, body);
          expect(res.status, field).toBe(400);
          expect(res.body.field).toBe(field);
          expect(res.body.message).toMatch(new RegExp(`^${field} `));
        }
        const notJson = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: '{not json' });
        expect(notJson.status).toBe(400);
        const unknown = await create(user, { ...good, venueId: UNKNOWN_ID });
        expect(unknown.status).toBe(404);
        expect(unknown.body.errorCode).toBe(20103);
        expect(await api.deps.db.select().from(reservations).where(eq(reservations.userId, user.id))).toEqual([]);
      });

      it('maps a database double-booking refusal (SQLSTATE 23P01) to 409 20102', async () => {
        const user = await newUser();
        const created = await create(user, await obeBar('2026-11-29', 1200));
        const original = await row(created.body.data._id);
        const attempt = mapDoubleBooking(() =>
          api.deps.db.insert(reservations).values({ ...original, id: newId(), uniqueId: 'OBE-CLASH1' }),
        );
        await expect(attempt).rejects.toBeInstanceOf(ApiError);
        await expect(attempt).rejects.toMatchObject({ status: 409, errorCode: 20102, message: 'Sorry, your selection is unavailable' });
      });
    });

    describe('complete', () => {
      it('confirms a hold of an experience without payment, saving the guest details; a retry answers the same', async () => {
        const user = await newUser();
        const created = await create(user, await obeBar('2026-11-25', 1140));
        api.clock.advanceMinutes(5);
        const res = await complete(user, created.body.data._id);
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(200);
        expect(res.body.data).toMatchObject({
          _id: created.body.data._id,
          status: 'CONFIRMED',
          holdExpiresAt: null,
          confirmedAt: new Date(TEST_NOW.getTime() + 5 * 60_000).toISOString(),
          guest: {
            firstName: 'Grace',
            lastName: 'Chan',
            email: 'grace.chan@example.com',
            mobileCountryCode: '+852',
            mobileNumber: '91234567',
            notes: 'Window seat, please',
          },
        });
        const again = await complete(user, created.body.data._id);
        expect(again.status).toBe(200);
        expect(again.body.data).toEqual(res.body.data);
      });

      it('refuses a run-out hold with 10202, cancels it, and frees the table', async () => {
        const user = await newUser();
        const bar = await experienceId(OBE, 'Bar Seating');
        const created = await create(user, await obeBar('2026-11-26', 1200, 8));
        expect(created.status).toBe(201);
        expect(await offered(user, OBE, '2026-11-26', bar, 8)).not.toContain(1200);
        api.clock.advanceMinutes(16);
        // Past its hold, the table is free even before anything cancels the row.
        expect(await offered(user, OBE, '2026-11-26', bar, 8)).toContain(1200);
        const res = await complete(user, created.body.data._id);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ status: 422, errorCode: 10202, message: 'Your reservation has expired. Please make a new reservation' });
        const stored = await row(created.body.data._id);
        expect(stored.status).toBe('CANCELED');
        expect(stored.canceledAt?.toISOString()).toBe(minutesAfterNow(16));
        // And someone else can have it.
        expect((await create(await newUser(), await obeBar('2026-11-26', 1200, 8))).status).toBe(201);
        // Completing a cancelled reservation is 10202 too.
        expect((await complete(user, created.body.data._id)).body.errorCode).toBe(10202);
      });

      it('refuses with 10203 once the start time has passed', async () => {
        const user = await newUser();
        const created = await create(user, { venueId: LECLOS, experienceId: await experienceId(LECLOS, 'À la Carte'), date: '2026-11-23', startTime: 720, numberOfGuests: 2 });
        expect(created.status).toBe(201);
        // A hold kept open past the start (a payment in progress, say).
        await api.deps.db.update(reservations).set({ holdExpiresAt: new Date('2026-11-23T06:00:00Z') }).where(eq(reservations.id, created.body.data._id));
        api.clock.set('2026-11-23T04:01:00Z'); // 12:01
        const res = await complete(user, created.body.data._id);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ status: 422, errorCode: 10203, message: "It's too late to confirm this reservation. Please make a new reservation" });
        expect((await row(created.body.data._id)).status).toBe('PENDING');
      });

      it('refuses without a mobile number (10205), changing nothing', async () => {
        const user = await newUser();
        const created = await create(user, await obeBar('2026-11-25', 1080));
        const before = await row(created.body.data._id);
        for (const missing of [{ mobileNumber: undefined }, { mobileNumber: '' }, { mobileCountryCode: undefined }]) {
          const res = await complete(user, created.body.data._id, { ...GUEST_DETAILS, ...missing });
          expect(res.status).toBe(422);
          expect(res.body).toEqual({ status: 422, errorCode: 10205, message: 'A mobile number is required to complete your reservation' });
        }
        expect(await row(created.body.data._id)).toEqual(before);
      });

      it('refuses at Hop Sze until the mobile number was verified in the last 24 hours (10205)', async () => {
        const user = await newUser();
        const dinner = await experienceId(HOPSZE, 'À la Carte Dinner');
        const created = await create(user, { venueId: HOPSZE, experienceId: dinner, date: '2026-11-24', startTime: 1080, numberOfGuests: 2 });
        expect(created.status).toBe(201);
        const details = { ...GUEST_DETAILS, mobileNumber: '5555 0001' };
        expect((await complete(user, created.body.data._id, details)).body.errorCode).toBe(10205);
        // Verified 25 hours ago: too old. Another number verified: not this one.
        const verification = (number: string, verifiedAt: Date) => ({
          id: newId(),
          mobileCountryCode: '+852',
          mobileNumber: number,
          codeHash: 'x',
          expiresAt: verifiedAt,
          verifiedAt,
          createdAt: verifiedAt,
        });
        await api.deps.db.insert(phoneVerifications).values([
          verification('55550001', new Date(TEST_NOW.getTime() - 25 * 3600_000)),
          verification('55550002', new Date(TEST_NOW.getTime() - 3600_000)),
        ]);
        expect((await complete(user, created.body.data._id, details)).body.errorCode).toBe(10205);
        await api.deps.db.insert(phoneVerifications).values(verification('55550001', new Date(TEST_NOW.getTime() - 3600_000)));
        const res = await complete(user, created.body.data._id, details);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.status).toBe('CONFIRMED');
      });

      it('refuses a members-only experience once the caller is no longer a member (1010101)', async () => {
        const user = await newUser('member');
        const cask = await experienceId(OBE, "Members' Cask Room");
        const created = await create(user, { venueId: OBE, experienceId: cask, date: '2026-11-29', startTime: 1080, numberOfGuests: 6 });
        expect(created.status).toBe(201);
        await api.deps.db.update(users).set({ role: 'guest' }).where(eq(users.id, user.id));
        const res = await complete(user, created.body.data._id);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ status: 403, errorCode: 1010101, message: 'Not a Club member' });
      });

      it("answers 1010103 for another user's or an unknown reservation, on every call", async () => {
        const owner = await newUser();
        const other = await newUser();
        const created = await create(owner, await obeBar('2026-11-25', 1170));
        const id = created.body.data._id;
        for (const res of [
          await complete(other, id),
          await get(other, id),
          await cancel(other, id),
          await update(other, id, { notes: 'mine now' }),
          await get(owner, UNKNOWN_ID),
          await complete(owner, UNKNOWN_ID),
        ]) {
          expect(res.status).toBe(404);
          expect(res.body).toEqual(NOT_FOUND);
        }
        expect((await row(id)).status).toBe('PENDING');
      });

      it("refuses past a member's active limit (1010104), counting upcoming holds and confirmations", async () => {
        const member = await newUser('member', { active: 4 });
        for (const [i, date] of ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].entries()) {
          if (i < 3) await book(member, await obeBar(date, 1080));
          else expect((await create(member, await obeBar(date, 1080))).status).toBe(201);
        }
        // Three confirmed and one live hold: a fifth is one too many.
        const fifth = await create(member, await obeBar('2026-12-05', 1080));
        const res = await complete(member, fifth.body.data._id);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ status: 422, errorCode: 1010104, message: 'You have reached your limit of active Reservations' });
        expect((await row(fifth.body.data._id)).status).toBe('PENDING');
        // Lowering the limit in the database applies at once.
        await api.deps.db.update(users).set({ activeReservationLimit: 5 }).where(eq(users.id, member.id));
        expect((await complete(member, fifth.body.data._id)).status).toBe(200);
      });

      it("refuses past a member's annual limit (1010105), counting the same Hong Kong year", async () => {
        const member = await newUser('member', { annual: 2 });
        await book(member, await obeBar('2026-12-08', 1080));
        const late = await book(member, await obeBar('2026-12-09', 1080));
        expect((await cancel(member, late)).status).toBe(200); // CANCELED does not count...
        await book(member, await obeBar('2026-12-10', 1080));
        const third = await create(member, await obeBar('2026-12-11', 1080));
        const res = await complete(member, third.body.data._id);
        expect(res.body).toEqual({ status: 422, errorCode: 1010105, message: 'You have reached your annual limit of Reservations' });
        // ...and next year starts afresh.
        const nextYear = await create(member, await obeBar('2027-01-06', 1080));
        expect((await complete(member, nextYear.body.data._id)).status).toBe(200);
      });

      it('refuses an overlapping reservation at another venue (10208), not one that merely touches', async () => {
        const user = await newUser();
        await book(user, await obeBar('2026-12-02', 1200)); // 20:00–22:00 at Obe
        const alaCarte = await experienceId(LECLOS, 'À la Carte');
        const overlapping = await create(user, { venueId: LECLOS, experienceId: alaCarte, date: '2026-12-02', startTime: 1230, numberOfGuests: 2 });
        const res = await complete(user, overlapping.body.data._id);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ status: 422, errorCode: 10208, message: 'You have an overlapping Reservation at another venue' });
        // 18:30–20:00 ends as the Obe booking starts.
        const before = await create(user, { venueId: LECLOS, experienceId: alaCarte, date: '2026-12-02', startTime: 1110, numberOfGuests: 2 });
        expect((await complete(user, before.body.data._id)).status).toBe(200);
      });

      it('refuses an experience with payment due until a payment has succeeded (10210)', async () => {
        const user = await newUser();
        const flight = await experienceId(OBE, 'Whisky Flight');
        const created = await create(user, { venueId: OBE, experienceId: flight, date: '2026-12-03', startTime: 1200, numberOfGuests: 2 });
        expect(created.body.data.payment.amountDue).toBe(149600); // 2 × 680.00 + 10%
        const before = await row(created.body.data._id);
        const res = await complete(user, created.body.data._id);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ status: 422, errorCode: 10210, message: "couldn't process your payment information" });
        expect(await row(created.body.data._id)).toEqual(before);
        const payment = (status: 'FAILED' | 'SUCCEEDED') => ({
          id: newId(),
          userId: user.id,
          reservationId: created.body.data._id,
          purpose: 'RESERVATION' as const,
          amount: 149600,
          status,
          method: 'CARD' as const,
          idempotencyKey: newId(),
        });
        await api.deps.db.insert(payments).values(payment('FAILED'));
        expect((await complete(user, created.body.data._id)).body.errorCode).toBe(10210);
        await api.deps.db.insert(payments).values(payment('SUCCEEDED'));
        expect((await complete(user, created.body.data._id)).body.data.status).toBe('CONFIRMED');
      });

      it("answers 400 naming the field with docs/PRODUCT.md §5's messages", async () => {
        const user = await newUser();
        const created = await create(user, await obeBar('2026-11-25', 1110));
        const id = created.body.data._id;
        const cases: [Record<string, unknown>, string, string][] = [
          [{ firstName: '' }, 'firstName', 'Please enter first name!'],
          [{ lastName: undefined }, 'lastName', 'Please enter last name!'],
          [{ email: '' }, 'email', 'Please enter your email address!'],
          [{ email: 'grace@example' }, 'email', 'Please enter a valid email address!'],
          [{ mobileNumber: '12ab' }, 'mobileNumber', 'Please enter a valid mobile number'],
          [{ agreements: { cancellationPolicy: false } }, 'agreements.cancellationPolicy', 'Please agree to cancellation policy'],
          [{ agreements: undefined }, 'agreements.cancellationPolicy', 'Please agree to cancellation policy'],
        ];
        for (const [change, field, message] of cases) {
          const res = await complete(user, id, { ...GUEST_DETAILS, ...change });
          expect(res.status, field).toBe(400);
          expect(res.body.field).toBe(field);
          expect(res.body.message).toBe(message);
        }
        const badId = await complete(user, 'abc');
        expect([badId.status, badId.body.field]).toEqual([400, 'id']);
        expect((await row(id)).status).toBe('PENDING');
      });
    });

    describe('list and read', () => {
      it('lists only the caller’s reservations and reports a CONFIRMED one EXPIRED once it has ended', async () => {
        const user = await newUser();
        const id = await book(user, await obeBar('2026-11-24', 1080)); // Tuesday 18:00–20:00
        const hold = (await create(user, await obeBar('2026-11-25', 1080))).body.data._id;
        const list = await api.request('GET', '/user/reservation', { token: user.token() });
        expect(list.status).toBe(200);
        expect(list.body.status).toBe(200);
        expect(list.body.data.map((r: { _id: string; status: string }) => [r._id, r.status])).toEqual([
          [id, 'CONFIRMED'],
          [hold, 'PENDING'],
        ]);
        api.clock.set('2026-11-24T12:00:00Z'); // Tuesday 20:00: the meal has just ended
        const later = await api.request('GET', '/user/reservation', { token: user.token() });
        // The hold ran out long ago and was released; past ones come newest first.
        expect(later.body.data.map((r: { status: string }) => r.status)).toEqual(['CANCELED', 'EXPIRED']);
        expect((await get(user, id)).body.data.status).toBe('EXPIRED');
        // Stored as CONFIRMED: EXPIRED is how it is reported.
        expect((await row(id)).status).toBe('CONFIRMED');
      });

      it('requires a token everywhere', async () => {
        for (const [method, path] of [
          ['GET', '/user/reservation'],
          ['GET', `/user/reservation/${UNKNOWN_ID}`],
          ['POST', '/user/reservation/v1.1'],
          ['PUT', `/user/reservation/v1.1/${UNKNOWN_ID}`],
          ['PUT', `/user/reservation/v1.1/complete/${UNKNOWN_ID}`],
          ['PUT', `/user/reservation/v1.1/cancel/${UNKNOWN_ID}`],
          ['GET', '/admin/reservation?venueId=' + OBE + '&date=2026-11-25'],
        ] as const) {
          const res = await api.request(method, path, { body: method === 'GET' ? undefined : {} });
          expect(res.status, path).toBe(401);
        }
      });
    });

    describe('update', () => {
      it('moves an upcoming CONFIRMED reservation after re-checking availability, raising sequence', async () => {
        const user = await newUser();
        const id = await book(user, await obeBar('2026-12-12', 1080, 8)); // K1, the only table for eight
        const before = await row(id);
        // Moving within its own time is fine: it does not block itself.
        const moved = await update(user, id, { startTime: 1140, notes: 'Birthday' });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        expect(moved.body.data).toMatchObject({ startTime: 1140, startTimeStr: '7:00 pm', endTime: 1260, status: 'CONFIRMED', guest: { notes: 'Birthday' } });
        const after = await row(id);
        expect(after.sequence).toBe(before.sequence + 1);
        expect(after.startsAt.toISOString()).toBe('2026-12-12T11:00:00.000Z');

        // Someone else takes K1 later that night; moving onto it is refused and changes nothing.
        await book(await newUser(), await obeBar('2026-12-12', 1320, 8));
        const clash = await update(user, id, { startTime: 1260 });
        expect(clash.status).toBe(409);
        expect(clash.body).toEqual(UNAVAILABLE);
        expect(await row(id)).toEqual(after);
        // Off the schedule, too.
        expect((await update(user, id, { startTime: 1145 })).body).toEqual(UNAVAILABLE);

        // A smaller party on another day gets a smaller table.
        const smaller = await update(user, id, { date: '2026-12-13', numberOfGuests: 2 });
        expect(smaller.status).toBe(200);
        expect(smaller.body.data).toMatchObject({ date: '2026-12-13', numberOfGuests: 2, startTime: 1140 });
        expect((await row(id)).tableId).not.toBe(after.tableId);
        expect((await row(id)).sequence).toBe(before.sequence + 2);
        // Party size rules apply as at booking.
        expect((await update(user, id, { numberOfGuests: 11 })).body.field).toBe('numberOfGuests');
      });

      it('lets a live hold change only its notes, and nothing else change at all', async () => {
        const user = await newUser();
        const hold = await create(user, await obeBar('2026-12-14', 1080));
        const id = hold.body.data._id;
        const notes = await update(user, id, { notes: 'Allergic to nuts' });
        expect(notes.status).toBe(200);
        expect(notes.body.data).toMatchObject({ status: 'PENDING', guest: { notes: 'Allergic to nuts' } });
        const move = await update(user, id, { startTime: 1140 });
        expect(move.status).toBe(409);
        expect(move.body).toEqual(NOT_CHANGEABLE);
        expect((await cancel(user, id)).status).toBe(200);
        expect((await update(user, id, { notes: 'again' })).body).toEqual(NOT_CHANGEABLE);
        // A past reservation is no longer changeable either.
        const past = await book(user, await obeBar('2026-11-23', 1080));
        api.clock.set('2026-11-23T11:00:00Z');
        expect((await update(user, past, { notes: 'late' })).body).toEqual(NOT_CHANGEABLE);
      });

      it('answers 400 naming the field for a bad change', async () => {
        const user = await newUser();
        for (const [body, field] of [
          [{ date: '2026-13-01' }, 'date'],
          [{ startTime: 'soon' }, 'startTime'],
          [{ seatingAreaId: 'nope' }, 'seatingAreaId'],
          [{ notes: 'x'.repeat(501) }, 'notes'],
        ] as const) {
          const res = await update(user, UNKNOWN_ID, body);
          expect(res.status).toBe(400);
          expect(res.body.field).toBe(field);
        }
      });
    });

    describe('cancel', () => {
      it('cancels outside the window (CANCELED) and inside it (LATE_CANCELED), raising sequence', async () => {
        const user = await newUser();
        // Obe's window is 12 hours.
        const early = await book(user, await obeBar('2026-12-15', 1080));
        const sequence = (await row(early)).sequence;
        const res = await cancel(user, early);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ status: 'CANCELED', canceledAt: TEST_NOW.toISOString() });
        expect((await row(early)).sequence).toBe(sequence + 1);

        const late = await book(user, await obeBar('2026-11-23', 1200)); // tonight 20:00, inside 12 hours
        const lateRes = await cancel(user, late);
        expect(lateRes.body.data.status).toBe('LATE_CANCELED');
        expect(lateRes.body.data.canceledAt).toBe(TEST_NOW.toISOString());

        // Just outside the window: 12 h 1 min before.
        const edge = await book(user, await obeBar('2026-11-23', 1320)); // 22:00
        api.clock.set('2026-11-23T01:59:00Z');
        expect((await cancel(user, edge)).body.data.status).toBe('CANCELED');
      });

      it('releases a hold (CANCELED) and refuses anything already over with 409 20104', async () => {
        const user = await newUser();
        const bar = await experienceId(OBE, 'Bar Seating');
        const hold = await create(user, await obeBar('2026-12-16', 1200, 8));
        expect(await offered(user, OBE, '2026-12-16', bar, 8)).not.toContain(1200);
        const res = await cancel(user, hold.body.data._id);
        expect(res.body.data).toMatchObject({ status: 'CANCELED', holdExpiresAt: null });
        expect(await offered(user, OBE, '2026-12-16', bar, 8)).toContain(1200);
        const again = await cancel(user, hold.body.data._id);
        expect(again.status).toBe(409);
        expect(again.body).toEqual(NOT_CHANGEABLE);
        const before = await row(hold.body.data._id);
        expect(await row(hold.body.data._id)).toEqual(before);
      });
    });

    describe('admin', () => {
      it("shows staff a venue's day and refuses a user token with 403", async () => {
        const user = await newUser();
        const id = (await create(user, await obeBar('2026-12-18', 1080))).body.data._id;
        const path = `/admin/reservation?venueId=${OBE}&date=2026-12-18`;
        const forbidden = await api.request('GET', path, { token: user.token() });
        expect(forbidden.status).toBe(403);
        const memberToken = await api.login('member@example.com', 'member-pass-1');
        expect((await api.request('GET', path, { token: memberToken })).status).toBe(403);
        const [admin] = await api.deps.db.select().from(users).where(eq(users.email, 'admin@example.com'));
        const adminToken = api.tokenFor(admin!);
        const res = await api.request('GET', path, { token: adminToken });
        expect(res.status).toBe(200);
        expect(res.body.data.map((r: { _id: string }) => r._id)).toEqual([id]);
        const bad = await api.request('GET', `/admin/reservation?venueId=${OBE}`, { token: adminToken });
        expect([bad.status, bad.body.field]).toEqual([400, 'date']);
        const unknown = await api.request('GET', `/admin/reservation?venueId=${UNKNOWN_ID}&date=2026-12-18`, { token: adminToken });
        expect(unknown.status).toBe(404);
      });
    });
  });
}

describe('hold expiry across a restart (PGlite in a folder)', () => {
  it('cancels a hold that ran out while the server was down, at start, and offers the slot again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'holds-'));
    const config = {
      production: false,
      jwtSecret: 'restart-secret-restart-secret-restart',
      publicBaseUrl: 'http://localhost',
      webhookSecret: 'whsec_restart',
    };
    try {
      const clock = new FakeClock(TEST_NOW);
      // A new folder, filled from the migrated template as the server's first start fills it.
      let database = await openDatabase({ dataDir, fresh: true });
      await seedDemoData(database.db, { now: clock.now() });
      const [guest] = await database.db.select().from(users).where(eq(users.email, 'guest@example.com'));
      const token = () => signAccessToken({ id: guest!.id, role: 'guest' }, config.jwtSecret, clock.now());
      const bar = await experienceIdByName(database.db, OBE, 'Bar Seating');
      const lookUp = async (app: ReturnType<typeof createApp>) => {
        const r = await app.request(`/user/reservation/v1.1/timeslot-availability/${OBE}/2026-11-25?numberOfGuests=8&experienceId=${bar}`, {
          headers: { authorization: `Bearer ${await token()}` },
        });
        return (await r.json()) as { data: { timeslots: { startTime: number }[] } };
      };

      // No payments in this test: the processor's webhooks have nowhere to go.
      const depsOn = (db: AppDeps['db']): AppDeps => ({
        db,
        clock,
        config,
        payments: createTestProcessor({ db, clock, webhookSecret: config.webhookSecret, webhookEndpoint: () => new Response(null, { status: 503 }) }),
      });
      let deps = depsOn(database.db);
      let app = createApp(deps);
      const res = await app.request('/user/reservation/v1.1', {
        method: 'POST',
        headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ venueId: OBE, experienceId: bar, date: '2026-11-25', startTime: 1200, numberOfGuests: 8 }),
      });
      expect(res.status).toBe(201);
      const id = ((await res.json()) as { data: { _id: string } }).data._id;
      expect((await lookUp(app)).data.timeslots.map((t) => t.startTime)).not.toContain(1200);
      await database.close();

      // Down for 20 minutes: the hold runs out with nobody running.
      clock.advanceMinutes(20);
      database = await openDatabase({ dataDir });
      deps = depsOn(database.db);
      app = createApp(deps);
      const stop = startHoldSweeper(deps, 60_000);
      try {
        let status = '';
        for (let i = 0; i < 50 && status !== 'CANCELED'; i++) {
          const rows = await database.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id));
          status = rows[0]?.status ?? '';
          if (status !== 'CANCELED') await new Promise((r) => setTimeout(r, 20));
        }
        expect(status).toBe('CANCELED');
        const [stored] = await database.db.select().from(reservations).where(eq(reservations.id, id));
        expect(stored!.canceledAt?.toISOString()).toBe(clock.now().toISOString());
        expect((await lookUp(app)).data.timeslots.map((t) => t.startTime)).toContain(1200);
      } finally {
        stop();
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
