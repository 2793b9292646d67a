/**
 * Learning what happened to a card payment: from the processor's signed webhook, or from our own check
 * with the processor (GET /user/payment/{id} while it is pending) — never from the browser's word. Both
 * bring our `payments` row in line with the processor's intent, in one transaction with the reservation
 * locked, and are idempotent: an event id is acted on once, and a settled payment does not move again.
 *
 * A reservation payment that succeeds when its hold is gone (ran out, cancelled) or when the reservation
 * is already paid is refunded in full at once, and the guest is told. Refunds are decided in our
 * transaction and carried out at the processor right after it commits; one that fails is retried.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, processedWebhookEvents, reservations, type PaymentStatus } from '../../db/schema';
import type { IntentStatus, PaymentIntent, WebhookEvent } from './processor/processor';
import { loadVenueCatalog, type VenueCatalog } from '../booking-rules/venue-catalog';
import {
  failPendingWalletPayments,
  findOwnPayment,
  isPending,
  lockPayment,
  refundedStatus,
  succeededPaymentOf,
  toPaymentDto,
  type PaymentDeps,
  type PaymentDto,
  type PaymentRow,
} from './payments';
import { recordCardPayment, recordCardRefund } from './card-entries';
import type { AutomaticRefundReason } from '../reservations/reservation-mail';
import type { ReservationRow } from '../reservations/reservations';
import { carryOutRefunds, refundInFull } from './card-refunds';
import { lockChangeHold, makeHeldChange } from '../reservations/change-holds';
import { creditWallet } from '../wallet/wallet-ledger';
import { settlePayLinkPayment } from './pay-link-settle';
import { settleFeePayment } from './no-show-fee-charge';
import type { LinkSigning } from '../reservations/manage-link';

const STATUS_OF_INTENT: Partial<Record<IntentStatus, PaymentStatus>> = {
  requires_payment_method: 'REQUIRES_PAYMENT_METHOD',
  requires_action: 'REQUIRES_ACTION',
  processing: 'PROCESSING',
};

// An intent that was refunded had succeeded first.
const SUCCEEDED_INTENT: readonly IntentStatus[] = ['succeeded', 'refunded', 'partially_refunded'];

/** Payments whose card refund was decided here and must now be carried out by the processor. */
type RefundFollowUps = string[];

/** Why a waiting wallet payment failed: the English source, said in the reader's language when read. */
const HOLD_RAN_OUT = /*i18n*/ 'The hold ran out before the reservation was completed';

async function lockReservation(tx: DbOrTx, id: string): Promise<ReservationRow | undefined> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  return row;
}

/**
 * Why a just-succeeded reservation payment cannot be kept, or null when it pays for a live hold that no
 * other payment has paid. A reservation that was confirmed took its payment then, so any later one is
 * a second payment, and so is one for a live hold that another payment has already paid.
 */
async function reasonToRefund(tx: DbOrTx, payment: PaymentRow, reservation: ReservationRow, now: Date): Promise<AutomaticRefundReason | null> {
  if (reservation.status === 'CONFIRMED' || reservation.confirmedAt) return 'already-paid';
  const hold = reservation.holdExpiresAt;
  if (reservation.status === 'PENDING' && hold && hold > now) {
    return (await succeededPaymentOf(tx, reservation.id, payment.id)) ? 'already-paid' : null;
  }
  // A hold that ran out keeps its end; one the guest cancelled (or a cancelled booking) has none.
  return hold && hold <= (reservation.canceledAt ?? now) ? 'hold-expired' : 'hold-cancelled';
}

/**
 * A change's difference paid: the held change is made now, in this transaction; a change that can no
 * longer be made (its hold ran out, the booking was cancelled, changed or seated meanwhile) leaves the
 * booking as it was, and the payment is refunded in full.
 */
async function settleChangePayment(
  tx: DbOrTx,
  args: { payment: PaymentRow; reservation: ReservationRow; catalog: VenueCatalog; now: Date; links: LinkSigning },
): Promise<RefundFollowUps> {
  const { payment, reservation, catalog, now } = args;
  const hold = await lockChangeHold(tx, payment.changeHoldId!);
  if (hold && (await makeHeldChange(tx, { ...args, hold }))) return [];
  const reason = hold?.status === 'MADE' ? 'already-paid' : 'change-not-made';
  await refundInFull(tx, { payment, reservation, catalog, reason, now });
  return [payment.id];
}

/**
 * Inside a transaction, with the reservation (if any) locked first and then the payment: brings the
 * payment in line with the intent. Returns the card refunds to carry out after commit.
 */
async function settle(
  tx: DbOrTx,
  args: { payment: PaymentRow; reservation: ReservationRow | undefined; intent: PaymentIntent; catalog: VenueCatalog; now: Date; links: LinkSigning },
): Promise<RefundFollowUps> {
  const { payment, reservation, intent, catalog, now } = args;
  const card = intent.card ? { cardBrand: intent.card.brand, cardLast4: intent.card.last4 } : {};

  // A card payment we marked failed may still succeed: Stripe lets the browser confirm a refused intent
  // again, and its events may come out of order. The money is taken, so it is recorded (or refunded).
  const lateSuccess = payment.status === 'FAILED' && payment.method === 'CARD';
  if (SUCCEEDED_INTENT.includes(intent.status) && (isPending(payment.status) || lateSuccess)) {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'SUCCEEDED', failureMessage: null, ...card, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    if (payment.purpose === 'WALLET_TOP_UP') {
      await creditWallet(tx, 'TOP_UP', { userId: payment.userId, amount: payment.amount, description: /*i18n*/ 'Wallet top-up', paymentId: payment.id, now });
      return [];
    }
    if (!reservation) return [];
    // A fee the guest paid themselves (its card on file did not): paid, or refunded when the card on file was charged meanwhile.
    if (paid!.purpose === 'NO_SHOW_FEE') {
      if (await settleFeePayment(tx, { payment: paid!, reservation, catalog, now })) return [];
      await refundInFull(tx, { payment: paid!, reservation, catalog, reason: 'already-paid', now });
      return [payment.id];
    }
    await recordCardPayment(tx, { payment: paid!, reservation, catalog, now });
    if (paid!.changeHoldId) return settleChangePayment(tx, { ...args, payment: paid!, reservation });
    // A phone booking's pay link: it pays what is owed, unless the booking was released first.
    if (await settlePayLinkPayment(tx, paid!, reservation, now)) return [];
    const reason = await reasonToRefund(tx, paid!, reservation, now);
    if (!reason) return [];
    // A second payment leaves the booking as it is; a hold that ran out unreleased is released with the refund.
    if (reason !== 'already-paid' && reservation.status === 'PENDING') {
      await tx
        .update(reservations)
        .set({ status: 'CANCELED', canceledAt: now, updatedAt: now })
        .where(eq(reservations.id, reservation.id));
      await failPendingWalletPayments(tx, reservation.id, HOLD_RAN_OUT, now);
    }
    await refundInFull(tx, { payment: paid!, reservation, catalog, reason, now });
    return [payment.id];
  }

  if (intent.status === 'failed' && isPending(payment.status)) {
    await tx
      .update(payments)
      .set({ status: 'FAILED', failureMessage: intent.lastError ?? /*i18n*/ 'The payment failed', ...card, updatedAt: now })
      .where(eq(payments.id, payment.id));
    return [];
  }

  const waiting = STATUS_OF_INTENT[intent.status];
  if (waiting && isPending(payment.status) && waiting !== payment.status) {
    await tx.update(payments).set({ status: waiting, ...card, updatedAt: now }).where(eq(payments.id, payment.id));
    return [];
  }

  // A refund made at the processor that we did not decide here (a dashboard refund, say): record it.
  if (intent.amountRefunded > payment.refundedAmount && !isPending(payment.status) && payment.status !== 'FAILED') {
    await tx
      .update(payments)
      .set({ refundedAmount: intent.amountRefunded, status: refundedStatus(payment.amount, intent.amountRefunded), updatedAt: now })
      .where(eq(payments.id, payment.id));
    await recordCardRefund(tx, { payment, amount: intent.amountRefunded - payment.refundedAmount, reservation, catalog, now });
  }
  return [];
}

/**
 * Brings our payment for `intent` in line with it, in one transaction. With an event, acts only if the
 * event id is new (stored in the same transaction, under a unique key), so a redelivery changes nothing.
 */
export async function applyIntent(deps: PaymentDeps, intent: PaymentIntent, event?: Pick<WebhookEvent, 'id' | 'type'>): Promise<void> {
  const now = deps.clock.now();
  const catalog = await loadVenueCatalog(deps.db);
  const followUps = await deps.db.transaction(async (tx): Promise<RefundFollowUps> => {
    // By the intent's id; by the payment id it was created with if the reference is not stored yet.
    const [found] = await tx
      .select()
      .from(payments)
      .where(or(eq(payments.processorRef, intent.id), and(isNull(payments.processorRef), eq(payments.id, intent.metadata.paymentId ?? ''))));
    // Not one of ours: acknowledged, and nothing to remember.
    if (!found) return [];
    if (event) {
      const fresh = await tx
        .insert(processedWebhookEvents)
        .values({ eventId: event.id, type: event.type, processedAt: now })
        .onConflictDoNothing()
        .returning({ id: processedWebhookEvents.eventId });
      if (fresh.length === 0) return [];
    }
    // Always the reservation first, then the payment: the order every payment operation locks in.
    const reservation = found.reservationId ? await lockReservation(tx, found.reservationId) : undefined;
    const payment = await lockPayment(tx, found.id);
    if (!payment) return [];
    if (!payment.processorRef) {
      await tx.update(payments).set({ processorRef: intent.id }).where(eq(payments.id, payment.id));
      payment.processorRef = intent.id;
    }
    return settle(tx, { payment, reservation, intent, catalog, now, links: deps.config });
  });
  await carryOutRefunds(deps, followUps);
}

/**
 * POST /payments/webhook, after the signature is checked: fetches the intent from the processor (the
 * authority, with the card's brand and last four) and applies it under the event's id.
 */
export async function handleWebhookEvent(deps: PaymentDeps, event: WebhookEvent): Promise<void> {
  const intent = await deps.payments.retrieve(event.data.object.id);
  if (!intent) return;
  await applyIntent(deps, intent, event);
}

/** Our own check with the processor, for a card payment still pending. */
export async function syncWithProcessor(deps: PaymentDeps, payment: PaymentRow): Promise<PaymentIntent | null> {
  if (payment.method !== 'CARD' || !payment.processorRef || !isPending(payment.status)) return null;
  const intent = await deps.payments.retrieve(payment.processorRef);
  if (intent) await applyIntent(deps, intent);
  return intent;
}

/** GET /user/payment/{id}: the caller's payment; while pending, first checked with the processor. */
export async function getOwnPayment(deps: PaymentDeps, userId: string, paymentId: string): Promise<PaymentDto> {
  const before = await findOwnPayment(deps.db, userId, paymentId);
  const intent = await syncWithProcessor(deps, before);
  const row = intent ? await findOwnPayment(deps.db, userId, paymentId) : before;
  return toPaymentDto(row, intent?.clientSecret ?? null);
}

/**
 * Card payments that succeeded for a hold that then ran out without the reservation being completed
 * (the guest paid and left): refunded in full, the guest told. Waiting wallet payments of such holds
 * are marked failed. Run by the payment worker.
 */
export async function refundStrandedPayments(deps: PaymentDeps): Promise<number> {
  const now = deps.clock.now();
  const stranded = await deps.db
    .select({ paymentId: payments.id, reservationId: reservations.id })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .where(
      and(
        eq(payments.purpose, 'RESERVATION'),
        inArray(payments.status, ['SUCCEEDED', 'PROCESSING']),
        isNull(reservations.confirmedAt),
        inArray(reservations.status, ['CANCELED', 'EXPIRED']),
      ),
    );
  if (stranded.length === 0) return 0;
  const catalog = await loadVenueCatalog(deps.db);
  const followUps: string[] = [];
  for (const { paymentId, reservationId } of stranded) {
    const refunded = await deps.db.transaction(async (tx) => {
      const reservation = await lockReservation(tx, reservationId);
      const payment = await lockPayment(tx, paymentId);
      if (!reservation || !payment || reservation.confirmedAt || !['CANCELED', 'EXPIRED'].includes(reservation.status)) return false;
      if (payment.status === 'PROCESSING' && payment.method === 'WALLET') {
        await failPendingWalletPayments(tx, reservation.id, HOLD_RAN_OUT, now);
        return false;
      }
      if (payment.status !== 'SUCCEEDED') return false;
      await refundInFull(tx, { payment, reservation, catalog, reason: 'hold-expired', now });
      return true;
    });
    if (refunded) followUps.push(paymentId);
  }
  await carryOutRefunds(deps, followUps);
  return followUps.length;
}
