/**
 * What bookings' payments add up to, read for many bookings at once (the day sheet) or one (charging a
 * no-show fee again): paid and refunded, the no-show fee charged to a card or a wallet, and whether a card
 * that paid is on file. A no-show's balance follows from them and the venue's fee, so the sheet and the
 * charge agree on what is still owed.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cardGuarantees, payments, walletEntries, type PaymentStatus } from '../../db/schema';
import { idIn } from '../../lib/ids';

/** Payments that took money (some of it may have gone back since). */
const TOOK_MONEY: PaymentStatus[] = ['SUCCEEDED', 'REFUNDED', 'PARTIALLY_REFUNDED'];

export interface BookingMoney {
  /** Paid for the booking (deposit or prepayment), minor units. */
  paid: number;
  refunded: number;
  /** The no-show fee charged to the card and to the wallet. */
  cardFee: number;
  walletFee: number;
  /** A card paid the booking, or a guaranteed booking saved one: the processor can charge it without the cardholder. */
  cardOnFile: boolean;
  /** A card paid the booking and the guest removed it since: a fee it would have paid is owed, not forgiven. */
  cardRemoved: boolean;
}

const NOTHING: BookingMoney = { paid: 0, refunded: 0, cardFee: 0, walletFee: 0, cardOnFile: false, cardRemoved: false };

/** Each booking's money, in three reads whatever their number; a booking with none is left out. */
export async function bookingMoney(db: DbOrTx, reservationIds: string[]): Promise<Map<string, BookingMoney>> {
  const found = new Map<string, BookingMoney>();
  if (reservationIds.length === 0) return found;
  const paid = await db
    .select({
      reservationId: payments.reservationId,
      paid: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.purpose} = 'RESERVATION'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.refundedAmount}) filter (where ${payments.purpose} = 'RESERVATION'), 0)::int`,
      cardFee: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}) filter (where ${payments.purpose} = 'NO_SHOW_FEE'), 0)::int`,
      cardOnFile: sql<boolean>`coalesce(bool_or(${payments.purpose} = 'RESERVATION' and ${payments.method} = 'CARD' and ${payments.processorRef} is not null and ${payments.cardRemovedAt} is null), false)`,
      cardRemoved: sql<boolean>`coalesce(bool_or(${payments.purpose} = 'RESERVATION' and ${payments.method} = 'CARD' and ${payments.cardRemovedAt} is not null), false)`,
    })
    .from(payments)
    .where(and(idIn(payments.reservationId, reservationIds), inArray(payments.status, TOOK_MONEY)))
    .groupBy(payments.reservationId);
  // A no-show fee taken from a member's wallet is its only CHARGE tied to a booking; an undone no-show gave
  // it back as a REFUND of no payment (services/staff/no-show-undo.ts).
  const walletFees = await db
    .select({ reservationId: walletEntries.reservationId, charged: sql<number>`coalesce(-sum(${walletEntries.amount}), 0)::int` })
    .from(walletEntries)
    .where(and(idIn(walletEntries.reservationId, reservationIds), or(eq(walletEntries.type, 'CHARGE'), and(eq(walletEntries.type, 'REFUND'), isNull(walletEntries.paymentId)))))
    .groupBy(walletEntries.reservationId);
  for (const m of paid) {
    found.set(m.reservationId!, { ...NOTHING, paid: Number(m.paid), refunded: Number(m.refunded), cardFee: Number(m.cardFee), cardOnFile: Boolean(m.cardOnFile), cardRemoved: Boolean(m.cardRemoved) });
  }
  for (const w of walletFees) found.set(w.reservationId!, { ...(found.get(w.reservationId!) ?? NOTHING), walletFee: Number(w.charged) });
  // A guaranteed booking paid nothing, but its saved card is on file for the fee (card-guarantee.ts).
  const guaranteed = await db
    .select({ reservationId: cardGuarantees.reservationId })
    .from(cardGuarantees)
    .where(and(idIn(cardGuarantees.reservationId, reservationIds), eq(cardGuarantees.status, 'SAVED')));
  for (const g of guaranteed) found.set(g.reservationId, { ...(found.get(g.reservationId) ?? NOTHING), cardOnFile: true });
  return found;
}

/** A no-show's fee: the policy's fee for the party, what was paid and is kept, charged beyond it, and still owed. */
export interface NoShowBalance {
  fee: number;
  kept: number;
  charged: number;
  outstanding: number;
  /** Neither a wallet nor a card that paid can pay the fee: it is not charged, and not owed (docs/PRODUCT.md §6). */
  noCardOnFile: boolean;
}

/** `member`: the guest has a wallet the fee is charged to. */
export function noShowBalance(numberOfGuests: number, noShowFeePerPerson: number, money: BookingMoney = NOTHING, member = false): NoShowBalance {
  const fee = noShowFeePerPerson * numberOfGuests;
  const kept = money.paid - money.refunded;
  const charged = money.walletFee + money.cardFee;
  const rest = Math.max(0, fee - kept - charged);
  // A fee nothing can pay is no debt the host can collect: recorded as not charged, never as outstanding.
  const noCardOnFile = rest > 0 && !member && !money.cardOnFile && !money.cardRemoved;
  return { fee, kept, charged, outstanding: noCardOnFile ? 0 : rest, noCardOnFile };
}
