/**
 * Confirming a payment with Stripe's Payment Element, in the payment chart's words. Stripe.js runs what
 * the intent needs next in the page (a 3-D Secure challenge, Apple Pay or Google Pay sheet) and only
 * leaves the page for a method that must (`redirect: 'if_required'`). Its answer becomes the chart's
 * intent: taken (succeeded or processing), refused with Stripe's reason (a new attempt follows), or a
 * thrown call error (a field to fix, or 'An error occurred during payment'). A payment left in the bank's
 * check is taken up again where it stood (`resumeBankCheck`).
 */
import type { PaymentIntent as StripeIntent, SetupIntent as StripeSetup, Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import type { PaymentIntent } from '../../machines/payment.machine';
import type { CallError } from '../../machines/call-error';
import type { Locale } from '../../common/locales';

/** Stripe Elements' name for each of our languages (Hong Kong's Traditional Chinese). */
export const STRIPE_LOCALES: Record<Locale, 'en' | 'ja' | 'ko' | 'th' | 'zh' | 'zh-HK'> = {
  en: 'en',
  ja: 'ja',
  ko: 'ko',
  th: 'th',
  'zh-Hans': 'zh',
  'zh-Hant': 'zh-HK',
};

const STATUS: Record<StripeIntent.Status, PaymentIntent['status']> = {
  succeeded: 'succeeded',
  processing: 'processing',
  requires_capture: 'processing',
  requires_action: 'requires_action',
  requires_confirmation: 'requires_payment_method',
  requires_payment_method: 'requires_payment_method',
  canceled: 'failed',
};

// A card guarantee's setup (docs/decisions/0035-card-guarantee.md) is read as an intent of nothing, as the server's test processor keeps it.
const asIntent = (intent: StripeIntent | StripeSetup, lastError: string | null = null): PaymentIntent => ({
  id: intent.id,
  status: lastError ? 'failed' : STATUS[intent.status],
  amount: 'amount' in intent ? intent.amount : 0,
  currency: 'currency' in intent ? intent.currency : 'hkd',
  lastError,
});

/** A refusal of the card itself: the chart starts a fresh attempt and shows Stripe's reason (already in the Element's language). */
const isCardRefusal = (error: StripeError) => error.type === 'card_error' || error.code === 'payment_intent_authentication_failure' || error.code === 'setup_intent_authentication_failure';

export async function confirmWithElement(stripe: Stripe, elements: StripeElements, returnUrl: string): Promise<PaymentIntent> {
  return intentOf(await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } }));
}

/** Saving the card of a guarantee: Stripe's confirmSetup, 3-D Secure included when the bank asks. */
export async function confirmSetupWithElement(stripe: Stripe, elements: StripeElements, returnUrl: string): Promise<PaymentIntent> {
  return intentOf(await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } }));
}

/**
 * The bank's check of an intent left waiting for it (a reload during 3-D Secure closed Stripe's window):
 * `stripe.handleNextAction` shows that check again for the same intent, so the guest finishes it rather
 * than starting over. Its answer is read as a confirmation's.
 */
export async function resumeBankCheck(stripe: Stripe, clientSecret: string): Promise<PaymentIntent> {
  return intentOf(await stripe.handleNextAction({ clientSecret }));
}

function intentOf({ error, paymentIntent, setupIntent }: { error?: StripeError; paymentIntent?: StripeIntent; setupIntent?: StripeSetup }): PaymentIntent {
  const answered = paymentIntent ?? setupIntent;
  if (!error && answered) return asIntent(answered);
  if (!error) throw { message: 'stripe' } satisfies CallError;
  const refused = error.payment_intent ?? error.setup_intent;
  if (isCardRefusal(error) && refused) return asIntent(refused, error.message ?? null);
  // An incomplete or invalid field: the Element marks it; the form says it beside the button.
  if (error.type === 'validation_error') throw { message: error.message ?? '', field: 'card' } satisfies CallError;
  throw { message: error.message ?? 'stripe' } satisfies CallError;
}
