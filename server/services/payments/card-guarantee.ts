/**
 * The card guarantee of a booking (docs/decisions/0035-card-guarantee.md): a booking of an experience whose
 * policy is GUARANTEE keeps a card, nothing charged, which the policy's fee is charged to without the guest
 * (services/payments/no-show-fee.ts). The card is saved through the processor's setup (Stripe: a SetupIntent
 * with `usage: off_session` on a Customer of the guest), confirmed by the browser with the card and the
 * bank's 3-D Secure check when it asks, as a payment is.
 *
 * Everything here is a function of the booking, not of the way the guest reached it (the booking wizard,
 * or a link sent for a phone booking): the caller has found the booking and checked it is the guest's.
 * A booking has one guarantee row; its processor setup is made once per attempt (the row's key), and a
 * new attempt follows only a refused card.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cardGuarantees, reservations, type CardGuaranteeStatus } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { ApiError, completionError, conflict } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { CardSetup } from './processor/processor';
import type { PaymentDeps } from './payments';
import { reservationNotFound, type ReservationRow } from '../reservations/reservations';
import { loadVenueCatalog } from '../booking-rules/venue-catalog';
import { bookingPolicy } from '../experience-setup/booking-policy';
import { settlePayLinkGuarantee } from './pay-link-settle';
import { idIn } from '../../lib/ids';

export type CardGuaranteeRow = typeof cardGuarantees.$inferSelect;
export type CardGuaranteeDto = Schema<'CardGuarantee'>;

/** 409 20261: only a guaranteed experience's booking saves a card. */
const notNeeded = () => new ApiError(409, ERROR_CODES.CARD_GUARANTEE_NOT_NEEDED, /*i18n*/ 'This booking does not ask for a card to be saved');

/** 409 20260: the completion of a guaranteed booking whose card is not saved yet. */
export const cardGuaranteeRequired = () =>
  new ApiError(409, ERROR_CODES.CARD_GUARANTEE_REQUIRED, /*i18n*/ 'Please save a card to hold this table: nothing is charged now');

const STATUS_OF_SETUP: Record<CardSetup['status'], CardGuaranteeStatus> = {
  requires_payment_method: 'REQUIRES_CARD',
  requires_action: 'REQUIRES_ACTION',
  // The bank is still deciding: the guest has given the card, which is not on file yet.
  processing: 'REQUIRES_ACTION',
  succeeded: 'SAVED',
  failed: 'FAILED',
};

const isOpen = (status: CardGuaranteeStatus) => status === 'REQUIRES_CARD' || status === 'REQUIRES_ACTION';

/** The processor's key of the booking's `attempt`th setup. */
const setupKey = (reservationId: string, attempt: number) => (attempt <= 1 ? `card-guarantee-${reservationId}` : `card-guarantee-${reservationId}-${attempt}`);
const attemptOf = (reservationId: string, key: string) => Number(key.slice(setupKey(reservationId, 1).length + 1) || 1);

/** What the guest agreed to: the fee per guest, and the last moment to cancel free of charge. */
interface GuaranteeTerms {
  fee: number;
  cancelBy: Date;
}

async function termsOf(deps: Pick<PaymentDeps, 'db'>, row: ReservationRow): Promise<GuaranteeTerms> {
  const policy = bookingPolicy(await loadVenueCatalog(deps.db), row);
  return { fee: policy.noShowFeePerPerson, cancelBy: new Date(row.startsAt.getTime() - policy.cancellationWindowHours * 3_600_000) };
}

function toDto(row: CardGuaranteeRow, terms: GuaranteeTerms, clientSecret: string | null): CardGuaranteeDto {
  return {
    reservationId: row.reservationId,
    status: row.status,
    clientSecret: isOpen(row.status) ? clientSecret : null,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    failureMessage: row.failureMessage,
    feePerGuest: terms.fee,
    cancelBy: terms.cancelBy.toISOString(),
  };
}

/** Brings the row in line with the processor's setup (its answer, the card saved or refused); the setup, or null when there is none yet. */
async function syncSetup(deps: PaymentDeps, row: CardGuaranteeRow): Promise<{ row: CardGuaranteeRow; setup: CardSetup | null }> {
  if (!row.setupRef) return { row, setup: null };
  const setup = await deps.payments.retrieveSetup(row.setupRef);
  if (!setup || !isOpen(row.status)) return { row, setup };
  const status = STATUS_OF_SETUP[setup.status];
  if (status === row.status) return { row, setup };
  const [updated] = await deps.db
    .update(cardGuarantees)
    .set({
      status,
      cardBrand: setup.card?.brand ?? row.cardBrand,
      cardLast4: setup.card?.last4 ?? row.cardLast4,
      failureMessage: status === 'FAILED' ? (setup.lastError ?? /*i18n*/ 'The card could not be saved') : null,
      updatedAt: deps.clock.now(),
    })
    // Only the attempt read: a newer attempt started meanwhile is not overwritten by the old one's answer.
    .where(and(eq(cardGuarantees.reservationId, row.reservationId), eq(cardGuarantees.setupRef, row.setupRef)))
    .returning();
  // A phone booking's pay link asked for this card: it closes now (decision 0036).
  if (updated?.status === 'SAVED') await settlePayLinkGuarantee(deps.db, row.reservationId, deps.clock.now());
  return { row: updated ?? row, setup };
}

/** The row to save the card with: the open one, the saved one as it is, or a new attempt after a refusal. */
async function openRow(tx: DbOrTx, reservation: ReservationRow, now: Date): Promise<CardGuaranteeRow> {
  const [existing] = await tx.select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, reservation.id)).for('update');
  if (existing && existing.status !== 'FAILED') return existing;
  if (existing) {
    const [next] = await tx
      .update(cardGuarantees)
      .set({ idempotencyKey: setupKey(reservation.id, attemptOf(reservation.id, existing.idempotencyKey) + 1), setupRef: null, status: 'REQUIRES_CARD', failureMessage: null, updatedAt: now })
      .where(eq(cardGuarantees.reservationId, reservation.id))
      .returning();
    return next!;
  }
  const [inserted] = await tx
    .insert(cardGuarantees)
    .values({ reservationId: reservation.id, userId: reservation.userId, idempotencyKey: setupKey(reservation.id, 1), status: 'REQUIRES_CARD', createdAt: now, updatedAt: now })
    .returning();
  return inserted!;
}

/**
 * Starts (or resumes) saving the card of a booking the caller has found to be the guest's: its client
 * secret for the browser to confirm with the card. Refused with 409 20261 for a booking that asks for no
 * guarantee, 10202 for a hold that ran out, 409 for a booking no longer upcoming. Asking again gives the
 * same setup; a saved card is answered as it is; after a refusal, a new setup.
 */
export async function startCardGuarantee(deps: PaymentDeps, reservationId: string): Promise<CardGuaranteeDto> {
  const now = deps.clock.now();
  const { row, reservation } = await deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!booking) throw reservationNotFound();
    if (booking.prePaymentType !== 'GUARANTEE') throw notNeeded();
    if (booking.status === 'PENDING' && (!booking.holdExpiresAt || booking.holdExpiresAt <= now)) throw completionError(10202, 409);
    if ((booking.status !== 'PENDING' && booking.status !== 'CONFIRMED') || booking.startsAt <= now) {
      throw conflict(/*i18n*/ 'This booking can no longer take a card');
    }
    return { row: await openRow(tx, booking, now), reservation: booking };
  });
  const terms = await termsOf(deps, reservation);
  const synced = await syncSetup(deps, row);
  if (synced.setup) return toDto(synced.row, terms, synced.setup.clientSecret);
  const setup = await deps.payments.createSetup({
    idempotencyKey: row.idempotencyKey,
    metadata: { reservationId, purpose: 'CARD_GUARANTEE' },
    customer: { email: reservation.email, name: [reservation.firstName, reservation.lastName].filter(Boolean).join(' ') || null },
  });
  const [stored] = await deps.db
    .update(cardGuarantees)
    .set({ setupRef: setup.id, updatedAt: deps.clock.now() })
    .where(and(eq(cardGuarantees.reservationId, reservationId), eq(cardGuarantees.idempotencyKey, row.idempotencyKey)))
    .returning();
  return toDto(stored ?? row, terms, setup.clientSecret);
}

/** The booking's guarantee as the processor has it now (asked while it is open); null when none was started. */
export async function readCardGuarantee(deps: PaymentDeps, reservation: ReservationRow): Promise<CardGuaranteeDto | null> {
  const [row] = await deps.db.select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, reservation.id));
  if (!row) return null;
  const { row: current, setup } = await syncSetup(deps, row);
  return toDto(current, await termsOf(deps, reservation), setup?.clientSecret ?? null);
}

/** The processor's setup whose saved card the booking's fees are charged to; null when no card is saved. */
export async function guaranteeCardOf(tx: DbOrTx, reservationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ ref: cardGuarantees.setupRef })
    .from(cardGuarantees)
    .where(and(eq(cardGuarantees.reservationId, reservationId), eq(cardGuarantees.status, 'SAVED')));
  return row?.ref ?? null;
}

/** Each booking's guarantee, for the day sheet ("Card on file"). */
export async function cardGuaranteesOf(db: DbOrTx, reservationIds: string[]): Promise<Map<string, CardGuaranteeRow>> {
  if (reservationIds.length === 0) return new Map();
  const rows = await db.select().from(cardGuarantees).where(idIn(cardGuarantees.reservationId, reservationIds));
  return new Map(rows.map((r) => [r.reservationId, r]));
}
