/**
 * One open charge per booking: a card payment that no card has been given to yet (REQUIRES_PAYMENT_METHOD)
 * is the only one of its kind, whatever idempotency key a new start brings. Ten starts with ten keys get
 * the one payment and one intent at the processor, so a card is charged once and not ten times and
 * refunded nine (a real processor keeps a fee on every charge). The kinds: a booking's own payment (its
 * deposit or prepayment), a change's extra payment, a fee the guest pays themselves, and a member's wallet top-up. The start calls find
 * the open one under a lock (the reservation's row, or the member's for a top-up), so requests and server
 * processes side by side see each other's. An open one that no longer fits (the amount changed, another
 * change is paid for) is cancelled at the processor first, and only then replaced: never two open.
 *
 * An attempt left in 3-D Secure (REQUIRES_ACTION: a reload, a closed tab, the guest choosing another card)
 * is unfinished too: its own key answers it again, so the bank's check can be resumed, and a new start
 * cancels it at the processor and replaces it, so a browser can never leave a booking that cannot be paid
 * (docs/PRODUCT.md §9). A bank's answer and a cancel meet at the processor one after the other: once the
 * card has paid, the cancel finds it paid and the start answers the paid booking, never a second charge.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { applyIntent, syncWithProcessor } from './payment-sync';
import type { PaymentDeps, PaymentRow } from './payments';
import type { CreateIntentInput, PaymentIntent } from './processor/processor';

/** Which open payment a new start meets. */
type OpenPaymentKind =
  | { kind: 'booking'; reservationId: string }
  | { kind: 'change'; reservationId: string }
  | { kind: 'fee'; reservationId: string }
  | { kind: 'top-up'; userId: string };

/**
 * A start's outcome inside its transaction: the payment to answer; an open one of another start to answer
 * once the processor confirms it is still open (a card may have been declined a moment ago, before the
 * processor's word reached us); or an open one to cancel first.
 */
export type StartOutcome = PaymentRow | { reuse: PaymentRow } | { replace: PaymentRow };

/** What a payment replaced by a new one says, should anyone read it. */
const REPLACED = /*i18n*/ 'This payment was replaced by a new one for the current amount';

/** How often a start cancels an open payment and looks again before it gives up (another start keeps winning). */
const ATTEMPTS = 4;

/** A card payment no card has paid yet: none given, or one still in the bank's check. */
const UNFINISHED = ['REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION'] as const;

function kindCondition(kind: OpenPaymentKind) {
  switch (kind.kind) {
    case 'booking':
      return and(eq(payments.reservationId, kind.reservationId), eq(payments.purpose, 'RESERVATION'), isNull(payments.changeHoldId));
    case 'change':
      return and(eq(payments.reservationId, kind.reservationId), isNotNull(payments.changeHoldId));
    case 'fee':
      return and(eq(payments.reservationId, kind.reservationId), eq(payments.purpose, 'NO_SHOW_FEE'));
    case 'top-up':
      return and(eq(payments.userId, kind.userId), eq(payments.purpose, 'WALLET_TOP_UP'));
  }
}

/** The open (unfinished) card payment of that kind, if any; call it under the start's lock. */
export async function openCardPayment(tx: DbOrTx, kind: OpenPaymentKind): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(kindCondition(kind), eq(payments.method, 'CARD'), inArray(payments.status, [...UNFINISHED])))
    .limit(1);
  return row;
}

/**
 * What a start with a new key does with the open payment it met: answers it when it still fits and no
 * card has reached it, else replaces it (one left in the bank's check is another card's turn now).
 */
export function reuseOrReplace(open: PaymentRow, fits: boolean): StartOutcome {
  return fits && open.status === 'REQUIRES_PAYMENT_METHOD' ? { reuse: open } : { replace: open };
}

/** The processor's intent of a payment: made once, by the payment's own key, so asking twice makes one. */
export function intentInput(row: PaymentRow): CreateIntentInput {
  return {
    amount: row.amount,
    currency: 'HKD',
    idempotencyKey: `payment-${row.id}`,
    metadata: { paymentId: row.id, purpose: row.purpose, userId: row.userId, ...(row.reservationId ? { reservationId: row.reservationId } : {}) },
  };
}

/**
 * Cancels an open payment's intent at the processor, then marks the payment failed (replaced). One the
 * start that made it has not yet given an intent is asked for its intent by the same key, so an intent
 * made a moment later is the one cancelled. An intent the card has reached meanwhile is not cancelled:
 * the payment is brought in line with it, and the start looks again (it then finds it paid, or under way).
 */
async function cancelOpenPayment(deps: PaymentDeps, row: PaymentRow): Promise<void> {
  const intentId = row.processorRef ?? (await deps.payments.createIntent(intentInput(row))).id;
  const intent = await deps.payments.cancel(intentId);
  // The cancel answers the intent as it now is: applied as it stands, not asked for a second time.
  if (intent.status !== 'failed') {
    await applyIntent(deps, intent);
    return;
  }
  await deps.db
    .update(payments)
    .set({ status: 'FAILED', failureMessage: REPLACED, processorRef: intentId, updatedAt: deps.clock.now() })
    .where(and(eq(payments.id, row.id), inArray(payments.status, [...UNFINISHED])));
}

/** A start's payment, with the processor's intent when the start has just asked for it (an open one answered again). */
export interface StartedPayment {
  row: PaymentRow;
  intent: PaymentIntent | null;
}

/** Intents a start has just read from the processor and applied, by payment id, before its transaction. */
export type CheckedIntents = ReadonlyMap<string, PaymentIntent>;

/**
 * The open payment brought in line with its intent (outside any transaction) when it is still open: the
 * intent read is answered with it, so the start does not ask the processor for it again; null when it no
 * longer is. One the start read and applied before its transaction (`checked`) is not asked for again:
 * the transaction found it still open after that answer.
 */
async function stillOpen(deps: PaymentDeps, row: PaymentRow, checked: CheckedIntents | undefined): Promise<StartedPayment | null> {
  const known = checked?.get(row.id);
  if (known) return { row, intent: known };
  if (!row.processorRef) return { row, intent: null };
  const intent = await syncWithProcessor(deps, row);
  const [current] = await deps.db.select().from(payments).where(eq(payments.id, row.id));
  return current?.status === 'REQUIRES_PAYMENT_METHOD' ? { row: current, intent } : null;
}

/**
 * Runs a start's transaction until it answers a payment: each time it meets an open payment to replace,
 * that one is cancelled at the processor (never inside the transaction) and the start runs again.
 */
export async function startReplacingOpen(
  deps: PaymentDeps,
  attempt: () => Promise<StartOutcome>,
  tooBusy: () => Error,
  checked?: CheckedIntents,
): Promise<StartedPayment> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const outcome = await attempt();
    if ('reuse' in outcome) {
      const open = await stillOpen(deps, outcome.reuse, checked);
      if (open) return open;
    } else if ('replace' in outcome) await cancelOpenPayment(deps, outcome.replace);
    else return { row: outcome, intent: null };
  }
  throw tooBusy();
}
