/** The payment chart's calls: our API for the payment; the test-mode processor, or Stripe's Payment Element, for the card. */
import { fromPromise } from 'xstate';
import type { ChallengeAnswer, ConfirmCardInput, CreatePaymentInput, Payment, PaymentConfig, PaymentIntent, WaitForPaymentInput } from '../../machines/payment.machine';
import type { CardGuarantee } from '../../machines/card-guarantee.machine';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { throwCallError } from '../../machines/call-error';
import { invalidate } from '../api/use-api-query';
import { CARD_GUARANTEE_PREFIX, RESERVATION_PREFIX } from '../api/query-keys';

/** A payment that succeeded changed its booking (paid, or a held change made): the kept reservations are stale. */
function forgetReservationsOnceSucceeded(payment: Payment): Payment {
  if (payment.status === 'SUCCEEDED') invalidate(RESERVATION_PREFIX);
  return payment;
}

/** How often, and how long, to ask our server whether the processor's word has arrived. */
const POLL_MS = 1000;
const POLL_LIMIT_MS = 45_000;
const PENDING = new Set<Payment['status']>(['REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'PROCESSING']);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startPayment(input: CreatePaymentInput) {
  const { idempotencyKey } = input;
  const savedCard = input.savedCardId ? { savedCardId: input.savedCardId } : {};
  if (input.purpose === 'top-up') return api.POST('/user/wallet/top-up', { body: { amount: input.amount, idempotencyKey } });
  if (input.purpose === 'change') {
    return api.POST('/user/reservation/v1.1/{id}/change-hold/{holdId}/payment', {
      params: { path: { id: input.reservationId!, holdId: input.holdId! } },
      body: { idempotencyKey, ...savedCard },
    });
  }
  return api.POST('/user/reservation/{id}/payment', { params: { path: { id: input.reservationId! } }, body: { method: input.method, idempotencyKey, ...savedCard } });
}

export const paymentActors = {
  loadConfig: fromPromise<PaymentConfig>(() =>
    unwrap(api.GET('/user/payment/config'))
      .then((body) => body.data)
      .catch(throwCallError),
  ),
  /** A reservation's payment, a held change's (by card), or a wallet top-up (always by card). */
  createPayment: fromPromise<Payment, CreatePaymentInput>(({ input }) =>
    unwrap(startPayment(input))
      // A saved card is charged within the call.
      .then((body) => forgetReservationsOnceSucceeded(body.data))
      .catch(throwCallError),
  ),
  confirmCard: fromPromise<PaymentIntent, ConfirmCardInput>(({ input }) =>
    // Stripe's Payment Element holds the card and confirms at Stripe itself.
    (input.confirm
      ? input.confirm()
      : unwrap(
          api.POST('/payments/test-processor/intents/{intentId}/confirm', {
            params: { path: { intentId: input.intentId } },
            body: { clientSecret: input.clientSecret, ...input.card! },
          }),
        ).then((body) => body.data)
    ).catch(throwCallError),
  ),
  answerChallenge: fromPromise<PaymentIntent, ChallengeAnswer>(({ input }) =>
    // Stripe shows its own check again (handleNextAction); the test-mode processor takes the answer.
    (input.resume
      ? input.resume()
      : unwrap(
          api.POST('/payments/test-processor/intents/{intentId}/challenge', {
            params: { path: { intentId: input.intentId } },
            body: { outcome: input.outcome },
          }),
        ).then((body) => body.data)
    ).catch(throwCallError),
  ),
  /** Our server's word on the payment, once the processor's webhook (or its own check) has settled it. */
  waitForPayment: fromPromise<Payment, WaitForPaymentInput>(({ input, signal }) =>
    pollPayment(() => unwrap(api.GET('/user/payment/{id}', { params: { path: { id: input.paymentId } } })).then((body) => body.data), signal).then(
      forgetReservationsOnceSucceeded,
    ),
  ),
};

/** Asks `read` for the payment until it is settled (or long enough has passed, or the wait is called off). */
export async function pollPayment(read: () => Promise<Payment>, signal: AbortSignal): Promise<Payment> {
  const started = Date.now();
  for (;;) {
    const payment = await read().catch(throwCallError);
    if (!PENDING.has(payment.status) || Date.now() - started > POLL_LIMIT_MS || signal.aborted) return payment;
    await wait(POLL_MS);
  }
}

/**
 * The card guarantee chart's calls (machines/card-guarantee.machine.ts): the booking's setup from our API; the
 * card confirmed against it as a payment's intent is (the processor takes a setup at the same endpoints).
 */
export const cardGuaranteeActors = {
  startGuarantee: fromPromise<CardGuarantee, { reservationId: string }>(({ input }) =>
    unwrap(api.POST('/user/reservation/{id}/card-guarantee', { params: { path: { id: input.reservationId } } }))
      .then((body) => body.data!)
      .catch(throwCallError),
  ),
  readGuarantee: fromPromise<CardGuarantee, { reservationId: string }>(({ input }) =>
    unwrap(api.GET('/user/reservation/{id}/card-guarantee', { params: { path: { id: input.reservationId } } }))
      .then((body) => {
        if (!body.data) throw { message: 'no card guarantee' };
        // A saved card changed what the reservation and result pages read of it.
        if (body.data.status === 'SAVED') invalidate(CARD_GUARANTEE_PREFIX);
        return body.data;
      })
      .catch(throwCallError),
  ),
  confirmCard: paymentActors.confirmCard,
  answerChallenge: paymentActors.answerChallenge,
};
