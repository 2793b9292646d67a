/**
 * A card or wallet payment given back in full: the decision, inside the transaction that takes it, and the
 * processor's refund after commit (retried by the payment worker until the processor answers). Apart from
 * payment-sync.ts so the no-show fee's charge (no-show-fee-charge.ts, which payment-sync.ts imports) can
 * refund a charge the guest had paid meanwhile the same way.
 */
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { logError } from '../../lib/log-error';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { recordCardRefund } from './card-entries';
import { walletDescription, type PaymentDeps, type PaymentRow } from './payments';
import { mailAutomaticRefund, type AutomaticRefundReason } from '../reservations/reservation-mail';
import { findUser, type ReservationRow } from '../reservations/reservations';
import { creditWallet } from '../wallet/wallet-ledger';

/**
 * Inside a transaction: gives a succeeded reservation payment back in full (the decision; a card is
 * refunded by the processor after commit), releases a run-out hold, and tells the guest.
 */
export async function refundInFull(
  tx: DbOrTx,
  args: { payment: PaymentRow; reservation: ReservationRow; catalog: VenueCatalog; reason: AutomaticRefundReason; now: Date },
): Promise<PaymentRow> {
  const { payment, reservation, catalog, reason, now } = args;
  // What is left of it: the card refund and the wallet's credit alike, never what an earlier refund gave back.
  const remaining = payment.amount - payment.refundedAmount;
  const [updated] = await tx
    .update(payments)
    .set({ status: 'REFUNDED', refundedAmount: payment.amount, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  await recordCardRefund(tx, { payment, amount: remaining, reservation, catalog, now });
  if (payment.method === 'WALLET') {
    const credit = { userId: payment.userId, amount: remaining, ...walletDescription('refund', reservation, catalog), reservationId: reservation.id, paymentId: payment.id, now };
    await creditWallet(tx, 'REFUND', credit);
  }
  const user = await findUser(tx, payment.userId);
  if (user) {
    await mailAutomaticRefund(tx, { to: { email: user.email, firstName: user.firstName }, row: reservation, catalog, payment: updated!, reason });
  }
  return updated!;
}

/**
 * Has the processor give back what we decided to refund on these card payments (idempotent by the
 * payment's refund key). A failure is logged and left for `retryPendingRefunds`.
 */
export async function carryOutRefunds(deps: PaymentDeps, paymentIds: readonly string[]): Promise<void> {
  for (const id of paymentIds) {
    const [payment] = await deps.db.select().from(payments).where(eq(payments.id, id));
    if (!payment || payment.method !== 'CARD' || !payment.processorRef || payment.refundedAmount <= 0 || payment.refundRef) continue;
    try {
      // A payment refunded in parts (a smaller party, then a cancellation) is refunded at the processor what it has not had yet.
      const already = (await deps.payments.retrieve(payment.processorRef))?.amountRefunded ?? 0;
      if (already >= payment.refundedAmount) continue;
      const key = already === 0 ? `refund-${payment.id}` : `refund-${payment.id}-${payment.refundedAmount}`;
      const refund = await deps.payments.refund(payment.processorRef, payment.refundedAmount - already, key);
      await deps.db
        .update(payments)
        .set({ refundRef: refund.id, updatedAt: deps.clock.now() })
        .where(and(eq(payments.id, payment.id), isNull(payments.refundRef)));
    } catch (err) {
      logError(`refund of payment ${payment.id} failed; it will be retried`, err);
    }
  }
}

/** Card refunds decided but not yet carried out (the processor was down, say): tries them again. */
export async function retryPendingRefunds(deps: PaymentDeps): Promise<void> {
  const rows = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.method, 'CARD'), gt(payments.refundedAmount, 0), isNull(payments.refundRef), isNotNull(payments.processorRef)));
  await carryOutRefunds(
    deps,
    rows.map((r) => r.id),
  );
}
