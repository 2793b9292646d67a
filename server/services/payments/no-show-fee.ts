/**
 * The venue's no-show policy, applied when staff mark a no-show (services/visit-lifecycle.ts): what was
 * paid is kept, and the rest of the policy's fee is charged to a member's wallet in the marking
 * transaction, or to the card that paid the booking once that transaction has committed
 * (services/no-show-fee-charge.ts, which tries again while the processor cannot be reached).
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, walletEntries } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { newId } from '../../lib/ids';
import type { VenueCatalog } from '../venues/venue-catalog';
import { cardThatPaid, noShowFeeDescription, openCharge, type NoShowFeeChargeRow } from './no-show-fee-charge';
import { findUser, isMember, type ReservationRow } from '../reservations/reservations';
import { bookingPolicy } from '../experience-setup/booking-policy';

export type NoShowOutcome = NonNullable<Schema<'VisitChange'>['noShow']>;

/**
 * The venue's no-show policy, inside the transaction that marks the no-show: what was paid (a deposit or
 * prepayment) is kept, never refunded; the policy's fee per person beyond it is charged to a member's
 * wallet, or else to the card that paid the booking: `cardCharge`, claimed for the caller to charge after
 * commit. A guest with neither owes the rest (`outstanding`), for the venue to settle.
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
  const outcome: NoShowOutcome = { fee, kept, walletCharged: 0, cardCharged: 0, outstanding: due };
  if (due === 0) return { outcome, cardCharge: null };
  if (isMember(await findUser(tx, row.userId))) {
    await tx.insert(walletEntries).values({
      id: newId(),
      userId: row.userId,
      type: 'CHARGE',
      amount: -due,
      ...noShowFeeDescription(row, catalog),
      reservationId: row.id,
      createdAt: now,
    });
    return { outcome: { ...outcome, walletCharged: due, outstanding: 0 }, cardCharge: null };
  }
  const cardOf = await cardThatPaid(tx, row.id);
  return { outcome, cardCharge: cardOf ? await openCharge(tx, { reservation: row, cardOf, amount: due, now }) : null };
}
