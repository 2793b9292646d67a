/**
 * Which card processor the server starts with (server/services/payments/processor/processor-choice.ts):
 * the test-mode one outside production; Stripe on its three keys; a refusal saying what to do when a key
 * is missing or malformed, when test keys meet STRIPE_LIVE_MODE=1 (or live keys lack it), or when
 * production has no processor at all.
 */
import { describe, expect, it } from 'vitest';
import { chooseProcessor, STRIPE_TEST_KEYS_WARNING, TEST_MODE_WARNING, type StripeEnv } from '../../../server/services/payments/processor/processor-choice';
import { readServerEnv } from '../../../server/config';
import { StartupRefusal } from '../../../server/lib/startup-refusal';

const TEST_KEYS: StripeEnv = { secretKey: 'sk_test_abc123', publishableKey: 'pk_test_abc123', webhookSecret: 'whsec_abc123', apiUrl: undefined, liveMode: false };
const LIVE_KEYS: StripeEnv = { ...TEST_KEYS, secretKey: 'sk_live_abc123', publishableKey: 'pk_live_abc123', liveMode: true };
const NO_KEYS: StripeEnv = { secretKey: undefined, publishableKey: undefined, webhookSecret: undefined, apiUrl: undefined, liveMode: false };

const refusalOf = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(StartupRefusal);
    return (err as Error).message;
  }
  throw new Error('it started');
};

describe('choosing the card processor', () => {
  it('keeps the test-mode processor outside production, even with Stripe keys in the shell', () => {
    expect(chooseProcessor({ production: false, paymentsTestMode: false, stripe: TEST_KEYS })).toEqual({ kind: 'test-mode', warning: null });
  });

  it('runs Stripe outside production when asked, with its keys and another API host', () => {
    const choice = chooseProcessor({ production: false, paymentsTestMode: false, paymentsProvider: 'stripe', stripe: { ...TEST_KEYS, apiUrl: 'http://127.0.0.1:12111' } });
    expect(choice).toEqual({
      kind: 'stripe',
      stripe: { secretKey: 'sk_test_abc123', publishableKey: 'pk_test_abc123', webhookSecret: 'whsec_abc123', apiUrl: 'http://127.0.0.1:12111' },
      warning: null,
    });
  });

  it('starts production on Stripe with live keys and STRIPE_LIVE_MODE=1, without PAYMENTS_TEST_MODE, and without a warning', () => {
    const env = readServerEnv({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_LIVE_MODE: '1',
    });
    expect(chooseProcessor(env)).toMatchObject({ kind: 'stripe', warning: null, stripe: { secretKey: 'sk_live_abc123' } });
  });

  it('starts production on Stripe test keys (a trial) with a warning', () => {
    expect(chooseProcessor({ production: true, paymentsTestMode: false, stripe: TEST_KEYS })).toMatchObject({ kind: 'stripe', warning: STRIPE_TEST_KEYS_WARNING });
  });

  it('refuses production with no processor, saying both ways out', () => {
    const message = refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, stripe: NO_KEYS }));
    expect(message).toContain('no card processor is configured');
    expect(message).toContain('STRIPE_SECRET_KEY');
    expect(message).toContain('PAYMENTS_TEST_MODE=1');
    expect(chooseProcessor({ production: true, paymentsTestMode: true, stripe: NO_KEYS })).toEqual({ kind: 'test-mode', warning: TEST_MODE_WARNING });
  });

  it('names each missing key', () => {
    const message = refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, stripe: { ...LIVE_KEYS, webhookSecret: undefined } }));
    expect(message).toContain('STRIPE_WEBHOOK_SECRET is not set');
    expect(refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, paymentsProvider: 'stripe', stripe: NO_KEYS }))).toContain(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are not set',
    );
  });

  it('refuses test keys when STRIPE_LIVE_MODE=1 says live, and live keys without it', () => {
    expect(refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, stripe: { ...TEST_KEYS, liveMode: true } }))).toContain(
      'STRIPE_LIVE_MODE=1 says cards are charged for real, but the Stripe keys are test keys',
    );
    expect(refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, stripe: { ...LIVE_KEYS, publishableKey: 'pk_test_abc123' } }))).toContain(
      'both must be of the same mode',
    );
    expect(refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, stripe: { ...LIVE_KEYS, liveMode: false } }))).toContain('set STRIPE_LIVE_MODE=1');
  });

  it('refuses keys that are no Stripe keys, a fake API host in live mode, and an unknown provider', () => {
    expect(refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, stripe: { ...LIVE_KEYS, secretKey: 'pk_live_abc123' } }))).toContain('not a Stripe secret key');
    expect(refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, stripe: { ...LIVE_KEYS, webhookSecret: 'abc' } }))).toContain('whsec_');
    expect(refusalOf(() => chooseProcessor({ production: true, paymentsTestMode: false, stripe: { ...LIVE_KEYS, apiUrl: 'http://127.0.0.1:1' } }))).toContain('STRIPE_API_URL');
    expect(refusalOf(() => chooseProcessor({ production: false, paymentsTestMode: false, paymentsProvider: 'paypal', stripe: NO_KEYS }))).toContain('PAYMENTS_PROVIDER=paypal');
  });
});
