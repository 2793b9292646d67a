/**
 * Which card processor the server runs, decided before anything else starts (a refusal changes
 * nothing). Stripe (`PAYMENTS_PROVIDER=stripe`, or production given Stripe keys) needs its three keys;
 * the built-in test-mode processor charges no card, so production runs it only when
 * PAYMENTS_TEST_MODE=1 says so, and then says so loudly.
 */
import { StartupRefusal } from '../../../lib/startup-refusal';
import type { StripeSettings } from './stripe-processor';

export interface StripeEnv {
  secretKey: string | undefined;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** STRIPE_API_URL: another host for Stripe's API (a local fake); never with live keys. */
  apiUrl: string | undefined;
  /** STRIPE_LIVE_MODE=1: the keys must be live ones, and real cards are charged. */
  liveMode: boolean;
}

export interface ProcessorSettings {
  production: boolean;
  paymentsTestMode: boolean;
  /** PAYMENTS_PROVIDER: 'stripe' or 'test-mode'; unset picks Stripe in production when a Stripe key is set and PAYMENTS_TEST_MODE is not. */
  paymentsProvider?: string | undefined;
  stripe?: StripeEnv;
}

export type ProcessorChoice =
  | { kind: 'test-mode'; /** For the log at start. */ warning: string | null }
  | { kind: 'stripe'; stripe: StripeSettings; warning: string | null };

export const TEST_MODE_WARNING =
  'Card payments run in TEST MODE (PAYMENTS_TEST_MODE=1): no card is charged and only test card numbers are accepted. Do not take real bookings like this.';

export const STRIPE_TEST_KEYS_WARNING =
  "Card payments run on Stripe's TEST keys: no card is charged. Set live keys and STRIPE_LIVE_MODE=1 to take real payments.";

const refuse = (lines: string[]) => new StartupRefusal(lines.join('\n'));

/** 'live' or 'test' from a key's prefix (sk_live_, rk_test_, pk_live_ …); null when it is no Stripe key of that kind. */
function keyMode(key: string, kinds: readonly string[]): 'live' | 'test' | null {
  const match = /^([a-z]+)_(live|test)_[A-Za-z0-9_]+$/.exec(key);
  return match && kinds.includes(match[1]!) ? (match[2] as 'live' | 'test') : null;
}

function chooseStripe(env: StripeEnv | undefined, production: boolean): ProcessorChoice {
  const keys = { STRIPE_SECRET_KEY: env?.secretKey, STRIPE_PUBLISHABLE_KEY: env?.publishableKey, STRIPE_WEBHOOK_SECRET: env?.webhookSecret };
  const missing = Object.entries(keys).filter(([, value]) => !value).map(([name]) => name);
  if (!env || missing.length > 0) {
    throw refuse([
      `Card payments on Stripe need three keys, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.`,
      "What to do: copy the secret and publishable keys from Stripe's dashboard (Developers → API keys) and the webhook endpoint's signing secret (Developers → Webhooks, the endpoint https://<your host>/payments/stripe/webhook) into STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.",
    ]);
  }
  const secretMode = keyMode(env.secretKey!, ['sk', 'rk']);
  const publishableMode = keyMode(env.publishableKey!, ['pk']);
  if (!secretMode) throw refuse(['STRIPE_SECRET_KEY is not a Stripe secret key (sk_live_…, sk_test_…, or a restricted rk_…).']);
  if (!publishableMode) throw refuse(['STRIPE_PUBLISHABLE_KEY is not a Stripe publishable key (pk_live_… or pk_test_…).']);
  if (!env.webhookSecret!.startsWith('whsec_')) throw refuse(["STRIPE_WEBHOOK_SECRET is not a webhook endpoint's signing secret (whsec_…)."]);
  if (secretMode !== publishableMode) {
    throw refuse([`STRIPE_SECRET_KEY is a ${secretMode} key and STRIPE_PUBLISHABLE_KEY a ${publishableMode} one: both must be of the same mode.`]);
  }
  if (env.liveMode && secretMode === 'test') {
    throw refuse([
      'STRIPE_LIVE_MODE=1 says cards are charged for real, but the Stripe keys are test keys (sk_test_…, pk_test_…), which charge nothing.',
      'What to do: set the live keys (sk_live_…, pk_live_…, and the live webhook endpoint\'s whsec_…), or remove STRIPE_LIVE_MODE for a trial on test keys.',
    ]);
  }
  if (!env.liveMode && secretMode === 'live') {
    throw refuse(['The Stripe keys are live keys, which charge real cards: set STRIPE_LIVE_MODE=1 to say that is meant.']);
  }
  if (env.liveMode && env.apiUrl) throw refuse(['STRIPE_API_URL is for tests against a fake of Stripe: remove it when STRIPE_LIVE_MODE=1.']);
  return {
    kind: 'stripe',
    stripe: { secretKey: env.secretKey!, publishableKey: env.publishableKey!, webhookSecret: env.webhookSecret!, ...(env.apiUrl ? { apiUrl: env.apiUrl } : {}) },
    warning: production && !env.liveMode ? STRIPE_TEST_KEYS_WARNING : null,
  };
}

export function chooseProcessor(settings: ProcessorSettings): ProcessorChoice {
  const { stripe } = settings;
  const anyStripeKey = Boolean(stripe?.secretKey || stripe?.publishableKey || stripe?.webhookSecret);
  // Outside production the test-mode processor stays the default, whatever keys the shell holds.
  const provider = settings.paymentsProvider || (settings.production && anyStripeKey && !settings.paymentsTestMode ? 'stripe' : 'test-mode');
  if (provider === 'stripe') return chooseStripe(stripe, settings.production);
  if (provider !== 'test-mode') throw refuse([`PAYMENTS_PROVIDER=${provider} is not a card processor the server knows: use stripe (or test-mode outside production).`]);
  if (!settings.production) return { kind: 'test-mode', warning: null };
  if (settings.paymentsTestMode) return { kind: 'test-mode', warning: TEST_MODE_WARNING };
  throw refuse([
    'NODE_ENV=production, and no card processor is configured: the built-in test-mode processor charges no card.',
    'What to do:',
    '- to take real payments, set PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_LIVE_MODE=1;',
    '- to run in production with test cards only (a trial; nothing is charged), set PAYMENTS_TEST_MODE=1.',
  ]);
}
