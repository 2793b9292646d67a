/**
 * A local fake of the part of Stripe's HTTP API the club uses, so the server tests run the real `stripe`
 * SDK with no network: form-encoded requests, Stripe's object and error shapes (a declined card answers
 * 402 with `error.payment_intent`), idempotency keys replayed (the same answer again, `Idempotent-Replayed`)
 * or refused when reused with other parameters, and webhook events signed with Stripe's scheme
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(t.body)`), which the test delivers when it chooses (before or
 * after a poll, twice, out of order).
 *
 * What the browser does at Stripe (Stripe.js confirming an intent with a card, a 3-D Secure challenge)
 * is simulated by `payAsBrowser` and `finishChallenge`, with Stripe's test cards by name; saving a card
 * with a SetupIntent (a card guarantee) by `saveAsBrowser` and `finishSetupChallenge`. A removed card's
 * PaymentMethod is detached from its Customer, after which an off-session charge of it is refused, as Stripe does.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeForm, type FormObject } from './form-body';

/** Stripe's test cards, by what they do on the guest's screen and later without the guest. */
export const FAKE_CARDS = {
  visa: { brand: 'visa', last4: '4242', now: 'approve', later: 'approve' },
  declined: { brand: 'visa', last4: '0002', now: 'decline', later: 'decline' },
  insufficientFunds: { brand: 'visa', last4: '9995', now: 'insufficient', later: 'insufficient' },
  /** 3-D Secure asked on the guest's screen; once set up for later, charged without it. */
  threeDSecure: { brand: 'visa', last4: '3155', now: 'challenge', later: 'approve' },
  /** Approved now; a later charge without the guest is declined. */
  declinesLater: { brand: 'visa', last4: '0341', now: 'approve', later: 'decline' },
  /** Asks the cardholder to authenticate every charge, even one made without them. */
  alwaysAuthenticate: { brand: 'visa', last4: '3184', now: 'challenge', later: 'authenticate' },
} as const;
export type FakeCard = keyof typeof FAKE_CARDS;

/** Stripe's test PaymentMethods by id, as the fake's cards. */
const TEST_PAYMENT_METHODS: Record<string, FakeCard> = {
  pm_card_visa: 'visa',
  pm_card_visa_chargeDeclined: 'declined',
  pm_card_visa_chargeDeclinedInsufficientFunds: 'insufficientFunds',
  pm_card_authenticationRequired: 'alwaysAuthenticate',
};

type Obj = Record<string, any>;

export interface FakeStripeOptions {
  /** The test's clock: objects' `created` and the signatures' timestamps. */
  clock: { now(): Date };
  /** Where webhook deliveries go: the app's own `fetch`. */
  webhookEndpoint: (request: Request) => Response | Promise<Response>;
  webhookSecret: string;
  /** The secret key the SDK must send. */
  secretKey: string;
}

const ERRORS = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  payment_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(body.error?.message ?? 'error');
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeHttpError(400, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } });
const missing = (kind: string, id: string) =>
  new StripeHttpError(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' } });

export class FakeStripe {
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly intents = new Map<string, Obj>();
  readonly setupIntents = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly balanceTransactions: Obj[] = [];
  readonly events: Obj[] = [];
  /** Every request as the SDK sent it: method, path, decoded body, idempotency key. */
  readonly requests: { method: string; path: string; body: FormObject; idempotencyKey: string | undefined }[] = [];
  /** The next n requests answer 500 (Stripe down): the SDK gets no usable answer. */
  failNext = 0;
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: Obj }>();
  private server: Server | undefined;
  url = '';

  constructor(private readonly options: FakeStripeOptions) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private nowSeconds(): number {
    return Math.floor(this.options.clock.now().getTime() / 1000);
  }

  private newId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('hex')}`;
  }

  // ---- the HTTP side ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(Buffer.concat(chunks).toString('utf8'));
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path: url.pathname, body, idempotencyKey: key });
    const send = (status: number, payload: Obj, replayed = false) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.newId('req'), ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    if (this.failNext > 0) {
      this.failNext--;
      send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      return;
    }
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(body)}`;
    if (key && method === 'POST') {
      const earlier = this.idempotent.get(key);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        } else send(earlier.status, earlier.body, true);
        return;
      }
    }
    let status = 200;
    let payload: Obj;
    try {
      payload = this.route(method, url.pathname, body);
    } catch (err) {
      if (!(err instanceof StripeHttpError)) throw err;
      status = err.status;
      payload = err.body;
    }
    // Stripe keeps the answer of a keyed POST, errors too (not a 500), and gives it back on a replay.
    if (key && method === 'POST') this.idempotent.set(key, { fingerprint, status, body: payload });
    send(status, payload);
  }

  private route(method: string, path: string, body: FormObject): Obj {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1') throw invalid(`Unrecognized request URL (${method}: ${path})`);
    const [, resource, id, action] = parts;
    if (method === 'POST' && resource === 'customers' && !id) return this.createCustomer(body);
    if (method === 'POST' && resource === 'payment_intents' && !id) return this.createIntent(body);
    if (method === 'GET' && resource === 'payment_intents' && id && !action) return this.expand(this.intent(id), body);
    if (method === 'POST' && resource === 'payment_intents' && id && action === 'confirm') return this.confirmWith(id, body);
    if (method === 'POST' && resource === 'payment_intents' && id && action === 'cancel') return this.cancelIntent(id, body);
    if (method === 'GET' && resource === 'payment_methods' && id && !action) return this.paymentMethodAnswer(this.paymentMethod(id));
    if (method === 'POST' && resource === 'payment_methods' && id && action === 'detach') return this.detachPaymentMethod(id);
    if (method === 'POST' && resource === 'setup_intents' && !id) return this.createSetupIntent(body);
    if (method === 'GET' && resource === 'setup_intents' && id && !action) return this.expandSetup(this.setupIntent(id), body);
    if (method === 'POST' && resource === 'refunds' && !id) return this.createRefund(body);
    if (method === 'GET' && resource === 'refunds' && !id) return this.list('/v1/refunds', [...this.refunds.values()], body);
    if (method === 'GET' && resource === 'balance_transactions' && !id) return this.list('/v1/balance_transactions', this.balanceTransactions, body);
    throw invalid(`Unrecognized request URL (${method}: ${path})`);
  }

  private list(url: string, all: Obj[], query: FormObject): Obj {
    const created = (query.created ?? {}) as Record<string, string>;
    let rows = [...all]
      .filter((o) => (created.gte === undefined || o.created >= Number(created.gte)) && (created.lt === undefined || o.created < Number(created.lt)))
      // Newest first, as Stripe lists.
      .reverse();
    if (typeof query.starting_after === 'string') rows = rows.slice(rows.findIndex((o) => o.id === query.starting_after) + 1);
    const limit = Number(query.limit ?? 10);
    const expand = Array.isArray(query.expand) ? query.expand : [];
    // expand[]=data.source: each balance transaction with its charge or refund.
    const data = rows.slice(0, limit).map((o) =>
      expand.includes('data.source') && typeof o.source === 'string' ? { ...o, source: structuredClone(this.charges.get(o.source) ?? this.refunds.get(o.source) ?? o.source) } : o,
    );
    return { object: 'list', url, has_more: rows.length > limit, data };
  }

  private intent(id: string): Obj {
    const intent = this.intents.get(id);
    if (!intent) throw missing('payment_intent', id);
    return intent;
  }

  private paymentMethod(id: string): Obj {
    const pm = this.paymentMethods.get(id);
    if (!pm) throw missing('payment_method', id);
    return pm;
  }

  /** A PaymentMethod as Stripe shows it (without the fake's own note of which test card it is). */
  private paymentMethodAnswer(pm: Obj): Obj {
    const { fakeCard: _card, ...shown } = structuredClone(pm);
    return shown;
  }

  /** As Stripe: a PaymentMethod attached to a Customer is detached (no longer chargeable off-session); one that is not is refused. */
  private detachPaymentMethod(id: string): Obj {
    const pm = this.paymentMethod(id);
    if (!pm.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    pm.customer = null;
    this.emit('payment_method.detached', pm);
    return this.paymentMethodAnswer(pm);
  }

  /** The intent as answered: a copy, with `latest_charge` expanded when asked. */
  private expand(intent: Obj, query: FormObject): Obj {
    const copy = structuredClone(intent);
    const expand = Array.isArray(query.expand) ? query.expand : [];
    if (expand.includes('latest_charge') && copy.latest_charge) copy.latest_charge = structuredClone(this.charges.get(copy.latest_charge));
    return copy;
  }

  private setupIntent(id: string): Obj {
    const setup = this.setupIntents.get(id);
    if (!setup) throw missing('setup_intent', id);
    return setup;
  }

  /** The setup as answered: a copy, with `payment_method` expanded when asked. */
  private expandSetup(setup: Obj, query: FormObject): Obj {
    const copy = structuredClone(setup);
    const expand = Array.isArray(query.expand) ? query.expand : [];
    if (expand.includes('payment_method') && copy.payment_method) {
      const { fakeCard: _card, ...pm } = this.paymentMethods.get(copy.payment_method)!;
      copy.payment_method = structuredClone(pm);
    }
    return copy;
  }

  /** A SetupIntent saves a card for a customer, nothing charged (`usage: off_session` for charges without them). */
  private createSetupIntent(body: FormObject): Obj {
    if (!body.customer || !this.customers.has(body.customer as string)) throw missing('customer', String(body.customer));
    const id = this.newId('seti');
    const setup: Obj = {
      id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customer: body.customer,
      usage: body.usage ?? 'off_session',
      payment_method: null,
      automatic_payment_methods: body.automatic_payment_methods ? { enabled: true } : null,
      metadata: body.metadata ?? {},
      last_setup_error: null,
      next_action: null,
      created: this.nowSeconds(),
      livemode: false,
    };
    this.setupIntents.set(id, setup);
    this.emit('setup_intent.created', setup);
    return structuredClone(setup);
  }

  /** Moves a setup on by what the card does: saved to the customer (attached), a decline, or a challenge. */
  private settleSetup(setup: Obj, outcome: string): void {
    const pm = this.paymentMethods.get(setup.payment_method)!;
    if (outcome === 'challenge') {
      Object.assign(setup, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } });
      this.emit('setup_intent.requires_action', setup);
      return;
    }
    setup.next_action = null;
    if (outcome === 'approve') {
      Object.assign(setup, { status: 'succeeded', last_setup_error: null });
      pm.customer = setup.customer;
      this.emit('setup_intent.succeeded', setup);
      return;
    }
    const code = outcome === 'failChallenge' ? 'setup_intent_authentication_failure' : 'card_declined';
    Object.assign(setup, {
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { type: 'card_error', code, ...(code === 'card_declined' ? { decline_code: outcome === 'insufficient' ? 'insufficient_funds' : 'generic_decline' } : {}), message: ERRORS.card_declined },
    });
    this.emit('setup_intent.setup_failed', setup);
  }

  private createCustomer(body: FormObject): Obj {
    const customer = { id: this.newId('cus'), object: 'customer', created: this.nowSeconds(), email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, livemode: false };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createIntent(body: FormObject): Obj {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount');
    if (typeof body.currency !== 'string') throw invalid('Missing required param: currency.', 'currency');
    if (body.customer && !this.customers.has(body.customer as string)) throw missing('customer', body.customer as string);
    const id = this.newId('pi');
    const intent: Obj = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: body.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customer: body.customer ?? null,
      payment_method: null,
      setup_future_usage: body.setup_future_usage ?? null,
      automatic_payment_methods: body.automatic_payment_methods ? { enabled: true } : null,
      metadata: body.metadata ?? {},
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      created: this.nowSeconds(),
      livemode: false,
    };
    this.intents.set(id, intent);
    this.emit('payment_intent.created', intent);
    if (body.confirm === 'true') {
      const pm = this.paymentMethods.get(body.payment_method as string);
      if (!pm) throw missing('payment_method', String(body.payment_method));
      if (body.off_session === 'true' && pm.customer !== intent.customer) {
        throw invalid('The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment', 'payment_method');
      }
      intent.payment_method = pm.id;
      const card = FAKE_CARDS[pm.fakeCard as FakeCard];
      const outcome = body.off_session === 'true' ? card.later : card.now;
      this.settle(intent, outcome);
      if (intent.last_payment_error) {
        throw new StripeHttpError(402, { error: { ...intent.last_payment_error, payment_intent: structuredClone(intent) } });
      }
    }
    return this.expand(intent, body);
  }

  /** A server-side confirm with one of Stripe's test PaymentMethods (`pm_card_visa` …), as the smoke test does. */
  private confirmWith(id: string, body: FormObject): Obj {
    const card = TEST_PAYMENT_METHODS[String(body.payment_method)];
    if (!card) throw missing('payment_method', String(body.payment_method));
    const intent = this.payAsBrowser(id, card);
    if (intent.last_payment_error) throw new StripeHttpError(402, { error: { ...intent.last_payment_error, payment_intent: intent } });
    return this.expand(this.intent(id), body);
  }

  /** As Stripe: an intent not yet paid (nor processing) is canceled for good; any other is refused. */
  private cancelIntent(id: string, body: FormObject): Obj {
    const intent = this.intent(id);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'].includes(intent.status)) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    Object.assign(intent, { status: 'canceled', cancellation_reason: body.cancellation_reason ?? null, canceled_at: this.nowSeconds(), next_action: null });
    this.emit('payment_intent.canceled', intent);
    return this.expand(intent, body);
  }

  private createRefund(body: FormObject): Obj {
    const intent = this.intent(String(body.payment_intent));
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent');
    const left = charge.amount - charge.amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left) throw invalid(`Refund amount (HK$${amount / 100}) is greater than unrefunded amount on charge (HK$${left / 100})`, 'amount', 'amount_too_large');
    const refund = {
      id: this.newId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: body.metadata ?? {},
      created: this.nowSeconds(),
      balance_transaction: this.book('refund', -amount, charge.currency, ''),
    };
    this.balanceTransactions.at(-1)!.source = refund.id;
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', refund);
    this.emit('charge.refunded', charge);
    return refund;
  }

  /** A balance transaction (a charge's money in, a refund's out); its id. */
  private book(type: 'charge' | 'refund', amount: number, currency: string, source: string): string {
    const fee = type === 'charge' ? Math.round(amount * 0.034) + 235 : 0;
    const txn = { id: this.newId('txn'), object: 'balance_transaction', type, amount, fee, net: amount - fee, currency, source, created: this.nowSeconds(), status: 'pending' };
    this.balanceTransactions.push(txn);
    return txn.id;
  }

  /** Moves an intent on by what the card does: succeeded with a charge, a decline, or a challenge. */
  private settle(intent: Obj, outcome: string): void {
    const pm = this.paymentMethods.get(intent.payment_method)!;
    if (outcome === 'challenge') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      this.emit('payment_intent.requires_action', intent);
      return;
    }
    intent.next_action = null;
    if (outcome === 'approve') {
      const charge = {
        id: this.newId('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        refunded: false,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        paid: true,
        created: this.nowSeconds(),
        payment_method: pm.id,
        payment_method_details: { type: 'card', card: { brand: pm.card.brand, last4: pm.card.last4 } },
        balance_transaction: '',
      };
      charge.balance_transaction = this.book('charge', intent.amount, intent.currency, charge.id);
      this.charges.set(charge.id, charge);
      Object.assign(intent, { status: 'succeeded', latest_charge: charge.id, amount_received: intent.amount, last_payment_error: null });
      // A card paid with setup_future_usage stays with the customer for later charges.
      if (intent.setup_future_usage && intent.customer) pm.customer = intent.customer;
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.succeeded', intent);
      return;
    }
    const code = outcome === 'authenticate' ? 'authentication_required' : outcome === 'failChallenge' ? 'payment_intent_authentication_failure' : 'card_declined';
    const declineCode = outcome === 'insufficient' ? 'insufficient_funds' : outcome === 'decline' ? 'generic_decline' : outcome === 'authenticate' ? 'authentication_required' : undefined;
    const message = outcome === 'insufficient' ? ERRORS.insufficient_funds : ERRORS[code];
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { type: code === 'payment_intent_authentication_failure' ? 'invalid_request_error' : 'card_error', code, ...(declineCode ? { decline_code: declineCode } : {}), message, payment_method: { id: pm.id, object: 'payment_method' } },
    });
    this.emit('payment_intent.payment_failed', intent);
  }

  private emit(type: string, object: Obj): void {
    this.events.push({
      id: this.newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      type,
      created: this.nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      data: { object: structuredClone(object) },
    });
  }

  // ---- what the browser does at Stripe, and the test's controls ----

  /** Stripe.js confirming the intent with a test card (the Payment Element's confirmPayment). */
  payAsBrowser(intentId: string, card: FakeCard): Obj {
    const intent = this.intent(intentId);
    if (intent.status !== 'requires_payment_method') throw new Error(`intent ${intentId} is ${intent.status}`);
    const pm = { id: this.newId('pm'), object: 'payment_method', type: 'card', card: { brand: FAKE_CARDS[card].brand, last4: FAKE_CARDS[card].last4 }, customer: null, fakeCard: card };
    this.paymentMethods.set(pm.id, pm);
    intent.payment_method = pm.id;
    this.settle(intent, FAKE_CARDS[card].now);
    return structuredClone(intent);
  }

  /** Stripe.js confirming a SetupIntent with a test card (the Payment Element's confirmSetup): nothing is charged. */
  saveAsBrowser(setupId: string, card: FakeCard): Obj {
    const setup = this.setupIntent(setupId);
    if (setup.status !== 'requires_payment_method') throw new Error(`setup ${setupId} is ${setup.status}`);
    const pm = { id: this.newId('pm'), object: 'payment_method', type: 'card', card: { brand: FAKE_CARDS[card].brand, last4: FAKE_CARDS[card].last4 }, customer: null, fakeCard: card };
    this.paymentMethods.set(pm.id, pm);
    setup.payment_method = pm.id;
    this.settleSetup(setup, FAKE_CARDS[card].now);
    return structuredClone(setup);
  }

  /** The guest passes or fails the bank's 3-D Secure check while saving the card. */
  finishSetupChallenge(setupId: string, outcome: 'approve' | 'fail'): Obj {
    const setup = this.setupIntent(setupId);
    if (setup.status !== 'requires_action') throw new Error(`setup ${setupId} is ${setup.status}`);
    this.settleSetup(setup, outcome === 'approve' ? 'approve' : 'failChallenge');
    return structuredClone(setup);
  }

  /** The guest passes or fails the 3-D Secure challenge the Payment Element showed. */
  finishChallenge(intentId: string, outcome: 'approve' | 'fail'): Obj {
    const intent = this.intent(intentId);
    if (intent.status !== 'requires_action') throw new Error(`intent ${intentId} is ${intent.status}`);
    this.settle(intent, outcome === 'approve' ? 'approve' : 'failChallenge');
    return structuredClone(intent);
  }

  /** A refund made in Stripe's dashboard, not by the app. */
  refundInDashboard(intentId: string, amount: number): Obj {
    return this.createRefund({ payment_intent: intentId, amount: String(amount) });
  }

  /** The events about an object (an intent, or its charge), oldest first, optionally of one type. */
  eventsAbout(intentId: string, type?: string): Obj[] {
    return this.events.filter(
      (e) => (e.data.object.id === intentId || e.data.object.payment_intent === intentId) && (type === undefined || e.type === type),
    );
  }

  /** Signs a payload as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
  sign(payload: string, at = this.options.clock.now(), secret = this.options.webhookSecret): string {
    const t = Math.floor(at.getTime() / 1000);
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  }

  /** Delivers one event to the endpoint, signed now (or with the header given); the endpoint's answer. */
  async deliver(event: Obj, signature?: string): Promise<{ status: number; body: string }> {
    const payload = JSON.stringify(event, null, 2);
    const response = await this.options.webhookEndpoint(
      new Request('http://localhost/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature ?? this.sign(payload) },
        body: payload,
      }),
    );
    return { status: response.status, body: await response.text() };
  }

  /** Delivers every event about an intent, oldest first, as Stripe would when nothing goes wrong. */
  async deliverAll(intentId: string): Promise<void> {
    for (const event of this.eventsAbout(intentId)) await this.deliver(event);
  }
}

/** A started fake; stop it after the tests. */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const fake = new FakeStripe(options);
  await fake.start();
  return fake;
}
