/**
 * Stripe's objects in the processor interface's words: a PaymentIntent as our `PaymentIntent`, a
 * SetupIntent as our `CardSetup`, the
 * reason a card was refused as a text for the guest (or staff), and a webhook event as our
 * `WebhookEvent` about an intent (or null for an event the app does not act on).
 */
import type Stripe from 'stripe';
import type { CardSetup, IntentStatus, PaymentIntent, WebhookEvent } from './processor';
import { DECLINE_MESSAGES } from './test-processor';

/** The reasons Stripe gives, in our (translated) words; anything else falls back to a plain decline. */
export const STRIPE_REFUSALS = {
  /** An off-session charge the card's bank wants the cardholder to approve (3-D Secure): they were not there. */
  authenticationRequired: DECLINE_MESSAGES.authenticationRequired,
} as const;

/** Why the last attempt failed, in words for the guest (and staff), from Stripe's error codes. */
export function refusalText(error: Stripe.PaymentIntent.LastPaymentError | null | undefined): string | null {
  if (!error) return null;
  if (error.code === 'authentication_required' || error.decline_code === 'authentication_required') return STRIPE_REFUSALS.authenticationRequired;
  if (error.code === 'payment_intent_authentication_failure') return DECLINE_MESSAGES.authenticationFailed;
  if (error.decline_code === 'insufficient_funds') return DECLINE_MESSAGES.insufficientFunds;
  return DECLINE_MESSAGES.declined;
}

/**
 * Stripe's status in ours. Stripe sends a refused intent back to `requires_payment_method` with the
 * error; to the app that attempt has failed (a new attempt is a new intent), and so has a cancelled one.
 */
export function intentStatus(pi: Stripe.PaymentIntent, amountRefunded: number): IntentStatus {
  switch (pi.status) {
    case 'succeeded':
      return amountRefunded >= pi.amount ? 'refunded' : amountRefunded > 0 ? 'partially_refunded' : 'succeeded';
    case 'requires_payment_method':
      return pi.last_payment_error ? 'failed' : 'requires_payment_method';
    case 'requires_confirmation':
      return 'requires_payment_method';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'failed';
    default:
      // processing, requires_capture: the money is on its way.
      return 'processing';
  }
}

/** The intent in the interface's words; `latest_charge` expanded gives the card and what was refunded. */
export function toPaymentIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const amountRefunded = charge?.amount_refunded ?? 0;
  const card = charge?.payment_method_details?.card;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: intentStatus(pi, amountRefunded),
    amount: pi.amount,
    currency: 'HKD',
    amountRefunded,
    card: card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null,
    lastError: refusalText(pi.last_payment_error),
    needsAuthentication: refusalText(pi.last_payment_error) === STRIPE_REFUSALS.authenticationRequired,
    metadata: { ...pi.metadata },
  };
}

/** Stripe's SetupIntent status in ours: a refused card sends it back to requires_payment_method with the error. */
function setupStatus(si: Stripe.SetupIntent): CardSetup['status'] {
  switch (si.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
      return 'processing';
    case 'requires_payment_method':
      return si.last_setup_error ? 'failed' : 'requires_payment_method';
    case 'requires_confirmation':
      return 'requires_payment_method';
    default:
      // canceled
      return 'failed';
  }
}

/** A SetupIntent in the interface's words; `payment_method` expanded gives the card saved. */
export function toCardSetup(si: Stripe.SetupIntent): CardSetup {
  const method = si.payment_method && typeof si.payment_method === 'object' ? si.payment_method : null;
  const card = method?.card;
  return {
    id: si.id,
    clientSecret: si.client_secret ?? '',
    status: setupStatus(si),
    card: card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null,
    lastError: si.last_setup_error ? refusalText(si.last_setup_error as Stripe.PaymentIntent.LastPaymentError) : null,
  };
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/**
 * The event about an intent the app acts on, or null for any other (acknowledged and left). The app
 * reads the intent itself from Stripe when it acts, so only the intent's id matters; the rest is kept
 * for the processed-events record.
 */
export function toWebhookEvent(event: Stripe.Event): WebhookEvent | null {
  const object = event.data.object as { object?: string; id: string; payment_intent?: string | { id: string } | null; amount?: number; currency?: string };
  const intentId = object.object === 'payment_intent' ? object.id : object.object === 'charge' ? idOf(object.payment_intent) : null;
  if (!intentId) return null;
  const type =
    event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed' || event.type === 'charge.refunded'
      ? event.type
      : event.type === 'payment_intent.canceled'
        ? 'payment_intent.payment_failed'
        : null;
  if (!type) return null;
  return {
    id: event.id,
    type,
    created: event.created,
    // Not the intent's full state (a charge event carries the charge): the app asks Stripe for that.
    data: { object: { id: intentId, status: 'processing', amount: object.amount ?? 0, currency: object.currency ?? 'hkd' } },
  };
}
