/**
 * The built-in test-mode card processor, behaving like a real one: payment intents in HKD minor units
 * created with idempotency keys; cards confirmed by the browser directly at the processor (never through
 * our API) and judged by Stripe's test card numbers; a 3-D Secure challenge; refunds; and signed webhook
 * events queued and delivered until the endpoint answers 2xx. Its state lives in its own tables.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { ApiError, badRequest, notFound } from '../../../lib/errors';
import { ERROR_CODES } from '../../../../common/api/error-codes';
import { cardBrand, cardProblem, normalizeCardNumber, type CardInput } from '../../../../common/validation/card-validation';
import type {
  CardProcessor,
  CardSetup,
  CreateIntentInput,
  CreateSetupInput,
  IntentStatus,
  PaymentIntent,
  ProcessorRefund,
  ProcessorWebhooks,
  WebhookEvent,
  WebhookEventType,
} from './processor';
import { ProcessorError } from './processor';
import { testProcessorEvents, testProcessorIntents, testProcessorRefunds, type TestIntentRow } from './test-processor-tables';
import { constructWebhookEvent } from './webhook-event';
import { SIGNATURE_HEADER, signWebhookPayload } from './webhook-signature';

/** Stripe's test card numbers, and what each does. */
export const TEST_CARDS = {
  /** Approved. */
  visa: '4242424242424242',
  /** Approved. */
  mastercard: '5555555555554444',
  /** Declined: 'Your card was declined.' */
  declined: '4000000000000002',
  /** Declined: 'Your card has insufficient funds.' */
  insufficientFunds: '4000000000009995',
  /** Asks for a 3-D Secure challenge, which the guest approves or fails. */
  threeDSecure: '4000000000003220',
  /** Approved; a later charge of it without the cardholder (a no-show fee) is declined. */
  declinesLater: '4000000000000341',
  /**
   * Asks for 3-D Secure whenever it is used (Stripe's 4000 0027 6000 3184): saved with the bank's check, and a
   * later charge without the cardholder fails with `authentication_required`.
   */
  authenticatesLater: '4000002760003184',
} as const;

/** The guest-facing texts of the processor's refusals, stored in English and said in the reader's language. */
export const DECLINE_MESSAGES = {
  declined: /*i18n*/ 'Your card was declined.',
  insufficientFunds: /*i18n*/ 'Your card has insufficient funds.',
  notATestCard: /*i18n*/ 'Your card was declined. Test mode accepts only test cards.',
  authenticationFailed:
    /*i18n*/ 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  /** An off-session charge the card's bank wants the cardholder to approve (3-D Secure): they were not there. */
  authenticationRequired:
    /*i18n*/ 'The card asks the cardholder to approve this charge (3-D Secure), so it cannot be charged without them.',
} as const;

type CardOutcome = { kind: 'approve' } | { kind: 'decline'; message: string } | { kind: 'challenge' };

function outcomeOf(digits: string): CardOutcome {
  switch (digits) {
    case TEST_CARDS.visa:
    case TEST_CARDS.mastercard:
    case TEST_CARDS.declinesLater:
      return { kind: 'approve' };
    case TEST_CARDS.declined:
      return { kind: 'decline', message: DECLINE_MESSAGES.declined };
    case TEST_CARDS.insufficientFunds:
      return { kind: 'decline', message: DECLINE_MESSAGES.insufficientFunds };
    case TEST_CARDS.threeDSecure:
    case TEST_CARDS.authenticatesLater:
      return { kind: 'challenge' };
    default:
      // As real processors do in test mode: a real card number is refused, never charged.
      return { kind: 'decline', message: DECLINE_MESSAGES.notATestCard };
  }
}

/** The card details the browser sends with the intent's client secret (the contract's CardDetails). */
export interface ConfirmCardInput extends CardInput {
  clientSecret: string;
}

/** The intent as the browser sees it (the contract's PaymentIntent). */
export interface BrowserIntent {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  lastError: string | null;
  amountRefunded: number;
}

export interface TestProcessorOptions {
  db: Db;
  clock: Clock;
  /** The endpoint secret webhook deliveries are signed with. */
  webhookSecret: string;
  /** Sends a webhook delivery: the app's own `fetch` in-process, or the global `fetch` for a remote URL. */
  webhookEndpoint: (request: Request) => Response | Promise<Response>;
  /** The URL deliveries are addressed to. */
  webhookUrl?: string;
}

/** The key the browser identifies itself with; public by nature. */
export const TEST_PUBLISHABLE_KEY = 'pk_test_aldrich_club';

/** Retries wait 5 s, 10 s, 20 s ... up to an hour between attempts, until a 2xx. */
export function deliveryBackoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

// A claimed delivery is someone's for a minute; after that another worker may try it.
const CLAIM_MS = 60_000;

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function toIntent(row: TestIntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amount: row.amount,
    currency: 'HKD',
    amountRefunded: row.amountRefunded,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    lastError: row.lastError,
    needsAuthentication: row.lastError === DECLINE_MESSAGES.authenticationRequired,
    metadata: row.metadata,
  };
}

/** A setup's id prefix: setups live beside intents (an intent of nothing), so the card form confirms either. */
const SETUP_PREFIX = 'seti';

function toSetup(row: TestIntentRow): CardSetup {
  const { id, clientSecret, card, lastError } = toIntent(row);
  const status = row.status === 'refunded' || row.status === 'partially_refunded' ? 'succeeded' : row.status;
  return { id, clientSecret, status, card, lastError };
}

/** The browser's view of an intent: no secret, no metadata. */
export function toBrowserIntent(intent: PaymentIntent): BrowserIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    lastError: intent.lastError,
    amountRefunded: intent.amountRefunded,
  };
}

function secretsMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const intentNotFound = () => notFound(/*i18n*/ 'No such payment intent');
// One whole sentence per case, so each translates as a sentence; the status is the API's word, not translated.
const UNEXPECTED_STATE = {
  confirm: /*i18n*/ 'This payment cannot be confirmed again: its status is {status}',
  challenge: /*i18n*/ 'This payment cannot take a 3-D Secure answer: its status is {status}',
} as const;
const unexpectedState = (status: IntentStatus, call: keyof typeof UNEXPECTED_STATE) =>
  new ApiError(400, ERROR_CODES.VALIDATION, UNEXPECTED_STATE[call], undefined, { status });

/** The built-in processor. Implements `CardProcessor`, plus the browser-facing confirm and challenge. */
export class TestProcessor implements CardProcessor {
  readonly provider = 'test-mode';
  readonly publishableKey = TEST_PUBLISHABLE_KEY;
  readonly webhooks: ProcessorWebhooks;
  private readonly webhookUrl: string;

  constructor(private readonly options: TestProcessorOptions) {
    this.webhookUrl = options.webhookUrl ?? 'http://localhost/payments/webhook';
    this.webhooks = {
      constructEvent: constructWebhookEvent,
      deliverPending: () => this.deliverPending(),
    };
  }

  private get db(): Db {
    return this.options.db;
  }

  private now(): Date {
    return this.options.clock.now();
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new ProcessorError('The amount must be a positive whole number of minor units');
    if (input.currency !== 'HKD') throw new ProcessorError('Only HKD is accepted');
    const row = await this.insertByKey('pi', input.amount, input.currency, input.idempotencyKey, input.metadata);
    if (!row) throw new ProcessorError('The intent could not be created');
    // As real processors do: a key may not be reused for a different request.
    if (row.amount !== input.amount || row.currency !== input.currency) {
      throw new ProcessorError('This idempotency key was already used with different parameters');
    }
    return toIntent(row);
  }

  /**
   * An intent or a setup (`prefix`) made once per idempotency key: the row the key already has, or a new one
   * awaiting a card. A setup is an intent of HK$0 that charges nothing, confirmed at the same endpoints.
   */
  private async insertByKey(prefix: string, amount: number, currency: string, idempotencyKey: string, metadata: CreateIntentInput['metadata']) {
    const now = this.now();
    const id = newRef(prefix);
    await this.db
      .insert(testProcessorIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
        amount,
        currency,
        status: 'requires_payment_method',
        idempotencyKey,
        metadata,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: testProcessorIntents.idempotencyKey });
    const [row] = await this.db.select().from(testProcessorIntents).where(eq(testProcessorIntents.idempotencyKey, idempotencyKey));
    return row;
  }

  /** A setup is confirmed at the same browser-facing endpoints as an intent, with a test card (3-D Secure included). */
  async createSetup(input: CreateSetupInput): Promise<CardSetup> {
    const row = await this.insertByKey(SETUP_PREFIX, 0, 'HKD', input.idempotencyKey, input.metadata);
    if (!row?.id.startsWith(SETUP_PREFIX)) throw new ProcessorError('This idempotency key was already used with different parameters');
    return toSetup(row);
  }

  async retrieveSetup(setupId: string): Promise<CardSetup | null> {
    if (!setupId.startsWith(SETUP_PREFIX)) return null;
    const [row] = await this.db.select().from(testProcessorIntents).where(eq(testProcessorIntents.id, setupId));
    return row ? toSetup(row) : null;
  }

  async retrieve(intentId: string): Promise<PaymentIntent | null> {
    const [row] = await this.db.select().from(testProcessorIntents).where(eq(testProcessorIntents.id, intentId));
    return row ? toIntent(row) : null;
  }

  async cancel(intentId: string): Promise<PaymentIntent> {
    return this.db.transaction(async (tx) => {
      const intent = await this.lockIntent(tx, intentId);
      if (!intent) throw new ProcessorError(`No such payment intent: ${intentId}`);
      // As Stripe's: an intent waiting for the bank's check is cancelled too (its challenge then fails).
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_action') return toIntent(intent);
      // As Stripe's cancel: no card was given, so there is no decline to tell anyone about.
      return toIntent(await this.update(tx, intentId, { status: 'failed', lastError: null, updatedAt: this.now() }));
    });
  }

  async refund(intentId: string, amount: number, idempotencyKey: string): Promise<ProcessorRefund> {
    if (!Number.isInteger(amount) || amount <= 0) throw new ProcessorError('The refund must be a positive whole number of minor units');
    return this.db.transaction(async (tx) => {
      const intent = await this.lockIntent(tx, intentId);
      if (!intent) throw new ProcessorError(`No such payment intent: ${intentId}`);
      const [existing] = await tx.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.idempotencyKey, idempotencyKey));
      if (existing) {
        if (existing.intentId !== intentId || existing.amount !== amount) {
          throw new ProcessorError('This idempotency key was already used with different parameters');
        }
        return { id: existing.id, intentId, amount };
      }
      if (intent.status !== 'succeeded' && intent.status !== 'partially_refunded') {
        throw new ProcessorError(`The intent cannot be refunded: its status is ${intent.status}`);
      }
      if (amount > intent.amount - intent.amountRefunded) throw new ProcessorError('The refund is larger than what is left of the charge');
      const now = this.now();
      const refund = { id: newRef('re'), intentId, amount, idempotencyKey, createdAt: now };
      await tx.insert(testProcessorRefunds).values(refund);
      const amountRefunded = intent.amountRefunded + amount;
      const [updated] = await tx
        .update(testProcessorIntents)
        .set({ amountRefunded, status: amountRefunded === intent.amount ? 'refunded' : 'partially_refunded', updatedAt: now })
        .where(eq(testProcessorIntents.id, intentId))
        .returning();
      await this.queueEvent(tx, 'charge.refunded', updated!, now);
      return { id: refund.id, intentId, amount };
    });
  }

  async chargeCardOnFile(input: CreateIntentInput & { cardOf: string }): Promise<PaymentIntent> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new ProcessorError('The amount must be a positive whole number of minor units');
    return this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(testProcessorIntents).where(eq(testProcessorIntents.idempotencyKey, input.idempotencyKey));
      if (existing) {
        if (existing.amount !== input.amount) throw new ProcessorError('This idempotency key was already used with different parameters');
        return toIntent(existing);
      }
      const source = await this.lockIntent(tx, input.cardOf);
      // Only a card that once paid successfully, and was not removed since, is on file; the intent's refunds do not change that.
      if (!source?.cardBrand || source.cardDetachedAt || !['succeeded', 'partially_refunded', 'refunded'].includes(source.status)) {
        throw new ProcessorError(`No card on file for payment intent ${input.cardOf}`);
      }
      const now = this.now();
      const id = newRef('pi');
      await tx.insert(testProcessorIntents).values({
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
        amount: input.amount,
        currency: input.currency,
        status: 'processing',
        idempotencyKey: input.idempotencyKey,
        metadata: input.metadata,
        createdAt: now,
        updatedAt: now,
      });
      const cardColumns = { cardBrand: source.cardBrand, cardLast4: source.cardLast4, updatedAt: now };
      // Only test cards are ever on file (any other is refused at payment), so the last four name the card.
      if (source.cardLast4 === TEST_CARDS.declinesLater.slice(-4)) return toIntent(await this.fail(tx, id, DECLINE_MESSAGES.declined, cardColumns));
      if (source.cardLast4 === TEST_CARDS.authenticatesLater.slice(-4)) return toIntent(await this.fail(tx, id, DECLINE_MESSAGES.authenticationRequired, cardColumns));
      return toIntent(await this.succeed(tx, id, cardColumns));
    });
  }

  async detachCard(cardOf: string): Promise<void> {
    const now = this.now();
    await this.db
      .update(testProcessorIntents)
      .set({ cardDetachedAt: now, updatedAt: now })
      .where(and(eq(testProcessorIntents.id, cardOf), isNull(testProcessorIntents.cardDetachedAt)));
  }

  /**
   * POST /payments/test-processor/intents/{id}/confirm: the browser pays the intent with a card. 400
   * naming the field for bad card details; a declined card answers 200 with status 'failed' and the
   * reason in `lastError`; the 3-D Secure card answers 'requires_action'.
   */
  async confirm(intentId: string, card: ConfirmCardInput): Promise<PaymentIntent> {
    return this.db.transaction(async (tx) => {
      const intent = await this.lockIntent(tx, intentId);
      if (!intent) throw intentNotFound();
      if (!secretsMatch(card.clientSecret, intent.clientSecret)) {
        throw badRequest(/*i18n*/ 'The client secret does not match this payment', 'clientSecret');
      }
      if (intent.status !== 'requires_payment_method') throw unexpectedState(intent.status, 'confirm');
      const now = this.now();
      const problem = cardProblem(card, now);
      if (problem) throw badRequest(problem.message, problem.field);

      const digits = normalizeCardNumber(card.cardNumber);
      const outcome = outcomeOf(digits);
      const cardColumns = { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4), updatedAt: now };
      if (outcome.kind === 'challenge') return toIntent(await this.update(tx, intentId, { ...cardColumns, status: 'requires_action' }));
      if (outcome.kind === 'decline') return toIntent(await this.fail(tx, intentId, outcome.message, cardColumns));
      return toIntent(await this.succeed(tx, intentId, cardColumns));
    });
  }

  /** POST /payments/test-processor/intents/{id}/challenge: the guest passes or fails 3-D Secure. */
  async challenge(intentId: string, outcome: 'approve' | 'fail'): Promise<PaymentIntent> {
    return this.db.transaction(async (tx) => {
      const intent = await this.lockIntent(tx, intentId);
      if (!intent) throw intentNotFound();
      if (intent.status !== 'requires_action') throw unexpectedState(intent.status, 'challenge');
      const now = this.now();
      return toIntent(
        outcome === 'approve'
          ? await this.succeed(tx, intentId, { updatedAt: now })
          : await this.fail(tx, intentId, DECLINE_MESSAGES.authenticationFailed, { updatedAt: now }),
      );
    });
  }

  /**
   * Delivers every event that is due, oldest first, each signed at the moment it is sent; a refused or
   * failed delivery is tried again after a growing pause. Returns how many were acknowledged.
   */
  async deliverPending(): Promise<number> {
    let acknowledged = 0;
    for (;;) {
      const now = this.now();
      const due = this.db
        .select({ id: testProcessorEvents.id })
        .from(testProcessorEvents)
        .where(and(isNull(testProcessorEvents.deliveredAt), lte(testProcessorEvents.nextAttemptAt, now)))
        .orderBy(asc(testProcessorEvents.nextAttemptAt), asc(testProcessorEvents.seq))
        .limit(1)
        .for('update', { skipLocked: true });
      const [event] = await this.db
        .update(testProcessorEvents)
        .set({ attempts: sql`${testProcessorEvents.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(inArray(testProcessorEvents.id, due))
        .returning();
      if (!event) return acknowledged;

      let status = 0;
      let error: string | null = null;
      try {
        const sentAt = this.now();
        const response = await this.options.webhookEndpoint(
          new Request(this.webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhookPayload(event.body, this.options.webhookSecret, sentAt) },
            body: event.body,
          }),
        );
        status = response.status;
        if (status < 200 || status > 299) error = (await response.text()).slice(0, 500);
        else await response.body?.cancel();
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      const after = this.now();
      if (error === null) {
        acknowledged++;
        await this.db
          .update(testProcessorEvents)
          .set({ deliveredAt: after, lastStatus: status, lastError: null })
          .where(eq(testProcessorEvents.id, event.id));
      } else {
        await this.db
          .update(testProcessorEvents)
          .set({ lastStatus: status || null, lastError: error, nextAttemptAt: new Date(after.getTime() + deliveryBackoffMs(event.attempts)) })
          .where(eq(testProcessorEvents.id, event.id));
      }
    }
  }

  private async lockIntent(tx: DbOrTx, intentId: string): Promise<TestIntentRow | undefined> {
    const [row] = await tx.select().from(testProcessorIntents).where(eq(testProcessorIntents.id, intentId)).for('update');
    return row;
  }

  private async update(tx: DbOrTx, intentId: string, set: Partial<TestIntentRow>): Promise<TestIntentRow> {
    const [row] = await tx.update(testProcessorIntents).set(set).where(eq(testProcessorIntents.id, intentId)).returning();
    return row!;
  }

  private async succeed(tx: DbOrTx, intentId: string, set: Partial<TestIntentRow>): Promise<TestIntentRow> {
    const row = await this.update(tx, intentId, { ...set, status: 'succeeded', lastError: null });
    await this.queueEvent(tx, 'payment_intent.succeeded', row, set.updatedAt ?? this.now());
    return row;
  }

  private async fail(tx: DbOrTx, intentId: string, message: string, set: Partial<TestIntentRow>): Promise<TestIntentRow> {
    const row = await this.update(tx, intentId, { ...set, status: 'failed', lastError: message });
    await this.queueEvent(tx, 'payment_intent.payment_failed', row, set.updatedAt ?? this.now());
    return row;
  }

  /** Queues an event in the same transaction as the change it reports, due at once. */
  private async queueEvent(tx: DbOrTx, type: WebhookEventType, row: TestIntentRow, now: Date): Promise<void> {
    // A setup moves no money: the server asks for it when the guest has confirmed it, as Stripe's setup events are not acted on.
    if (row.id.startsWith(SETUP_PREFIX)) return;
    const event: WebhookEvent = {
      id: newRef('evt'),
      type,
      created: Math.floor(now.getTime() / 1000),
      data: { object: toBrowserIntent(toIntent(row)) },
    };
    await tx.insert(testProcessorEvents).values({ id: event.id, type, body: JSON.stringify(event), createdAt: now, nextAttemptAt: now });
  }
}

/** The default processor of the app: the test-mode one. */
export function createTestProcessor(options: TestProcessorOptions): TestProcessor {
  return new TestProcessor(options);
}
