/**
 * The card processor as the server sees it: payment intents in HKD minor units, refunds, and signed
 * webhooks. The built-in test-mode processor (`test-processor.ts`) is the default; a real provider is a
 * second implementation of this interface. The processor is another system: never call it inside one of
 * our database transactions.
 */

/** A payment intent's life: requires_payment_method → (requires_action →) succeeded | failed, then refunds. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'failed'
  | 'refunded'
  | 'partially_refunded';

/** The only currency the club takes. */
export type Currency = 'HKD';

/** A payment intent as the processor reports it to the server. */
export interface PaymentIntent {
  id: string;
  /** Handed to the browser, which confirms the intent with the card directly at the processor. */
  clientSecret: string;
  status: IntentStatus;
  /** Minor units. */
  amount: number;
  currency: Currency;
  amountRefunded: number;
  /** The card that paid (never its number). */
  card: { brand: string; last4: string } | null;
  /** Why the last attempt failed, in words for the guest. */
  lastError: string | null;
  /**
   * A charge without the cardholder that failed because the card's bank asks the cardholder to approve it
   * (Stripe's `authentication_required`): not a refusal of the card, so the guest may pay it themselves.
   */
  needsAuthentication?: boolean;
  metadata: Record<string, string>;
}

/**
 * A card saved for later charges without the cardholder (Stripe: a SetupIntent with `usage: off_session`
 * on a Customer of the guest): confirmed by the browser as a payment is, 3-D Secure included, and nothing
 * charged. `status` follows an intent's: requires_payment_method → (requires_action →) succeeded | failed.
 */
export interface CardSetup {
  id: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'failed';
  card: { brand: string; last4: string } | null;
  lastError: string | null;
}

export interface CreateSetupInput {
  /** The same key gives back the same setup. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** The guest it is saved for (Stripe: the Customer's e-mail and name). */
  customer: { email: string | null; name: string | null };
}

export interface CreateIntentInput {
  amount: number;
  currency: Currency;
  /** The same key gives back the same intent. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ProcessorRefund {
  id: string;
  intentId: string;
  amount: number;
}

export type WebhookEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'charge.refunded';

/** A webhook event on the wire: `data.object` is the intent as the browser-facing API shows it. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  /** Unix seconds. */
  created: number;
  data: {
    object: {
      id: string;
      status: IntentStatus;
      amount: number;
      currency: string;
      lastError?: string | null;
      amountRefunded?: number;
    };
  };
}

/** The processor refused a server-side call (unknown intent, a reused key, a refund it cannot make). */
export class ProcessorError extends Error {}

/** A refused webhook delivery: a missing, wrong or stale signature, or a body that is no event. */
export class WebhookVerificationError extends Error {}

export interface ProcessorWebhooks {
  /**
   * The event a delivery carries, after checking its signature header against the raw body with the
   * endpoint's secret at `now`. Throws `WebhookVerificationError` when anything is wrong.
   */
  constructEvent(rawBody: string, signatureHeader: string | undefined, secret: string, now: Date): WebhookEvent;
  /**
   * For a processor that lives in this process: delivers the events that are due and returns how many
   * were acknowledged. A remote processor delivers on its own and has none.
   */
  deliverPending?(): Promise<number>;
}

/** A card processor. Every call is idempotent where it takes a key. */
export interface CardProcessor {
  /** Shown to the browser: 'test-mode' for the built-in processor. */
  readonly provider: string;
  /** The public key the browser identifies itself with. */
  readonly publishableKey: string;
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  /** The intent, or null when the processor does not know it. */
  retrieve(intentId: string): Promise<PaymentIntent | null>;
  /**
   * Cancels an intent no card has paid (none given, or one waiting for the bank's 3-D Secure check): it
   * can then never be charged, and reads as failed. An intent the card has paid (succeeded, processing)
   * comes back as it is, not cancelled.
   */
  cancel(intentId: string): Promise<PaymentIntent>;
  /** Refunds `amount` of a succeeded intent; the same key gives back the same refund. */
  refund(intentId: string, amount: number, idempotencyKey: string): Promise<ProcessorRefund>;
  /**
   * Charges, without the cardholder present, the card that paid the intent `cardOf`, or the card saved
   * by the setup `cardOf` (a fee the cardholder agreed to when paying or saving, such as a venue's no-show fee): the new intent has succeeded or
   * failed (the card refused it, `lastError` saying why) when this returns. The same key gives back the
   * same intent. It throws when there is no answer (unreachable, an error): the charge may have been made
   * or not, and asking again with the same key finds out without charging twice.
   */
  chargeCardOnFile(input: CreateIntentInput & { cardOf: string }): Promise<PaymentIntent>;
  /**
   * Forgets the card that paid the intent `cardOf` (the guest removed it): the processor no longer keeps
   * it (Stripe: its PaymentMethod detached from the Customer), so no later `chargeCardOnFile` can charge
   * it. A card forgotten already is no error.
   */
  detachCard(cardOf: string): Promise<void>;
  /**
   * Starts saving a card for later charges (a card guarantee): the browser confirms the setup's client
   * secret with the card. `chargeCardOnFile` takes a succeeded setup's id as `cardOf`.
   */
  createSetup(input: CreateSetupInput): Promise<CardSetup>;
  /** The setup, or null when the processor does not know it. */
  retrieveSetup(setupId: string): Promise<CardSetup | null>;
  readonly webhooks: ProcessorWebhooks;
}
