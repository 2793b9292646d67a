/**
 * A no-show fee charged to the card that paid the booking (or the card a guaranteed booking saved), and charged again. Its row in
 * `no_show_fee_charges` is written with the no-show (services/no-show-fee.ts), claimed by the request that
 * marks it, which charges the card once that transaction has committed (the processor is never called
 * inside our transactions). Only the holder of the claim records what the processor answered:
 *
 * - charged: a SUCCEEDED payment and its card entry;
 * - refused by the card: a FAILED payment with the processor's reason, never tried again by itself (the
 *   card said no); staff may charge again from the day sheet, with a new key, since the refusal took nothing;
 *   when the card's bank asks the absent cardholder to approve the charge (`authentication_required`), the
 *   guest is mailed their booking's link to pay it themselves;
 * - no answer (unreachable, an error): tried again by the payment worker after 5, 10, 20 … minutes, up to
 *   8 attempts, by whichever server process claims it first (FOR UPDATE SKIP LOCKED, as the outbox does).
 *   Every attempt sends the same idempotency key, so a charge the processor took before its answer was
 *   lost is found again, never made twice.
 *
 * A staff member's attempt (at the no-show, or "Charge the card again") is audited in the transaction
 * that records it; the worker's are not staff changes.
 *
 * The guest may pay the fee themselves (`settleFeePayment`) while an attempt is at the processor: the
 * guest's payment is kept and the charge reads paid; the attempt's own answer is then only history (a
 * refusal changes nothing, a success is refunded in full), so the fee is kept exactly once.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { cardEntries, noShowFeeCharges, payments, reservations, type PaymentStatus } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { checkVenueAccess } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import { newId, idIn } from '../../lib/ids';
import { logError } from '../../lib/log-error';
import type { PaymentIntent } from './processor/processor';
import { composeDescription } from '../wallet/entry-description';
import { recordAudit } from '../audit/audit-log';
import { bookingMoney, noShowBalance, type NoShowBalance } from './booking-payments';
import { backoffMs, errorText } from '../messaging/outbox-sender';
import type { PaymentDeps, PaymentRow } from './payments';
import { findUser, isMember, reservationNotFound, reservationScope, type ReservationRow } from '../reservations/reservations';
import { loadVenueCatalog, venueOf, type VenueCatalog } from '../booking-rules/venue-catalog';
import { bookingPolicy } from '../experience-setup/booking-policy';
import { drainDueBatches } from '../../lib/due-batches';
import { cardGuaranteesOf, guaranteeCardOf } from './card-guarantee';
import type { LinkSigning } from '../reservations/manage-link';
import { mailCancellation, mailFeeNeedsApproval } from '../reservations/reservation-mail';
import { carryOutRefunds, refundInFull } from './card-refunds';

export type NoShowFeeChargeRow = typeof noShowFeeCharges.$inferSelect;
export type NoShowFeeChargeDto = Schema<'NoShowFeeCharge'>;
type SheetNoShow = NonNullable<Schema<'DaySheetBooking'>['payment']['noShow']>;

export interface NoShowChargePolicy {
  /** Attempts without an answer before the worker stops trying (GAVE_UP). */
  maxAttempts: number;
  /** The wait after the first unanswered attempt; each further one doubles it, up to `maxBackoffMs`. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** How long a claim keeps a charge from other processes: longer than a processor call can take. */
  claimMs: number;
  /** Charges one claim of the worker takes. */
  batchSize: number;
}

/** 8 attempts over about six and a half hours: 5, 10, 20, 40, 80, 120 and 120 minutes apart. */
export const DEFAULT_NO_SHOW_CHARGE_POLICY: NoShowChargePolicy = {
  maxAttempts: 8,
  firstBackoffMs: 5 * 60_000,
  maxBackoffMs: 2 * 60 * 60_000,
  claimMs: 2 * 60_000,
  batchSize: 10,
};

/** The idempotency key of the booking's `series`th charge: the first keeps the key the fee always had. */
const noShowFeeKey = (reservationId: string, series: number) =>
  series <= 1 ? `no-show-fee-${reservationId}` : `no-show-fee-${reservationId}-${series}`;

/** The text of the fee in the guest's transaction history (and of a wallet's charge). */
export const noShowFeeDescription = (row: ReservationRow, catalog: VenueCatalog) =>
  composeDescription(/*i18n*/ '{venue} – no-show fee {reference}', { venue: venueOf(catalog, row.venueId).venue.title, reference: row.uniqueId });

/** The text of a card's fee charge: a late cancellation's (a card guarantee cancelled inside its window), else the no-show's. */
const feeChargeDescription = (row: ReservationRow, catalog: VenueCatalog) =>
  row.status === 'LATE_CANCELED'
    ? composeDescription(/*i18n*/ '{venue} – late cancellation fee {reference}', { venue: venueOf(catalog, row.venueId).venue.title, reference: row.uniqueId })
    : noShowFeeDescription(row, catalog);

/** 409: nothing to charge: the booking is no no-show, or its fee is paid. */
const nothingOwed = () => conflict(/*i18n*/ 'Nothing is owed for this booking');
/** 409: the retry job or another member of staff is charging the card right now. */
const chargeUnderWay = () => conflict(/*i18n*/ 'The card is being charged already. Please wait a moment.');
/** 409: a guest who paid nothing by card has no card the club may charge. */
const noCardOnFile = () => conflict(/*i18n*/ 'No card paid this booking: the fee is settled at the venue');

const TOOK_MONEY: PaymentStatus[] = ['SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED'];

/** The card payments of the booking that took money, whose card was removed by the guest since (`removed`) or not. */
const cardPaymentsOf = (reservationId: string, removed: boolean) =>
  and(
    eq(payments.reservationId, reservationId),
    eq(payments.purpose, 'RESERVATION'),
    eq(payments.method, 'CARD'),
    inArray(payments.status, TOOK_MONEY),
    removed ? isNotNull(payments.cardRemovedAt) : isNull(payments.cardRemovedAt),
  );

/** The processor's intent of a card payment of the booking, whose card it may charge again; null when none paid by card, or the guest removed it (saved-cards.ts). */
export async function cardThatPaid(tx: DbOrTx, reservationId: string): Promise<string | null> {
  const [row] = await tx.select({ ref: payments.processorRef }).from(payments).where(cardPaymentsOf(reservationId, false)).orderBy(payments.createdAt, payments.id);
  return row?.ref ?? null;
}

/** The intent of a card that paid the booking and that the guest has removed since: a fee it would have paid is owed, never charged. */
export async function removedCardOf(tx: DbOrTx, reservationId: string): Promise<string | null> {
  const [row] = await tx.select({ ref: payments.processorRef }).from(payments).where(cardPaymentsOf(reservationId, true)).orderBy(payments.createdAt, payments.id);
  return row?.ref ?? null;
}

/**
 * The card the booking's fee may be charged to without the guest: the card that paid it, else the card a
 * guaranteed booking saved (card-guarantee.ts); null when neither.
 */
export async function cardOnFileOf(tx: DbOrTx, reservationId: string): Promise<string | null> {
  return (await cardThatPaid(tx, reservationId)) ?? (await guaranteeCardOf(tx, reservationId));
}

/** Why a fee is owed rather than charged: the guest removed the card it would have been charged to. */
export const CARD_REMOVED = /*i18n*/ 'The guest removed this card: the fee is owed, to settle at the venue';

/** The key of a new charge: every key the processor has answered left one NO_SHOW_FEE payment. */
async function nextKey(tx: DbOrTx, reservationId: string): Promise<string> {
  const [{ answered }] = (await tx
    .select({ answered: count() })
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.purpose, 'NO_SHOW_FEE')))) as [{ answered: number }];
  return noShowFeeKey(reservationId, 1 + Number(answered));
}

const claimUntil = (now: Date, policy: NoShowChargePolicy) => ({
  claimedUntil: new Date(now.getTime() + policy.claimMs),
  claimToken: randomUUID(),
  // Due at once: should the claiming process end before it has charged, the worker takes over once the claim runs out.
  nextAttemptAt: now,
  updatedAt: now,
});

/**
 * Inside a transaction holding the booking's row: a new charge of `amount` to the card of `cardOf`,
 * claimed by the caller, who charges it with `attemptCharge` once the transaction has committed.
 */
export async function openCharge(
  tx: DbOrTx,
  args: { reservation: ReservationRow; cardOf: string; amount: number; now: Date; mailsCancellation?: boolean },
  policy: NoShowChargePolicy = DEFAULT_NO_SHOW_CHARGE_POLICY,
): Promise<NoShowFeeChargeRow> {
  const { reservation, cardOf, amount, now, mailsCancellation = false } = args;
  const [row] = await tx
    .insert(noShowFeeCharges)
    .values({
      reservationId: reservation.id,
      userId: reservation.userId,
      cardOf,
      amount,
      idempotencyKey: await nextKey(tx, reservation.id),
      status: 'PENDING',
      mailsCancellation,
      createdAt: now,
      ...claimUntil(now, policy),
    })
    .returning();
  return row!;
}

/**
 * Inside a transaction holding the booking's row: its fee recorded as owed at once (DECLINED, the reason
 * CARD_REMOVED, never tried), since the card it would be charged to was removed by the guest. The ledger
 * holds the booking to it as to any fee owed.
 */
export async function recordFeeOwed(tx: DbOrTx, args: { reservation: ReservationRow; cardOf: string; amount: number; now: Date }): Promise<void> {
  const { reservation, cardOf, amount, now } = args;
  await tx.insert(noShowFeeCharges).values({
    reservationId: reservation.id,
    userId: reservation.userId,
    cardOf,
    amount,
    idempotencyKey: await nextKey(tx, reservation.id),
    status: 'DECLINED',
    lastError: CARD_REMOVED,
    nextAttemptAt: null,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * The guest removed the cards of these intents (saved-cards.ts): a fee still being tried on one of them is
 * recorded as owed at once, never tried again (one being charged this moment records its own answer).
 */
export async function feesOwedOnRemovedCards(tx: DbOrTx, intentIds: readonly string[], now: Date): Promise<void> {
  if (intentIds.length === 0) return;
  await tx
    .update(noShowFeeCharges)
    .set({ status: 'DECLINED', lastError: CARD_REMOVED, nextAttemptAt: null, updatedAt: now })
    .where(and(inArray(noShowFeeCharges.cardOf, [...intentIds]), eq(noShowFeeCharges.status, 'PENDING')));
}

/** The processor's answer as our payment, with its card entry when the money was taken; the payment's id. */
async function recordPayment(tx: DbOrTx, charge: NoShowFeeChargeRow, reservation: ReservationRow, intent: PaymentIntent, catalog: VenueCatalog, now: Date): Promise<string> {
  const succeeded = intent.status === 'succeeded';
  const paymentId = newId();
  await tx.insert(payments).values({
    id: paymentId,
    userId: reservation.userId,
    reservationId: reservation.id,
    purpose: 'NO_SHOW_FEE',
    amount: charge.amount,
    status: succeeded ? 'SUCCEEDED' : 'FAILED',
    method: 'CARD',
    processorRef: intent.id,
    idempotencyKey: charge.idempotencyKey,
    cardBrand: intent.card?.brand ?? null,
    cardLast4: intent.card?.last4 ?? null,
    failureMessage: succeeded ? null : refusalOf(intent),
    createdAt: now,
    updatedAt: now,
  });
  if (succeeded) {
    const description = feeChargeDescription(reservation, catalog);
    await tx.insert(cardEntries).values({ id: newId(), userId: reservation.userId, paymentId, reservationId: reservation.id, type: 'PAYMENT', amount: -charge.amount, ...description, createdAt: now });
  }
  return paymentId;
}

const refusalOf = (intent: PaymentIntent) => intent.lastError ?? /*i18n*/ 'The payment failed';

/** Whether the charge this attempt was for is still on record (by its key), whoever now holds its claim. */
async function chargeStillOpen(db: DbOrTx, charge: NoShowFeeChargeRow): Promise<boolean> {
  const [row] = await db
    .select({ key: noShowFeeCharges.idempotencyKey })
    .from(noShowFeeCharges)
    .where(and(eq(noShowFeeCharges.reservationId, charge.reservationId), eq(noShowFeeCharges.idempotencyKey, charge.idempotencyKey)));
  return Boolean(row);
}

/**
 * The processor took the fee after the no-show was undone (its answer came after the claim ran out, and the
 * undo dropped the charge meanwhile): the guest owes nothing, so it goes straight back at the processor,
 * under a key of its own (the same refund however often this runs). Nothing is recorded: nothing was kept.
 */
async function giveBackAfterUndo(deps: PaymentDeps, charge: NoShowFeeChargeRow, intent: PaymentIntent): Promise<void> {
  try {
    await deps.payments.refund(intent.id, charge.amount, `${charge.idempotencyKey}-undone`);
    logError(`no-show fee of reservation ${charge.reservationId} was charged after its no-show was undone: refunded at once`, null);
  } catch (err) {
    logError(`no-show fee of reservation ${charge.reservationId} was charged after its no-show was undone and could not be refunded: refund intent ${intent.id} by hand`, err);
  }
}

/**
 * Outside any transaction, with `charge` claimed: asks the processor to charge the card, then records its
 * answer, or that there was none, under the claim. Returns the charge as it now stands.
 */
export async function attemptCharge(
  deps: PaymentDeps,
  charge: NoShowFeeChargeRow,
  options: { actor: AuthUser | null; catalog: VenueCatalog; policy?: NoShowChargePolicy },
): Promise<NoShowFeeChargeRow> {
  const { actor, catalog, policy = DEFAULT_NO_SHOW_CHARGE_POLICY } = options;
  let intent: PaymentIntent | null = null;
  let error: unknown;
  try {
    intent = await deps.payments.chargeCardOnFile({
      amount: charge.amount,
      currency: 'HKD',
      idempotencyKey: charge.idempotencyKey,
      metadata: { reservationId: charge.reservationId, purpose: 'NO_SHOW_FEE' },
      cardOf: charge.cardOf,
    });
    // The interface promises a settled intent; anything else is no answer yet, and the same key asks again.
    if (intent.status !== 'succeeded' && intent.status !== 'failed') {
      error = new Error(`the processor answered ${intent.status}`);
      intent = null;
    }
  } catch (err) {
    error = err;
  }
  const now = deps.clock.now();
  // A success that came after the guest had paid the fee themselves, refunded in full after commit.
  const refunds: string[] = [];
  const recorded = await deps.db.transaction(async (tx) => {
    // The booking first, then its charge: the order the no-show and the staff's charge lock in.
    const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, charge.reservationId)).for('update');
    const [mine] = await tx
      .select()
      .from(noShowFeeCharges)
      .where(and(eq(noShowFeeCharges.reservationId, charge.reservationId), eq(noShowFeeCharges.claimToken, charge.claimToken ?? '')))
      .for('update');
    // The claim ran out and another process has taken the charge over: the outcome is its to record.
    if (!reservation || !mine) return null;
    const paymentId = intent ? await recordPayment(tx, mine, reservation, intent, catalog, now) : null;
    // The guest paid the fee themselves while this attempt was at the processor (settleFeePayment): theirs is kept.
    if (mine.status === 'CHARGED') {
      if (paymentId && intent?.status === 'succeeded') {
        const [taken] = await tx.select().from(payments).where(eq(payments.id, paymentId));
        await refundInFull(tx, { payment: taken!, reservation, catalog, reason: 'already-paid', now });
        refunds.push(paymentId);
      }
      const [after] = await tx
        .update(noShowFeeCharges)
        .set({ claimedUntil: null, claimToken: null, updatedAt: now })
        .where(eq(noShowFeeCharges.reservationId, mine.reservationId))
        .returning();
      return after!;
    }
    // The bank wants the guest to approve it: not the card's refusal, so the guest is asked to pay it themselves.
    if (intent?.status === 'failed' && intent.needsAuthentication) await mailFeeNeedsApproval(tx, { row: reservation, catalog, amount: mine.amount, links: deps.config });
    const attempts = intent ? mine.attempts : mine.attempts + 1;
    const gaveUp = !intent && attempts >= policy.maxAttempts;
    const [after] = await tx
      .update(noShowFeeCharges)
      .set({
        status: intent ? (intent.status === 'succeeded' ? 'CHARGED' : 'DECLINED') : gaveUp ? 'GAVE_UP' : 'PENDING',
        attempts,
        lastError: intent ? (intent.status === 'succeeded' ? null : refusalOf(intent)) : errorText(error),
        nextAttemptAt: intent || gaveUp ? null : new Date(now.getTime() + backoffMs(attempts, policy)),
        claimedUntil: null,
        claimToken: null,
        mailsCancellation: false,
        updatedAt: now,
      })
      .where(eq(noShowFeeCharges.reservationId, mine.reservationId))
      .returning();
    // A guarantee cancelled late: its cancellation mail says how this first outcome went, in the outcome's own commit.
    if (mine.mailsCancellation) await mailLateCancellation(tx, { reservation, charge: after!, catalog, links: deps.config, now });
    if (actor) {
      await recordAudit(tx, {
        actorId: actor.id,
        venueId: reservation.venueId,
        action: 'payment.no-show-fee',
        entityType: 'reservation',
        entityId: reservation.id,
        before: null,
        after: { paymentId, amount: mine.amount, status: intent ? (intent.status === 'succeeded' ? 'SUCCEEDED' : 'FAILED') : 'UNREACHABLE', idempotencyKey: mine.idempotencyKey },
        at: now,
      });
    }
    return after!;
  });
  await carryOutRefunds(deps, refunds);
  if (!recorded && intent?.status === 'succeeded' && !(await chargeStillOpen(deps.db, charge))) await giveBackAfterUndo(deps, charge, intent);
  // Nothing to say when the guest paid the fee themselves meanwhile: nothing is outstanding.
  if (!intent && recorded?.status !== 'CHARGED') {
    const next = recorded?.nextAttemptAt ? `tried again at ${recorded.nextAttemptAt.toISOString()}` : 'not tried again by itself';
    logError(`no-show fee of reservation ${charge.reservationId} not charged (attempt ${recorded?.attempts ?? '?'}); it stays outstanding, ${next}`, error);
  }
  if (recorded) return recorded;
  const [current] = await deps.db.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, charge.reservationId));
  return current!;
}

/** The cancellation mail of a guarantee cancelled late: its fee, and what its charge to the saved card did. */
async function mailLateCancellation(
  tx: DbOrTx,
  args: { reservation: ReservationRow; charge: NoShowFeeChargeRow; catalog: VenueCatalog; links: LinkSigning; now: Date },
): Promise<void> {
  const { reservation, charge, catalog, links, now } = args;
  const last4 = (await cardGuaranteesOf(tx, [reservation.id])).get(reservation.id)?.cardLast4 ?? '····';
  // A guarantee keeps nothing until the fee: no refund to tell of, and the fee is the charge's.
  const money = { refunds: [], feeKept: reservation.feeKept, feeCharge: { status: charge.status, last4 } };
  await mailCancellation(tx, { row: reservation, catalog, money, now, links });
}

/**
 * Under the booking's lock: the fee its charge left owed, for the guest to pay themselves (payment-start.ts's
 * `startFeePayment`): the charge refused, given up on, or its card removed; 'charging' while staff or the
 * worker are charging the card on file (the charge is PENDING); null when no fee is owed.
 */
export async function feeOwedOf(tx: DbOrTx, reservation: ReservationRow, lock = true): Promise<number | 'charging' | null> {
  if (reservation.status !== 'NO_SHOW' && reservation.status !== 'LATE_CANCELED') return null;
  const query = tx.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, reservation.id));
  const [charge] = lock ? await query.for('update') : await query;
  if (!charge || charge.status === 'CHARGED') return null;
  return charge.status === 'PENDING' ? 'charging' : charge.amount;
}

/** The fee the booking's guest may pay themselves now (`feeOwedOf`, read without a lock, for the manage page); null when none. */
export async function feeDueOf(db: DbOrTx, reservationId: string): Promise<number | null> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  const owed = row ? await feeOwedOf(db, row, false) : null;
  return typeof owed === 'number' ? owed : null;
}

/**
 * Inside the transaction that records the success of a fee the guest paid themselves (payment-sync.ts), the
 * booking locked: the charge is recorded as paid, with the guest's card entry. That holds too while staff or
 * the worker are charging the card on file (PENDING): the guest's money is taken, while that attempt may
 * still be refused, so the claim is left to the attempt, which then records its answer as history only
 * (`attemptCharge`). False when the fee was no longer owed (the card on file was charged first): the caller
 * refunds the payment in full.
 */
export async function settleFeePayment(tx: DbOrTx, args: { payment: PaymentRow; reservation: ReservationRow; catalog: VenueCatalog; now: Date }): Promise<boolean> {
  const { payment, reservation, catalog, now } = args;
  if (reservation.status !== 'NO_SHOW' && reservation.status !== 'LATE_CANCELED') return false;
  const [charge] = await tx.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, reservation.id)).for('update');
  if (!charge || charge.status === 'CHARGED' || charge.amount !== payment.amount) return false;
  await tx
    .update(noShowFeeCharges)
    .set({ status: 'CHARGED', lastError: null, nextAttemptAt: null, updatedAt: now })
    .where(eq(noShowFeeCharges.reservationId, reservation.id));
  const description = feeChargeDescription(reservation, catalog);
  await tx
    .insert(cardEntries)
    .values({ id: newId(), userId: payment.userId, paymentId: payment.id, reservationId: reservation.id, type: 'PAYMENT', amount: -payment.amount, ...description, createdAt: now })
    .onConflictDoNothing();
  return true;
}

/** Claims up to a batch of charges due again, none another process holds. */
async function claimDue(deps: PaymentDeps, policy: NoShowChargePolicy): Promise<NoShowFeeChargeRow[]> {
  const now = deps.clock.now();
  const c = noShowFeeCharges;
  const due = deps.db
    .select({ id: c.reservationId })
    .from(c)
    .where(and(eq(c.status, 'PENDING'), lte(c.nextAttemptAt, now), or(isNull(c.claimedUntil), lt(c.claimedUntil, now))))
    .orderBy(asc(c.nextAttemptAt))
    .limit(policy.batchSize)
    // A charge another process is claiming right now is passed over, not waited for.
    .for('update', { skipLocked: true });
  return deps.db.update(c).set(claimUntil(now, policy)).where(inArray(c.reservationId, due)).returning();
}

/** The payment worker's round: charges the cards whose earlier attempt got no answer and are due again; how many it tried. */
export async function retryNoShowFeeCharges(deps: PaymentDeps, policy: NoShowChargePolicy = DEFAULT_NO_SHOW_CHARGE_POLICY): Promise<number> {
  return drainDueBatches(policy.batchSize, async () => {
    const claimed = await claimDue(deps, policy);
    if (claimed.length === 0) return 0;
    const catalog = await loadVenueCatalog(deps.db);
    for (const charge of claimed) await attemptCharge(deps, charge, { actor: null, catalog, policy });
    return claimed.length;
  });
}

/** Each booking's charge, for the day sheet. */
export async function noShowFeeChargesOf(db: DbOrTx, reservationIds: string[]): Promise<Map<string, NoShowFeeChargeRow>> {
  if (reservationIds.length === 0) return new Map();
  const rows = await db.select().from(noShowFeeCharges).where(idIn(noShowFeeCharges.reservationId, reservationIds));
  return new Map(rows.map((r) => [r.reservationId, r]));
}

/** The sheet's view of a no-show's card: the charge as it stands, and whether staff may charge the card now. */
export function cardChargeView(outstanding: number, cardOnFile: boolean, charge: NoShowFeeChargeRow | undefined, now: Date): Pick<SheetNoShow, 'card' | 'canChargeCard'> {
  const underWay = Boolean(charge?.claimedUntil && charge.claimedUntil > now);
  return {
    card: charge
      ? {
          status: charge.status,
          amount: charge.amount,
          underWay,
          reason: charge.status === 'DECLINED' ? charge.lastError : null,
          attempts: charge.attempts,
          nextAttemptAt: charge.status === 'PENDING' && charge.nextAttemptAt ? charge.nextAttemptAt.toISOString() : null,
        }
      : null,
    // A card the guest removed is on file no more: its fee is settled at the venue.
    canChargeCard: outstanding > 0 && cardOnFile && !underWay,
  };
}

/**
 * What the booking's fee still owes: a no-show's balance; a late-cancelled card guarantee's fee (`feeKept`,
 * recorded at the cancellation) less what its card has paid of it. Null when the booking has no fee.
 */
async function balanceOf(db: DbOrTx, row: ReservationRow, catalog: VenueCatalog): Promise<Pick<NoShowBalance, 'outstanding' | 'noCardOnFile'> | null> {
  const money = (await bookingMoney(db, [row.id])).get(row.id);
  if (row.status === 'LATE_CANCELED' && row.prePaymentType === 'GUARANTEE') {
    const outstanding = Math.max(0, row.feeKept - (money?.cardFee ?? 0));
    return { outstanding, noCardOnFile: outstanding > 0 && !money?.cardOnFile };
  }
  if (row.status !== 'NO_SHOW') return null;
  return noShowBalance(row.numberOfGuests, bookingPolicy(catalog, row).noShowFeePerPerson, money, isMember(await findUser(db, row.userId)));
}

/**
 * POST /admin/reservation/{id}/no-show-fee/charge: charges what a no-show (or a card guarantee's late
 * cancellation) still owes to the card that paid the booking or the one it saved, now. 404 unknown booking, 403 another venue's, 409 when nothing is owed, no card paid, or a
 * charge of it is under way. A refused or answered charge gets a new key; one that got no answer keeps its
 * own, so the processor finds a charge it took meanwhile rather than making another.
 */
export async function chargeNoShowFeeAgain(deps: PaymentDeps, actor: AuthUser, reservationId: string, policy = DEFAULT_NO_SHOW_CHARGE_POLICY): Promise<NoShowFeeChargeDto> {
  const { db, now, catalog } = await reservationScope(deps);
  const [found] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!found) throw reservationNotFound();
  checkVenueAccess(actor, found.venueId);
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    const balance = await balanceOf(tx, row!, catalog);
    if (balance?.noCardOnFile) throw noCardOnFile();
    if (!balance || balance.outstanding === 0) throw nothingOwed();
    const { outstanding } = balance;
    const [charge] = await tx.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, reservationId)).for('update');
    if (charge?.claimedUntil && charge.claimedUntil > now) throw chargeUnderWay();
    if (!charge) {
      // A no-show marked before charges were kept, or whose card was not charged then.
      const cardOf = await cardOnFileOf(tx, reservationId);
      if (!cardOf) throw noCardOnFile();
      return openCharge(tx, { reservation: row!, cardOf, amount: outstanding, now }, policy);
    }
    // The card the fee was to be charged to was removed by the guest: no card may pay it now.
    if ((await cardOnFileOf(tx, reservationId)) === null) throw noCardOnFile();
    const answered = charge.status === 'DECLINED' || charge.status === 'CHARGED';
    const fresh = answered ? { idempotencyKey: await nextKey(tx, reservationId), amount: outstanding, attempts: 0, lastError: null } : {};
    const [updated] = await tx
      .update(noShowFeeCharges)
      .set({ ...fresh, status: 'PENDING', ...claimUntil(now, policy) })
      .where(eq(noShowFeeCharges.reservationId, reservationId))
      .returning();
    return updated!;
  });
  const after = await attemptCharge(deps, claimed, { actor, catalog, policy });
  const outstanding = (await balanceOf(db, found, catalog))?.outstanding ?? 0;
  return {
    reservationId,
    result: after.status === 'CHARGED' ? 'CHARGED' : after.status === 'DECLINED' ? 'DECLINED' : 'OWED',
    amount: after.amount,
    reason: after.status === 'DECLINED' ? after.lastError : null,
    outstanding,
    nextAttemptAt: after.status === 'PENDING' && after.nextAttemptAt ? after.nextAttemptAt.toISOString() : null,
  };
}
