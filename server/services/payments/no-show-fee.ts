/**
 * The venue's no-show policy, applied when staff mark a no-show (services/visit-lifecycle.ts): what was
 * paid is kept, and the rest of the policy's fee is charged to a member's wallet in the marking
 * transaction (as far as its balance goes), or to the card that paid the booking once that transaction has committed
 * (services/no-show-fee-charge.ts, which tries again while the processor cannot be reached).
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { cardOnFileOf, noShowFeeDescription, openCharge, recordFeeOwed, removedCardOf, type NoShowFeeChargeRow } from './no-show-fee-charge';
import { findUser, isMember, type ReservationRow } from '../reservations/reservations';
import { bookingPolicy } from '../experience-setup/booking-policy';
import { chargeFeeToWallet } from '../wallet/wallet-ledger';

export type NoShowOutcome = NonNullable<Schema<'VisitChange'>['noShow']>;

/**
 * The venue's no-show policy, inside the transaction that marks the no-show: what was paid (a deposit or
 * prepayment) is kept, never refunded; the policy's fee per person beyond it is charged to a member's
 * wallet as far as its balance goes (the rest is owed: `outstanding`, which staff may charge to a card that
 * paid the booking from the day sheet, or settle at the venue), or else to the card that paid the booking
 * or, for a card guarantee (nothing paid), the card it saved:
 * `cardCharge`, claimed for the caller to charge after commit. A guest with neither is not charged, and
 * owes nothing: the booking says so to staff (`noCardOnFile`).
 */
export async function applyNoShowPolicy(
  tx: DbOrTx,
  row: ReservationRow,
  catalog: VenueCatalog,
  now: Date,
): Promise<{ outcome: NoShowOutcome; cardCharge: NoShowFeeChargeRow | null }> {
  const fee = bookingPolicy(catalog, row).noShowFeePerPerson * row.numberOfGuests;
  const paidRows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, row.id), eq(payments.status, 'SUCCEEDED')))
    .orderBy(payments.createdAt, payments.id);
  const kept = paidRows.reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
  const due = Math.max(0, fee - kept);
  const outcome: NoShowOutcome = { fee, kept, walletCharged: 0, cardCharged: 0, outstanding: due, noCardOnFile: false };
  if (due === 0) return { outcome, cardCharge: null };
  // A card guarantee's fee goes to the card the guest saved for it, as they agreed, never to a wallet.
  if (row.prePaymentType !== 'GUARANTEE' && isMember(await findUser(tx, row.userId))) {
    // The wallet gives what it holds and is never overdrawn; the rest is owed (docs/PRODUCT.md §9, "Wallet").
    const charged = await chargeFeeToWallet(tx, { userId: row.userId, amount: due, ...noShowFeeDescription(row, catalog), reservationId: row.id, now });
    return { outcome: { ...outcome, walletCharged: charged, outstanding: due - charged }, cardCharge: null };
  }
  const cardOf = await cardOnFileOf(tx, row.id);
  const removed = cardOf ? null : await removedCardOf(tx, row.id);
  // The card that paid was removed by the guest: the fee is owed at once, to settle at the venue (docs/PRODUCT.md §9).
  if (removed) {
    await recordFeeOwed(tx, { reservation: row, cardOf: removed, amount: due, now });
    return { outcome, cardCharge: null };
  }
  // Nothing can pay it (a phone guest, who paid nothing by card): the fee is not charged nor owed (docs/PRODUCT.md §6).
  if (!cardOf) return { outcome: { ...outcome, outstanding: 0, noCardOnFile: true }, cardCharge: null };
  return { outcome, cardCharge: await openCharge(tx, { reservation: row, cardOf, amount: due, now }) };
}
