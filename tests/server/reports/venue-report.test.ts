/**
 * The staff console's report through the HTTP API: bookings, covers, no-shows, cancellations by guest and
 * by staff, and money taken (deposits, prepayments, no-show fees; card and wallet) and refunded, per venue
 * per Hong Kong day and ISO week; across a year-end and on 29 February; venue scoping; the CSV download.
 * Every date comes from the injected clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../../server/lib/csv';
import { addDays, hongKongToday, serviceDateTime } from '../../../common/time';
import { BATARD, experienceIdByName, HOPSZE, LECLOS, OBE, UNKNOWN_ID } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';
import { parseCsv } from '../../support/server/csv-records';

const ZERO_MONEY = { depositCard: 0, depositWallet: 0, prepaymentCard: 0, prepaymentWallet: 0, noShowFeeCard: 0, noShowFeeWallet: 0, taken: 0, refundCard: 0, refundWallet: 0, refunded: 0 };

for (const driver of testDrivers()) {
  describe(`venue report (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff, newStaff } = accounts));

    const staffOf = new Map<string, TestUser>();

    beforeAll(async () => {
      staffOf.set(LECLOS, leclosStaff).set(OBE, obeStaff).set(BATARD, await newStaff('staff', BATARD));
    });

    const report = (caller: TestUser, query: Record<string, string>, headers: Record<string, string> = {}) =>
      api.request('GET', `/admin/report?${new URLSearchParams(query)}`, { token: caller.token(), headers });
    const visit = (venueId: string, id: string, action: string) =>
      api.request('PUT', `/admin/reservation/${id}/visit`, { token: staffOf.get(venueId)!.token(), body: { action } });
    /** The clock at a Hong Kong day and minute. */
    const clockAt = (date: string, minute: number) => api.clock.set(serviceDateTime(date, minute));
    const today = () => hongKongToday(api.clock.now());

    let lunchSlot = 0;
    /** A confirmed Le Clos lunch (nothing paid) on `date`; the start moves on so tables never run out. */
    async function bookLeClos(user: TestUser, date: string, numberOfGuests: number, { complete = true } = {}): Promise<string> {
      const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      const startTime = 720 + 30 * (lunchSlot++ % 6);
      const held = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: LECLOS, experienceId, date, startTime, numberOfGuests } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      if (complete) expect((await h.complete(user, held.body.data._id)).status).toBe(200);
      return held.body.data._id;
    }

    type ReportRow = { venueId: string; period: string; money: Record<string, number> } & Record<string, unknown>;
    const rowOf = (rows: ReportRow[], venueId: string, period: string): ReportRow => {
      const row = rows.find((r) => r.venueId === venueId && r.period === period);
      if (!row) throw new Error(`no row for ${venueId} ${period}`);
      return row;
    };

    it('counts bookings, covers, no-shows and cancellations on the service day, and money on the day it moved, by venue, card and wallet', async () => {
      const payDay = addDays(today(), 2);
      const visitDay = addDays(payDay, 2);
      clockAt(payDay, 600);

      // Obe: a prepayment by card the guest cancels (outside the window: all back to the card) ...
      const cardGuest = await h.newUser('guest');
      const byCard = await h.bookPaidByCard(cardGuest, visitDay);
      expect((await h.cancel(cardGuest, byCard.id)).status).toBe(200);
      // ... and one from a member's wallet that staff cancel for the guest (all back to the wallet).
      const walletMember = await h.newUser('member', 500_000);
      const fromWallet = await h.holdWhiskyFlight(walletMember, visitDay);
      expect((await h.startPayment(walletMember, fromWallet.id, 'WALLET')).status).toBe(201);
      expect((await h.complete(walletMember, fromWallet.id)).status).toBe(200);
      expect((await visit(OBE, fromWallet.id, 'cancel')).status).toBe(200);

      // Bâtard: a card deposit, then a no-show whose rest of the fee goes on the same card.
      const depositGuest = await h.newUser('guest');
      const deposit = await h.holdBatardDeposit(depositGuest, visitDay, 1110);
      await h.payByCard(depositGuest, deposit.id);
      await h.deliver();
      expect((await h.complete(depositGuest, deposit.id)).status).toBe(200);

      // Le Clos: a member who will not come (fee from the wallet), a party of 4 seated, 3 expected, and a hold let go.
      const absentMember = await h.newUser('member', 500_000);
      const absent = await bookLeClos(absentMember, visitDay, 2);
      const seated = await bookLeClos(await h.newUser('guest'), visitDay, 4);
      await bookLeClos(await h.newUser('guest'), visitDay, 3);
      await bookLeClos(await h.newUser('guest'), visitDay, 5, { complete: false });

      clockAt(visitDay, 12 * 60 + 45);
      expect((await visit(LECLOS, absent, 'no-show')).status).toBe(200);
      expect((await visit(LECLOS, seated, 'arrive')).status).toBe(200);
      expect((await visit(LECLOS, seated, 'seat')).status).toBe(200);
      clockAt(visitDay, 19 * 60 + 15);
      const noShow = await visit(BATARD, deposit.id, 'no-show');
      expect(noShow.body.data.noShow.cardCharged).toBe(200_000 - deposit.amountDue);

      const res = await report(admin, { from: payDay, to: visitDay });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ from: payDay, to: visitDay, by: 'day' });
      const rows = res.body.data.rows;
      // Every venue, every day, in order; a day with nothing is all zeros.
      expect(rows.map((r: { venueId: string; period: string }) => `${r.venueId.slice(-1)} ${r.period}`)).toEqual(
        [LECLOS, BATARD, HOPSZE, OBE].flatMap((v) => [payDay, addDays(payDay, 1), visitDay].map((d) => `${v.slice(-1)} ${d}`)),
      );
      expect(rowOf(rows, HOPSZE, payDay)).toMatchObject({ venueName: 'Hop Sze', from: payDay, to: payDay, bookings: 0, covers: 0, money: ZERO_MONEY });

      const prepayment = byCard.amountDue;
      expect(rowOf(rows, OBE, payDay)).toMatchObject({
        bookings: 0,
        money: { ...ZERO_MONEY, prepaymentCard: prepayment, prepaymentWallet: prepayment, taken: 2 * prepayment, refundCard: prepayment, refundWallet: prepayment, refunded: 2 * prepayment },
      });
      expect(rowOf(rows, OBE, visitDay)).toMatchObject({ bookings: 2, covers: 0, seatedCovers: 0, noShows: 0, cancelledByGuest: 1, cancelledByStaff: 1, money: ZERO_MONEY });
      expect(rowOf(rows, BATARD, payDay)).toMatchObject({ bookings: 0, money: { ...ZERO_MONEY, depositCard: deposit.amountDue, taken: deposit.amountDue } });
      const rest = 200_000 - deposit.amountDue;
      expect(rowOf(rows, BATARD, visitDay)).toMatchObject({ bookings: 1, covers: 0, noShows: 1, money: { ...ZERO_MONEY, noShowFeeCard: rest, taken: rest } });
      expect(rowOf(rows, LECLOS, visitDay)).toMatchObject({
        bookings: 3,
        covers: 7,
        seatedCovers: 4,
        noShows: 1,
        cancelledByGuest: 0,
        cancelledByStaff: 0,
        money: { ...ZERO_MONEY, noShowFeeWallet: 60_000, taken: 60_000 },
      });

      // The week adds the same days up (the ISO week of both days, cut to the range asked).
      const week = await report(staffOf.get(OBE)!, { venueId: OBE, from: payDay, to: visitDay, by: 'week' });
      const weeks = week.body.data.rows;
      const days = rows.filter((r: { venueId: string }) => r.venueId === OBE);
      const sum = (list: any[], pick: (r: any) => number) => list.reduce((total, r) => total + pick(r), 0);
      expect(sum(weeks, (r) => r.bookings)).toBe(sum(days, (r) => r.bookings));
      expect(sum(weeks, (r) => r.money.taken)).toBe(sum(days, (r) => r.money.taken));
      expect(sum(weeks, (r) => r.money.refunded)).toBe(sum(days, (r) => r.money.refunded));
      expect(weeks[0]).toMatchObject({ venueId: OBE, from: payDay });
      expect(weeks.at(-1)).toMatchObject({ to: visitDay });
    });

    it('keeps a year-end together in its ISO week, and a day report runs from 31 December into 1 January', async () => {
      const yearEnd = `${today().slice(0, 4)}-12-31`;
      const newYear = addDays(yearEnd, 1);
      clockAt(addDays(yearEnd, -14), 600);
      await bookLeClos(await h.newUser('guest'), yearEnd, 2);
      await bookLeClos(await h.newUser('guest'), newYear, 3);
      await bookLeClos(await h.newUser('guest'), newYear, 4);

      const days = await report(admin, { venueId: LECLOS, from: addDays(yearEnd, -1), to: addDays(newYear, 1) });
      expect(days.body.data.rows.map((r: { period: string; covers: number }) => [r.period, r.covers])).toEqual([
        [addDays(yearEnd, -1), 0],
        [yearEnd, 2],
        [newYear, 7],
        [addDays(newYear, 1), 0],
      ]);

      const weeks = await report(admin, { venueId: LECLOS, from: addDays(yearEnd, -10), to: addDays(newYear, 10), by: 'week' });
      const isoWeekOf = (date: string) => weeks.body.data.rows.find((r: { from: string; to: string }) => r.from <= date && date <= r.to);
      const turn = isoWeekOf(yearEnd);
      expect(isoWeekOf(newYear)).toBe(turn);
      expect(turn).toMatchObject({ bookings: 3, covers: 9 });
      // A Monday-first week whose Thursday names its ISO year ('2026-W53', '2027-W52', ...).
      expect(turn.period).toMatch(/^\d{4}-W5[23]$/);
      expect(new Date(`${turn.from}T00:00:00Z`).getUTCDay()).toBe(1);
      // The range's first and last weeks are cut to it.
      expect(weeks.body.data.rows[0].from).toBe(addDays(yearEnd, -10));
      expect(weeks.body.data.rows.at(-1).to).toBe(addDays(newYear, 10));
    });

    it('has a 29 February in a leap year, its own day and in its week', async () => {
      // The next leap year's February, as the clock reckons it.
      let year = Number(today().slice(0, 4)) + 1;
      while (!(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) year++;
      const leapDay = `${year}-02-29`;
      clockAt(addDays(leapDay, -20), 600);
      await bookLeClos(await h.newUser('guest'), addDays(leapDay, -1), 2);
      await bookLeClos(await h.newUser('guest'), leapDay, 5);
      await bookLeClos(await h.newUser('guest'), addDays(leapDay, 1), 6);

      const days = await report(admin, { venueId: LECLOS, from: addDays(leapDay, -1), to: addDays(leapDay, 1) });
      expect(days.body.data.rows.map((r: { period: string; covers: number }) => [r.period, r.covers])).toEqual([
        [`${year}-02-28`, 2],
        [leapDay, 5],
        [`${year}-03-01`, 6],
      ]);
      const weeks = await report(admin, { venueId: LECLOS, from: `${year}-02-01`, to: `${year}-03-31`, by: 'week' });
      const leapWeek = weeks.body.data.rows.find((r: { from: string; to: string }) => r.from <= leapDay && leapDay <= r.to);
      const bookedDays: [string, number][] = [[addDays(leapDay, -1), 2], [leapDay, 5], [addDays(leapDay, 1), 6]];
      const inLeapWeek = bookedDays.filter(([d]) => leapWeek.from <= d && d <= leapWeek.to).reduce((total, [, covers]) => total + covers, 0);
      expect(leapWeek.covers).toBe(inLeapWeek);
      expect(weeks.body.data.rows.reduce((total: number, r: { covers: number }) => total + r.covers, 0)).toBe(13);
    });

    it('keeps venue staff to their venue, lets admins read every venue, and refuses guests', async () => {
      const day = today();
      const obe = staffOf.get(OBE)!;
      expect((await report(obe, { venueId: LECLOS, from: day, to: day })).status).toBe(403);
      expect((await api.request('GET', `/admin/report.csv?venueId=${LECLOS}&from=${day}&to=${day}`, { token: obe.token() })).status).toBe(403);
      const own = await report(obe, { from: day, to: day });
      expect(own.status).toBe(200);
      expect(own.body.data.rows.map((r: { venueId: string }) => r.venueId)).toEqual([OBE]);
      const every = await report(admin, { from: day, to: day });
      expect(every.body.data.rows.map((r: { venueId: string }) => r.venueId)).toEqual([LECLOS, BATARD, HOPSZE, OBE]);
      for (const role of ['guest', 'member'] as const) {
        expect((await report(await h.newUser(role), { from: day, to: day })).status).toBe(403);
      }
      expect((await api.request('GET', `/admin/report?from=${day}&to=${day}`)).status).toBe(401);
    });

    it('refuses a range that runs backwards or is longer than 53 weeks, an unknown period and an unknown venue', async () => {
      const day = today();
      const refused = async (query: Record<string, string>, status = 400) => {
        const res = await report(admin, query);
        expect(res.status, JSON.stringify(query)).toBe(status);
        return res.body;
      };
      expect((await refused({ from: day, to: addDays(day, -1) })).field).toBe('to');
      expect((await refused({ from: day, to: addDays(day, 371) })).field).toBe('to');
      expect((await report(admin, { from: day, to: addDays(day, 370), by: 'week' })).status).toBe(200);
      expect((await refused({ from: day, to: day, by: 'month' })).field).toBe('by');
      expect((await refused({ to: day })).field).toBe('from');
      expect((await refused({ from: '2026-02-30', to: day })).field).toBe('from');
      await refused({ venueId: UNKNOWN_ID, from: day, to: day }, 404);
    });

    it('downloads the same figures as CSV: BOM, header row in the caller\'s language, ISO dates, decimal HKD, RFC 4180', async () => {
      const payDay = addDays(today(), 2);
      const visitDay = addDays(payDay, 2);
      const query = new URLSearchParams({ venueId: OBE, from: payDay, to: visitDay });
      const json = await report(admin, Object.fromEntries(query));
      const res = await api.app.request(`/admin/report.csv?${query}`, { headers: { authorization: `Bearer ${await admin.token()}`, 'accept-language': 'zh-Hant' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-obe-${payDay}-${visitDay}-day.csv"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
      const [header, ...records] = parseCsv(text);
      expect(header).toHaveLength(20);
      expect(header![0]).toBe('餐廳');
      expect(records.map((r) => r.slice(0, 4))).toEqual(json.body.data.rows.map((r: { venueName: string; period: string; from: string; to: string }) => [r.venueName, r.period, r.from, r.to]));
      // The payment day of the first test: the prepayments and their refunds, in HKD with two places.
      const paid = records.find((r) => r[1] === payDay)!;
      const jsonPaid = rowOf(json.body.data.rows, OBE, payDay);
      expect(paid[12]).toBe((jsonPaid.money.prepaymentCard! / 100).toFixed(2));
      expect(paid[16]).toBe((jsonPaid.money.taken! / 100).toFixed(2));
      expect(records.find((r) => r[1] === visitDay)!.slice(4, 10)).toEqual(['2', '0', '0', '0', '1', '1']);
      // English by default.
      const english = await api.request('GET', `/admin/report.csv?${query}`, { token: admin.token() });
      expect(String(english.body).replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Venue,Period,From,To,Bookings,Covers,/);
    });

    it('writes fields RFC 4180 reads back: quotes doubled, commas and line breaks quoted', () => {
      const awkward = ['Bar "Obe", 2/F', 'line one\r\nline two', '九龍', ''];
      const text = toCsv(['a', 'b', 'c', 'd'], [awkward]);
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(parseCsv(text.slice(1))).toEqual([['a', 'b', 'c', 'd'], awkward]);
    });

  });
}
