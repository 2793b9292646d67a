/**
 * Reconfirmation on the injected clock (docs/PRODUCT.md §4, no-shows): the guest is asked at 12:00 the day
 * before by mail and text, once; one tap confirms (or cancels); the bookings not reconfirmed are on staff's
 * call list from 17:00 the day before; each call's outcome is kept and audited; a venue's own times; and
 * auto-release only where the venue set it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, reservations } from '../../../server/db/schema';
import { runReconfirmations } from '../../../server/services/reconfirmation/reconfirmation-requests';
import { createTestApi, newClientAddress, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit, type TestUser } from '../../support/server/kit';
import { manageTokenIn } from '../../support/server/manage-helpers';
import { LECLOS, OBE } from '../../support/server/fixtures';
import { bookWithMobile } from '../../support/server/text-bookings';

/** An instant in Hong Kong (UTC+8, no summer time). */
const hk = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

for (const driver of testDrivers()) {
  describe(`reconfirmation (${driver})`, () => {
    let api: TestApi;
    let staff: TestUser;
    beforeAll(async () => {
      api = await createTestApi({ driver });
      staff = await testKit(api).staff(OBE);
    });
    afterEach(() => api.clock.set(TEST_NOW));
    afterAll(() => api.close());

    const row = async (id: string) => (await api.deps.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
    const mailsTo = async (email: string) => (await api.deps.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.channel, 'EMAIL')))).filter((m) => m.subject.startsWith('Please reconfirm'));
    const textsTo = (e164: string) => api.deps.db.select().from(outbox).where(and(eq(outbox.recipient, e164), eq(outbox.channel, 'SMS')));
    const callList = (date: string, who = staff) => api.request('GET', `/admin/venue/${OBE}/call-list?date=${date}`, { token: who.token() });
    const call = (id: string, outcome: string, who = staff) => api.request('POST', `/admin/reservation/${id}/reconfirmation-call`, { token: who.token(), body: { outcome } });
    const auditOf = async (id: string) => (await api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.seq)).map((e) => e.action);

    it('asks at 12:00 the day before, once, by mail and text; one tap confirms; the rest are on the call list from 17:00', async () => {
      const date = '2026-11-25';
      const tapped = await bookWithMobile(api, date);
      const silent = await bookWithMobile(api, date);

      api.clock.set(hk('2026-11-24', '11:59'));
      await runReconfirmations(api.deps);
      expect((await row(tapped.id)).reconfirmAskedAt).toBeNull();
      expect(await mailsTo(tapped.guest.email)).toHaveLength(0);

      api.clock.set(hk('2026-11-24', '12:00'));
      expect((await runReconfirmations(api.deps)).asked).toBeGreaterThanOrEqual(2);
      await runReconfirmations(api.deps);
      const mails = await mailsTo(tapped.guest.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain('action=confirm');
      expect(mails[0]!.body).toContain('action=cancel');
      const texts = await textsTo(tapped.mobile.e164);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toMatch(/Reply 1 to confirm or 9 to cancel/);
      // The text carries both one-tap links, as the mail does.
      expect(manageTokenIn(texts[0]!.body, 'confirm')).toBeTruthy();
      expect(manageTokenIn(texts[0]!.body, 'cancel')).toBeTruthy();
      expect((await row(tapped.id)).reconfirmAskedAt).toEqual(hk('2026-11-24', '12:00'));

      // One tap on the mail's link: reconfirmed, with when and how, on the guest's own view too.
      api.clock.set(hk('2026-11-24', '12:30'));
      const tap = await api.request('PUT', `/manage/${manageTokenIn(mails[0]!.body, 'confirm')}/reconfirm`, { from: newClientAddress() });
      expect(tap.status, JSON.stringify(tap.body)).toBe(200);
      expect(await row(tapped.id)).toMatchObject({ reconfirmedAt: hk('2026-11-24', '12:30'), reconfirmedVia: 'LINK' });
      const own = await api.request('GET', `/user/reservation/${tapped.id}`, { token: tapped.guest.token() });
      expect(own.body.data).toMatchObject({ reconfirmedAt: hk('2026-11-24', '12:30').toISOString(), reconfirmedVia: 'LINK' });

      // The call list is empty until its hour, then holds the booking not reconfirmed and not the tapped one.
      api.clock.set(hk('2026-11-24', '16:59'));
      const early = await callList(date);
      expect(early.status, JSON.stringify(early.body)).toBe(200);
      expect(early.body.data).toEqual({ date, opensAt: hk('2026-11-24', '17:00').toISOString(), entries: [] });
      api.clock.set(hk('2026-11-24', '17:00'));
      const open = (await callList(date)).body.data.entries.map((e: { reservationId: string }) => e.reservationId);
      expect(open).toContain(silent.id);
      expect(open).not.toContain(tapped.id);
      // The day sheet says how each was reconfirmed, or that the ask is unanswered.
      const sheet = (await api.request('GET', `/admin/venue/${OBE}/day-sheet/${date}`, { token: staff.token() })).body.data;
      const onSheet = (id: string) => sheet.services.flatMap((s: { seatings: { bookings: { id: string }[] }[] }) => s.seatings.flatMap((seat) => seat.bookings)).find((b: { id: string }) => b.id === id);
      expect(onSheet(tapped.id)).toMatchObject({ reconfirmAskedAt: hk('2026-11-24', '12:00').toISOString(), reconfirmedAt: hk('2026-11-24', '12:30').toISOString(), reconfirmedVia: 'LINK' });
      expect(onSheet(silent.id)).toMatchObject({ reconfirmAskedAt: hk('2026-11-24', '12:00').toISOString(), reconfirmedAt: null, reconfirmedVia: null });

      // No answer keeps it on the list with the call shown; confirmed by phone takes it off, audited both times.
      expect((await call(silent.id, 'NO_ANSWER')).status).toBe(200);
      const listed = (await callList(date)).body.data.entries.find((e: { reservationId: string }) => e.reservationId === silent.id);
      expect(listed.calls).toEqual([{ outcome: 'NO_ANSWER', at: hk('2026-11-24', '17:00').toISOString(), staffName: expect.any(String) }]);
      expect(listed.mobile).toBe(silent.mobile.e164);
      api.clock.set(hk('2026-11-24', '17:10'));
      const confirmed = await call(silent.id, 'CONFIRMED');
      expect(confirmed.body.data).toEqual({ status: 'CONFIRMED', reconfirmedAt: hk('2026-11-24', '17:10').toISOString() });
      expect((await row(silent.id)).reconfirmedVia).toBe('PHONE');
      expect((await callList(date)).body.data.entries.map((e: { reservationId: string }) => e.reservationId)).not.toContain(silent.id);
      expect(await auditOf(silent.id)).toEqual(['reconfirmation.call', 'reconfirmation.call']);
      // A booking already reconfirmed is not open to another call's outcome.
      api.clock.set(hk('2026-11-25', '19:00'));
      expect((await call(silent.id, 'NO_ANSWER')).body.errorCode).toBe(20273);
    });

    it("cancels with one tap on the text's own cancel link, as the mail's does", async () => {
      const date = '2026-11-26';
      const booked = await bookWithMobile(api, date);
      api.clock.set(hk('2026-11-25', '12:00'));
      await runReconfirmations(api.deps);
      const [text] = (await textsTo(booked.mobile.e164)).filter((t) => t.body.includes('still coming'));
      const token = manageTokenIn(text!.body, 'cancel');
      expect(token).toBeTruthy();
      const canceled = await api.request('PUT', `/manage/${token}/cancel`, { from: newClientAddress() });
      expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
      expect((await row(booked.id)).status).toBe('CANCELED');
    });

    it('cancels by phone under the policy, with the cancellation and the call both audited', async () => {
      const date = '2026-11-26';
      const booking = await bookWithMobile(api, date);
      api.clock.set(hk('2026-11-25', '12:00'));
      await runReconfirmations(api.deps);
      api.clock.set(hk('2026-11-25', '17:30'));
      const res = await call(booking.id, 'CANCELED');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // 24½ hours before the start: outside Obe's 12-hour window, so no late cancellation.
      expect(res.body.data.status).toBe('CANCELED');
      expect(await auditOf(booking.id)).toEqual(['visit.cancel', 'reconfirmation.call']);
    });

    it('does not ask a booking made after the asking time, nor a cancelled one', async () => {
      const date = '2026-11-27';
      api.clock.set(hk('2026-11-26', '12:05'));
      const late = await bookWithMobile(api, date);
      api.clock.set(hk('2026-11-26', '12:10'));
      await runReconfirmations(api.deps);
      expect((await row(late.id)).reconfirmAskedAt).toBeNull();
      expect(await mailsTo(late.guest.email)).toHaveLength(0);
      api.clock.set(hk('2026-11-26', '17:00'));
      expect((await callList(date)).body.data.entries.map((e: { reservationId: string }) => e.reservationId)).not.toContain(late.id);
    });

    it("follows the venue's own times, and releases the unanswered only where the venue set auto-release", async () => {
      const settings = { askDaysBefore: 2, askAtMinute: 600, callListAtMinute: 900, autoReleaseHoursBefore: 3 };
      const saved = await api.request('PUT', `/admin/venue/${OBE}/reconfirmation`, { token: staff.token(), body: settings });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toEqual(settings);
      expect((await api.request('GET', `/admin/venue/${OBE}/reconfirmation`, { token: staff.token() })).body.data).toEqual(settings);
      // The defaults stand at another venue.
      const admin = await testKit(api).admin();
      expect((await api.request('GET', `/admin/venue/${LECLOS}/reconfirmation`, { token: admin.token() })).body.data).toEqual({
        askDaysBefore: 1,
        askAtMinute: 720,
        callListAtMinute: 1020,
        autoReleaseHoursBefore: null,
      });

      const date = '2026-11-28';
      const unanswered = await bookWithMobile(api, date);
      api.clock.set(hk('2026-11-26', '09:59'));
      await runReconfirmations(api.deps);
      expect((await row(unanswered.id)).reconfirmAskedAt).toBeNull();
      api.clock.set(hk('2026-11-26', '10:00'));
      await runReconfirmations(api.deps);
      expect((await row(unanswered.id)).reconfirmAskedAt).toEqual(hk('2026-11-26', '10:00'));

      api.clock.set(hk(date, '14:59'));
      await runReconfirmations(api.deps);
      expect((await row(unanswered.id)).status).toBe('CONFIRMED');
      api.clock.set(hk(date, '15:00'));
      expect((await runReconfirmations(api.deps)).released).toBeGreaterThanOrEqual(1);
      // Three hours before: inside Obe's 12-hour window, so cancelled late, under the policy.
      expect((await row(unanswered.id)).status).toBe('LATE_CANCELED');

      // Back to the defaults: never released.
      await api.request('PUT', `/admin/venue/${OBE}/reconfirmation`, {
        token: staff.token(),
        body: { askDaysBefore: 1, askAtMinute: 720, callListAtMinute: 1020, autoReleaseHoursBefore: null },
      });
      const kept = await bookWithMobile(api, '2026-11-29');
      api.clock.set(hk('2026-11-28', '12:00'));
      await runReconfirmations(api.deps);
      api.clock.set(hk('2026-11-29', '17:59'));
      expect((await runReconfirmations(api.deps)).released).toBe(0);
      expect((await row(kept.id)).status).toBe('CONFIRMED');
    });

    it("refuses another venue's staff and a call outcome that is not one of the five", async () => {
      const date = '2026-11-30';
      const booking = await bookWithMobile(api, date);
      const other = await testKit(api).staff(LECLOS);
      expect((await callList(date, other)).status).toBe(403);
      expect((await call(booking.id, 'NO_ANSWER', other)).status).toBe(403);
      expect((await api.request('PUT', `/admin/venue/${OBE}/reconfirmation`, { token: other.token(), body: { askDaysBefore: 1, askAtMinute: 720, callListAtMinute: 1020, autoReleaseHoursBefore: null } })).status).toBe(403);
      const bad = await call(booking.id, 'MAYBE');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Choose what the call came to');
      const badTime = await api.request('PUT', `/admin/venue/${OBE}/reconfirmation`, { token: staff.token(), body: { askDaysBefore: 9, askAtMinute: 720, callListAtMinute: 1020, autoReleaseHoursBefore: null } });
      expect(badTime.status).toBe(400);
      expect(await auditOf(booking.id)).toEqual([]);
    });
  });
}
