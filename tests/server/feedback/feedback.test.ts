/**
 * After the visit, on the injected clock, on PGlite and PostgreSQL: a seated party gets
 * one feedback mail a few hours after it finished (never a no-show), in its language; the mail's signed
 * link records a rating and comment (a tampered one is refused); the reports average them by venue and
 * week; staff see a guest's feedback and can stop the mails; the reminder's allergy answer is on the booking
 * and the day sheet.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../../server/db/schema';
import { sendDueFeedbackMails } from '../../../server/services/feedback/feedback-mails';
import { sendDueReminders } from '../../../server/services/reservations/reservation-reminders';
import { weekOf } from '../../../common/report-range';
import { OBE } from '../../support/server/fixtures';
import { newClientAddress, type TestApi } from '../../support/server/harness';
import { testDrivers } from '../../support/server/harness';
import type { paymentHelpers, TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts } from '../../support/server/staff-helpers';

const HOUR = 3_600_000;

/** The token of the feedback page link in a mail, optionally the one with `rating`. */
function feedbackTokenIn(body: string, rating?: number): string | undefined {
  for (const match of body.matchAll(/#\/pages\/feedback\?([^\s]+)/g)) {
    const query = new URLSearchParams(match[1]);
    if ((query.get('rating') ?? undefined) === (rating === undefined ? undefined : String(rating))) return query.get('token') ?? undefined;
  }
  return undefined;
}

for (const driver of testDrivers()) {
  describe(`feedback after the visit (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    let admin: TestUser;
    let obeStaff: TestUser;
    let leclosStaff: TestUser;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, obeStaff, leclosStaff } = accounts));

    let day = 0;
    // Each test its own Obe evening in December, so the visits of one never meet another's.
    const ownDate = () => `2026-12-${String(2 + day++).padStart(2, '0')}`;
    const visit = (id: string, action: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: obeStaff.token(), body: { action } });
    const feedbackMails = async (email: string) => (await h.outboxOf(email)).filter((m) => m.body.includes('/pages/feedback'));

    beforeAll(() => {
      api.clock.set(new Date('2026-11-23T02:00:00Z'));
    });

    /** A paid booking, seated five minutes after its start and finished an hour later; the guest, the booking and the finish. */
    async function seatedVisit(locale?: string) {
      api.clock.set(new Date('2026-11-23T02:00:00Z'));
      const guest = await h.newUser();
      const booking = await h.bookPaidByCard(guest, ownDate());
      if (locale) await api.deps.db.update(reservations).set({ locale }).where(eq(reservations.id, booking.id));
      const { startsAt } = await h.reservationRow(booking.id);
      api.clock.set(new Date(startsAt.getTime() + 5 * 60_000));
      expect((await visit(booking.id, 'seat')).status).toBe(200);
      api.clock.set(new Date(startsAt.getTime() + HOUR));
      expect((await visit(booking.id, 'finish')).status).toBe(200);
      return { guest, booking, finishedAt: api.clock.now() };
    }

    it('goes out once, three hours after a seated party finished, with one-tap ratings', async () => {
      const { guest, finishedAt } = await seatedVisit();
      api.clock.set(new Date(finishedAt.getTime() + 3 * HOUR - 60_000));
      await sendDueFeedbackMails(api.deps);
      expect(await feedbackMails(guest.email)).toHaveLength(0);
      api.clock.set(new Date(finishedAt.getTime() + 3 * HOUR));
      await Promise.all([sendDueFeedbackMails(api.deps), sendDueFeedbackMails(api.deps)]);
      api.clock.advance(HOUR);
      await sendDueFeedbackMails(api.deps);
      const mails = await feedbackMails(guest.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('How was your visit to Obe?');
      for (const rating of [1, 2, 3, 4, 5]) expect(feedbackTokenIn(mails[0]!.body, rating), `rating ${rating}`).toBeDefined();
      expect(feedbackTokenIn(mails[0]!.body)).toBeDefined();
    });

    it('is written in the language the guest booked in', async () => {
      const { guest, finishedAt } = await seatedVisit('ja');
      api.clock.set(new Date(finishedAt.getTime() + 4 * HOUR));
      await sendDueFeedbackMails(api.deps);
      const [mail] = await feedbackMails(guest.email);
      expect(mail!.subject).toContain('Obe');
      expect(mail!.subject).not.toMatch(/^How was/);
    });

    it('is not sent after a no-show, nor for a visit that was never seated', async () => {
      api.clock.set(new Date('2026-11-23T02:00:00Z'));
      const noShowGuest = await h.newUser();
      const noShow = await h.bookPaidByCard(noShowGuest, ownDate());
      const unseatedGuest = await h.newUser();
      const unseated = await h.bookPaidByCard(unseatedGuest, ownDate());
      const { startsAt } = await h.reservationRow(noShow.id);
      api.clock.set(new Date(startsAt.getTime() + 30 * 60_000));
      expect((await visit(noShow.id, 'no-show')).status).toBe(200);
      const later = (await h.reservationRow(unseated.id)).endsAt;
      api.clock.set(new Date(later.getTime() + 5 * HOUR));
      await sendDueFeedbackMails(api.deps);
      expect(await feedbackMails(noShowGuest.email)).toHaveLength(0);
      expect(await feedbackMails(unseatedGuest.email)).toHaveLength(0);
    });

    it('records the tapped rating and the comment, refuses a tampered link, and averages by venue and week in the reports', async () => {
      const first = await seatedVisit();
      api.clock.set(new Date(first.finishedAt.getTime() + 3 * HOUR));
      await sendDueFeedbackMails(api.deps);
      const [mail] = await feedbackMails(first.guest.email);
      const token = feedbackTokenIn(mail!.body, 4)!;
      const from = newClientAddress();

      const opened = await api.request('GET', `/feedback/${token}`, { from });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body.data).toMatchObject({ venue: { name: 'Obe', domain: 'obe' }, rating: null, comment: null });

      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      const refused = await api.request('PUT', `/feedback/${tampered}`, { from, body: { rating: 1 } });
      expect(refused.status).toBe(404);
      const manageTokenAsFeedback = await api.request('GET', `/feedback/${token.replace(/^[0-9a-f]{24}/, '0'.repeat(24))}`, { from });
      expect(manageTokenAsFeedback.status).toBe(404);

      const bad = await api.request('PUT', `/feedback/${token}`, { from, body: { rating: 6 } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Choose a rating from 1 to 5');

      expect((await api.request('PUT', `/feedback/${token}`, { from, body: { rating: 4 } })).status).toBe(200);
      const commented = await api.request('PUT', `/feedback/${token}`, { from, body: { rating: 5, comment: 'The Yamazaki flight was superb.' } });
      expect(commented.body.data).toMatchObject({ rating: 5, comment: 'The Yamazaki flight was superb.' });
      // A later one-tap rating keeps the comment.
      expect((await api.request('PUT', `/feedback/${token}`, { from, body: { rating: 4 } })).body.data.comment).toBe('The Yamazaki flight was superb.');

      const second = await seatedVisit();
      api.clock.set(new Date(second.finishedAt.getTime() + 3 * HOUR));
      await sendDueFeedbackMails(api.deps);
      const secondToken = feedbackTokenIn((await feedbackMails(second.guest.email))[0]!.body, 1)!;
      expect((await api.request('PUT', `/feedback/${secondToken}`, { from, body: { rating: 1 } })).status).toBe(200);

      // After the link's month it is refused as expired.
      api.clock.advance(31 * 24 * HOUR);
      const expired = await api.request('PUT', `/feedback/${token}`, { from, body: { rating: 3 } });
      expect(expired.status).toBe(410);
      expect(expired.body.errorCode).toBe(20170);

      const firstDate = (await h.reservationRow(first.booking.id)).date;
      const secondDate = (await h.reservationRow(second.booking.id)).date;
      const report = await api.request('GET', `/admin/report/feedback?venueId=${OBE}&from=2026-12-01&to=2026-12-31`, { token: admin.token() });
      expect(report.status).toBe(200);
      const rowOf = (date: string) => report.body.data.rows.find((r: { from: string }) => r.from === weekOf(date).from);
      if (weekOf(firstDate).from === weekOf(secondDate).from) {
        expect(rowOf(firstDate)).toMatchObject({ venueName: 'Obe', responses: 2, average: 2.5 });
      } else {
        expect(rowOf(firstDate)).toMatchObject({ responses: 1, average: 4 });
        expect(rowOf(secondDate)).toMatchObject({ responses: 1, average: 1 });
      }
      // Venue staff see their own venue's figures only.
      expect((await api.request('GET', `/admin/report/feedback?venueId=${OBE}&from=2026-12-01&to=2026-12-31`, { token: leclosStaff.token() })).status).toBe(403);
      const guestOnly = await api.request('GET', `/admin/report/feedback?venueId=${OBE}&from=2026-12-01&to=2026-12-31`, { token: first.guest.token() });
      expect(guestOnly.status).toBe(403);

      // The guest's feedback for the profile.
      const profile = await api.request('GET', `/admin/guests/${first.guest.id}/feedback`, { token: obeStaff.token() });
      expect(profile.status).toBe(200);
      expect(profile.body.data).toMatchObject({ average: 4, feedbackMailsStoppedAt: null, entries: [{ rating: 4, comment: 'The Yamazaki flight was superb.', venueName: 'Obe' }] });
      expect((await api.request('GET', `/admin/guests/${first.guest.id}/feedback`, { token: leclosStaff.token() })).body.data.entries).toEqual([]);
    });

    it('is not sent to a guest staff stopped the mails for; the stop is audited', async () => {
      const { guest, finishedAt } = await seatedVisit();
      const stopped = await api.request('PUT', `/admin/guests/${guest.id}/feedback-mails`, { token: obeStaff.token(), body: { stopped: true } });
      expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
      expect(stopped.body.data.feedbackMailsStoppedAt).not.toBeNull();
      expect((await api.request('PUT', `/admin/guests/${guest.id}/feedback-mails`, { token: obeStaff.token(), body: { stopped: 'yes' } })).status).toBe(400);
      expect((await api.request('PUT', `/admin/guests/${guest.id}/feedback-mails`, { token: guest.token(), body: { stopped: false } })).status).toBe(403);
      api.clock.set(new Date(finishedAt.getTime() + 4 * HOUR));
      await sendDueFeedbackMails(api.deps);
      expect(await feedbackMails(guest.email)).toHaveLength(0);
      const audit = await api.request('GET', '/admin/audit-log', { token: admin.token() });
      expect(audit.body.data.items.some((e: { action: string; entityId: string }) => e.action === 'guest.feedback-mails' && e.entityId === guest.id)).toBe(true);
    });

    it("records the reminder's allergy answer on the booking, shown on the day sheet", async () => {
      api.clock.set(new Date('2026-11-23T02:00:00Z'));
      const guest = await h.newUser();
      const booking = await h.bookPaidByCard(guest, ownDate());
      const row = await h.reservationRow(booking.id);
      api.clock.set(new Date(row.startsAt.getTime() - 20 * HOUR));
      await sendDueReminders(api.deps);
      const reminder = (await h.outboxOf(guest.email)).find((m) => m.body.includes('action=confirm'))!;
      const link = /#\/pages\/allergies\?token=([^\s&]+)/.exec(reminder.body);
      expect(link, reminder.body).not.toBeNull();
      const token = decodeURIComponent(link![1]!);
      const from = newClientAddress();

      const opened = await api.request('GET', `/manage/${token}/allergies`, { from });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body.data).toMatchObject({ venueName: 'Obe', answer: null, confirmedAt: null });
      expect((await api.request('PUT', `/manage/${token}/allergies`, { from, body: { answer: 'x'.repeat(501) } })).status).toBe(400);
      const answered = await api.request('PUT', `/manage/${token}/allergies`, { from, body: { answer: ' Shellfish allergy ' } });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect(answered.body.data).toMatchObject({ answer: 'Shellfish allergy', confirmedAt: api.clock.now().toISOString() });

      const sheet = await api.request('GET', `/admin/venue/${OBE}/day-sheet/${row.date}`, { token: obeStaff.token() });
      const booked = sheet.body.data.services.flatMap((s: any) => s.seatings).flatMap((s: any) => s.bookings).find((b: any) => b.id === booking.id);
      expect(booked).toMatchObject({ allergiesAnswer: 'Shellfish allergy', allergiesConfirmedAt: api.clock.now().toISOString() });

      api.clock.set(new Date(row.startsAt.getTime() + 60_000));
      const late = await api.request('PUT', `/manage/${token}/allergies`, { from, body: { answer: '' } });
      expect(late.status).toBe(409);
      expect(late.body.errorCode).toBe(20171);
    });
  });
}
