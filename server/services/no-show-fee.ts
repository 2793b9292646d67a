/**
 * The venue's no-show policy, applied when staff mark a no-show (services/visit-lifecycle.ts): what was
 * paid is kept, and the rest of the policy's fee is charged to a member's wallet in the marking
 * transaction, or to the card that paid the booking once that transaction has committed.
 */
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { cardEntries, payments, walletEntries } from '../db/schema';
import type { Schema } from '../lib/api-types';
import { newId } from '../lib/ids';
import { logError } from '../lib/log-error';
import type { PaymentIntent } from '../payments/processor';
import { composeDescription } from '../i18n/content';
import { venueOf, type VenueCatalog } from './venue-catalog';
import { recordAudit } from './audit-log';
import type { CancelDeps } from './reservation-change';
import { findUser, isMember, type ReservationRow } from './reservations';

export type NoShowOutcome = NonNullable<Schema<'VisitChange'>['noShow']>;

/**
 * The venue's no-show policy, inside the transaction that marks the no-show: what was paid (a deposit or
 * prepayment) is kept, never refunded; the policy's fee per person beyond it is charged to a member's
 * wallet, or else to the card that paid the booking (after commit: `cardCharge`). A guest with neither
 * owes the rest (`outstanding`), for the venue to settle.
 */
export async function applyNoShowPolicy(
  tx: DbOrTx,
  row: ReservationRow,
  catalog: VenueCatalog,
  now: Date,
): Promise<{ outcome: NoShowOutcome; cardCharge: CardCharge | null }> {
  const { venue } = venueOf(catalog, row.venueId);
  const fee = venue.policy.noShowFeePerPerson * row.numberOfGuests;
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
  const card = paidRows.find((p) => p.method === 'CARD' && p.processorRef);
  return { outcome, cardCharge: card ? { intentId: card.processorRef!, amount: due } : null };
}

/** The card that paid a booking, and what of the no-show fee is to be charged to it. */
export interface CardCharge {
  intentId: string;
  amount: number;
}

/**
 * After the no-show has committed (the processor is never called inside our transactions): charges the
 * rest of the fee to the card that paid the booking, then records the payment and its card entry. A
 * refusal or an unreachable processor leaves the fee outstanding; the key makes a retry charge once.
 */
export async function chargeNoShowFeeToCard(
  deps: CancelDeps,
  actor: AuthUser,
  row: ReservationRow,
  charge: CardCharge,
  outcome: NoShowOutcome,
  catalog: VenueCatalog,
): Promise<NoShowOutcome> {
  let intent: PaymentIntent;
  try {
    intent = await deps.payments.chargeCardOnFile({
      amount: charge.amount,
      currency: 'HKD',
      idempotencyKey: `no-show-fee-${row.id}`,
      metadata: { reservationId: row.id, purpose: 'NO_SHOW_FEE' },
      cardOf: charge.intentId,
    });
  } catch (err) {
    logError(`no-show fee of reservation ${row.id} not charged; it stays outstanding`, err);
    return outcome;
  }
  const succeeded = intent.status === 'succeeded';
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const paymentId = newId();
    await tx.insert(payments).values({
      id: paymentId,
      userId: row.userId,
      reservationId: row.id,
      purpose: 'NO_SHOW_FEE',
      amount: charge.amount,
      status: succeeded ? 'SUCCEEDED' : 'FAILED',
      method: 'CARD',
      processorRef: intent.id,
      idempotencyKey: `no-show-fee-${row.id}`,
      cardBrand: intent.card?.brand ?? null,
      cardLast4: intent.card?.last4 ?? null,
      failureMessage: succeeded ? null : (intent.lastError ?? /*i18n*/ 'The payment failed'),
      createdAt: now,
      updatedAt: now,
    });
    if (succeeded) {
      await tx.insert(cardEntries).values({ id: newId(), userId: row.userId, paymentId, reservationId: row.id, type: 'PAYMENT', amount: -charge.amount, ...noShowFeeDescription(row, catalog), createdAt: now });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: row.venueId,
      action: 'payment.no-show-fee',
      entityType: 'reservation',
      entityId: row.id,
      before: null,
      after: { paymentId, amount: charge.amount, status: succeeded ? 'SUCCEEDED' : 'FAILED' },
      at: now,
    });
  });
  return succeeded ? { ...outcome, cardCharged: charge.amount, outstanding: outcome.outstanding - charge.amount } : outcome;
}

const noShowFeeDescription = (row: ReservationRow, catalog: VenueCatalog) =>
  composeDescription(/*i18n*/ '{venue} – no-show fee {reference}', { venue: venueOf(catalog, row.venueId).venue.title, reference: row.uniqueId });
