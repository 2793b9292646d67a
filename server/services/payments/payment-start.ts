/**
 * Starting a payment: our `payments` row first (all checks under the reservation's lock, so a refusal
 * changes nothing), then, for a card, the processor's intent, whose client secret the browser confirms
 * with the card at the processor. Idempotent by the caller's key: the same key gives the same payment,
 * a new key after a failed attempt a new attempt on the same hold; a new key while one is open gives the
 * open one (one open charge per booking, `open-payment.ts`).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { PaymentIntent } from './processor/processor';
import { payLinks, payments, users, type PaymentMethod, type PaymentPurpose } from '../../db/schema';
import { ApiError, badRequest, completionError, conflict, forbidden, notFound } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { newId } from '../../lib/ids';
import { findUser, lockOwnReservation, sqlState, type ReservationRow } from '../reservations/reservations';
import { changeHoldGone, changeStillHeld, holdPaymentUnderway, lockChangeHold } from '../reservations/change-holds';
import { syncWithProcessor } from './payment-sync';
import { isPending, PENDING_STATUSES, succeededPaymentOf, toPaymentDto, type PaymentDeps, type PaymentDto, type PaymentRow } from './payments';
import { MEMBERS_ONLY_MESSAGE, walletBalance } from '../wallet/wallet';
import { moneyIn } from '../../lib/message-values';
import { intentInput, openCardPayment, reuseOrReplace, startReplacingOpen, type CheckedIntents, type StartedPayment, type StartOutcome } from './open-payment';
import { findSavedCard, payWithSavedCard } from './saved-cards';
import { feeOwedOf } from './no-show-fee-charge';

const UNIQUE_VIOLATION = '23505';

export interface StartReservationPaymentInput {
  method: PaymentMethod;
  idempotencyKey: string;
  /** A card only: pay with this saved card of the caller (`saved-cards.ts`) instead of a typed one. */
  savedCardId?: string | undefined;
}

export interface StartTopUpInput {
  amount: number;
  idempotencyKey: string;
}

/** Keys are the caller's own: two users' equal keys never meet. */
const scopedKey = (userId: string, key: string) => `${userId}:${key}`;

const keyReused = () => conflict(/*i18n*/ 'This idempotency key was already used for a different payment');
const paymentInProgress = () => conflict(/*i18n*/ 'Another payment for this reservation is still in progress. Please finish it before paying again.');

/** A new payment row, stamped with the injected clock. */
async function insertPayment(
  db: DbOrTx,
  values: Pick<PaymentRow, 'userId' | 'reservationId' | 'amount' | 'currency' | 'status' | 'method' | 'idempotencyKey'> & {
    purpose: PaymentPurpose;
    changeHoldId?: string;
    now: Date;
  },
): Promise<PaymentRow> {
  const { now, ...row } = values;
  const [inserted] = await db
    .insert(payments)
    .values({ id: newId(), ...row, createdAt: now, updatedAt: now })
    .returning();
  return inserted!;
}

async function findByKey(db: DbOrTx, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  return row;
}

/**
 * For a card, the processor's intent (made once, by the payment's own key) and its client secret. A
 * payment asked for again while pending is first checked with the processor, so a reload after paying
 * sees it paid.
 */
async function withIntent(deps: PaymentDeps, { row, intent: checked }: StartedPayment): Promise<PaymentDto> {
  if (row.method !== 'CARD' || !isPending(row.status)) return toPaymentDto(row);
  // An open payment the start has just checked with the processor: its intent as read then.
  if (checked) return toPaymentDto(row, checked.clientSecret);
  if (row.processorRef) {
    const intent = await syncWithProcessor(deps, row);
    const [current] = await deps.db.select().from(payments).where(eq(payments.id, row.id));
    return toPaymentDto(current ?? row, intent?.clientSecret ?? null);
  }
  const intent = await deps.payments.createIntent(intentInput(row));
  const [updated] = await deps.db
    .update(payments)
    .set({ processorRef: intent.id, updatedAt: deps.clock.now() })
    .where(eq(payments.id, row.id))
    .returning();
  return toPaymentDto(updated ?? row, intent.clientSecret);
}

/** The payment a key already made, if any; one it made for something other than this start is refused. */
async function madeByKey(db: DbOrTx, key: string, fits: (made: PaymentRow) => boolean): Promise<PaymentRow | undefined> {
  const existing = await findByKey(db, key);
  if (existing && !fits(existing)) throw keyReused();
  return existing;
}

/**
 * Runs the insert; a concurrent call with the same key that got there first wins, and is answered when it
 * was made for the same thing (`fits`, the start's own test of a key's earlier payment).
 */
async function insertOnce(work: () => Promise<StartOutcome>, key: string, db: DbOrTx, fits: (made: PaymentRow) => boolean): Promise<StartOutcome> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
    const existing = await madeByKey(db, key, fits);
    if (!existing) throw err;
    return existing;
  }
}

/**
 * Asks the processor about the caller's card payments of the reservation that we still have as pending,
 * so a payment that succeeded (its webhook not here yet) refuses a new one rather than being paid twice.
 * The intents read, by payment id: an open one the start then answers is not asked for again.
 */
async function syncPendingCardPayments(deps: PaymentDeps, userId: string, reservationId: string): Promise<CheckedIntents> {
  const pending = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, reservationId),
        eq(payments.userId, userId),
        eq(payments.method, 'CARD'),
        inArray(payments.status, [...PENDING_STATUSES]),
        isNotNull(payments.processorRef),
      ),
    );
  const checked = new Map<string, PaymentIntent>();
  for (const row of pending) {
    const intent = await syncWithProcessor(deps, row);
    if (intent) checked.set(row.id, intent);
  }
  return checked;
}

/** A card payment of the reservation that the card has paid, the processor not done yet (one in 3-D Secure is replaced instead). */
async function cardPaymentUnderway(tx: DbOrTx, reservationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.method, 'CARD'), eq(payments.status, 'PROCESSING')))
    .limit(1);
  return Boolean(row);
}

/** What a booking's own payment pays: the hold's amount due (the wizard), or what a confirmed phone booking owes through its pay link (decision 0036). */
export type ReservationPaymentFor = 'hold' | 'pay-link';

/**
 * Under the booking's lock: the amount this payment is for, or the refusal of why none may start. A hold:
 * refused once confirmed or paid, with 10202 once the hold has run out. A pay link: the booking must be
 * confirmed, still owe it and its link be open and not lapsed (409 20232 once it has; 20230 when paid,
 * released or never sent).
 */
async function amountToPay(tx: DbOrTx, reservation: ReservationRow, paymentFor: ReservationPaymentFor, now: Date): Promise<number> {
  if (paymentFor === 'pay-link') {
    const [link] = await tx.select().from(payLinks).where(eq(payLinks.reservationId, reservation.id));
    if (!link || reservation.status !== 'CONFIRMED' || reservation.amountOwed <= 0 || (link.outcome !== null && link.outcome !== 'KEPT_OWED')) {
      throw new ApiError(409, ERROR_CODES.PAY_LINK_NOT_OPEN, /*i18n*/ 'Nothing is left to pay through this link');
    }
    if (link.outcome === 'KEPT_OWED' || link.lapsesAt <= now) {
      throw new ApiError(409, ERROR_CODES.PAY_LINK_LAPSED, /*i18n*/ 'This payment link has lapsed. Please call the venue about your reservation.');
    }
    return reservation.amountOwed;
  }
  if (reservation.status === 'CONFIRMED') throw conflict(/*i18n*/ 'This reservation is already confirmed');
  if (reservation.status !== 'PENDING' || !reservation.holdExpiresAt || reservation.holdExpiresAt <= now) {
    throw completionError(10202, 409);
  }
  if (reservation.amountDue <= 0) throw conflict(/*i18n*/ 'No payment is due for this reservation');
  if (await succeededPaymentOf(tx, reservation.id)) {
    throw new ApiError(409, ERROR_CODES.ALREADY_PAID, /*i18n*/ 'This reservation has already been paid');
  }
  return reservation.amountDue;
}

/**
 * A booking's own payment. POST /user/reservation/{id}/payment (`paymentFor` 'hold'): the caller's PENDING
 * reservation with a live hold and an amount due, not yet paid. CARD: a payment of the amount due and a
 * processor intent. WALLET (members only, 403 otherwise): refused with 409 when the balance is short; the
 * debit happens when the reservation is completed, in the same transaction. POST /manage/{token}/payment
 * ('pay-link', card only, `caller` the booking's guest): a card payment of what a phone booking owes; its
 * success lessens what is owed (`payment-sync.ts`), unless the link was released first.
 *
 * Either way a new payment is refused with 409 while a card payment of the booking is processing (one left
 * in 3-D Secure is replaced). A card payment of the amount still open (no card given yet) is answered
 * whatever the key, so the booking has one open charge (`open-payment.ts`); an open one of another
 * amount, or one open when the wallet or a saved card pays, is cancelled at the processor and replaced.
 * Should two payments still succeed (a processor out of step), `payment-sync.ts` keeps one and refunds the other.
 */
export async function startReservationPayment(
  deps: PaymentDeps,
  caller: Pick<AuthUser, 'id'>,
  reservationId: string,
  input: StartReservationPaymentInput,
  paymentFor: ReservationPaymentFor = 'hold',
): Promise<PaymentDto> {
  const key = scopedKey(caller.id, input.idempotencyKey);
  const now = deps.clock.now();
  if (input.savedCardId && input.method !== 'CARD') throw badRequest(/*i18n*/ 'Only a card payment can use a saved card', 'savedCardId');
  const savedCard = input.savedCardId ? await findSavedCard(deps.db, caller.id, input.savedCardId) : undefined;
  const checked = (await findByKey(deps.db, key)) ? undefined : await syncPendingCardPayments(deps, caller.id, reservationId);
  const fits = (made: PaymentRow) => made.reservationId === reservationId && made.method === input.method && made.purpose === 'RESERVATION' && !made.changeHoldId;
  const attempt = () =>
    insertOnce(
      () =>
        deps.db.transaction(async (tx): Promise<StartOutcome> => {
          const reservation = await lockOwnReservation(tx, reservationId, caller.id);
          const existing = await madeByKey(tx, key, fits);
          if (existing) return existing;
          const amount = await amountToPay(tx, reservation, paymentFor, now);
          if (await cardPaymentUnderway(tx, reservationId)) throw paymentInProgress();
          // A card payment of the amount that is still open is the one to pay; any other is replaced.
          const open = await openCardPayment(tx, { kind: 'booking', reservationId });
          // A saved card pays a payment of its own, never one a typed card may be given to.
          if (open) return reuseOrReplace(open, input.method === 'CARD' && !savedCard && open.amount === amount);
          if (input.method === 'WALLET') {
            const user = await findUser(tx, caller.id);
            if (user?.role !== 'member') throw forbidden(MEMBERS_ONLY_MESSAGE);
            const balance = await walletBalance(tx, caller.id);
            if (balance < amount) {
              throw conflict(/*i18n*/ 'Your wallet balance of {balance} is not enough to pay {amount}', { balance: moneyIn(balance), amount: moneyIn(amount) });
            }
          }
          return insertPayment(tx, {
            userId: caller.id,
            reservationId,
            purpose: 'RESERVATION',
            amount,
            currency: reservation.currency,
            // A wallet payment waits for the completion, which debits it.
            status: input.method === 'WALLET' ? 'PROCESSING' : 'REQUIRES_PAYMENT_METHOD',
            method: input.method,
            idempotencyKey: key,
            now,
          });
        }),
      key,
      deps.db,
      fits,
    );
  const started = await startReplacingOpen(deps, attempt, paymentInProgress, checked);
  return savedCard ? payWithSavedCard(deps, started.row, savedCard) : withIntent(deps, started);
}

/**
 * POST /user/reservation/v1.1/{id}/change-hold/{holdId}/payment: a card payment of a held change's
 * difference (reservations/change-holds.ts), whose success makes the change. Refused with 409 20112 once
 * the hold has run out or the booking has moved on, and with 409 while another payment of it is under
 * way or has paid. Idempotent by the caller's key, as a reservation's payment is; the open payment of
 * this change is answered whatever the key, and an open one of another change is cancelled and replaced.
 */
export async function startChangePayment(
  deps: PaymentDeps,
  caller: Pick<AuthUser, 'id'>,
  reservationId: string,
  holdId: string,
  input: Pick<StartReservationPaymentInput, 'idempotencyKey' | 'savedCardId'>,
): Promise<PaymentDto> {
  const key = scopedKey(caller.id, input.idempotencyKey);
  const now = deps.clock.now();
  const savedCard = input.savedCardId ? await findSavedCard(deps.db, caller.id, input.savedCardId) : undefined;
  const fits = (made: PaymentRow) => made.changeHoldId === holdId;
  const attempt = () =>
    insertOnce(
      () =>
        deps.db.transaction(async (tx): Promise<StartOutcome> => {
        const reservation = await lockOwnReservation(tx, reservationId, caller.id);
        const existing = await madeByKey(tx, key, fits);
        if (existing) return existing;
        const hold = await lockChangeHold(tx, holdId);
        if (!hold || hold.reservationId !== reservationId) throw notFound(/*i18n*/ 'Change not found');
        if (!changeStillHeld(hold, reservation, now)) throw changeHoldGone();
        const underway = await holdPaymentUnderway(tx, holdId);
        if (underway?.status === 'SUCCEEDED') throw new ApiError(409, ERROR_CODES.ALREADY_PAID, /*i18n*/ 'This change has already been paid');
        if (underway) throw paymentInProgress();
        // The open payment of this change's difference is the one to pay; one of another change is replaced.
        const open = await openCardPayment(tx, { kind: 'change', reservationId });
        if (open) return reuseOrReplace(open, !savedCard && open.changeHoldId === hold.id && open.amount === hold.difference);
        return insertPayment(tx, {
          userId: caller.id,
          reservationId,
          purpose: 'RESERVATION',
          amount: hold.difference,
          currency: hold.currency,
          status: 'REQUIRES_PAYMENT_METHOD',
          method: 'CARD',
          idempotencyKey: key,
          changeHoldId: hold.id,
          now,
        });
      }),
    key,
    deps.db,
    fits,
  );
  const started = await startReplacingOpen(deps, attempt, paymentInProgress);
  return savedCard ? payWithSavedCard(deps, started.row, savedCard) : withIntent(deps, started);
}

/**
 * POST /manage/{token}/fee-payment: the guest pays, by card and with the bank's 3-D Secure check, a fee the
 * card on file did not pay (its bank asked the guest to approve it, the card refused, or was removed): the
 * booking's fee charge, left owed. Refused with 409 20233 when no fee is owed, and with 409 while staff or
 * the payment worker are charging the card on file. Keyed by the booking's guest, as their own payments
 * are; the open fee payment is answered whatever the key. Its success records the fee paid
 * (`settleFeePayment`); one that lands after the card on file was charged meanwhile is refunded in full.
 */
export async function startFeePayment(deps: PaymentDeps, owner: Pick<AuthUser, 'id'>, reservationId: string, input: Pick<StartReservationPaymentInput, 'idempotencyKey'>): Promise<PaymentDto> {
  const key = scopedKey(owner.id, input.idempotencyKey);
  const now = deps.clock.now();
  const fits = (made: PaymentRow) => made.reservationId === reservationId && made.purpose === 'NO_SHOW_FEE';
  const attempt = () =>
    insertOnce(
      () =>
        deps.db.transaction(async (tx): Promise<StartOutcome> => {
          const reservation = await lockOwnReservation(tx, reservationId, owner.id);
          const existing = await madeByKey(tx, key, fits);
          if (existing) return existing;
          const owed = await feeOwedOf(tx, reservation);
          if (owed === 'charging') throw paymentInProgress();
          if (!owed) throw new ApiError(409, ERROR_CODES.FEE_NOT_OWED, /*i18n*/ 'No fee is due for this reservation');
          if (await cardPaymentUnderway(tx, reservationId)) throw paymentInProgress();
          const open = await openCardPayment(tx, { kind: 'fee', reservationId });
          if (open) return reuseOrReplace(open, open.amount === owed);
          return insertPayment(tx, {
            userId: owner.id,
            reservationId,
            purpose: 'NO_SHOW_FEE',
            amount: owed,
            currency: reservation.currency,
            status: 'REQUIRES_PAYMENT_METHOD',
            method: 'CARD',
            idempotencyKey: key,
            now,
          });
        }),
      key,
      deps.db,
      fits,
    );
  return withIntent(deps, await startReplacingOpen(deps, attempt, paymentInProgress));
}

/**
 * POST /user/wallet/top-up (members): a card payment of `amount`; its success credits the wallet. The
 * member's open top-up of the same amount is answered, one of another amount replaced; the member's row
 * is the lock that lets two starts side by side see each other's.
 */
export async function startWalletTopUp(deps: PaymentDeps, caller: AuthUser, input: StartTopUpInput): Promise<PaymentDto> {
  const key = scopedKey(caller.id, input.idempotencyKey);
  const now = deps.clock.now();
  const fits = (made: PaymentRow) => made.purpose === 'WALLET_TOP_UP' && made.amount === input.amount;
  const attempt = () =>
    insertOnce(
      () =>
        deps.db.transaction(async (tx): Promise<StartOutcome> => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for('update');
          const existing = await madeByKey(tx, key, fits);
          if (existing) return existing;
          const open = await openCardPayment(tx, { kind: 'top-up', userId: caller.id });
          if (open) return reuseOrReplace(open, open.amount === input.amount);
          return insertPayment(tx, {
            userId: caller.id,
            reservationId: null,
            purpose: 'WALLET_TOP_UP',
            amount: input.amount,
            currency: 'HKD',
            status: 'REQUIRES_PAYMENT_METHOD',
            method: 'CARD',
            idempotencyKey: key,
            now,
          });
        }),
      key,
      deps.db,
      fits,
    );
  const started = await startReplacingOpen(deps, attempt, () => conflict(/*i18n*/ 'Another top-up is still in progress. Please finish it before starting a new one.'));
  return withIntent(deps, started);
}
