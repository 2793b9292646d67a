/**
 * Payments through the HTTP API with the built-in test-mode processor and a fake clock: each test card's
 * path, card validation, signed webhooks (and their retries), idempotency, the late-payment refund,
 * wallet payments in the completing transaction, refunds on cancellation, top-ups, and no card number
 * in any table.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { payments, processedWebhookEvents, reservations, walletEntries } from '../../../server/db/schema';
import { ProcessorError } from '../../../server/services/payments/processor/processor';
import { DECLINE_MESSAGES, TEST_CARDS, TEST_PUBLISHABLE_KEY } from '../../../server/services/payments/processor/test-processor';
import { testProcessorEvents, testProcessorRefunds } from '../../../server/services/payments/processor/test-processor-tables';
import { signWebhookPayload } from '../../../server/services/payments/processor/webhook-signature';
import { expireStaleHolds } from '../../../server/services/reservations/hold-expiry';
import { cancellationSplit } from '../../../server/services/payments/payment-refund';
import { runPaymentJobs } from '../../../server/services/payments/payment-worker';
import { CARD_MESSAGES } from '../../../common/validation/card-validation';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { TEST_WEBHOOK_SECRET, testDrivers, type TestApi } from '../../support/server/harness';
import { card, paymentHelpers, usePaymentTestApi } from '../../support/server/payment-helpers';

const UNPAID = { status: 422, errorCode: 10210, message: "couldn't process your payment information" };
const EXPIRED = { errorCode: 10202, message: 'Your reservation has expired. Please make a new reservation' };
/** Monday 23 Nov 2026 in Hong Kong, the test clock's day: Obe's 12-hour window makes its evening late. */
const TODAY = '2026-11-23';

for (const driver of testDrivers()) {
  describe(`payments (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;

    usePaymentTestApi(driver, (started, helpers) => {
      api = started;
      h = helpers;
    });

    describe('GET /user/payment/config', () => {
      it('offers the card to everyone and the wallet to members too', async () => {
        const guest = await h.newUser('guest');
        const member = await h.newUser('member');
        const forGuest = await api.request('GET', '/user/payment/config', { token: guest.token() });
        expect(forGuest.status).toBe(200);
        expect(forGuest.body).toEqual({
          status: 200,
          // A new guest has no saved card yet (saved-cards.test.ts).
          data: { provider: 'test-mode', publishableKey: TEST_PUBLISHABLE_KEY, currency: 'HKD', methods: ['CARD'], savedCards: [] },
        });
        const forMember = await api.request('GET', '/user/payment/config', { token: member.token() });
        expect(forMember.body.data.methods).toEqual(['CARD', 'WALLET']);
        expect((await api.request('GET', '/user/payment/config')).status).toBe(401);
      });
    });

    describe('card payments', () => {
      it('approves 4242…: the server believes the webhook, not the browser, then completes with a receipt', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        expect(hold.amountDue).toBe(149_600);
        expect((await h.complete(user, hold.id)).body).toEqual(UNPAID);

        const started = await h.startPayment(user, hold.id, 'CARD', 'attempt-one-key');
        expect(started.status).toBe(201);
        const payment = started.body.data;
        expect(payment).toEqual({
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          reservationId: hold.id,
          purpose: 'RESERVATION',
          method: 'CARD',
          amount: 149_600,
          currency: 'HKD',
          status: 'REQUIRES_PAYMENT_METHOD',
          intentId: expect.stringMatching(/^pi_[0-9a-f]{24}$/),
          clientSecret: expect.stringMatching(/^pi_[0-9a-f]{24}_secret_/),
          cardBrand: null,
          cardLast4: null,
          failureMessage: null,
          refundedAmount: 0,
        });
        // The same key is the same payment and the same intent.
        const again = await h.startPayment(user, hold.id, 'CARD', 'attempt-one-key');
        expect(again.body.data).toEqual(payment);

        const confirmed = await h.confirm(payment.intentId, card(payment.clientSecret));
        expect(confirmed.body).toEqual({
          status: 200,
          data: { id: payment.intentId, status: 'succeeded', amount: 149_600, currency: 'HKD', lastError: null, amountRefunded: 0 },
        });
        // The browser's word changes nothing: not paid until the processor tells the server.
        expect((await h.paymentRow(payment._id)).status).toBe('REQUIRES_PAYMENT_METHOD');
        expect((await h.complete(user, hold.id)).body).toEqual(UNPAID);

        expect(await h.deliver()).toBe(1);
        const row = await h.paymentRow(payment._id);
        expect(row).toMatchObject({ status: 'SUCCEEDED', cardBrand: 'visa', cardLast4: '4242' });

        const done = await h.complete(user, hold.id);
        expect(done.status).toBe(200);
        expect(done.body.data.status).toBe('CONFIRMED');
        const [mail] = await h.mailTo(user.email);
        expect(mail!.subject).toMatch(/^Your reservation at Obe is confirmed – OBE-/);
        expect(mail!.body).toContain('Prepayment paid: HK$1,496 (Visa card ending 4242)');
        expect(mail!.body).toContain('Party: 2 guests');
        expect(mail!.attachments).toEqual([
          { fileName: expect.stringMatching(/^reservation-OBE-.*\.ics$/), contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: expect.any(String) },
        ]);
        const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
        expect(ics).toContain(`UID:${hold.id}@aldrich-club`);
      });

      it("is found paid by the server's own check with the processor, before any webhook", async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const { payment } = await h.payByCard(user, hold.id);
        const res = await h.getPayment(user, payment._id);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ status: 'SUCCEEDED', cardLast4: '4242', clientSecret: null });
        expect((await h.complete(user, hold.id)).status).toBe(200);
        // The webhook that follows finds nothing left to do.
        await h.deliver();
        expect(await h.paymentsOf(hold.id)).toHaveLength(1);
        expect((await h.paymentRow(payment._id)).status).toBe('SUCCEEDED');
      });

      it('answers a reload after paying (the same key) with the payment found paid', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const started = await h.startPayment(user, hold.id, 'CARD', `${hold.id}-card-1`);
        await h.confirm(started.body.data.intentId, card(started.body.data.clientSecret));
        const reloaded = await h.startPayment(user, hold.id, 'CARD', `${hold.id}-card-1`);
        expect(reloaded.status).toBe(201);
        expect(reloaded.body.data).toMatchObject({ _id: started.body.data._id, status: 'SUCCEEDED', clientSecret: null, cardLast4: '4242' });
      });

      it('declines 4000…0002; another card then pays on the same hold', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const holdBefore = (await h.reservationRow(hold.id)).holdExpiresAt;
        const { payment: first, intent } = await h.payByCard(user, hold.id, TEST_CARDS.declined);
        expect(intent).toMatchObject({ status: 'failed', lastError: 'Your card was declined.' });
        await h.deliver();
        expect((await h.getPayment(user, first._id)).body.data).toMatchObject({
          status: 'FAILED',
          failureMessage: 'Your card was declined.',
          cardLast4: '0002',
          clientSecret: null,
        });
        // A failed intent cannot be confirmed again: a new attempt is a new payment.
        expect((await h.confirm(first.intentId, card(first.clientSecret))).status).toBe(400);

        api.clock.advanceMinutes(3);
        const { payment: second } = await h.payByCard(user, hold.id, TEST_CARDS.mastercard);
        expect(second._id).not.toBe(first._id);
        await h.deliver();
        expect((await h.getPayment(user, second._id)).body.data).toMatchObject({ status: 'SUCCEEDED', cardBrand: 'mastercard', cardLast4: '4444' });
        const row = await h.reservationRow(hold.id);
        expect(row.status).toBe('PENDING');
        expect(row.holdExpiresAt).toEqual(holdBefore);
        expect((await h.complete(user, hold.id)).body.data.status).toBe('CONFIRMED');
      });

      it('refuses 4000…9995 for insufficient funds', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const { payment, intent } = await h.payByCard(user, hold.id, TEST_CARDS.insufficientFunds);
        expect(intent).toMatchObject({ status: 'failed', lastError: 'Your card has insufficient funds.' });
        await h.deliver();
        expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'FAILED', failureMessage: 'Your card has insufficient funds.' });
        expect((await h.complete(user, hold.id)).body).toEqual(UNPAID);
      });

      it('asks 4000…3220 for a 3-D Secure challenge, which the guest approves', async () => {
        const user = await h.newUser('member');
        const hold = await h.holdWhiskyFlight(user);
        const { payment, intent } = await h.payByCard(user, hold.id, TEST_CARDS.threeDSecure);
        expect(intent).toMatchObject({ status: 'requires_action', lastError: null });
        expect(await h.eventsOf(payment.intentId)).toEqual([]);
        // Polling shows the challenge is awaited; the secret is still there for the browser.
        const polled = await h.getPayment(user, payment._id);
        expect(polled.body.data).toMatchObject({ status: 'REQUIRES_ACTION', clientSecret: payment.clientSecret, cardLast4: '3220' });
        expect((await h.complete(user, hold.id)).body).toEqual(UNPAID);

        const passed = await h.challenge(payment.intentId, 'approve');
        expect(passed.body.data).toMatchObject({ id: payment.intentId, status: 'succeeded' });
        await h.deliver();
        expect((await h.getPayment(user, payment._id)).body.data.status).toBe('SUCCEEDED');
        expect((await h.complete(user, hold.id)).body.data.status).toBe('CONFIRMED');
      });

      it('fails the payment when the guest fails the 3-D Secure challenge', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const { payment } = await h.payByCard(user, hold.id, TEST_CARDS.threeDSecure);
        const failed = await h.challenge(payment.intentId, 'fail');
        expect(failed.body.data).toMatchObject({ status: 'failed', lastError: DECLINE_MESSAGES.authenticationFailed });
        await h.deliver();
        expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'FAILED', failureMessage: DECLINE_MESSAGES.authenticationFailed });
        const again = await h.challenge(payment.intentId, 'approve');
        expect(again.status).toBe(400);
        expect((await h.paymentRow(payment._id)).status).toBe('FAILED');
        expect((await h.challenge(payment.intentId, 'maybe')).body).toMatchObject({ status: 400, field: 'outcome' });
      });

      it('validates the card with clear messages naming the field, changing nothing', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const started = await h.startPayment(user, hold.id, 'CARD');
        const { intentId, clientSecret } = started.body.data;
        const cases: [Record<string, unknown>, string, string][] = [
          [{ cardNumber: '4242424242424241' }, 'cardNumber', CARD_MESSAGES.numberInvalid],
          [{ cardNumber: '4242 4242' }, 'cardNumber', CARD_MESSAGES.numberIncomplete],
          [{ cardNumber: '4242-abcd-4242-4242' }, 'cardNumber', CARD_MESSAGES.numberInvalid],
          [{ cardNumber: undefined }, 'cardNumber', 'cardNumber is required'],
          [{ expMonth: 13 }, 'expMonth', CARD_MESSAGES.monthInvalid],
          [{ expMonth: '12' }, 'expMonth', CARD_MESSAGES.monthInvalid],
          // The clock says November 2026 in Hong Kong.
          [{ expMonth: 10, expYear: 2026 }, 'expMonth', CARD_MESSAGES.datePast],
          [{ expYear: 2025 }, 'expYear', CARD_MESSAGES.yearPast],
          [{ expYear: 2090 }, 'expYear', CARD_MESSAGES.yearInvalid],
          [{ cvc: '12' }, 'cvc', CARD_MESSAGES.cvcIncomplete],
          [{ cvc: '12a' }, 'cvc', CARD_MESSAGES.cvcInvalid],
          [{ cvc: '12345' }, 'cvc', CARD_MESSAGES.cvcInvalid],
          [{ cardholderName: '  ' }, 'cardholderName', CARD_MESSAGES.nameMissing],
          [{ clientSecret: `${intentId}_secret_wrong` }, 'clientSecret', 'The client secret does not match this payment'],
        ];
        for (const [change, field, message] of cases) {
          const res = await h.confirm(intentId, card(clientSecret, TEST_CARDS.visa, change));
          expect(res.status, JSON.stringify(change)).toBe(400);
          expect(res.body).toEqual({ status: 400, errorCode: 40000, message, field });
        }
        expect((await api.processor.retrieve(intentId))!.status).toBe('requires_payment_method');
        expect(await h.eventsOf(intentId)).toEqual([]);
        expect((await h.confirm('pi_ffffffffffffffffffffffff', card(clientSecret))).status).toBe(404);
        // A card that expires this month is still good, and two-digit years are 20YY.
        const ok = await h.confirm(intentId, card(clientSecret, '4242 4242 4242 4242', { expMonth: 11, expYear: 26, cvc: '1234' }));
        expect(ok.body.data.status).toBe('succeeded');
      });
    });

    describe('POST /user/reservation/{id}/payment', () => {
      it('refuses what cannot be paid, changing nothing', async () => {
        const user = await h.newUser();
        const other = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const count = async () => (await h.paymentsOf(hold.id)).length;

        expect((await h.startPayment(other, hold.id, 'CARD')).body).toMatchObject({ status: 404, errorCode: 1010103 });
        const bad = await api.request('POST', `/user/reservation/${hold.id}/payment`, { token: user.token(), body: { method: 'CASH', idempotencyKey: 'abcdefgh' } });
        expect(bad.body).toMatchObject({ status: 400, field: 'method' });
        const short = await api.request('POST', `/user/reservation/${hold.id}/payment`, { token: user.token(), body: { method: 'CARD', idempotencyKey: 'short' } });
        expect(short.body).toMatchObject({ status: 400, field: 'idempotencyKey' });
        const guestWallet = await h.startPayment(user, hold.id, 'WALLET');
        expect(guestWallet.body).toEqual({ status: 403, errorCode: 40300, message: 'You must be a Club member to use the wallet' });
        expect(await count()).toBe(0);

        // A key belongs to one payment: not reusable for another reservation.
        const paidFor = await h.startPayment(user, hold.id, 'CARD', 'one-key-one-payment');
        const hold2 = await h.holdWhiskyFlight(user);
        expect((await h.startPayment(user, hold2.id, 'CARD', 'one-key-one-payment')).body).toMatchObject({ status: 409, errorCode: 40900 });
        expect(paidFor.status).toBe(201);

        // Nothing is due on a free experience (held by a third guest: \`user\` already holds 2 unfinished bookings, as many as one may).
        const barGuest = await h.newUser();
        const bar = await api.request('POST', '/user/reservation/v1.1', {
          token: barGuest.token(),
          body: { venueId: OBE, experienceId: await experienceIdByName(api.deps.db, OBE, 'Bar Seating'), date: '2026-12-10', startTime: 1260, numberOfGuests: 2 },
        });
        expect((await h.startPayment(barGuest, bar.body.data._id, 'CARD')).body).toMatchObject({ status: 409, message: 'No payment is due for this reservation' });

        // A hold that ran out.
        api.clock.advanceMinutes(16);
        const late = await api.request('POST', `/user/reservation/${hold2.id}/payment`, { token: user.token(), body: { method: 'CARD', idempotencyKey: 'too-late-key' } });
        expect(late.status).toBe(409);
        expect(late.body).toMatchObject(EXPIRED);
        expect(await h.paymentsOf(hold2.id)).toHaveLength(0);
      });

      it('refuses to take a second payment once one has succeeded', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        await h.payByCard(user, hold.id);
        await h.deliver();
        expect((await h.startPayment(user, hold.id, 'CARD')).body).toEqual({ status: 409, errorCode: 20107, message: 'This reservation has already been paid' });
        await h.complete(user, hold.id);
        expect((await h.startPayment(user, hold.id, 'CARD')).body).toMatchObject({ status: 409, message: 'This reservation is already confirmed' });
      });

      it('answers the attempt in 3-D Secure again, and refuses a new payment once it is paid with its webhook still on the way', async () => {
        const member = await h.newUser('member', 500_000);
        const hold = await h.holdWhiskyFlight(member);
        const started = await h.startPayment(member, hold.id, 'CARD', `${hold.id}-card-1`);
        await h.confirm(started.body.data.intentId, card(started.body.data.clientSecret, TEST_CARDS.threeDSecure));
        // The same attempt asked for again (a reload) is still answered; a new one would replace it (unfinished-attempt.test.ts).
        expect((await h.startPayment(member, hold.id, 'CARD', `${hold.id}-card-1`)).body.data).toMatchObject({ _id: started.body.data._id, status: 'REQUIRES_ACTION' });

        // Approved at the processor; no webhook yet: the server asks the processor before taking another.
        await h.challenge(started.body.data.intentId, 'approve');
        expect((await h.startPayment(member, hold.id, 'CARD')).body).toEqual({ status: 409, errorCode: 20107, message: 'This reservation has already been paid' });
        expect(await h.paymentsOf(hold.id)).toHaveLength(1);
        expect((await h.paymentRow(started.body.data._id)).status).toBe('SUCCEEDED');
        expect((await h.complete(member, hold.id)).body.data.status).toBe('CONFIRMED');
      });

      it("answers 404 for someone else's payment", async () => {
        const user = await h.newUser();
        const other = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const started = await h.startPayment(user, hold.id, 'CARD');
        expect((await h.getPayment(other, started.body.data._id)).body).toMatchObject({ status: 404, message: 'The payment does not exist' });
        expect((await h.getPayment(user, 'not-an-id')).status).toBe(400);
      });
    });

    describe('webhooks', () => {
      it('refuses a bad, stale or missing signature with 400, and nothing changes', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const { payment } = await h.payByCard(user, hold.id);
        const event = await h.pendingEvent(payment.intentId, 'payment_intent.succeeded');
        const post = (body: string, signature?: string) =>
          api.request('POST', '/payments/webhook', { body, headers: signature ? { 'x-processor-signature': signature } : {} });
        const processed = async () => (await api.deps.db.select().from(processedWebhookEvents)).length;
        const before = await processed();

        const now = api.clock.now();
        const refusals: [string | undefined, string][] = [
          [undefined, 'The x-processor-signature header is missing'],
          ['t=123', 'The webhook signature header is malformed'],
          [signWebhookPayload(event.body, 'whsec_someone-else', now), 'The webhook signature does not match'],
          [signWebhookPayload(`${event.body} `, TEST_WEBHOOK_SECRET, now), 'The webhook signature does not match'],
          [signWebhookPayload(event.body, TEST_WEBHOOK_SECRET, new Date(now.getTime() - 301_000)), 'The webhook signature is too old (or from the future)'],
          [signWebhookPayload(event.body, TEST_WEBHOOK_SECRET, new Date(now.getTime() + 301_000)), 'The webhook signature is too old (or from the future)'],
        ];
        for (const [signature, message] of refusals) {
          const res = await post(event.body, signature);
          expect(res.status, message).toBe(400);
          expect(res.body).toEqual({ status: 400, errorCode: 40000, message });
        }
        // Signed, but not an event.
        const junk = JSON.stringify({ hello: 'world' });
        expect((await post(junk, signWebhookPayload(junk, TEST_WEBHOOK_SECRET, now))).status).toBe(400);

        expect(await processed()).toBe(before);
        expect((await h.paymentRow(payment._id)).status).toBe('REQUIRES_PAYMENT_METHOD');

        // Within the five minutes' tolerance, the same body with a good signature is taken.
        const ok = await post(event.body, signWebhookPayload(event.body, TEST_WEBHOOK_SECRET, new Date(now.getTime() - 240_000)));
        expect(ok.body).toEqual({ status: 200, message: 'Received' });
        expect((await h.paymentRow(payment._id)).status).toBe('SUCCEEDED');
        await h.deliver();
      });

      it('gives one payment and one confirmation for the same event delivered 100 times', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const { payment } = await h.payByCard(user, hold.id);
        const event = await h.pendingEvent(payment.intentId, 'payment_intent.succeeded');
        const signature = signWebhookPayload(event.body, TEST_WEBHOOK_SECRET, api.clock.now());
        const answers = await Promise.all(
          Array.from({ length: 100 }, () => api.request('POST', '/payments/webhook', { body: event.body, headers: { 'x-processor-signature': signature } })),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
        // And once more by the processor's own delivery.
        expect(await h.deliver()).toBeGreaterThanOrEqual(1);

        const seen = await api.deps.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id));
        expect(seen).toHaveLength(1);
        const rows = await h.paymentsOf(hold.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'SUCCEEDED', refundedAmount: 0 });

        expect((await h.complete(user, hold.id)).status).toBe(200);
        expect((await h.complete(user, hold.id)).status).toBe(200);
        const confirmations = (await h.mailTo(user.email)).filter((m) => m.subject.includes('is confirmed'));
        expect(confirmations).toHaveLength(1);
      });

      it('retries a refused delivery with a growing pause until it is acknowledged', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        // Our endpoint expects another secret for a while: every delivery is refused with 400.
        api.deps.config.webhookSecret = 'whsec_rotated';
        const { payment } = await h.payByCard(user, hold.id);
        await h.deliver();
        const [first] = await h.eventsOf(payment.intentId);
        expect(first).toMatchObject({ attempts: 1, deliveredAt: null, lastStatus: 400 });
        expect(first!.nextAttemptAt.getTime() - api.clock.now().getTime()).toBe(5_000);

        api.clock.advance(5_000);
        await h.deliver();
        const [second] = await h.eventsOf(payment.intentId);
        expect(second).toMatchObject({ attempts: 2 });
        expect(second!.nextAttemptAt.getTime() - api.clock.now().getTime()).toBe(10_000);

        api.deps.config.webhookSecret = TEST_WEBHOOK_SECRET;
        await h.deliver(); // not due yet
        expect((await h.eventsOf(payment.intentId))[0]).toMatchObject({ attempts: 2, deliveredAt: null });
        expect((await h.paymentRow(payment._id)).status).toBe('REQUIRES_PAYMENT_METHOD');
        api.clock.advance(10_000);
        expect(await h.deliver()).toBeGreaterThanOrEqual(1);
        const [third] = await h.eventsOf(payment.intentId);
        expect(third).toMatchObject({ attempts: 3, lastStatus: 200 });
        expect(third!.deliveredAt).not.toBeNull();
        expect((await h.paymentRow(payment._id)).status).toBe('SUCCEEDED');
      });
    });

    describe('a payment that succeeds after the hold ran out', () => {
      it('is refunded in full through the processor and the guest is told', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const started = await h.startPayment(user, hold.id, 'CARD');
        const payment = started.body.data;
        // The guest dawdles in the card form past the 15-minute hold.
        api.clock.advanceMinutes(16);
        const confirmed = await h.confirm(payment.intentId, card(payment.clientSecret));
        expect(confirmed.body.data.status).toBe('succeeded');
        await h.deliver();

        expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 149_600, refundRef: expect.stringMatching(/^re_/) });
        expect(await api.processor.retrieve(payment.intentId)).toMatchObject({ status: 'refunded', amountRefunded: 149_600 });
        expect((await h.reservationRow(hold.id)).status).toBe('CANCELED');
        const [mail] = await h.mailTo(user.email);
        expect(mail!.subject).toMatch(/^Your payment of HK\$1,496 has been refunded – OBE-/);
        expect(mail!.body).toContain('after the 15-minute hold on your table had run out');
        expect(mail!.body).toContain('We have refunded the full HK$1,496 to Visa card ending 4242');
        expect((await h.getPayment(user, payment._id)).body.data).toMatchObject({ status: 'REFUNDED', refundedAmount: 149_600 });
        expect((await h.complete(user, hold.id)).body).toMatchObject(EXPIRED);

        // The refund's own event comes back and changes nothing; one refund, one e-mail.
        await h.deliver();
        expect(await api.deps.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, payment.intentId))).toHaveLength(1);
        expect((await h.mailTo(user.email)).filter((m) => m.subject.includes('refunded'))).toHaveLength(1);
      });

      it('is refunded when the hold was released by the sweeper before the webhook came', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const { payment } = await h.payByCard(user, hold.id);
        api.clock.advanceMinutes(16);
        // Another booking, or the sweeper, releases the run-out hold first.
        await api.deps.db.update(reservations).set({ status: 'CANCELED', canceledAt: api.clock.now() }).where(eq(reservations.id, hold.id));
        await h.deliver();
        expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 149_600 });
      });
    });

    describe('the payment worker', () => {
      it('refunds a payment whose guest paid and never completed, once the hold is swept', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const { payment } = await h.payByCard(user, hold.id);
        await h.deliver();
        expect((await h.paymentRow(payment._id)).status).toBe('SUCCEEDED');
        api.clock.advanceMinutes(16);
        expect(await expireStaleHolds(api.deps.db, api.clock.now())).toContain(hold.id);
        await runPaymentJobs(api.deps);
        expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 149_600, refundRef: expect.stringMatching(/^re_/) });
        expect((await h.mailTo(user.email))[0]!.body).toContain('had run out');
        await runPaymentJobs(api.deps);
        expect(await api.deps.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, payment.intentId))).toHaveLength(1);
      });

      it('carries out a card refund the processor could not make at the time', async () => {
        const user = await h.newUser();
        const booked = await h.bookPaidByCard(user);
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        const refund = vi.spyOn(api.processor, 'refund').mockRejectedValueOnce(new ProcessorError('processor down'));
        try {
          expect((await h.cancel(user, booked.id)).body.data.status).toBe('CANCELED');
          expect(await h.paymentRow(booked.paymentId)).toMatchObject({ status: 'REFUNDED', refundedAmount: 149_600, refundRef: null });
          expect((await api.processor.retrieve(booked.intentId))!.amountRefunded).toBe(0);
          await runPaymentJobs(api.deps);
          expect((await h.paymentRow(booked.paymentId)).refundRef).toMatch(/^re_/);
          expect(await api.processor.retrieve(booked.intentId)).toMatchObject({ status: 'refunded', amountRefunded: 149_600 });
          expect(refund).toHaveBeenCalledTimes(2);
        } finally {
          refund.mockRestore();
          quiet.mockRestore();
        }
      });
    });

    describe('the wallet', () => {
      it('debits in the same transaction that confirms, and only then', async () => {
        const member = await h.newUser('member', 500_000);
        const hold = await h.holdWhiskyFlight(member);
        const started = await h.startPayment(member, hold.id, 'WALLET');
        expect(started.status).toBe(201);
        expect(started.body.data).toMatchObject({ method: 'WALLET', status: 'PROCESSING', amount: 149_600, intentId: null, clientSecret: null });
        expect(await h.balanceOf(member.id)).toBe(500_000);

        // A refused completion (no mobile number) debits nothing.
        const refused = await api.request('PUT', `/user/reservation/v1.1/complete/${hold.id}`, {
          token: member.token(),
          body: { firstName: 'M', lastName: 'L', email: member.email, agreements: { cancellationPolicy: true } },
        });
        expect(refused.body.errorCode).toBe(10205);
        expect(await h.balanceOf(member.id)).toBe(500_000);
        expect((await h.paymentRow(started.body.data._id)).status).toBe('PROCESSING');

        const done = await h.complete(member, hold.id);
        expect(done.body.data.status).toBe('CONFIRMED');
        const entries = await h.walletOf(member.id);
        expect(entries.at(-1)).toMatchObject({ type: 'PAYMENT', amount: -149_600, reservationId: hold.id, paymentId: started.body.data._id, description: expect.stringMatching(/^Obe – prepayment OBE-/) });
        expect(await h.balanceOf(member.id)).toBe(350_400);
        expect((await h.paymentRow(started.body.data._id)).status).toBe('SUCCEEDED');
        const [mail] = await h.mailTo(member.email);
        expect(mail!.body).toContain('Prepayment paid: HK$1,496 (your club wallet)');
        // A retried completion does not debit again.
        expect((await h.complete(member, hold.id)).status).toBe(200);
        expect(await h.balanceOf(member.id)).toBe(350_400);
      });

      it('refuses a short balance with 409, and a balance spent meanwhile at completion with 10210', async () => {
        const member = await h.newUser('member', 200_000);
        const poor = await h.newUser('member', 100_000);
        const hold = await h.holdWhiskyFlight(poor);
        const short = await h.startPayment(poor, hold.id, 'WALLET');
        expect(short.body).toEqual({ status: 409, errorCode: 40900, message: 'Your wallet balance of HK$1,000 is not enough to pay HK$1,496' });
        expect(await h.paymentsOf(hold.id)).toHaveLength(0);

        // Two holds, each started while the balance covered one: only one completion can debit.
        const a = await h.holdWhiskyFlight(member);
        const b = await h.holdWhiskyFlight(member);
        expect((await h.startPayment(member, a.id, 'WALLET')).status).toBe(201);
        expect((await h.startPayment(member, b.id, 'WALLET')).status).toBe(201);
        const [ra, rb] = await Promise.all([h.complete(member, a.id), h.complete(member, b.id)]);
        expect([ra.status, rb.status].sort()).toEqual([200, 422]);
        expect([ra.body.errorCode, rb.body.errorCode]).toContain(10210);
        expect(await h.balanceOf(member.id)).toBe(200_000 - 149_600);
      });

      it('is the card only for a guest', async () => {
        const guest = await h.newUser('guest', 500_000);
        const hold = await h.holdWhiskyFlight(guest);
        expect((await h.startPayment(guest, hold.id, 'WALLET')).status).toBe(403);
        expect((await h.complete(guest, hold.id)).body).toEqual(UNPAID);
      });
    });

    describe('refunds on cancellation', () => {
      it('refunds a card in full outside the window, and says so with a CANCEL invitation', async () => {
        const user = await h.newUser();
        const booked = await h.bookPaidByCard(user);
        const res = await h.cancel(user, booked.id);
        expect(res.body.data.status).toBe('CANCELED');
        expect(await h.paymentRow(booked.paymentId)).toMatchObject({ status: 'REFUNDED', refundedAmount: 149_600, refundRef: expect.stringMatching(/^re_/) });
        expect(await api.processor.retrieve(booked.intentId)).toMatchObject({ status: 'refunded', amountRefunded: 149_600 });
        const [mail] = await h.mailTo(user.email);
        expect(mail!.subject).toMatch(/is cancelled – OBE-/);
        expect(mail!.body).toContain('Refund: HK$1,496 to Visa card ending 4242');
        expect(mail!.attachments[0]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
        // Cancelling again is refused and refunds nothing more.
        expect((await h.cancel(user, booked.id)).status).toBe(409);
        expect(await api.deps.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, booked.intentId))).toHaveLength(1);
        await h.deliver();
        expect((await h.paymentRow(booked.paymentId)).refundedAmount).toBe(149_600);
      });

      it('keeps the per-person fee on a late cancellation and refunds the rest to the card', async () => {
        const user = await h.newUser();
        // Tonight at Obe: inside its 12-hour window. Fee HK$100 × 2 guests.
        const booked = await h.bookPaidByCard(user, TODAY);
        expect((await h.cancel(user, booked.id)).body.data.status).toBe('LATE_CANCELED');
        expect(await h.paymentRow(booked.paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 129_600 });
        expect(await api.processor.retrieve(booked.intentId)).toMatchObject({ status: 'partially_refunded', amountRefunded: 129_600 });
        const [mail] = await h.mailTo(user.email);
        expect(mail!.body).toContain('Late cancellation fee kept: HK$200');
        expect(mail!.body).toContain('Refund: HK$1,296 to Visa card ending 4242');
        expect((await h.getPayment(user, booked.paymentId)).body.data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 129_600 });
      });

      it('credits the wallet in full outside the window, and less the fee inside it', async () => {
        const member = await h.newUser('member', 1_000_000);
        const early = await h.holdWhiskyFlight(member);
        await h.startPayment(member, early.id, 'WALLET');
        await h.complete(member, early.id);
        const late = await h.holdBatardDeposit(member, '2026-11-24', 1170);
        expect(late.amountDue).toBe(60_000);
        const latePayment = await h.startPayment(member, late.id, 'WALLET');
        await h.complete(member, late.id);
        expect(await h.balanceOf(member.id)).toBe(1_000_000 - 149_600 - 60_000);

        await h.cancel(member, early.id);
        // Bâtard keeps 50% inside its 48-hour window.
        expect((await h.cancel(member, late.id)).body.data.status).toBe('LATE_CANCELED');
        const refunds = (await h.walletOf(member.id)).filter((e) => e.type === 'REFUND');
        expect(refunds.map((e) => [e.reservationId, e.amount])).toEqual([
          [early.id, 149_600],
          [late.id, 30_000],
        ]);
        expect(refunds[1]!.description).toMatch(/^Bâtard – refund of deposit BAT-/);
        expect(await h.balanceOf(member.id)).toBe(1_000_000 - 30_000);
        expect(await h.paymentRow(latePayment.body.data._id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 30_000 });
      });

      it('refunds a paid hold in full when the guest cancels before completing', async () => {
        const user = await h.newUser();
        const hold = await h.holdWhiskyFlight(user);
        const { payment } = await h.payByCard(user, hold.id);
        await h.deliver();
        expect((await h.cancel(user, hold.id)).body.data.status).toBe('CANCELED');
        expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 149_600 });
        const [mail] = await h.mailTo(user.email);
        expect(mail!.body).toContain('The booking was cancelled before it was completed.');
      });

      it('splits by the policy: per person or a percentage, never more than was paid', () => {
        const perPerson = { cancellationFee: { type: 'PER_PERSON' as const, amount: 10_000 }, feesByPartySize: [] };
        const percentage = { cancellationFee: { type: 'PERCENTAGE' as const, amount: 25 }, feesByPartySize: [] };
        expect(cancellationSplit(perPerson, 'CANCELED', 2, 149_600)).toEqual({ fee: 0, refund: 149_600, toCharge: 0 });
        expect(cancellationSplit(perPerson, 'LATE_CANCELED', 2, 149_600)).toEqual({ fee: 20_000, refund: 129_600, toCharge: 0 });
        expect(cancellationSplit(perPerson, 'LATE_CANCELED', 10, 50_000)).toEqual({ fee: 50_000, refund: 0, toCharge: 0 });
        expect(cancellationSplit(percentage, 'LATE_CANCELED', 2, 149_602)).toEqual({ fee: 37_401, refund: 112_201, toCharge: 0 });
        expect(cancellationSplit(percentage, 'LATE_CANCELED', 2, 0)).toEqual({ fee: 0, refund: 0, toCharge: 0 });
        // A card guarantee paid nothing: its fee is taken from what its card may be charged, all of it to charge.
        expect(cancellationSplit(perPerson, 'LATE_CANCELED', 2, 0, 100_000)).toEqual({ fee: 20_000, refund: 0, toCharge: 20_000 });
        expect(cancellationSplit(perPerson, 'CANCELED', 2, 0, 100_000)).toEqual({ fee: 0, refund: 0, toCharge: 0 });
      });

      it("splits by the party's size tier when one applies, a tier from one guest being the plain fee", () => {
        const tiered = { cancellationFee: { type: 'PERCENTAGE' as const, amount: 25 }, feesByPartySize: [{ minGuestCount: 1, amount: 5_000 }, { minGuestCount: 6, amount: 30_000 }] };
        expect(cancellationSplit(tiered, 'LATE_CANCELED', 2, 100_000)).toEqual({ fee: 25_000, refund: 75_000, toCharge: 0 });
        expect(cancellationSplit(tiered, 'LATE_CANCELED', 6, 300_000)).toEqual({ fee: 180_000, refund: 120_000, toCharge: 0 });
        expect(cancellationSplit(tiered, 'LATE_CANCELED', 7, 100_000)).toEqual({ fee: 100_000, refund: 0, toCharge: 0 });
      });
    });

    describe('POST /user/wallet/top-up', () => {
      it('credits the wallet once the processor says the card paid', async () => {
        const member = await h.newUser('member');
        const res = await api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount: 50_000, idempotencyKey: 'top-up-key-1' } });
        expect(res.status).toBe(201);
        const payment = res.body.data;
        expect(payment).toMatchObject({ purpose: 'WALLET_TOP_UP', method: 'CARD', amount: 50_000, reservationId: null, status: 'REQUIRES_PAYMENT_METHOD' });
        const again = await api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount: 50_000, idempotencyKey: 'top-up-key-1' } });
        expect(again.body.data._id).toBe(payment._id);
        const otherAmount = await api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount: 60_000, idempotencyKey: 'top-up-key-1' } });
        expect(otherAmount.status).toBe(409);

        await h.confirm(payment.intentId, card(payment.clientSecret));
        expect(await h.balanceOf(member.id)).toBe(0);
        const event = await h.pendingEvent(payment.intentId, 'payment_intent.succeeded');
        await h.deliver();
        await h.getPayment(member, payment._id);
        // Redelivered, the event credits nothing more.
        const signature = signWebhookPayload(event.body, TEST_WEBHOOK_SECRET, api.clock.now());
        for (let i = 0; i < 3; i++) {
          expect((await api.request('POST', '/payments/webhook', { body: event.body, headers: { 'x-processor-signature': signature } })).status).toBe(200);
        }
        const entries = await h.walletOf(member.id);
        expect(entries).toEqual([expect.objectContaining({ type: 'TOP_UP', amount: 50_000, paymentId: payment._id, description: 'Wallet top-up' })]);
        const wallet = await api.request('GET', '/user/wallet', { token: member.token() });
        expect(wallet.body.data.balance).toBe(50_000);
      });

      it('refuses a guest, and amounts outside HK$100 to HK$100,000', async () => {
        const guest = await h.newUser('guest');
        const member = await h.newUser('member');
        expect((await api.request('POST', '/user/wallet/top-up', { token: guest.token(), body: { amount: 50_000, idempotencyKey: 'guest-top-up' } })).status).toBe(403);
        for (const amount of [9_999, 10_000_001, 100.5, '50000']) {
          const res = await api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount, idempotencyKey: 'bad-amount-key' } });
          expect(res.body, String(amount)).toMatchObject({ status: 400, field: 'amount' });
        }
        expect(await api.deps.db.select().from(payments).where(eq(payments.userId, member.id))).toHaveLength(0);
      });
    });

    describe('card numbers', () => {
      it('are never stored in any table, ours or the processor’s', async () => {
        // Both drivers answer `execute` with `{ rows }`.
        const query = async <T>(statement: ReturnType<typeof sql>) => ((await api.deps.db.execute(statement)) as unknown as { rows: T[] }).rows;
        const names = await query<{ table_name: string }>(
          sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        );
        expect(names.map((t) => t.table_name)).toEqual(expect.arrayContaining(['payments', 'test_processor_intents', 'outbox']));
        const numbers = Object.values(TEST_CARDS);
        let scanned = 0;
        for (const { table_name } of names) {
          const rows = await query<{ row: string }>(sql`SELECT t::text AS row FROM ${sql.identifier(table_name)} t`);
          for (const { row } of rows) {
            scanned++;
            for (const number of numbers) expect(row, table_name).not.toContain(number);
          }
        }
        expect(scanned).toBeGreaterThan(100);
        // What is kept of a card: the processor's reference, the brand and the last four digits.
        const cards = await api.deps.db.select().from(payments).where(eq(payments.method, 'CARD'));
        expect(cards.length).toBeGreaterThan(5);
        for (const p of cards) expect(p.cardLast4 === null || /^\d{4}$/.test(p.cardLast4)).toBe(true);
        expect(await api.deps.db.select().from(walletEntries)).not.toHaveLength(0);
        expect(await api.deps.db.select().from(testProcessorEvents)).not.toHaveLength(0);
      });
    });
  });
}
