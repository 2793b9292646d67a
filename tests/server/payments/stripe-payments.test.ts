/**
 * Payments on Stripe (PAYMENTS_PROVIDER=stripe), with the real `stripe` SDK pointed at a local fake of
 * Stripe's HTTP API (tests/support/server/fake-stripe): no network. On PGlite and PostgreSQL: a deposit paid;
 * 3-D Secure passed or failed; a decline; the webhook before and after our own poll; duplicate and
 * out-of-order events; a bad signature; refunds in full and as the policy keeps a late fee; the card kept
 * for a no-show fee and charged off-session (charged, declined, authentication required); a second
 * payment attempt on one hold; a change's extra payment, made with the change or refunded after the hold ran out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { processedWebhookEvents } from '../../../server/db/schema';
import type { StripeProcessor } from '../../../server/services/payments/processor/stripe-processor';
import { STRIPE_REFUSALS } from '../../../server/services/payments/processor/stripe-intent';
import { DECLINE_MESSAGES } from '../../../server/services/payments/processor/test-processor';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { BATARD, experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { insertStaff, paymentHelpers, type TestUser } from '../../support/server/payment-helpers';
import type { FakeCard, FakeStripe } from '../../support/server/fake-stripe/fake-stripe';
import { payOnFakeStripe } from '../../support/server/fake-stripe/stripe-test-api';
import { reconcileYesterday } from '../../../server/services/payments/stripe-reconciliation';

const HOUR = 3_600_000;
// Bâtard: a table for two takes a HK$600 deposit; a no-show owes HK$2,000 in all, a late cancellation keeps 50%.
const NO_SHOW_FEE = 200_000;

for (const driver of testDrivers()) {
  describe(`payments on Stripe (${driver})`, () => {
    let api: TestApi;
    let fake: FakeStripe;
    let processor: StripeProcessor;
    let h: ReturnType<typeof paymentHelpers>;
    let admin: TestUser;
    let day = 0;

    beforeAll(async () => {
      api = await createTestApi({ driver });
      ({ fake, processor } = await payOnFakeStripe(api));
      h = paymentHelpers(api);
      admin = await insertStaff(api, 'admin', null);
    });
    afterEach(() => api.clock.set(TEST_NOW));
    afterAll(async () => {
      await fake.stop();
      await api?.close();
    });

    /** A Bâtard table for two, held on a day of its own, and a card payment started for it. */
    async function holdAndStart(user?: TestUser) {
      const guest = user ?? (await h.newUser('guest'));
      const date = `2026-12-${String(1 + (day++ % 28)).padStart(2, '0')}`;
      const hold = await h.holdBatardDeposit(guest, date, 1110 + 30 * Math.floor(day / 28));
      const payment = await h.startCard(guest, hold.id);
      return { guest, hold, payment };
    }

    const paymentStatus = async (id: string) => (await h.paymentRow(id)).status;

    /** Holds, pays with `card` in the Payment Element (passing 3-D Secure when asked), delivers Stripe's events, completes. */
    async function bookPaid(card: FakeCard = 'visa') {
      const { guest, hold, payment } = await holdAndStart();
      const after = fake.payAsBrowser(payment.intentId, card);
      if (after.status === 'requires_action') fake.finishChallenge(payment.intentId, 'approve');
      await fake.deliverAll(payment.intentId);
      const done = await h.complete(guest, hold.id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return { guest, hold, payment };
    }

    it('pays a deposit: one PaymentIntent in HKD for the amount due, keyed by the attempt, naming the reservation, keeping the card for a no-show fee', async () => {
      const { guest, hold, payment } = await holdAndStart();
      expect(payment.intentId).toMatch(/^pi_/);
      expect(payment.clientSecret).toMatch(new RegExp(`^${payment.intentId}_secret_`));
      const intent = fake.intents.get(payment.intentId)!;
      expect(intent).toMatchObject({
        amount: hold.amountDue,
        currency: 'hkd',
        setup_future_usage: 'off_session',
        automatic_payment_methods: { enabled: true },
        metadata: { reservationId: hold.id, paymentId: payment._id, purpose: 'RESERVATION' },
      });
      expect(fake.customers.has(intent.customer)).toBe(true);
      const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.metadata && (r.body.metadata as any).paymentId === payment._id);
      expect(created?.idempotencyKey).toBe(`payment-${payment._id}`);

      fake.payAsBrowser(payment.intentId, 'visa');
      await fake.deliverAll(payment.intentId);
      expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'SUCCEEDED', cardBrand: 'visa', cardLast4: '4242' });
      const done = await h.complete(guest, hold.id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    });

    it('asks the processor again when the same attempt is started again: the same intent (the idempotency key replayed)', async () => {
      const { guest, hold, payment } = await holdAndStart();
      const key = `key-again-${hold.id}`;
      const first = await h.startPayment(guest, hold.id, 'CARD', key);
      const second = await h.startPayment(guest, hold.id, 'CARD', key);
      expect(second.body.data.intentId).toBe(first.body.data.intentId);
      // And the SDK's own replay: the same key at Stripe answers the intent it made.
      const again = await processor.createIntent({ amount: hold.amountDue, currency: 'HKD', idempotencyKey: `payment-${payment._id}`, metadata: { paymentId: payment._id, purpose: 'RESERVATION', userId: guest.id, reservationId: hold.id } });
      expect(again.id).toBe(payment.intentId);
    });

    it('learns of a payment from the webhook before the guest\'s poll, and from the poll before the webhook, once', async () => {
      // Webhook first.
      const a = await holdAndStart();
      fake.payAsBrowser(a.payment.intentId, 'visa');
      const [succeeded] = fake.eventsAbout(a.payment.intentId, 'payment_intent.succeeded');
      expect((await fake.deliver(succeeded!)).status).toBe(200);
      expect(await paymentStatus(a.payment._id)).toBe('SUCCEEDED');
      expect((await h.getPayment(a.guest, a.payment._id)).body.data).toMatchObject({ status: 'SUCCEEDED', cardLast4: '4242', clientSecret: null });

      // The poll first; the webhook then finds nothing to do.
      const b = await holdAndStart();
      fake.payAsBrowser(b.payment.intentId, 'visa');
      expect((await h.getPayment(b.guest, b.payment._id)).body.data).toMatchObject({ status: 'SUCCEEDED', cardBrand: 'visa' });
      const before = await h.paymentRow(b.payment._id);
      await fake.deliverAll(b.payment.intentId);
      expect(await h.paymentRow(b.payment._id)).toEqual(before);
      expect((await h.complete(a.guest, a.hold.id)).status).toBe(200);
      expect((await h.complete(b.guest, b.hold.id)).status).toBe(200);
    });

    it('waits for 3-D Secure, then takes the payment when it is passed', async () => {
      const { guest, hold, payment } = await holdAndStart();
      expect(fake.payAsBrowser(payment.intentId, 'threeDSecure')).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      await fake.deliverAll(payment.intentId);
      expect((await h.getPayment(guest, payment._id)).body.data).toMatchObject({ status: 'REQUIRES_ACTION', clientSecret: payment.clientSecret });
      fake.finishChallenge(payment.intentId, 'approve');
      await fake.deliver(fake.eventsAbout(payment.intentId, 'payment_intent.succeeded')[0]!);
      expect(await paymentStatus(payment._id)).toBe('SUCCEEDED');
      expect((await h.complete(guest, hold.id)).status).toBe(200);
    });

    it('fails the attempt when 3-D Secure is failed, in the guest\'s words, and a new attempt pays', async () => {
      const { guest, hold, payment } = await holdAndStart();
      fake.payAsBrowser(payment.intentId, 'threeDSecure');
      fake.finishChallenge(payment.intentId, 'fail');
      await fake.deliverAll(payment.intentId);
      expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'FAILED', failureMessage: DECLINE_MESSAGES.authenticationFailed });
      const read = await api.request('GET', `/user/payment/${payment._id}`, { token: guest.token(), headers: { 'accept-language': 'zh-Hant' } });
      expect(read.body.data.failureMessage).not.toBe(DECLINE_MESSAGES.authenticationFailed);

      // A second attempt on the same hold: a new intent with a key of its own.
      const second = await h.startCard(guest, hold.id);
      expect(second.intentId).not.toBe(payment.intentId);
      fake.payAsBrowser(second.intentId, 'visa');
      await fake.deliverAll(second.intentId);
      expect(await paymentStatus(second._id)).toBe('SUCCEEDED');
      expect((await h.complete(guest, hold.id)).status).toBe(200);
    });

    it('fails a declined card with the reason, and says it in the guest\'s language', async () => {
      const { guest, payment } = await holdAndStart();
      fake.payAsBrowser(payment.intentId, 'declined');
      await fake.deliverAll(payment.intentId);
      expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'FAILED', failureMessage: DECLINE_MESSAGES.declined });
      const ja = await api.request('GET', `/user/payment/${payment._id}`, { token: guest.token(), headers: { 'accept-language': 'ja' } });
      expect(ja.body.data.failureMessage).toBe('カードが承認されませんでした。');
    });

    it('applies a duplicate event once, and ends right whichever order a refused and a later approved confirmation of one intent arrive in', async () => {
      const { guest, hold, payment } = await holdAndStart();
      // The guest's first card is declined; they pay the same intent with another card in the Payment Element.
      fake.payAsBrowser(payment.intentId, 'declined');
      fake.payAsBrowser(payment.intentId, 'visa');
      const [failed] = fake.eventsAbout(payment.intentId, 'payment_intent.payment_failed');
      const [succeeded] = fake.eventsAbout(payment.intentId, 'payment_intent.succeeded');
      // Succeeded first, twice; then the older failure.
      expect((await fake.deliver(succeeded!)).status).toBe(200);
      expect((await fake.deliver(succeeded!)).status).toBe(200);
      expect((await fake.deliver(failed!)).status).toBe(200);
      expect(await paymentStatus(payment._id)).toBe('SUCCEEDED');
      const seen = await api.deps.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, succeeded!.id));
      expect(seen).toHaveLength(1);
      expect((await h.complete(guest, hold.id)).status).toBe(200);

      // The other order: the failure first marks the attempt failed; the success after it is still taken.
      const other = await holdAndStart();
      fake.payAsBrowser(other.payment.intentId, 'declined');
      await fake.deliver(fake.eventsAbout(other.payment.intentId, 'payment_intent.payment_failed')[0]!);
      expect(await paymentStatus(other.payment._id)).toBe('FAILED');
      fake.payAsBrowser(other.payment.intentId, 'visa');
      await fake.deliver(fake.eventsAbout(other.payment.intentId, 'payment_intent.succeeded')[0]!);
      expect(await h.paymentRow(other.payment._id)).toMatchObject({ status: 'SUCCEEDED', cardLast4: '4242' });
      expect((await h.complete(other.guest, other.hold.id)).status).toBe(200);
    });

    it('answers 400 to a delivery with a bad, missing or stale signature, and changes nothing', async () => {
      const { payment } = await holdAndStart();
      fake.payAsBrowser(payment.intentId, 'visa');
      const [event] = fake.eventsAbout(payment.intentId, 'payment_intent.succeeded');
      const payload = JSON.stringify(event, null, 2);
      const bad = [
        fake.sign(payload, api.clock.now(), 'whsec_someone_else'),
        fake.sign(payload, new Date(api.clock.now().getTime() - HOUR)),
        't=1,v1=00',
      ];
      for (const signature of bad) {
        const res = await fake.deliver(event!, signature);
        expect(res.status, res.body).toBe(400);
      }
      const missing = await api.request('POST', '/payments/stripe/webhook', { body: payload });
      expect(missing.status).toBe(400);
      expect(await paymentStatus(payment._id)).toBe('REQUIRES_PAYMENT_METHOD');
      expect(await api.deps.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event!.id))).toHaveLength(0);
      // Signed right, it is taken.
      expect((await fake.deliver(event!)).status).toBe(200);
      expect(await paymentStatus(payment._id)).toBe('SUCCEEDED');
    });

    it('refunds in full at Stripe on a cancellation outside the window, once, with the payment\'s key', async () => {
      const { guest, hold, payment } = await bookPaid();
      const cancelled = await h.cancel(guest, hold.id);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === payment.intentId);
      expect(refunds.map((r) => r.amount)).toEqual([hold.amountDue]);
      expect(fake.requests.find((r) => r.path === '/v1/refunds' && r.body.payment_intent === payment.intentId)?.idempotencyKey).toBe(`refund-${payment._id}`);
      const row = await h.paymentRow(payment._id);
      expect(row).toMatchObject({ status: 'REFUNDED', refundedAmount: hold.amountDue, refundRef: refunds[0]!.id });
      // Stripe's charge.refunded arrives: nothing more to do.
      await fake.deliverAll(payment.intentId);
      expect(await h.paymentRow(payment._id)).toEqual(row);
    });

    it('refunds what the policy gives back on a late cancellation: the rest of the deposit, the fee kept', async () => {
      const { guest, hold, payment } = await bookPaid();
      const { startsAt } = await h.reservationRow(hold.id);
      // Inside Bâtard's cancellation window: half the deposit is kept.
      api.clock.set(new Date(startsAt.getTime() - 2 * HOUR));
      const cancelled = await h.cancel(guest, hold.id);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === payment.intentId);
      expect(refunds.map((r) => r.amount)).toEqual([hold.amountDue / 2]);
      expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: hold.amountDue / 2 });
    });

    it('refunds a second attempt paid for a hold another attempt has paid', async () => {
      const { guest, hold, payment } = await holdAndStart();
      // A second start answers the open attempt; a second one open is what an older server left.
      expect((await h.startCard(guest, hold.id)).intentId).toBe(payment.intentId);
      const second = await h.secondOpenPayment(payment);
      expect(second.intentId).not.toBe(payment.intentId);
      fake.payAsBrowser(payment.intentId, 'visa');
      fake.payAsBrowser(second.intentId, 'visa');
      await fake.deliverAll(payment.intentId);
      await fake.deliverAll(second.intentId);
      expect(await paymentStatus(payment._id)).toBe('SUCCEEDED');
      expect(await h.paymentRow(second._id)).toMatchObject({ status: 'REFUNDED', refundedAmount: hold.amountDue });
      expect([...fake.refunds.values()].filter((r) => r.payment_intent === second.intentId).map((r) => r.amount)).toEqual([hold.amountDue]);
      expect((await h.complete(guest, hold.id)).status).toBe(200);
    });

    it('answers 502 when Stripe cannot be reached, and the same attempt asked again makes its intent', async () => {
      const guest = await h.newUser('guest');
      const date = `2026-12-${String(1 + (day++ % 28)).padStart(2, '0')}`;
      const hold = await h.holdBatardDeposit(guest, date, 1110 + 30 * Math.floor(day / 28));
      fake.failNext = 1;
      // The log's complaint about the outage kept quiet.
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const key = `key-outage-${hold.id}`;
      const down = await h.startPayment(guest, hold.id, 'CARD', key);
      expect(down.status, JSON.stringify(down.body)).toBe(502);
      vi.mocked(console.error).mockRestore();
      const up = await h.startPayment(guest, hold.id, 'CARD', key);
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      expect(fake.intents.get(up.body.data.intentId)).toMatchObject({ amount: hold.amountDue, metadata: { reservationId: hold.id } });
    });

    describe("a change's extra payment, through a held change", () => {
      const hkd = (dollars: number) => dollars * 100;
      const balanced = async () => expect(await ledgerProblems(api.deps.db)).toEqual([]);
      let slot = 0;

      /** A Le Clos Rotisserie Sharing Menu for 4 (HK$200 a guest, HK$300 from six) paid on Stripe, and its change to 6 held: HK$1,000 more. */
      async function heldIncrease() {
        const guest = await h.newUser('guest');
        const n = slot++;
        const res = await api.request('POST', '/user/reservation/v1.1', {
          token: guest.token(),
          body: {
            venueId: LECLOS,
            experienceId: await experienceIdByName(api.deps.db, LECLOS, 'Rotisserie Sharing Menu'),
            date: `2026-12-${String(1 + (n % 27)).padStart(2, '0')}`,
            startTime: 720 + 15 * Math.floor(n / 27),
            numberOfGuests: 4,
          },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const id = res.body.data._id as string;
        const deposit = await h.startCard(guest, id);
        fake.payAsBrowser(deposit.intentId, 'visa');
        await fake.deliverAll(deposit.intentId);
        const done = await h.complete(guest, id);
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        const before = await h.reservationRow(id);
        const held = await api.request('POST', `/user/reservation/v1.1/${id}/change-hold`, { token: guest.token(), body: { numberOfGuests: 6 } });
        expect(held.status, JSON.stringify(held.body)).toBe(201);
        const hold = held.body.data as { _id: string; difference: number };
        expect(hold.difference).toBe(hkd(1000));
        const started = await api.request('POST', `/user/reservation/v1.1/${id}/change-hold/${hold._id}/payment`, {
          token: guest.token(),
          body: { idempotencyKey: `change-${hold._id}` },
        });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        const payment = started.body.data as { _id: string; intentId: string; clientSecret: string; amount: number };
        return { guest, id, before, hold, payment };
      }
      const changeState = (user: TestUser, id: string, holdId: string) =>
        api.request('GET', `/user/reservation/v1.1/${id}/change-hold/${holdId}`, { token: user.token() });

      it('pays the difference with one PaymentIntent in HKD naming the reservation, and the change is made with it', async () => {
        const { guest, id, before, hold, payment } = await heldIncrease();
        expect(payment.intentId).toMatch(/^pi_/);
        expect(payment.clientSecret).toMatch(new RegExp(`^${payment.intentId}_secret_`));
        const changeIntents = [...fake.intents.values()].filter((i) => i.metadata?.paymentId === payment._id);
        expect(changeIntents).toHaveLength(1);
        expect(changeIntents[0]).toMatchObject({ id: payment.intentId, amount: hkd(1000), currency: 'hkd', metadata: { reservationId: id, paymentId: payment._id } });
        // Nothing changes until Stripe says the difference is paid.
        expect(await h.reservationRow(id)).toEqual(before);

        fake.payAsBrowser(payment.intentId, 'visa');
        await fake.deliverAll(payment.intentId);
        expect(await h.reservationRow(id)).toMatchObject({ numberOfGuests: 6, amountDue: hkd(1800), sequence: before.sequence + 1, amountOwed: 0 });
        expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'SUCCEEDED', amount: hkd(1000), cardLast4: '4242' });
        const state = await changeState(guest, id, hold._id);
        expect(state.body.data.change.status).toBe('MADE');
        expect(state.body.data.payment.status).toBe('SUCCEEDED');
        expect([...fake.refunds.values()].filter((r) => r.payment_intent === payment.intentId)).toEqual([]);
        await balanced();
      });

      it('refunds in full at Stripe a success that arrives after the 15-minute hold ran out, and the booking stays as it was', async () => {
        const { guest, id, before, hold, payment } = await heldIncrease();
        api.clock.advanceMinutes(15);
        fake.payAsBrowser(payment.intentId, 'visa');
        await fake.deliverAll(payment.intentId);
        expect(await h.reservationRow(id)).toEqual(before);
        const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === payment.intentId);
        expect(refunds.map((r) => r.amount)).toEqual([hkd(1000)]);
        expect(refunds[0]).toMatchObject({ object: 'refund', currency: 'hkd' });
        expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'REFUNDED', refundedAmount: hkd(1000), refundRef: refunds[0]!.id });
        expect((await changeState(guest, id, hold._id)).body.data.change.status).toBe('GIVEN_UP');
        // Stripe's charge.refunded and a second delivery change nothing more.
        await fake.deliverAll(payment.intentId);
        expect([...fake.refunds.values()].filter((r) => r.payment_intent === payment.intentId)).toHaveLength(1);
        expect(await h.reservationRow(id)).toEqual(before);
        await balanced();
      });
    });

    describe('a no-show fee on the card kept at payment, charged off-session', () => {
      async function noShow(card: FakeCard) {
        const { hold, payment } = await bookPaid(card);
        const { startsAt } = await h.reservationRow(hold.id);
        api.clock.set(new Date(startsAt.getTime() + HOUR / 2));
        const marked = await api.request('PUT', `/admin/reservation/${hold.id}/visit`, { token: admin.token(), body: { action: 'no-show' } });
        expect(marked.status, JSON.stringify(marked.body)).toBe(200);
        const fees = (await h.paymentsOf(hold.id)).filter((p) => p.purpose === 'NO_SHOW_FEE');
        return { hold, payment, fees, rest: NO_SHOW_FEE - hold.amountDue, marked: marked.body.data };
      }

      const offSessionCharges = (reservationId: string) =>
        fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.body.off_session === 'true' && (r.body.metadata as { reservationId?: string })?.reservationId === reservationId);

      it('charges the rest of the fee to the same card and customer, with the fee\'s key', async () => {
        const { hold, payment, fees, rest } = await noShow('visa');
        expect(fees.map((p) => [p.status, p.amount, p.cardLast4])).toEqual([['SUCCEEDED', rest, '4242']]);
        const [charge] = offSessionCharges(hold.id);
        const source = fake.intents.get(payment.intentId)!;
        expect(charge).toMatchObject({ idempotencyKey: `no-show-fee-${hold.id}`, body: { confirm: 'true', customer: source.customer, payment_method: source.payment_method, amount: String(rest), currency: 'hkd' } });
      });

      it('leaves a declined charge owed, with the reason', async () => {
        const { hold, fees, rest, marked } = await noShow('declinesLater');
        expect(fees.map((p) => [p.status, p.failureMessage])).toEqual([['FAILED', DECLINE_MESSAGES.declined]]);
        expect(marked.noShow).toMatchObject({ cardCharged: 0, outstanding: rest });
        const sheet = await api.request('GET', `/admin/venue/${BATARD}/day-sheet/${(await h.reservationRow(hold.id)).date}`, { token: admin.token() });
        const booking = sheet.body.data.services.flatMap((s: any) => s.seatings.flatMap((x: any) => x.bookings)).find((b: { id: string }) => b.id === hold.id);
        expect(booking.payment.noShow).toMatchObject({ outstanding: rest, card: { status: 'DECLINED', reason: DECLINE_MESSAGES.declined } });
      });

      it('leaves a charge the bank wants authenticated owed, saying so', async () => {
        const { fees, rest, marked } = await noShow('alwaysAuthenticate');
        expect(fees.map((p) => [p.status, p.failureMessage])).toEqual([['FAILED', STRIPE_REFUSALS.authenticationRequired]]);
        expect(marked.noShow).toMatchObject({ cardCharged: 0, outstanding: rest });
      });
    });

    describe('the daily reconciliation with Stripe', () => {
      // Last in the file: every payment above was made on the test clock's day, and is in step with Stripe.
      const TODAY = '2026-11-23';

      it("finds a refund made at Stripe that the club's books do not have, for admins, as JSON and CSV", async () => {
        const { hold, payment } = await bookPaid();
        // Refunded in Stripe's dashboard; its webhook never arrives.
        fake.refundInDashboard(payment.intentId, 10_000);
        const run = await api.request('POST', '/admin/payments/reconciliation', { token: admin.token(), body: { date: TODAY } });
        expect(run.status, JSON.stringify(run.body)).toBe(200);
        const { reservationReference } = { reservationReference: (await h.reservationRow(hold.id)).uniqueId };
        expect(run.body.data).toMatchObject({ day: TODAY, ranAt: api.clock.now().toISOString() });
        expect(run.body.data.intentsChecked).toBeGreaterThanOrEqual(1);
        expect(run.body.data.differences).toEqual([
          { kind: 'REFUND_MISSING', intentId: payment.intentId, paymentId: payment._id, reservationId: hold.id, reservationReference, stripeAmount: 10_000, clubAmount: 0 },
        ]);
        const read = await api.request('GET', `/admin/payments/reconciliation?date=${TODAY}`, { token: admin.token() });
        expect(read.body.data).toEqual(run.body.data);

        const csv = await api.request('GET', `/admin/payments/reconciliation.csv?date=${TODAY}`, { token: admin.token() });
        expect(csv.status).toBe(200);
        expect(csv.body).toBe(
          // (The byte-order mark is read away by the text decoder.)
          `Difference,Booking,Stripe payment,Payment,At Stripe (HKD),In the club’s books (HKD)\r\nStripe refunded more than the club recorded,${reservationReference},${payment.intentId},${payment._id},100.00,0.00\r\n`,
        );
        const ja = await api.request('GET', `/admin/payments/reconciliation.csv?date=${TODAY}`, { token: admin.token(), headers: { 'accept-language': 'ja' } });
        expect(ja.body).not.toContain('Stripe refunded more than the club recorded');
      });

      it('is for admins only, checks the date, and says when payments are not on Stripe', async () => {
        const host = await insertStaff(api, 'staff', BATARD);
        expect((await api.request('GET', `/admin/payments/reconciliation?date=${TODAY}`, { token: host.token() })).status).toBe(403);
        expect((await api.request('POST', '/admin/payments/reconciliation', { token: host.token(), body: { date: TODAY } })).status).toBe(403);
        const bad = await api.request('POST', '/admin/payments/reconciliation', { token: admin.token(), body: { date: '23/11/2026' } });
        expect(bad).toMatchObject({ status: 400, body: { field: 'date' } });
        expect((await api.request('GET', '/admin/payments/reconciliation?date=2026-01-01', { token: admin.token() })).body.data).toBeNull();
        expect((await api.request('GET', '/admin/payments/reconciliation.csv?date=2026-01-01', { token: admin.token() })).status).toBe(404);
        api.deps.payments = api.processor;
        try {
          const refused = await api.request('POST', '/admin/payments/reconciliation', { token: admin.token(), body: { date: TODAY } });
          expect(refused).toMatchObject({ status: 409, body: { errorCode: 20120 } });
        } finally {
          api.deps.payments = processor;
        }
      });

      it('runs yesterday once, by whichever process claims it first', async () => {
        api.clock.set(new Date('2026-11-25T01:00:00Z'));
        expect(await reconcileYesterday(api.deps)).toBe(true);
        expect(await reconcileYesterday(api.deps)).toBe(false);
        expect((await api.request('GET', '/admin/payments/reconciliation?date=2026-11-24', { token: admin.token() })).body.data).toMatchObject({ day: '2026-11-24', differences: [] });
      });
    });
  });
}
