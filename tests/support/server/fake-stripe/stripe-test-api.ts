/** A test API paying through Stripe: the real `stripe` SDK pointed at the local fake of Stripe's API. */
import { createStripeProcessor } from '../../../../server/services/payments/processor/stripe-processor';
import type { TestApi } from '../harness';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

/** Test-mode keys of the fake (never Stripe's real ones). */
export const STRIPE_TEST_KEYS = {
  secretKey: 'sk_test_fake_secret',
  publishableKey: 'pk_test_fake_publishable',
  webhookSecret: 'whsec_fake_endpoint_secret',
};

/**
 * Starts the fake on a free port, signing its webhooks with the API's clock and delivering them to its
 * app, and puts the API on Stripe. Stop the fake after the tests.
 */
export async function payOnFakeStripe(api: TestApi) {
  const fake: FakeStripe = await startFakeStripe({ clock: api.clock, webhookEndpoint: (r) => api.app.fetch(r), ...STRIPE_TEST_KEYS });
  // No retries: an outage the test makes is answered at once.
  const processor = await createStripeProcessor({ ...STRIPE_TEST_KEYS, apiUrl: fake.url, maxNetworkRetries: 0, timeoutMs: 5_000 });
  api.deps.payments = processor;
  return { fake, processor };
}
