/**
 * A card payment through a phone booking's pay link that succeeded (decision 0036), settled in the
 * transaction that records its success, with the booking locked: it pays what the booking owes while the
 * booking is confirmed, still owes it and its link was not released. Otherwise (released at the lapse,
 * cancelled, paid at the venue meanwhile) it is not taken, and the caller refunds it in full. A guarantee's
 * link is closed once the card is saved.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payLinks, reservations } from '../../db/schema';
import type { ReservationRow } from '../reservations/reservations';
import type { PaymentRow } from './payments';

/** A guarantee's link closed once its card is saved (decision 0035): it asked for nothing more. */
export async function settlePayLinkGuarantee(tx: DbOrTx, reservationId: string, now: Date): Promise<void> {
  await tx
    .update(payLinks)
    .set({ outcome: 'CARD_SAVED', settledAt: now })
    .where(and(eq(payLinks.reservationId, reservationId), eq(payLinks.asks, 'GUARANTEE'), isNull(payLinks.outcome)));
}

/** Whether the payment paid the booking's link (then recorded as paid); false when it is to be refunded. */
export async function settlePayLinkPayment(tx: DbOrTx, payment: PaymentRow, reservation: ReservationRow, now: Date): Promise<boolean> {
  if (payment.changeHoldId || payment.purpose !== 'RESERVATION') return false;
  const [link] = await tx.select().from(payLinks).where(eq(payLinks.reservationId, reservation.id)).for('update');
  if (!link || link.outcome === 'RELEASED' || link.outcome === 'PAID') return false;
  if (reservation.status !== 'CONFIRMED' || reservation.amountOwed < payment.amount) return false;
  await tx
    .update(reservations)
    .set({ amountOwed: reservation.amountOwed - payment.amount, updatedAt: now })
    .where(eq(reservations.id, reservation.id));
  await tx.update(payLinks).set({ outcome: 'PAID', settledAt: now }).where(eq(payLinks.reservationId, reservation.id));
  return true;
}
