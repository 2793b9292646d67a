/**
 * Card payments and refunds in the transaction history. Written inside the transaction that decides
 * them (the payment settling, a cancellation, an automatic refund), beside the wallet's own entries;
 * they never touch the wallet balance. A card top-up has none: its wallet entry stands for it.
 */
import type { DbOrTx } from '../../db/client';
import { cardEntries } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { walletDescription, type PaymentRow } from './payments';
import type { ReservationRow } from '../reservations/reservations';

/** A reservation's card payment has succeeded: the money left the card. Once per payment. */
export async function recordCardPayment(
  tx: DbOrTx,
  args: { payment: PaymentRow; reservation: ReservationRow; catalog: VenueCatalog; now: Date },
): Promise<void> {
  const { payment, reservation, catalog, now } = args;
  if (payment.method !== 'CARD' || payment.purpose !== 'RESERVATION') return;
  await tx
    .insert(cardEntries)
    .values({
      id: newId(),
      userId: payment.userId,
      paymentId: payment.id,
      reservationId: reservation.id,
      type: 'PAYMENT',
      amount: -payment.amount,
      ...walletDescription('payment', reservation, catalog),
      createdAt: now,
    })
    // Settling runs once per payment; the unique index makes sure of it.
    .onConflictDoNothing();
}

/** `amount` of a card payment goes back to the card (decided now; the processor carries it out). */
export async function recordCardRefund(
  tx: DbOrTx,
  args: { payment: PaymentRow; amount: number; reservation: ReservationRow | undefined; catalog: VenueCatalog; now: Date },
): Promise<void> {
  const { payment, amount, reservation, catalog, now } = args;
  if (payment.method !== 'CARD' || amount <= 0) return;
  await tx.insert(cardEntries).values({
    id: newId(),
    userId: payment.userId,
    paymentId: payment.id,
    reservationId: reservation?.id ?? null,
    type: 'REFUND',
    amount,
    ...(reservation ? walletDescription('refund', reservation, catalog) : { description: /*i18n*/ 'Refund of wallet top-up' }),
    createdAt: now,
  });
}
