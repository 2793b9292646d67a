/**
 * A no-show undone (machines/visit.machine.ts `visit.undoNoShow`, docs/PRODUCT.md §6): until the booking's
 * service day ends, the booking is CONFIRMED again and whatever the no-show charged goes back the way a
 * cancellation's refund does (services/payments/payment-refund.ts): a card's fee refunded at the processor
 * after commit, a wallet's credited through the ledger (services/wallet/wallet-ledger.ts) in the same
 * transaction. Audited as visit.undo-no-show with what was given back.
 *
 * Races: the booking's row is locked first, then its charge, in the order the no-show and the card's
 * charge take them. While a charge of the card is under way (claimed by a request or the worker), the
 * processor's answer is not yet ours to give back: the undo is refused with 409 and may be tried again
 * a moment later. A charge still waiting for its next attempt is dropped, so the worker never takes it; an
 * attempt whose processor answered only after its claim ran out and the undo dropped it is refunded at the
 * processor at once (no-show-fee-charge.ts `giveBackAfterUndo`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { noShowFeeCharges, payments, reservations } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { composeDescription } from '../wallet/entry-description';
import { recordAudit } from '../audit/audit-log';
import { bookingMoney } from '../payments/booking-payments';
import { refundPayments } from '../payments/payment-refund';
import { carryOutRefunds } from '../payments/card-refunds';
import type { CancelDeps } from '../reservations/reservation-change';
import { reservationNotFound, type ReservationRow } from '../reservations/reservations';
import { venueOf, type VenueCatalog } from '../booking-rules/venue-catalog';
import { creditWallet } from '../wallet/wallet-ledger';
import { visitContextOf, visitTransition, type VisitChangeDto } from './visit-transition';

/** 409: the card is being charged right now; its outcome must be recorded before it can be given back. */
const chargeUnderWay = () => conflict(/*i18n*/ 'The card is being charged already. Please wait a moment.');

/** The text of a no-show fee given back, in the guest's wallet history. */
const feeRefundDescription = (row: ReservationRow, catalog: VenueCatalog) =>
  composeDescription(/*i18n*/ '{venue} – no-show fee refunded {reference}', { venue: venueOf(catalog, row.venueId).venue.title, reference: row.uniqueId });

/** Undoes the no-show of a booking already found and checked for the caller's venue. */
export async function undoNoShow(deps: CancelDeps, actor: AuthUser, found: ReservationRow, catalog: VenueCatalog): Promise<VisitChangeDto> {
  const now = deps.clock.now();
  const event = { type: 'visit.undoNoShow', nowMs: now.getTime() } as const;
  const { after, cardRefunds, refunded } = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reservations).where(eq(reservations.id, found.id)).for('update');
    if (!before) throw reservationNotFound();
    visitTransition(before, event, visitContextOf(before, catalog));
    const [charge] = await tx.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, before.id)).for('update');
    if (charge?.claimedUntil && charge.claimedUntil > now) throw chargeUnderWay();
    if (charge) await tx.delete(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, before.id));

    const cardFees = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.reservationId, before.id), eq(payments.purpose, 'NO_SHOW_FEE'), inArray(payments.status, ['SUCCEEDED', 'PARTIALLY_REFUNDED'])))
      .orderBy(payments.createdAt, payments.id)
      .for('update');
    const cardFee = cardFees.reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
    const back = await refundPayments(tx, { row: before, payments: cardFees, amount: cardFee, catalog, now });
    const walletFee = (await bookingMoney(tx, [before.id])).get(before.id)?.walletFee ?? 0;
    if (walletFee > 0) {
      await creditWallet(tx, 'REFUND', { userId: before.userId, amount: walletFee, ...feeRefundDescription(before, catalog), reservationId: before.id, now });
    }

    const [after] = await tx.update(reservations).set({ status: 'CONFIRMED', visitStatus: null, updatedAt: now }).where(eq(reservations.id, before.id)).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: before.venueId,
      action: 'visit.undo-no-show',
      entityType: 'reservation',
      entityId: before.id,
      before: { status: before.status, visitStatus: before.visitStatus },
      after: { status: after!.status, visitStatus: after!.visitStatus, refunded: { card: cardFee, wallet: walletFee } },
      at: now,
    });
    return { after: after!, cardRefunds: back.cardRefunds, refunded: cardFee + walletFee };
  });
  // After commit: the processor is never called inside our transactions; a refund it misses is retried by the worker.
  await carryOutRefunds(deps, cardRefunds);
  return { reservationId: after.id, status: after.status, visitStatus: after.visitStatus, noShow: null, refunded };
}
