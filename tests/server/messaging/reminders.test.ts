/**
 * Reminders before the visit, on the injected clock: sent once, at the lead time before the start, by
 * e-mail and SMS in the guest's language, with one-tap confirm and cancel links; not for cancelled or
 * past bookings; not twice when two server processes run the job at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, reservations } from '../../../server/db/schema';
import { sendDueReminders } from '../../../server/services/reservations/reservation-reminders';
import { newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { manageTokenIn } from '../../support/server/manage-helpers';
import { usePaymentTestApi, type paymentHelpers } from '../../support/server/payment-helpers';

const HOUR = 3_600_000;

for (const driver of testDrivers()) {
  describe(`reminders (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    usePaymentTestApi(driver, (started, helpers) => {
      api = started;
      h = helpers;
    });

    /** A booking, and its start. */
    async function booked(locale?: string, date?: string) {
      const guest = await h.newUser();
      const booking = await h.bookPaidByCard(guest, date);
      if (locale) await api.deps.db.update(reservations).set({ locale }).where(eq(reservations.id, booking.id));
      const row = await h.reservationRow(booking.id);
      return { guest, booking, startsAt: row.startsAt };
    }

    // The reminder is the mail with the one-tap confirm link, in whatever language.
    const reminders = async (email: string) => (await h.outboxOf(email)).filter((m) => m.body.includes('action=confirm'));
    const smsTo = async (number: string) =>
      (await api.deps.db.select().from(outbox).where(eq(outbox.channel, 'SMS'))).filter((m) => m.recipient.endsWith(number));

    it('is sent once, 24 hours before the visit, by e-mail and SMS, with links to confirm and cancel', async () => {
      const { guest, booking, startsAt } = await booked();
      api.clock.set(new Date(startsAt.getTime() - 24 * HOUR - 60_000));
      await sendDueReminders(api.deps);
      expect(await reminders(guest.email)).toHaveLength(0);

      api.clock.set(new Date(startsAt.getTime() - 24 * HOUR));
      const before = (await smsTo('91234567')).length;
      expect(await sendDueReminders(api.deps)).toBeGreaterThanOrEqual(1);
      await sendDueReminders(api.deps);
      api.clock.advance(HOUR);
      await sendDueReminders(api.deps);
      const mails = await reminders(guest.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain('action=confirm');
      expect(mails[0]!.body).toContain('action=cancel');
      const sms = await smsTo('91234567');
      expect(sms.length).toBe(before + 1);
      expect(sms.at(-1)!.body).toMatch(/^Reminder: Obe/);

      // The confirm link records the reconfirmation; the cancel link cancels under the policy.
      const token = manageTokenIn(mails[0]!.body, 'confirm')!;
      const confirmed = await api.request('PUT', `/manage/${token}/reconfirm`, { from: newClientAddress() });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect((await h.reservationRow(booking.id)).reconfirmedAt).toEqual(api.clock.now());
      const cancelToken = manageTokenIn(mails[0]!.body, 'cancel')!;
      const canceled = await api.request('PUT', `/manage/${cancelToken}/cancel`, { from: newClientAddress() });
      expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
      expect(canceled.body.data.reservation.status).toBe('CANCELED');
    });

    it('honours another lead time', async () => {
      const { guest, startsAt } = await booked();
      api.clock.set(new Date(startsAt.getTime() - 3 * HOUR));
      await sendDueReminders(api.deps, 2 * HOUR);
      expect(await reminders(guest.email)).toHaveLength(0);
      api.clock.set(new Date(startsAt.getTime() - 2 * HOUR));
      await sendDueReminders(api.deps, 2 * HOUR);
      expect(await reminders(guest.email)).toHaveLength(1);
    });

    it('is written in the language the guest booked in', async () => {
      const { guest, startsAt } = await booked('ja');
      api.clock.set(new Date(startsAt.getTime() - 20 * HOUR));
      await sendDueReminders(api.deps);
      const [mail] = await reminders(guest.email);
      expect(mail, 'a reminder in Japanese').toBeDefined();
      expect(mail!.subject).not.toMatch(/^Reminder/);
      expect(manageTokenIn(mail!.body)).toBeDefined();
    });

    it('is not sent for a cancelled booking, nor once the visit has started', async () => {
      const cancelled = await booked(undefined, '2026-12-10');
      const past = await booked(undefined, '2026-12-20');
      expect((await h.cancel(cancelled.guest, cancelled.booking.id)).status).toBe(200);
      api.clock.set(new Date(cancelled.startsAt.getTime() - HOUR));
      await sendDueReminders(api.deps);
      expect(await reminders(cancelled.guest.email)).toHaveLength(0);
      api.clock.set(new Date(past.startsAt.getTime() + 60_000));
      await sendDueReminders(api.deps);
      expect(await reminders(past.guest.email)).toHaveLength(0);
    });

    it('is not sent for a booking confirmed inside the lead time: its confirmation has just told everything', async () => {
      // Tonight, booked at 10:00 this morning.
      const tonight = await booked(undefined, '2026-11-23');
      api.clock.set(new Date(tonight.startsAt.getTime() - HOUR));
      await sendDueReminders(api.deps);
      expect(await reminders(tonight.guest.email)).toHaveLength(0);
    });

    it('goes out once when two server processes run the job at the same moment', async () => {
      // Booked one after another (their payments' webhooks are delivered in turn); the reminders race.
      const guests = [];
      for (let i = 0; i < 3; i++) guests.push(await booked(undefined, '2026-12-15'));
      const latest = Math.max(...guests.map((g) => g.startsAt.getTime()));
      api.clock.set(new Date(latest - 23 * HOUR));
      const counts = await Promise.all([sendDueReminders(api.deps), sendDueReminders(api.deps), sendDueReminders(api.deps)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
      for (const { guest } of guests) expect(await reminders(guest.email)).toHaveLength(1);
    });
  });
}
