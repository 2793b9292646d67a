/**
 * Pay by link for phone bookings (docs/PRODUCT.md §6, decision 0036), on the injected clock: a phone booking
 * whose policy asks for a deposit or prepayment is sent its manage link to pay it, by mail and text (only the
 * one the guest gave); paid in time, the booking owes nothing and the money is in the ledger; unpaid, it is
 * reminded an hour before the lapse and then released (table free, the waitlist offered it) or kept as owed,
 * as the venue sets; the lapse is never past the start; staff resend and extend it, audited; and a payment
 * racing the lapse ends with exactly one of them, no money lost. A guaranteed phone booking's link asks for a
 * card to be saved, nothing charged, and closes once it is (decision 0035).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outbox, payLinks, reservations, waitlistEntries } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { runPayLinks } from '../../../server/services/pay-link/pay-link-lapse';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { BATARD, experienceIdByName, LECLOS, OBE } from '../../support/server/fixtures';
import { card } from '../../support/server/payment-helpers';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { newClientAddress, testDrivers } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';
import { freshMobile } from '../../support/server/text-bookings';

/** An instant in Hong Kong (UTC+8, no summer time). */
const hk = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

/** The token of the pay link (the manage link that opens the payment) in a message. */
const payTokenIn = (body: string) => {
  const found = /#\/pages\/manage\?token=([^&\s]+)&action=pay/.exec(body)?.[1];
  return found && decodeURIComponent(found);
};

for (const driver of testDrivers()) {
  describe(`pay by link (${driver})`, () => {
    let { api, h, admin, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff } = accounts));

    const batardStaff = () => testKit(api).staff(BATARD);
    const linkOf = async (id: string) => (await api.deps.db.select().from(payLinks).where(eq(payLinks.reservationId, id)))[0];
    const mailsTo = (email: string) => api.deps.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.channel, 'EMAIL')));
    const textsTo = (e164: string) => api.deps.db.select().from(outbox).where(and(eq(outbox.recipient, e164), eq(outbox.channel, 'SMS')));
    const payMails = async (email: string) => (await mailsTo(email)).filter((m) => m.body.includes('action=pay'));
    const auditOf = async (id: string) => (await api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.seq)).map((e) => e.action);
    const setSettings = async (venueId: string, settings: { lapseHours: number; onLapse: 'RELEASE' | 'KEEP_OWED' }) => {
      const res = await api.request('PUT', `/admin/venue/${venueId}/pay-link`, { token: admin.token(), body: settings });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };

    /** A phone booking at Bâtard (À la Carte: a HK$300 deposit a guest), with an e-mail and a mobile unless left out. */
    async function phoneBooking(date: string, startTime: number, contact: { email?: boolean; mobile?: boolean } = {}, body: Record<string, unknown> = {}) {
      const email = `caller-${newId()}@example.com`;
      const mobile = freshMobile();
      const booked = await api.request('POST', '/admin/reservation', {
        token: admin.token(),
        body: {
          venueId: BATARD,
          experienceId: await experienceIdByName(api.deps.db, BATARD, 'À la Carte'),
          date,
          startTime,
          numberOfGuests: 2,
          firstName: 'Wing',
          lastName: 'Lee',
          ...(contact.email === false ? {} : { email }),
          ...(contact.mobile === false ? {} : { mobileCountryCode: '+852', mobileNumber: mobile.typed }),
          ...body,
        },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      return { id: booked.body.data._id as string, email, mobile, amountDue: booked.body.data.payment.amountDue as number };
    }

    /** Starts the link's card payment and has the processor take the card (the webhook not delivered yet). */
    async function payThroughLink(token: string) {
      const started = await api.request('POST', `/manage/${encodeURIComponent(token)}/payment`, { body: { idempotencyKey: `link-${newId()}` }, from: newClientAddress() });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const payment = started.body.data as { _id: string; intentId: string; clientSecret: string; amount: number };
      expect(await h.payStarted(payment)).toBe('succeeded');
      return payment;
    }

    it('sends the link by mail and text with the deposit and its lapse; only by the one the guest gave; none without a deposit', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-26', 1140);
      const mails = await payMails(booking.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^Please pay to secure your reservation at/);
      expect(mails[0]!.body).toContain('HK$600');
      expect(mails[0]!.body).toContain('24 Nov 2026');
      const texts = await textsTo(booking.mobile.e164);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain('action=pay');
      expect(await linkOf(booking.id)).toMatchObject({ amount: 60_000, asks: 'DEPOSIT', sentAt: hk('2026-11-23', '10:00'), lapsesAt: hk('2026-11-24', '10:00'), outcome: null });

      // The manage page reads the link, to offer the payment.
      const opened = await api.request('GET', `/manage/${encodeURIComponent(payTokenIn(mails[0]!.body)!)}`, { from: newClientAddress() });
      expect(opened.body.data.payLink).toMatchObject({ asks: 'DEPOSIT', amount: 60_000, status: 'OPEN', lapsesAt: hk('2026-11-24', '10:00').toISOString() });

      const mailOnly = await phoneBooking('2026-11-26', 1170, { mobile: false });
      expect(await payMails(mailOnly.email)).toHaveLength(1);
      expect(await textsTo(mailOnly.mobile.e164)).toHaveLength(0);

      // Obe's Bar Seating asks nothing up front: no link.
      const free = await phoneBooking('2026-11-26', 1140, {}, { venueId: OBE, experienceId: await experienceIdByName(api.deps.db, OBE, 'Bar Seating') });
      expect(await linkOf(free.id)).toBeUndefined();
      expect(await payMails(free.email)).toHaveLength(0);
    });

    it('a guaranteed phone booking is sent a link to save a card, nothing charged; the link closes once the card is saved', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      // Le Clos's Chef's Counter: a card guarantee, HK$500 a guest (decision 0035).
      const booking = await phoneBooking('2026-11-26', 1140, {}, { venueId: LECLOS, experienceId: await experienceIdByName(api.deps.db, LECLOS, "Chef's Counter") });
      expect(booking.amountDue).toBe(0);
      expect(await linkOf(booking.id)).toMatchObject({ amount: 0, asks: 'GUARANTEE', outcome: null, lapsesAt: hk('2026-11-24', '10:00') });
      const mails = await payMails(booking.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^Please save a card to hold your reservation at/);
      expect(mails[0]!.body).toContain('Nothing is charged now');
      expect((await textsTo(booking.mobile.e164))[0]!.body).toMatch(/please save a card by .* nothing charged now: .*action=pay/);
      const token = encodeURIComponent(payTokenIn(mails[0]!.body)!);
      const from = newClientAddress();
      expect((await api.request('GET', `/manage/${token}`, { from })).body.data.payLink).toMatchObject({ asks: 'GUARANTEE', amount: 0, status: 'OPEN' });
      // Staff may send it again while no card is saved.
      expect((await api.request('POST', `/admin/reservation/${booking.id}/pay-link/resend`, { token: admin.token() })).status).toBe(200);

      // The page saves the card through the link, as the wizard does: the same setup each time it asks.
      const started = await api.request('POST', `/manage/${token}/card-guarantee`, { from });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect(started.body.data).toMatchObject({ status: 'REQUIRES_CARD', feePerGuest: 50_000, cancelBy: hk('2026-11-25', '19:00').toISOString() });
      expect((await api.request('POST', `/manage/${token}/card-guarantee`, { from })).body.data.clientSecret).toBe(started.body.data.clientSecret);
      const clientSecret = started.body.data.clientSecret as string;
      const setupId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
      expect((await h.confirm(setupId, card(clientSecret, TEST_CARDS.visa))).body.data.status).toBe('succeeded');
      expect((await api.request('GET', `/manage/${token}/card-guarantee`, { from })).body.data).toMatchObject({ status: 'SAVED', card: { last4: '4242' } });

      // Closed: nothing charged, nothing owed, and the lapse leaves the booking alone.
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'CARD_SAVED' });
      expect((await api.request('GET', `/manage/${token}`, { from })).body.data.payLink).toMatchObject({ status: 'CARD_SAVED' });
      expect(await h.paymentsOf(booking.id)).toEqual([]);
      expect((await api.request('POST', `/admin/reservation/${booking.id}/pay-link/resend`, { token: admin.token() })).body.errorCode).toBe(20230);
      api.clock.set(hk('2026-11-24', '10:30'));
      await runPayLinks(api.deps);
      expect(await h.reservationRow(booking.id)).toMatchObject({ status: 'CONFIRMED', amountOwed: 0 });
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'CARD_SAVED' });
      expect(await ledgerProblems(api.deps.db)).toEqual([]);
    });

    it('a guaranteed phone booking whose card is never saved is released at the lapse when the venue says so', async () => {
      await setSettings(LECLOS, { lapseHours: 24, onLapse: 'RELEASE' });
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-27', 1140, {}, { venueId: LECLOS, experienceId: await experienceIdByName(api.deps.db, LECLOS, "Chef's Counter") });
      api.clock.set(hk('2026-11-24', '10:30'));
      expect(await runPayLinks(api.deps)).toMatchObject({ released: 1 });
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'RELEASED' });
      expect((await h.reservationRow(booking.id)).status).toBe('CANCELED');
      await setSettings(LECLOS, { lapseHours: 24, onLapse: 'KEEP_OWED' });
    });

    it('paid in time: the booking owes nothing, the money is in the ledger, and the lapse does nothing', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-27', 1140);
      const token = payTokenIn((await payMails(booking.email))[0]!.body)!;
      api.clock.set(hk('2026-11-23', '15:00'));
      const payment = await payThroughLink(token);
      expect(payment.amount).toBe(60_000);
      await h.deliver();

      expect(await h.reservationRow(booking.id)).toMatchObject({ status: 'CONFIRMED', amountOwed: 0 });
      expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'SUCCEEDED', amount: 60_000, refundedAmount: 0 });
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'PAID' });
      const read = await api.request('GET', `/manage/${encodeURIComponent(token)}/payment/${payment._id}`, { from: newClientAddress() });
      expect(read.body.data).toMatchObject({ status: 'SUCCEEDED' });
      expect(await ledgerProblems(api.deps.db)).toEqual([]);

      // A second payment through the link is refused; the lapse and its reminder do nothing.
      const again = await api.request('POST', `/manage/${encodeURIComponent(token)}/payment`, { body: { idempotencyKey: `link-${newId()}` }, from: newClientAddress() });
      expect(again.body.errorCode).toBe(20230);
      api.clock.set(hk('2026-11-24', '10:30'));
      await runPayLinks(api.deps);
      expect(await h.reservationRow(booking.id)).toMatchObject({ status: 'CONFIRMED', amountOwed: 0 });
      expect((await mailsTo(booking.email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0);
    });

    it('reminds an hour before the lapse, then releases the unpaid booking: cancelled as unpaid, table free, the waitlist offered it', async () => {
      await setSettings(OBE, { lapseHours: 6, onLapse: 'RELEASE' });
      try {
        api.clock.set(hk('2026-11-23', '10:00'));
        const whisky = await experienceIdByName(api.deps.db, OBE, 'Whisky Flight');
        // Only K1 seats eight at Obe.
        const booking = await phoneBooking('2026-11-28', 1200, {}, { venueId: OBE, experienceId: whisky, numberOfGuests: 8 });
        const waiting = await testKit(api).guest({ firstName: 'Wait', lastName: 'Lister' });
        const joined = await api.request('POST', '/user/waitlist', {
          token: waiting.token(),
          body: { venueId: OBE, experienceId: whisky, date: '2026-11-28', numberOfGuests: 8, earliestTime: 1170, latestTime: 1230 },
        });
        expect(joined.status, JSON.stringify(joined.body)).toBe(201);

        api.clock.set(hk('2026-11-23', '14:59'));
        expect((await runPayLinks(api.deps)).reminded).toBe(0);
        api.clock.set(hk('2026-11-23', '15:00'));
        await runPayLinks(api.deps);
        await runPayLinks(api.deps);
        const reminders = (await mailsTo(booking.email)).filter((m) => m.subject.startsWith('Reminder'));
        expect(reminders).toHaveLength(1);
        expect((await textsTo(booking.mobile.e164)).filter((t) => t.body.includes('reminder'))).toHaveLength(1);
        expect(await h.reservationRow(booking.id)).toMatchObject({ status: 'CONFIRMED' });

        api.clock.set(hk('2026-11-23', '16:00'));
        expect((await runPayLinks(api.deps)).released).toBe(1);
        expect(await h.reservationRow(booking.id)).toMatchObject({ status: 'CANCELED', amountOwed: 0 });
        expect(await linkOf(booking.id)).toMatchObject({ outcome: 'RELEASED', settledAt: hk('2026-11-23', '16:00') });
        const cancelMail = (await mailsTo(booking.email)).find((m) => m.subject.includes('is cancelled'));
        expect(cancelMail?.body).toContain('was not paid');
        const [entry] = await api.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, waiting.id));
        expect(entry).toMatchObject({ status: 'OFFERED' });
        expect(await ledgerProblems(api.deps.db)).toEqual([]);

        // The link pays nothing now.
        const token = payTokenIn((await payMails(booking.email))[0]!.body)!;
        const late = await api.request('POST', `/manage/${encodeURIComponent(token)}/payment`, { body: { idempotencyKey: `link-${newId()}` }, from: newClientAddress() });
        expect(late.status).toBe(409);
      } finally {
        await setSettings(OBE, { lapseHours: 24, onLapse: 'KEEP_OWED' });
      }
    });

    it('keeps an unpaid booking as owed where the venue says so (the default), and the link no longer pays', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-29', 1140);
      api.clock.set(hk('2026-11-24', '10:00'));
      expect((await runPayLinks(api.deps)).keptOwed).toBeGreaterThanOrEqual(1);
      expect(await h.reservationRow(booking.id)).toMatchObject({ status: 'CONFIRMED', amountOwed: 60_000 });
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'KEPT_OWED' });
      const token = payTokenIn((await payMails(booking.email))[0]!.body)!;
      const late = await api.request('POST', `/manage/${encodeURIComponent(token)}/payment`, { body: { idempotencyKey: `link-${newId()}` }, from: newClientAddress() });
      expect(late.body.errorCode).toBe(20232);
      const sheet = await api.request('GET', `/admin/venue/${BATARD}/day-sheet/2026-11-29`, { token: admin.token() });
      const onSheet = sheet.body.data.services.flatMap((s: { seatings: { bookings: unknown[] }[] }) => s.seatings.flatMap((x) => x.bookings)).find((b: { id: string }) => b.id === booking.id);
      expect(onSheet.payLink).toMatchObject({ status: 'KEPT_OWED', amount: 60_000 });
    });

    it('never lapses past the start: a booking tonight lapses at its start, reminded an hour before', async () => {
      api.clock.set(hk('2026-11-23', '14:00'));
      const booking = await phoneBooking('2026-11-23', 1140);
      expect(await linkOf(booking.id)).toMatchObject({ lapsesAt: hk('2026-11-23', '19:00'), remindedAt: null });
      api.clock.set(hk('2026-11-23', '18:00'));
      await runPayLinks(api.deps);
      expect((await mailsTo(booking.email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
    });

    it('staff resend and extend the link, audited; an extension past the start is refused; another venue is refused', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-30', 1140);
      api.clock.set(hk('2026-11-23', '12:00'));
      const staff = await batardStaff();
      const resent = await api.request('POST', `/admin/reservation/${booking.id}/pay-link/resend`, { token: staff.token() });
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      expect(resent.body.data).toMatchObject({ status: 'OPEN', sentAt: hk('2026-11-23', '12:00').toISOString(), lapsesAt: hk('2026-11-24', '10:00').toISOString() });
      expect(await payMails(booking.email)).toHaveLength(2);
      expect(await textsTo(booking.mobile.e164)).toHaveLength(2);

      const extended = await api.request('POST', `/admin/reservation/${booking.id}/pay-link/extend`, { token: staff.token(), body: { hours: 24 } });
      expect(extended.status, JSON.stringify(extended.body)).toBe(200);
      expect(extended.body.data.lapsesAt).toBe(hk('2026-11-25', '10:00').toISOString());

      // 7 pm on 30 November is the start: no lapse after it, and nothing changes.
      const tooLate = await api.request('POST', `/admin/reservation/${booking.id}/pay-link/extend`, { token: staff.token(), body: { hours: 130 } });
      expect(tooLate.status).toBe(409);
      expect(tooLate.body.errorCode).toBe(20231);
      expect(tooLate.body.message).toContain('7:00 pm');
      expect((await linkOf(booking.id))!.lapsesAt).toEqual(hk('2026-11-25', '10:00'));
      const bad = await api.request('POST', `/admin/reservation/${booking.id}/pay-link/extend`, { token: staff.token(), body: { hours: 0 } });
      expect(bad.status).toBe(400);

      expect((await api.request('POST', `/admin/reservation/${booking.id}/pay-link/resend`, { token: leclosStaff.token() })).status).toBe(403);
      expect(await auditOf(booking.id)).toEqual(['reservation.phone-booking', 'reservation.pay-link-resend', 'reservation.pay-link-extend']);
    });

    it('a booking with no e-mail is sent the link by text only, and one with no mobile by mail only', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-30', 1200);
      // As a booking taken with a name and a mobile only stands (no e-mail on it).
      await api.deps.db.update(reservations).set({ email: null }).where(eq(reservations.id, booking.id));
      const resent = await api.request('POST', `/admin/reservation/${booking.id}/pay-link/resend`, { token: admin.token() });
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      expect(await textsTo(booking.mobile.e164)).toHaveLength(2);
      expect(await payMails(booking.email)).toHaveLength(1);
      await api.deps.db.update(reservations).set({ email: booking.email, mobileCountryCode: null, mobileNumber: null }).where(eq(reservations.id, booking.id));
      await api.request('POST', `/admin/reservation/${booking.id}/pay-link/resend`, { token: admin.token() });
      expect(await textsTo(booking.mobile.e164)).toHaveLength(2);
      expect(await payMails(booking.email)).toHaveLength(2);
    });

    it('a payment and the release racing: exactly one wins, and a payment that lost is refunded in full', async () => {
      await setSettings(BATARD, { lapseHours: 2, onLapse: 'RELEASE' });
      try {
        for (const order of ['lapse first', 'at once'] as const) {
          api.clock.set(hk('2026-11-23', '10:00'));
          const booking = await phoneBooking('2026-12-01', order === 'lapse first' ? 1140 : 1200);
          const token = payTokenIn((await payMails(booking.email))[0]!.body)!;
          const payment = await payThroughLink(token);
          api.clock.set(hk('2026-11-23', '12:00'));
          if (order === 'lapse first') {
            await runPayLinks(api.deps);
            await h.deliver();
          } else {
            await Promise.all([runPayLinks(api.deps), h.deliver()]);
          }
          const row = await h.reservationRow(booking.id);
          const paid = await h.paymentRow(payment._id);
          const link = await linkOf(booking.id);
          if (row.status === 'CONFIRMED') {
            expect(link).toMatchObject({ outcome: 'PAID' });
            expect(row.amountOwed).toBe(0);
            expect(paid).toMatchObject({ status: 'SUCCEEDED', refundedAmount: 0 });
          } else {
            expect(row.status).toBe('CANCELED');
            expect(link).toMatchObject({ outcome: 'RELEASED' });
            expect(paid).toMatchObject({ status: 'REFUNDED', refundedAmount: 60_000 });
            expect(await h.processorRefunds(payment.intentId)).toHaveLength(1);
          }
          if (order === 'lapse first') expect(row.status).toBe('CANCELED');
          expect(await ledgerProblems(api.deps.db)).toEqual([]);
        }
      } finally {
        await setSettings(BATARD, { lapseHours: 24, onLapse: 'KEEP_OWED' });
      }
    });

    it('a card saved and the release racing on a guaranteed booking: exactly one wins, and nothing is charged either way', async () => {
      await setSettings(LECLOS, { lapseHours: 2, onLapse: 'RELEASE' });
      try {
        for (const order of ['lapse first', 'at once'] as const) {
          api.clock.set(hk('2026-11-23', '10:00'));
          const booking = await phoneBooking('2026-12-02', order === 'lapse first' ? 1140 : 1200, {}, { venueId: LECLOS, experienceId: await experienceIdByName(api.deps.db, LECLOS, "Chef's Counter") });
          const token = encodeURIComponent(payTokenIn((await payMails(booking.email))[0]!.body)!);
          const from = newClientAddress();
          const clientSecret = (await api.request('POST', `/manage/${token}/card-guarantee`, { from })).body.data.clientSecret as string;
          // The guest's card is with the processor; our server learns of it when the page asks.
          await h.confirm(clientSecret.slice(0, clientSecret.indexOf('_secret_')), card(clientSecret, TEST_CARDS.visa));
          api.clock.set(hk('2026-11-23', '12:00'));
          const read = () => api.request('GET', `/manage/${token}/card-guarantee`, { from });
          if (order === 'lapse first') {
            await runPayLinks(api.deps);
            await read();
          } else {
            await Promise.all([runPayLinks(api.deps), read()]);
          }
          const row = await h.reservationRow(booking.id);
          const link = await linkOf(booking.id);
          if (row.status === 'CONFIRMED') expect(link).toMatchObject({ outcome: 'CARD_SAVED' });
          else expect(link).toMatchObject({ outcome: 'RELEASED' });
          if (order === 'lapse first') expect(row.status).toBe('CANCELED');
          expect(await h.paymentsOf(booking.id)).toEqual([]);
          expect(await ledgerProblems(api.deps.db)).toEqual([]);
        }
      } finally {
        await setSettings(LECLOS, { lapseHours: 24, onLapse: 'KEEP_OWED' });
      }
    });

    it('paid at the venue closes the open link: it answers that nothing is due, and the guest can no longer pay it', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-28', 1140);
      const token = payTokenIn((await payMails(booking.email))[0]!.body)!;
      const settled = await api.request('POST', `/admin/reservation/${booking.id}/paid-at-venue`, { token: admin.token() });
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'PAID', settledAt: hk('2026-11-23', '10:00') });
      const read = await api.request('GET', `/manage/${encodeURIComponent(token)}`, { from: newClientAddress() });
      expect(read.body.data.payLink).toMatchObject({ status: 'PAID' });
      const pay = await api.request('POST', `/manage/${encodeURIComponent(token)}/payment`, { body: { idempotencyKey: `link-${newId()}` }, from: newClientAddress() });
      expect(pay.status).toBe(409);
      expect(pay.body).toMatchObject({ errorCode: 20230, message: 'Nothing is left to pay through this link' });
      // The lapse finds it closed: nothing released, no reminder.
      api.clock.set(hk('2026-11-24', '10:30'));
      await runPayLinks(api.deps);
      expect(await h.reservationRow(booking.id)).toMatchObject({ status: 'CONFIRMED', amountOwed: 0, paidAtVenue: 60_000 });
      expect(await ledgerProblems(api.deps.db)).toEqual([]);
    });

    it('a link kept as owed is closed as paid too once the guest pays at the venue', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-29', 1140);
      api.clock.set(hk('2026-11-24', '10:30'));
      await runPayLinks(api.deps);
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'KEPT_OWED' });
      expect((await api.request('POST', `/admin/reservation/${booking.id}/paid-at-venue`, { token: admin.token() })).status).toBe(200);
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'PAID' });
    });

    it('paid at the venue and a payment through the link at once: one of the two is kept, the other refunded or refused', async () => {
      api.clock.set(hk('2026-11-23', '10:00'));
      const booking = await phoneBooking('2026-11-30', 1200);
      const token = payTokenIn((await payMails(booking.email))[0]!.body)!;
      const payment = await payThroughLink(token);
      const [, atVenue] = await Promise.all([h.deliver(), api.request('POST', `/admin/reservation/${booking.id}/paid-at-venue`, { token: admin.token() })]);
      const row = await h.reservationRow(booking.id);
      const paid = await h.paymentRow(payment._id);
      expect(row.amountOwed).toBe(0);
      expect(await linkOf(booking.id)).toMatchObject({ outcome: 'PAID' });
      if (atVenue.status === 200) {
        expect(row.paidAtVenue).toBe(60_000);
        expect(paid).toMatchObject({ status: 'REFUNDED', refundedAmount: 60_000 });
      } else {
        expect(atVenue.status).toBe(409);
        expect(row.paidAtVenue).toBe(0);
        expect(paid).toMatchObject({ status: 'SUCCEEDED', refundedAmount: 0 });
      }
      expect(await ledgerProblems(api.deps.db)).toEqual([]);
    });

    it("a venue's settings: read by its staff, refused outside its range, and another venue's staff refused", async () => {
      const staff = await batardStaff();
      const read = await api.request('GET', `/admin/venue/${BATARD}/pay-link`, { token: staff.token() });
      expect(read.body.data).toEqual({ lapseHours: 24, onLapse: 'KEEP_OWED' });
      const bad = await api.request('PUT', `/admin/venue/${BATARD}/pay-link`, { token: staff.token(), body: { lapseHours: 0, onLapse: 'RELEASE' } });
      expect(bad.status).toBe(400);
      expect((await api.request('GET', `/admin/venue/${BATARD}/pay-link`, { token: leclosStaff.token() })).status).toBe(403);
      expect((await api.request('GET', `/admin/venue/${BATARD}/pay-link`, { token: staff.token() })).body.data).toEqual({ lapseHours: 24, onLapse: 'KEEP_OWED' });
    });
  });
}
