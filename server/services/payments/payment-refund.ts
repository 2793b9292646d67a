/**
 * Refunds on cancellation, as the venue's policy says: outside the cancellation window everything paid
 * comes back; on a late cancellation the fee common/late-cancellation-fee.ts works out for the party as it
 * stands is kept (never more than was paid) and the rest comes back. A card guarantee paid nothing: its
 * late fee (never more than the no-show fee the guest agreed to) is charged to the card it saved. A wallet
 * is credited in the cancelling transaction; a card is refunded by the processor right after it commits.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { feeBaseOf, lateCancellationFeeFor, type CancellationFeePolicy } from '../../../common/late-cancellation-fee';
import type { DbOrTx } from '../../db/client';
import { payments, reservations, type VenuePolicy } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { recordCardRefund } from './card-entries';
import { failPendingWalletPayments, refundedStatus, walletDescription, type PaymentRow } from './payments';
import type { CancellationMoney } from '../reservations/reservation-mail';
import type { ReservationRow } from '../reservations/reservations';
import { creditWallet } from '../wallet/wallet-ledger';
import { cardOnFileOf, openCharge, type NoShowFeeChargeRow } from './no-show-fee-charge';

/**
 * How a cancellation splits what was paid: the fee kept and the refund. The fee is taken from `base`
 * (`feeBaseOf`: what was paid, or what a card guarantee's card may be charged); what was paid does not cover
 * of it is `toCharge`, charged to the card on file.
 */
export function cancellationSplit(
  policy: CancellationFeePolicy,
  status: 'CANCELED' | 'LATE_CANCELED',
  numberOfGuests: number,
  paid: number,
  base = paid,
): { fee: number; refund: number; toCharge: number } {
  const fee = status === 'LATE_CANCELED' ? lateCancellationFeeFor(policy, numberOfGuests, base) : 0;
  const kept = Math.min(fee, paid);
  return { fee, refund: paid - kept, toCharge: fee - kept };
}

export interface CancellationRefunds {
  money: CancellationMoney;
  /** Card payments to refund at the processor once the transaction has committed. */
  cardRefunds: string[];
  /** A card guarantee's late-cancellation fee, claimed for the caller to charge once the transaction has committed. */
  feeCharge: NoShowFeeChargeRow | null;
}

/**
 * Inside the cancelling transaction (reservation locked, already updated to its cancelled status):
 * records the refund of each succeeded payment of the reservation and credits wallets. Waiting wallet
 * payments fail. What a smaller party already got back stays given back: only what is kept is refunded.
 * Each payment is refunded once: a cancelled reservation cannot be cancelled again.
 */
export async function refundForCancellation(
  tx: DbOrTx,
  args: { row: ReservationRow; policy: VenuePolicy; catalog: VenueCatalog; now: Date; mailsGuest: boolean },
): Promise<CancellationRefunds> {
  const { row, policy, catalog, now, mailsGuest } = args;
  await failPendingWalletPayments(tx, row.id, /*i18n*/ 'The reservation was cancelled', now);
  const paidRows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, row.id), inArray(payments.status, ['SUCCEEDED', 'PARTIALLY_REFUNDED'])))
    .orderBy(payments.createdAt, payments.id)
    .for('update');
  const paid = paidRows.reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
  const status = row.status === 'LATE_CANCELED' ? 'LATE_CANCELED' : 'CANCELED';
  const split = cancellationSplit(policy, status, row.numberOfGuests, paid, feeBaseOf(row, policy, paid));
  // A guarantee's fee goes to the card it saved, off-session, through the no-show fee's charge (its key, the
  // worker's retries, a refusal left owed); with no card saved nothing can pay it, so none is recorded.
  const cardOf = split.toCharge > 0 ? await cardOnFileOf(tx, row.id) : null;
  const fee = cardOf ? split.fee : split.fee - split.toCharge;
  // The guest's cancellation mail, when there is one, waits for the charge's outcome (written with it).
  const feeCharge = cardOf ? await openCharge(tx, { reservation: row, cardOf, amount: split.toCharge, now, mailsCancellation: mailsGuest }) : null;

  const money: CancellationMoney = { refunds: [], feeKept: fee };
  // What the ledger holds the cancelled booking to: the fee kept or charged (and nothing owed any more).
  await tx.update(reservations).set({ feeKept: fee, amountOwed: 0 }).where(eq(reservations.id, row.id));
  const back = await refundPayments(tx, { row, payments: paidRows, amount: split.refund, catalog, now });
  money.refunds.push(...back.refunds);
  return { money, cardRefunds: back.cardRefunds, feeCharge };
}

/** What `refundPayments` gave back: each refund, the card payments the processor must refund after commit, and what was left. */
export interface PaymentsRefunded {
  refunds: { amount: number; payment: PaymentRow }[];
  cardRefunds: string[];
  left: number;
}

/**
 * Gives `amount` back from the payments, in the order given, each no more than it still holds: recorded
 * on the payment, credited to the wallet at once or noted for the processor (a card) after commit. Used by
 * a cancellation and by a change that costs less.
 */
export async function refundPayments(
  tx: DbOrTx,
  args: { row: ReservationRow; payments: readonly PaymentRow[]; amount: number; catalog: VenueCatalog; now: Date },
): Promise<PaymentsRefunded> {
  const { row, catalog, now } = args;
  const refunds: PaymentsRefunded['refunds'] = [];
  const cardRefunds: string[] = [];
  let left = args.amount;
  for (const payment of args.payments) {
    const amount = Math.min(left, payment.amount - payment.refundedAmount);
    if (amount <= 0) continue;
    left -= amount;
    const refundedAmount = payment.refundedAmount + amount;
    const [updated] = await tx
      .update(payments)
      .set({ refundedAmount, status: refundedStatus(payment.amount, refundedAmount), refundRef: null, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    if (payment.method === 'WALLET') {
      await creditWallet(tx, 'REFUND', { userId: payment.userId, amount, ...walletDescription('refund', row, catalog), reservationId: row.id, paymentId: payment.id, now });
    } else {
      await recordCardRefund(tx, { payment, amount, reservation: row, catalog, now });
      cardRefunds.push(payment.id);
    }
    refunds.push({ amount, payment: updated! });
  }
  return { refunds, cardRefunds, left };
}

/** What was given back of a reservation's payments, and where to, in the order paid (the API's `refunds`). */
export async function refundsOf(db: DbOrTx, reservationId: string): Promise<Schema<'ReservationRefund'>[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), gt(payments.refundedAmount, 0)))
    .orderBy(payments.createdAt, payments.id);
  return rows.map((p) => ({ amount: p.refundedAmount, method: p.method, cardBrand: p.cardBrand, cardLast4: p.cardLast4 }));
}

/**
 * What a cancelled reservation says of its money (the API's `refunds` and `feeKept`): each refund, and the
 * late-cancellation fee kept — the row's, the sum the ledger check holds it to, so the page shows what was
 * charged even when a change gave part back first or the fee kept everything.
 */
export async function cancelledMoneyOf(db: DbOrTx, row: Pick<ReservationRow, 'id' | 'feeKept'>): Promise<Pick<Schema<'Reservation'>, 'refunds' | 'feeKept'>> {
  return { refunds: await refundsOf(db, row.id), feeKept: row.feeKept };
}
