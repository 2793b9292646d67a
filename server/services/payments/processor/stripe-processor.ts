/**
 * Stripe, through its official `stripe` package, as the club's card processor (PAYMENTS_PROVIDER=stripe).
 *
 * - Every payment attempt is a PaymentIntent in HKD for the amount due, made with the attempt's own
 *   idempotency key and its metadata (the reservation it pays). The browser confirms it with the Payment
 *   Element, which runs 3-D Secure and wallets (Apple Pay, Google Pay) as Stripe's next actions.
 * - An attempt that pays a reservation keeps the card for a later no-show fee (`setup_future_usage:
 *   off_session`, on a customer of its own): the guest agreed to that fee in the venue's policy.
 * - A card guarantee saves a card with nothing charged: a Customer of the guest and a SetupIntent with
 *   `usage: off_session`, confirmed by the Payment Element (3-D Secure when the bank asks).
 * - `chargeCardOnFile` charges that card (or a guarantee's) off-session; a card refusal (a decline, or the bank asking for
 *   authentication the absent guest cannot give) comes back as a failed intent with the reason, and any
 *   other error is thrown as "no answer", for the existing retries with the same key.
 * - `detachCard` detaches a removed card's PaymentMethod from its Customer (docs/PRODUCT.md §9).
 *
 * `STRIPE_API_URL` points the SDK at another host (tests run it against a local fake of Stripe's API).
 */
import type Stripe from 'stripe';
import type { CardProcessor, CardSetup, CreateIntentInput, CreateSetupInput, PaymentIntent, ProcessorRefund, ProcessorWebhooks, WebhookEvent } from './processor';
import { ProcessorError, WebhookVerificationError } from './processor';
import { toCardSetup, toPaymentIntent, toWebhookEvent } from './stripe-intent';
import { SIGNATURE_TOLERANCE_SECONDS } from './webhook-signature';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another host for Stripe's API (`http://127.0.0.1:12111`); Stripe's own when unset. */
  apiUrl?: string;
  /** The SDK's retries of a call that got no answer (same idempotency key); 2 by default. */
  maxNetworkRetries?: number;
  /** How long one call may take, in ms: well under a no-show charge's 2-minute claim. */
  timeoutMs?: number;
}

/** The SDK's options for `apiUrl`: its `host`, `port` and `protocol`. */
export function hostOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/**
 * The SDK, loaded by the first createStripeProcessor: a server not on Stripe keeps it out of its memory
 * (~35 MB; npm run bench:start, decision 0043). Every call below runs on a processor, so after it.
 */
let sdk: typeof Stripe | undefined;
function stripeSdk(): typeof Stripe {
  if (!sdk) throw new Error('The Stripe SDK is loaded by createStripeProcessor');
  return sdk;
}

const isNotFound = (err: unknown) => err instanceof stripeSdk().errors.StripeInvalidRequestError && err.statusCode === 404;

/** Stripe's refusals and outages as the app knows them: a ProcessorError (502, nothing of ours changed). */
export async function askStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (sdk && err instanceof sdk.errors.StripeError) throw new ProcessorError(`Stripe: ${err.message}`, { cause: err });
    throw err;
  }
}

export class StripeProcessor implements CardProcessor {
  readonly provider = 'stripe';
  readonly publishableKey: string;
  readonly webhookSecret: string;
  readonly webhooks: ProcessorWebhooks;
  readonly stripe: Stripe;

  constructor(settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
    this.stripe = new (stripeSdk())(settings.secretKey, {
      maxNetworkRetries: settings.maxNetworkRetries ?? 2,
      timeout: settings.timeoutMs ?? 30_000,
      telemetry: false,
      appInfo: { name: 'club-reservations' },
      ...hostOptions(settings.apiUrl),
    });
    this.webhooks = { constructEvent: (raw, header, secret, now) => this.constructEvent(raw, header, secret, now) };
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    if (input.currency !== 'HKD') throw new ProcessorError('Only HKD is accepted');
    // A reservation's payment keeps its card for the no-show fee the policy names; a top-up does not.
    const keepCard = Boolean(input.metadata.reservationId);
    const customer = keepCard
      ? (await askStripe(() => this.stripe.customers.create({ metadata: input.metadata }, { idempotencyKey: `customer-${input.idempotencyKey}` }))).id
      : undefined;
    const pi = await askStripe(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'hkd',
          automatic_payment_methods: { enabled: true },
          metadata: input.metadata,
          ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toPaymentIntent(pi);
  }

  async retrieve(intentId: string): Promise<PaymentIntent | null> {
    try {
      return toPaymentIntent(await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }));
    } catch (err) {
      if (isNotFound(err)) return null;
      return askStripe(() => Promise.reject(err));
    }
  }

  async cancel(intentId: string): Promise<PaymentIntent> {
    const current = await this.retrieve(intentId);
    if (!current) throw new ProcessorError(`No such payment intent: ${intentId}`);
    if (current.status !== 'requires_payment_method' && current.status !== 'requires_action') return current;
    try {
      return toPaymentIntent(await this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` }));
    } catch (err) {
      // The card got there between the two calls (Stripe cancels no paid intent): the intent as it is now.
      if (err instanceof stripeSdk().errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
        const now = await this.retrieve(intentId);
        if (now) return now;
      }
      return askStripe(() => Promise.reject(err));
    }
  }

  async refund(intentId: string, amount: number, idempotencyKey: string): Promise<ProcessorRefund> {
    const refund = await askStripe(() => this.stripe.refunds.create({ payment_intent: intentId, amount }, { idempotencyKey }));
    return { id: refund.id, intentId, amount: refund.amount };
  }

  /** A Customer of the guest and a SetupIntent for off-session use; the Payment Element confirms it (3-D Secure if the bank asks). */
  async createSetup(input: CreateSetupInput): Promise<CardSetup> {
    const customer = await askStripe(() =>
      this.stripe.customers.create(
        { email: input.customer.email ?? undefined, name: input.customer.name ?? undefined, metadata: input.metadata },
        { idempotencyKey: `customer-${input.idempotencyKey}` },
      ),
    );
    const si = await askStripe(() =>
      this.stripe.setupIntents.create(
        { customer: customer.id, usage: 'off_session', automatic_payment_methods: { enabled: true }, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toCardSetup(si);
  }

  async retrieveSetup(setupId: string): Promise<CardSetup | null> {
    try {
      return toCardSetup(await this.stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] }));
    } catch (err) {
      if (isNotFound(err)) return null;
      return askStripe(() => Promise.reject(err));
    }
  }

  /** The customer and card of `cardOf`: a succeeded SetupIntent's (a card guarantee) or PaymentIntent's (a booking's payment). */
  private async cardOnFile(cardOf: string): Promise<{ customer: string; paymentMethod: string }> {
    const source = cardOf.startsWith('seti_') ? await this.stripe.setupIntents.retrieve(cardOf) : await this.stripe.paymentIntents.retrieve(cardOf);
    const paymentMethod = idOf(source.payment_method);
    const customer = idOf(source.customer);
    if (!paymentMethod || !customer || source.status !== 'succeeded') throw new ProcessorError(`No card on file for ${cardOf}`);
    return { customer, paymentMethod };
  }

  async chargeCardOnFile(input: CreateIntentInput & { cardOf: string }): Promise<PaymentIntent> {
    const { customer, paymentMethod } = await this.cardOnFile(input.cardOf);
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'hkd',
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          metadata: input.metadata,
          expand: ['latest_charge'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toPaymentIntent(pi);
    } catch (err) {
      // The card said no (declined, or its bank wants the absent cardholder): an answer, not an outage.
      const refused = err instanceof stripeSdk().errors.StripeCardError ? (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent : undefined;
      if (refused) return toPaymentIntent(refused);
      throw err;
    }
  }

  async detachCard(cardOf: string): Promise<void> {
    const source = await askStripe(() => this.stripe.paymentIntents.retrieve(cardOf));
    const paymentMethod = typeof source.payment_method === 'string' ? source.payment_method : source.payment_method?.id;
    if (!paymentMethod) return;
    const method = await askStripe(() => this.stripe.paymentMethods.retrieve(paymentMethod));
    // Detached already (another payment of the same card, or a second removal): nothing left to do.
    if (!method.customer) return;
    await askStripe(() => this.stripe.paymentMethods.detach(paymentMethod));
  }

  /**
   * The event a Stripe delivery carries, checked by `stripe.webhooks.constructEvent` against the raw
   * body at `now`; null for an event the app does not act on. Throws `WebhookVerificationError`.
   */
  parseEvent(rawBody: string, signatureHeader: string | undefined, now: Date): WebhookEvent | null {
    if (!signatureHeader) throw new WebhookVerificationError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, now.getTime());
    } catch (err) {
      throw new WebhookVerificationError(err instanceof Error ? err.message : String(err));
    }
    return toWebhookEvent(event);
  }

  private constructEvent(rawBody: string, header: string | undefined, _secret: string, now: Date): WebhookEvent {
    const event = this.parseEvent(rawBody, header, now);
    if (!event) throw new WebhookVerificationError('Not an event about a payment');
    return event;
  }
}

export async function createStripeProcessor(settings: StripeSettings): Promise<StripeProcessor> {
  sdk ??= (await import('stripe')).default;
  return new StripeProcessor(settings);
}
