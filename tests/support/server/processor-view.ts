/**
 * What a payment test reads and does at the processor as the guest's browser would, the same on the
 * built-in test processor and on Stripe (the real SDK against the local fake): the tests of one open charge
 * and of an attempt left in 3-D Secure run each case on both through this one view.
 */
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { testProcessorIntents } from '../../../server/services/payments/processor/test-processor-tables';
import type { TestApi } from './harness';
import type { paymentHelpers } from './payment-helpers';
import type { FakeStripe } from './fake-stripe/fake-stripe';
import { payOnFakeStripe } from './fake-stripe/stripe-test-api';

export interface StartedPayment {
  intentId: string;
  clientSecret: string;
}

export interface ProcessorView {
  /** The intents the processor holds that name this metadata value (a reservation, a payment's user). */
  intentsNaming(key: 'reservationId' | 'userId', value: string): Promise<{ id: string; status: string; amount: number }[]>;
  /** The 3-D Secure card is given: the intent waits for the bank's check. */
  startChallenge(payment: StartedPayment): Promise<string>;
  /** The guest passes the bank's check; false when the processor refuses it (the intent was cancelled). */
  approve(payment: StartedPayment): Promise<boolean>;
  /** A good card pays the intent; false when the processor refuses it (a cancelled intent). */
  pay(payment: StartedPayment): Promise<boolean>;
  /** The processor's word for a cancelled intent. */
  readonly cancelled: string;
}

/** The view of `processor` for this app; `fake` is Stripe's local fake (to stop after the tests), if it is Stripe. */
export async function openProcessorView(
  api: TestApi,
  h: ReturnType<typeof paymentHelpers>,
  processor: 'test-mode' | 'stripe',
): Promise<{ view: ProcessorView; fake?: FakeStripe }> {
  if (processor === 'stripe') {
    const stripe = (await payOnFakeStripe(api)).fake;
    const atStripe = async (payment: StartedPayment, act: () => unknown) => {
      try {
        act();
      } catch {
        return false;
      }
      await stripe.deliverAll(payment.intentId);
      return true;
    };
    return {
      fake: stripe,
      view: {
        intentsNaming: async (key, value) =>
          [...stripe.intents.values()].filter((i) => i.metadata[key] === value).map((i) => ({ id: i.id, status: i.status, amount: i.amount })),
        startChallenge: async (payment) => String(stripe.payAsBrowser(payment.intentId, 'threeDSecure').status),
        approve: (payment) => atStripe(payment, () => stripe.finishChallenge(payment.intentId, 'approve')),
        pay: (payment) => atStripe(payment, () => stripe.payAsBrowser(payment.intentId, 'visa')),
        cancelled: 'canceled',
      },
    };
  }
  return {
    view: {
      intentsNaming: async (key, value) =>
        (await api.deps.db.select().from(testProcessorIntents))
          .filter((i) => i.metadata[key] === value)
          .map((i) => ({ id: i.id, status: i.status, amount: i.amount })),
      startChallenge: (payment) => h.payStarted(payment, TEST_CARDS.threeDSecure),
      async approve(payment) {
        const res = await h.challenge(payment.intentId, 'approve');
        await h.deliver();
        return res.status === 200 && res.body.data.status === 'succeeded';
      },
      async pay(payment) {
        const res = await h.confirm(payment.intentId, {
          clientSecret: payment.clientSecret,
          cardholderName: 'Grace Chan',
          cardNumber: TEST_CARDS.visa,
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
        });
        await h.deliver();
        return res.status === 200 && res.body.data.status === 'succeeded';
      },
      cancelled: 'failed',
    },
  };
}
