/**
 * What a change of party does to a booking's money, decided in the changing transaction (reservation
 * locked) so it happens once, with the change:
 *
 * - the quote: the new amount due, what the booking has paid (its payments' kept money and what the
 *   venue took at the door, less any fee the policy kept), what it owes, and the difference;
 * - an increase made by the guest is paid before the change takes effect: from a member's wallet, in
 *   this very transaction (a guest without the wallet is refused, and nothing changes); made by staff, it
 *   is owed, payable at the venue (the day sheet shows it; "paid at the venue" settles it);
 * - a decrease first lessens what is owed, then comes back as the cancellation policy allows: in full
 *   outside the cancellation window, less the late fee for the guests taken off inside it. A wallet is
 *   credited here, a card refunded by the processor once the change has committed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, type VenuePolicy } from '../../db/schema';
import { ApiError, conflict, forbidden } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { newId } from '../../lib/ids';
import { refundPayments } from './payment-refund';
import { lateChangeFeeFor } from '../../../common/late-cancellation-fee';
import { walletDescription, type PaymentRow } from './payments';
import { findUser, isMember, type ReservationRow } from '../reservations/reservations';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { MEMBERS_ONLY_MESSAGE } from '../wallet/wallet';
import { debitWallet } from '../wallet/wallet-ledger';
import { moneyIn } from '../../lib/message-values';

/** A change's money before it is made (minor units). `difference` is positive when more is due. */
export interface ChangeQuote {
  amountDue: number;
  paid: number;
  owed: number;
  difference: number;
  currency: string;
}

/** How the guest pays an increase. */
export type ChangePaymentMethod = 'WALLET';

/** What a change did with the money: paid now, refunded, left owing (for the mail and the answer). */
export interface ChangeSettlement {
  quote: ChangeQuote;
  paid: PaymentRow | null;
  refunds: { amount: number; payment: PaymentRow }[];
  /** Newly owed by this change, payable at the venue. */
  owed: number;
  /** Kept under the policy from a late decrease. */
  feeKept: number;
  /** Given back at the venue's desk from what it took there. */
  venueRefund: number;
  /** Card payments to refund at the processor after commit. */
  cardRefunds: string[];
  /** The reservation's money columns after the change. */
  columns: Pick<ReservationRow, 'amountOwed' | 'paidAtVenue' | 'feeKept'>;
}

const TOOK_MONEY = ['SUCCEEDED', 'PARTIALLY_REFUNDED'] as const;

/** The booking's payments that still hold money, oldest first, locked. */
async function keptPayments(tx: DbOrTx, reservationId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.purpose, 'RESERVATION'), inArray(payments.status, [...TOOK_MONEY])))
    .orderBy(payments.createdAt, payments.id)
    .for('update');
}

const keptOf = (rows: readonly PaymentRow[]) => rows.reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);

/** The quote of moving `row` to a new amount due, from its kept payments. */
export function quoteOf(row: ReservationRow, newAmountDue: number, kept: number): ChangeQuote {
  const paid = kept + row.paidAtVenue - row.feeKept;
  return { amountDue: newAmountDue, paid, owed: row.amountOwed, difference: newAmountDue - paid - row.amountOwed, currency: row.currency };
}

/** The quote of the change, read inside the changing transaction. */
export async function quoteChange(tx: DbOrTx, row: ReservationRow, newAmountDue: number): Promise<ChangeQuote> {
  return quoteOf(row, newAmountDue, keptOf(await keptPayments(tx, row.id)));
}

/** 409 20111: the change costs more, and it has not been paid. */
export const changePaymentRequired = (quote: ChangeQuote) =>
  new ApiError(409, ERROR_CODES.CHANGE_PAYMENT_REQUIRED, /*i18n*/ 'This change costs {amount} more, to be paid before it is made', undefined, {
    amount: moneyIn(quote.difference),
  });

/** Inside the transaction: debits the member's wallet for `amount` and records the payment of the change. */
async function payFromWallet(tx: DbOrTx, row: ReservationRow, amount: number, catalog: VenueCatalog, now: Date): Promise<PaymentRow> {
  if (!isMember(await findUser(tx, row.userId))) throw forbidden(MEMBERS_ONLY_MESSAGE);
  const [payment] = await tx
    .insert(payments)
    .values({
      id: newId(),
      userId: row.userId,
      reservationId: row.id,
      purpose: 'RESERVATION',
      amount,
      currency: row.currency,
      status: 'SUCCEEDED',
      method: 'WALLET',
      idempotencyKey: `change-${row.id}-${row.sequence}`,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // The payment row first, as the entry refers to it; a refusal rolls both back with the change.
  const movement = { userId: row.userId, amount, ...walletDescription('payment', row, catalog), reservationId: row.id, paymentId: payment!.id, now };
  await debitWallet(tx, 'PAYMENT', movement, (balance) =>
    conflict(/*i18n*/ 'Your wallet balance of {balance} is not enough to pay {amount}', { balance: moneyIn(balance), amount: moneyIn(amount) }),
  );
  return payment!;
}

/**
 * Inside the changing transaction, before the row is updated: settles the change's money as the module
 * says, or refuses it (nothing changed). Returns what it did and the money columns to write.
 */
export async function settleChange(
  tx: DbOrTx,
  args: {
    row: ReservationRow;
    newAmountDue: number;
    newNumberOfGuests: number;
    by: 'guest' | 'staff';
    payWith?: ChangePaymentMethod;
    policy: VenuePolicy;
    catalog: VenueCatalog;
    now: Date;
  },
): Promise<ChangeSettlement> {
  const { row, newAmountDue, by, policy, catalog, now } = args;
  const kept = await keptPayments(tx, row.id);
  const quote = quoteOf(row, newAmountDue, keptOf(kept));
  const settlement: ChangeSettlement = {
    quote,
    paid: null,
    refunds: [],
    owed: 0,
    feeKept: 0,
    venueRefund: 0,
    cardRefunds: [],
    columns: { amountOwed: row.amountOwed, paidAtVenue: row.paidAtVenue, feeKept: row.feeKept },
  };
  if (quote.difference > 0) {
    if (by === 'staff') {
      settlement.owed = quote.difference;
      settlement.columns.amountOwed += quote.difference;
    } else if (args.payWith === 'WALLET') {
      settlement.paid = await payFromWallet(tx, row, quote.difference, catalog, now);
    } else {
      throw changePaymentRequired(quote);
    }
  } else if (quote.difference < 0) {
    let decrease = -quote.difference;
    const fromOwed = Math.min(row.amountOwed, decrease);
    settlement.columns.amountOwed -= fromOwed;
    decrease -= fromOwed;
    const lateFrom = row.startsAt.getTime() - (policy.cancellationWindowHours ?? 0) * 3_600_000;
    const fee = now.getTime() >= lateFrom ? lateChangeFeeFor(policy, row.numberOfGuests, args.newNumberOfGuests, decrease) : 0;
    settlement.feeKept = fee;
    settlement.columns.feeKept += fee;
    // The newest payment gives back first.
    const back = await refundPayments(tx, { row, payments: [...kept].reverse(), amount: decrease - fee, catalog, now });
    settlement.refunds = back.refunds;
    settlement.cardRefunds = back.cardRefunds;
    settlement.venueRefund = Math.min(back.left, row.paidAtVenue);
    settlement.columns.paidAtVenue -= settlement.venueRefund;
  }
  return settlement;
}
