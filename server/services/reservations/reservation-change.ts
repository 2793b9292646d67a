/**
 * Changing and cancelling a reservation. A change of time, day, party or area is re-checked against
 * availability under the same table locks as a new booking, excluding the reservation itself. A change
 * to a confirmed booking mails an updated calendar invitation; a cancellation refunds per the policy.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { reservations } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { amountDue } from '../../../common/money';
import { bookableSlot } from '../booking-rules/slot-schedule';
import { checkSelection, type BookingRules } from '../booking-rules/selection-checks';
import { paymentPolicyOf, type VenueCatalog } from '../booking-rules/venue-catalog';
import { giveUpHeldChanges, insertChangeHold, toChangeHoldDto, type ChangeHoldDto, type ChangeHoldRow } from './change-holds';
import { assertTimeOpenTo, membershipOfUser } from '../booking-rules/membership-rules';
import { toReservationDto, type ReservationDto } from './reservation-dto';
import { placeOnFreeTable } from './reservation-tables';
import { carryOutRefunds } from '../payments/card-refunds';
import { cancelledMoneyOf, refundForCancellation } from '../payments/payment-refund';
import { attemptCharge } from '../payments/no-show-fee-charge';
import { mailAutomaticRefund, mailCancellation, mailChange } from './reservation-mail';
import { linkOutdated } from './manage-link';
import { findUser, lockOwnReservation, mapDoubleBooking, reservationScope, type ReservationDeps, type ReservationRow } from './reservations';
import type { DbOrTx } from '../../db/client';
import { lockWaitlist, settleWaitlistWithin } from '../waitlist/waitlist-offers';
import { quoteChange, settleChange, type ChangePaymentMethod, type ChangeQuote } from '../payments/change-money';
import { bookingPolicy } from '../experience-setup/booking-policy';

/** Cancelling may refund a card, so it needs the processor too. */
export type CancelDeps = ReservationDeps & Pick<AppDeps, 'payments'>;

/** 409 20104: the reservation's state no longer allows the change. */
export const notChangeable = () => new ApiError(409, ERROR_CODES.NOT_CHANGEABLE, /*i18n*/ 'This reservation can no longer be changed');

/** A manage link acts on the version of the reservation it was sent for, and no other (409 otherwise). */
export interface VersionGuard {
  version?: number;
}

/** A cancellation's guard, and whether it releases a phone booking whose pay link lapsed unpaid (never late: nothing was paid to keep). */
export interface CancelGuard extends VersionGuard {
  unpaid?: boolean;
}

function checkVersion(current: { sequence: number }, guard: VersionGuard): void {
  if (guard.version !== undefined && current.sequence !== guard.version) throw linkOutdated();
}

/** Runs inside the cancelling or changing transaction, with the locked row before and after (the staff console's check and audit entry). */
export type WithinCancellation = (tx: DbOrTx, before: ReservationRow, after: ReservationRow) => Promise<void>;

/** Whether two lists name the same tables, in any order. */
const sameTables = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

export interface ChangeReservationInput {
  date?: string;
  startTime?: number;
  numberOfGuests?: number;
  /** null asks for any area. */
  seatingAreaId?: string | null;
  /** Staff only: the table to move to (in the area asked for). */
  tableId?: string;
  /** Tables joined staff chose (checked by staff-bookings.ts); the booking's own tables are no move. */
  tableIds?: readonly string[];
  notes?: string | null;
  /** How the guest pays what the change costs more (a member's wallet); staff leave it owed. */
  payWith?: ChangePaymentMethod;
}

/** How a change is made: a guest's by the guest's rules; staff's by theirs, with their audit entry in the transaction. */
export interface ChangeOptions {
  rules?: BookingRules;
  within?: WithinCancellation;
}

/** A change asked about before it is made: the quote, the change itself rolled back. */
class QuoteOnly extends Error {
  constructor(readonly quote: ChangeQuote) {
    super('quote only');
  }
}

/**
 * The quote of a change (new amount due, paid, owed, difference), checked as the change would be (the
 * slot, a free table, the rules) and then rolled back: nothing is saved, nothing is paid.
 */
export async function quoteReservationChange(
  deps: CancelDeps,
  userId: string,
  reservationId: string,
  input: ChangeReservationInput,
  guard: VersionGuard = {},
  options: ChangeOptions = {},
): Promise<ChangeQuote> {
  try {
    await changeReservation(deps, userId, reservationId, input, guard, { ...options, quoteOnly: true });
  } catch (err) {
    if (err instanceof QuoteOnly) return err.quote;
    throw err;
  }
  throw new Error('a quoted change was not rolled back');
}

/**
 * Changes an upcoming CONFIRMED reservation (409 20104 otherwise; a live hold may change only its
 * notes). A new time is booked atomically or refused with 409 20102; `sequence` goes up.
 */
export async function changeReservation(
  deps: CancelDeps,
  userId: string,
  reservationId: string,
  input: ChangeReservationInput,
  guard: VersionGuard = {},
  options: ChangeOptions & { quoteOnly?: boolean } = {},
): Promise<ReservationDto> {
  const { catalog, now, outcome } = await runChange(deps, userId, reservationId, input, guard, { ...options, mode: options.quoteOnly ? 'quote' : 'make' });
  if (!('made' in outcome)) throw new Error('a change to make was held instead');
  await carryOutRefunds(deps, outcome.cardRefunds);
  return toReservationDto(outcome.made, catalog, now);
}

/**
 * A guest's change that costs more, to be paid by card: checked and placed as `changeReservation` does,
 * then held (change-holds.ts) rather than made. 409 when it costs nothing more (it is simply made).
 */
export async function holdReservationChange(
  deps: CancelDeps,
  userId: string,
  reservationId: string,
  input: Omit<ChangeReservationInput, 'payWith' | 'tableId' | 'tableIds'>,
  guard: VersionGuard = {},
): Promise<ChangeHoldDto> {
  const { now, outcome } = await runChange(deps, userId, reservationId, input, guard, { mode: 'hold' });
  if (!('held' in outcome)) throw new Error('a change to hold was made instead');
  return toChangeHoldDto(outcome.held, now);
}

/** The fields of a change that change something (payWith only says how to pay). */
const CHANGE_FIELDS = ['date', 'startTime', 'numberOfGuests', 'seatingAreaId', 'tableId', 'tableIds', 'notes'] as const satisfies readonly (keyof ChangeReservationInput)[];

/** 400: a change whose every field is missing or as the booking already is. */
const nothingToChange = () => badRequest(/*i18n*/ 'Nothing would change: choose a new date, time, party size, dining area or notes');

/** 409: a change held for paying that has nothing to pay. */
const nothingToPay = () => conflict(/*i18n*/ 'This change costs nothing more, so there is nothing to pay');

/** What a change did: made (with card refunds to carry out after commit), or held for its payment. */
/** Whether a booking's change shows in what the guest reads of it: its day, time, party, area, price or requests (not its table). */
const seenByGuest = (before: ReservationRow, after: Pick<ReservationRow, 'date' | 'startTime' | 'numberOfGuests' | 'seatingAreaId' | 'amountDue' | 'notes'>) =>
  (['date', 'startTime', 'numberOfGuests', 'seatingAreaId', 'amountDue', 'notes'] as const).some((field) => before[field] !== after[field]);

type ChangeOutcome = { made: ReservationRow; cardRefunds: string[] } | { held: ChangeHoldRow };

async function runChange(
  deps: CancelDeps,
  userId: string,
  reservationId: string,
  input: ChangeReservationInput,
  guard: VersionGuard,
  { rules = 'guest', within, mode }: ChangeOptions & { mode: 'make' | 'quote' | 'hold' },
): Promise<{ catalog: VenueCatalog; now: Date; outcome: ChangeOutcome }> {
  const { db, now, catalog } = await reservationScope(deps);
  const quoteOnly = mode === 'quote';
  const made = (row: ReservationRow, cardRefunds: string[] = []): ChangeOutcome => ({ made: row, cardRefunds });

  const outcome = await mapDoubleBooking(() =>
    db.transaction(async (tx): Promise<ChangeOutcome> => {
      const current = await lockOwnReservation(tx, reservationId, userId);
      checkVersion(current, guard);
      const target = {
        date: input.date ?? current.date,
        startTime: input.startTime ?? current.startTime,
        numberOfGuests: input.numberOfGuests ?? current.numberOfGuests,
        seatingAreaId: input.seatingAreaId !== undefined ? input.seatingAreaId : current.seatingAreaId,
      };
      const moves =
        target.date !== current.date ||
        target.startTime !== current.startTime ||
        target.numberOfGuests !== current.numberOfGuests ||
        target.seatingAreaId !== current.seatingAreaId ||
        (input.tableId !== undefined && input.tableId !== current.tableId) ||
        (input.tableIds !== undefined && !sameTables(input.tableIds, [current.tableId, ...current.combinedTableIds]));
      const notes = input.notes !== undefined ? input.notes : current.notes;
      // A change that changes nothing is bad input, not a change: it would raise the sequence (the old
      // manage links stop working) and mail "has changed" for nothing (docs/ARCHITECTURE.md §5). A quote
      // of the booking as it is stays an answer (the change form asks one before anything is changed).
      const asksNothing = CHANGE_FIELDS.every((field) => input[field] === undefined);
      if (asksNothing || (mode === 'make' && !moves && notes === current.notes)) throw nothingToChange();

      if (current.status === 'PENDING') {
        if (moves || !current.holdExpiresAt || current.holdExpiresAt <= now) throw notChangeable();
        if (quoteOnly) throw new QuoteOnly(await quoteChange(tx, current, current.amountDue));
        if (mode === 'hold') throw nothingToPay();
        const [updated] = await tx.update(reservations).set({ notes, updatedAt: now }).where(eq(reservations.id, current.id)).returning();
        return made(updated!);
      }
      if (current.status !== 'CONFIRMED' || current.startsAt <= now) throw notChangeable();
      // A party that has arrived is the host's to seat: its time, party and area no longer move.
      if (moves && current.visitStatus) throw notChangeable();

      if (!moves) {
        if (quoteOnly) throw new QuoteOnly(await quoteChange(tx, current, current.amountDue));
        if (mode === 'hold') throw nothingToPay();
        const [updated] = await tx
          .update(reservations)
          .set({ notes, sequence: sql`${reservations.sequence} + 1`, updatedAt: now })
          .where(eq(reservations.id, current.id))
          .returning();
        await mailChange(tx, { row: updated!, catalog, now, links: deps.config });
        await within?.(tx, current, updated!);
        return made(updated!);
      }

      // A change asked for replaces one held for paying (whose late payment is then refunded).
      await giveUpHeldChanges(tx, current.id, now);
      // The owner's membership sets a guest's change's window and areas (staff book under the members').
      const membership = rules === 'staff' ? 'member' : await membershipOfUser(tx, current.userId);
      const selection = { venueId: current.venueId, experienceId: current.experienceId, ...target };
      const { entry, experience } = checkSelection(catalog, selection, now, rules, membership);
      const slot = bookableSlot(entry, experience, target.date, target.startTime, now, rules, target.numberOfGuests);
      // A guest's new time must not be a members' service; the time a booking already has stays theirs.
      if (target.date !== current.date || target.startTime !== current.startTime) assertTimeOpenTo(slot.period, membership);
      const placement = await placeOnFreeTable(tx, { entry, ...target, slot, now, excludeReservationId: current.id, tableId: input.tableId, tableIds: input.tableIds, rules, membership });
      // The price follows the party: the difference is paid, owed or given back with the change, never left loose.
      const newAmountDue = amountDue(paymentPolicyOf(experience), target.numberOfGuests);
      if (quoteOnly) throw new QuoteOnly(await quoteChange(tx, current, newAmountDue));
      if (mode === 'hold') {
        const quote = await quoteChange(tx, current, newAmountDue);
        if (quote.difference <= 0) throw nothingToPay();
        return { held: await insertChangeHold(tx, { row: current, placement, notes, quote, now }) };
      }
      const settlement = await settleChange(tx, {
        row: current,
        newAmountDue,
        newNumberOfGuests: target.numberOfGuests,
        by: rules === 'staff' ? 'staff' : 'guest',
        payWith: input.payWith,
        policy: bookingPolicy(catalog, current),
        catalog,
        now,
      });
      // A table swap changes nothing the guest sees: no mail, and their manage link and invite stay as
      // they are (docs/PRODUCT.md §6, "the host stand's notes and no-shows").
      const guestSees = seenByGuest(current, { ...placement, amountDue: newAmountDue, notes });
      const [updated] = await tx
        .update(reservations)
        .set({
          ...placement,
          amountDue: newAmountDue,
          ...settlement.columns,
          notes,
          sequence: guestSees ? sql`${reservations.sequence} + 1` : current.sequence,
          updatedAt: now,
        })
        .where(eq(reservations.id, current.id))
        .returning();
      if (guestSees) await mailChange(tx, { row: updated!, catalog, now, links: deps.config, money: settlement });
      await within?.(tx, current, updated!);
      return made(updated!, settlement.cardRefunds);
    }),
  );
  return { catalog, now, outcome };
}

/**
 * Cancels the caller's reservation: a hold is released (CANCELED); an upcoming CONFIRMED one is CANCELED
 * before the venue's cancellation window and LATE_CANCELED inside it (until its guests arrive). Anything else is 409 20104. What
 * was paid comes back as the policy says (see `payment-refund.ts`), recorded in the same transaction as
 * the cancellation with the e-mail that withdraws the calendar invitation; card refunds are then made
 * at the processor.
 */
export async function cancelReservation(
  deps: CancelDeps,
  userId: string,
  reservationId: string,
  guard: CancelGuard = {},
  within?: WithinCancellation,
): Promise<ReservationDto> {
  const { db, now, catalog } = await reservationScope(deps);

  const { row, cardRefunds, feeCharge } = await db.transaction(async (tx) => {
    // The freed table is offered to the waitlist in this same transaction (below): the waitlist's lock
    // comes first, before the reservation's row, in the order every waitlist pass takes them.
    await lockWaitlist(tx);
    const current = await lockOwnReservation(tx, reservationId, userId);
    checkVersion(current, guard);
    const policy = bookingPolicy(catalog, current);
    let status: 'CANCELED' | 'LATE_CANCELED';
    if (current.status === 'PENDING') {
      status = 'CANCELED';
    } else if (current.status === 'CONFIRMED' && current.startsAt > now && !current.visitStatus) {
      const windowHours = policy.cancellationWindowHours ?? 0;
      const lateFrom = current.startsAt.getTime() - windowHours * 3_600_000;
      status = guard.unpaid || now.getTime() < lateFrom ? 'CANCELED' : 'LATE_CANCELED';
    } else {
      throw notChangeable();
    }
    await giveUpHeldChanges(tx, current.id, now);
    const [updated] = await tx
      .update(reservations)
      .set({ status, holdExpiresAt: null, canceledAt: now, sequence: sql`${reservations.sequence} + 1`, updatedAt: now })
      .where(eq(reservations.id, current.id))
      .returning();
    const confirmed = current.status === 'CONFIRMED';
    // A guarantee's fee is charged after commit: its mail is written with the charge's outcome, to say how it went.
    const refunds = await refundForCancellation(tx, { row: updated!, policy, catalog, now, mailsGuest: confirmed });
    if (confirmed && !refunds.feeCharge) {
      await mailCancellation(tx, { row: updated!, catalog, money: refunds.money, now, links: deps.config, unpaid: guard.unpaid ?? false });
    } else if (refunds.money.refunds.length > 0) {
      // A hold paid for but never completed: no invitation was ever sent, only the money to account for.
      const user = await findUser(tx, userId);
      for (const { payment } of user ? refunds.money.refunds : []) {
        await mailAutomaticRefund(tx, { to: { email: user!.email, firstName: user!.firstName }, row: updated!, catalog, payment, reason: 'hold-cancelled' });
      }
    }
    await within?.(tx, current, updated!);
    // The first fitting waitlist entry is offered the table before this commits: a booking made a moment
    // later never sees it free (an offered hold given up passes on to the next guest the same way).
    await settleWaitlistWithin(tx, deps, catalog, now);
    // The row as the refund left it: its fee kept is the cancellation's.
    return { row: { ...updated!, feeKept: refunds.money.feeKept }, cardRefunds: refunds.cardRefunds, feeCharge: refunds.feeCharge };
  });
  await carryOutRefunds(deps, cardRefunds);
  // A card guarantee cancelled late: its fee charged to the saved card now, as a no-show's is (retried by the
  // payment worker when the processor does not answer; a refusal or the bank's check leaves it owed).
  if (feeCharge) await attemptCharge(deps, feeCharge, { actor: null, catalog });
  return { ...toReservationDto(row, catalog, now), ...(await cancelledMoneyOf(db, row)) };
}
