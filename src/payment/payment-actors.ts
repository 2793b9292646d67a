/** The payment chart's calls: our API for the payment; the test-mode processor, or Stripe's Payment Element, for the card. */
import { fromPromise } from 'xstate';
import type { ConfirmCardInput, CreatePaymentInput, Payment, PaymentConfig, PaymentIntent } from '../../machines/payment.machine';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { throwCallError } from '../../machines/call-error';

/** How often, and how long, to ask our server whether the processor's word has arrived. */
const POLL_MS = 1000;
const POLL_LIMIT_MS = 45_000;
const PENDING = new Set<Payment['status']>(['REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'PROCESSING']);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const paymentActors = {
  loadConfig: fromPromise<PaymentConfig>(() =>
    unwrap(api.GET('/user/payment/config'))
      .then((body) => body.data)
      .catch(throwCallError),
  ),
  /** A reservation's payment, or a wallet top-up (always by card). */
  createPayment: fromPromise<Payment, CreatePaymentInput>(({ input }) =>
    unwrap(
      input.purpose === 'top-up'
        ? api.POST('/user/wallet/top-up', { body: { amount: input.amount, idempotencyKey: input.idempotencyKey } })
        : api.POST('/user/reservation/{id}/payment', {
            params: { path: { id: input.reservationId! } },
            body: { method: input.method, idempotencyKey: input.idempotencyKey },
          }),
    )
      .then((body) => body.data)
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
  answerChallenge: fromPromise<PaymentIntent, { intentId: string; outcome: 'approve' | 'fail' }>(({ input }) =>
    unwrap(
      api.POST('/payments/test-processor/intents/{intentId}/challenge', {
        params: { path: { intentId: input.intentId } },
        body: { outcome: input.outcome },
      }),
    )
      .then((body) => body.data)
      .catch(throwCallError),
  ),
  /** Our server's word on the payment, once the processor's webhook (or its own check) has settled it. */
  waitForPayment: fromPromise<Payment, { paymentId: string }>(async ({ input, signal }) => {
    const started = Date.now();
    for (;;) {
      const payment = await unwrap(api.GET('/user/payment/{id}', { params: { path: { id: input.paymentId } } }))
        .then((body) => body.data)
        .catch(throwCallError);
      if (!PENDING.has(payment.status) || Date.now() - started > POLL_LIMIT_MS || signal.aborted) return payment;
      await wait(POLL_MS);
    }
  }),
};
