/**
 * A change that costs more, paid by card (docs/PRODUCT.md §9, "a change settles its money"). The guest's
 * change is checked and placed as any change is, but not made: its new day, time, party and table are
 * held for the same 15 minutes as a new booking's hold (they count as taken: venues/busy-intervals.ts)
 * while the difference is paid through the payment chart. The change is made in the very transaction
 * that records the payment's success (payments/payment-sync.ts), so it is paid once and made once. A
 * payment that fails or is abandoned, a hold that runs out, a booking cancelled, changed or seated
 * meanwhile: the booking stays exactly as it was, and a payment that succeeds too late is refunded in full.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { changeHolds, payments, reservations, type ChangeHoldStatus } from '../../db/schema';
import { newId } from '../../lib/ids';
import { ApiError, notFound } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { HOLD_MINUTES } from '../../../common/booking-rules';
import type { ChangeQuote } from '../payments/change-money';
import type { PaymentRow } from '../payments/payments';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import type { Placement } from './reservation-tables';
import { sqlState, type ReservationRow } from './reservations';
import { mailChange } from './reservation-mail';
import type { LinkSigning } from './manage-link';

export type ChangeHoldRow = typeof changeHolds.$inferSelect;

/** A held change as the guest's browser sees it. */
export interface ChangeHoldDto {
  _id: string;
  reservationId: string;
  status: ChangeHoldStatus;
  /** When the hold runs out (ISO); after it, the change can no longer be made. */
  holdExpiresAt: string;
  date: string;
  startTime: number;
  numberOfGuests: number;
  seatingAreaId: string | null;
  /** The booking's new amount due and what the card pays: the difference. */
  amountDue: number;
  difference: number;
  currency: string;
}

export const toChangeHoldDto = (row: ChangeHoldRow, now: Date): ChangeHoldDto => ({
  _id: row.id,
  reservationId: row.reservationId,
  // A hold that ran out is given up, whether or not anything has written so yet.
  status: row.status === 'HELD' && row.holdExpiresAt <= now ? 'GIVEN_UP' : row.status,
  holdExpiresAt: row.holdExpiresAt.toISOString(),
  date: row.date,
  startTime: row.startTime,
  numberOfGuests: row.numberOfGuests,
  seatingAreaId: row.seatingAreaId,
  amountDue: row.amountDue,
  difference: row.difference,
  currency: row.currency,
});

/** 409 20112: the held change can no longer be paid for or made (its hold ran out, or the booking moved on). */
export const changeHoldGone = () =>
  new ApiError(409, ERROR_CODES.CHANGE_HOLD_GONE, /*i18n*/ 'The time held for your change has run out. Your booking stays as it was.');

/**
 * Gives up the reservation's held change, if any: a new change, a cancellation or staff's move replaces
 * it. Its card payment, should it still succeed, is then refunded in full.
 */
export async function giveUpHeldChanges(tx: DbOrTx, reservationId: string, now: Date): Promise<void> {
  await tx
    .update(changeHolds)
    .set({ status: 'GIVEN_UP', updatedAt: now })
    .where(and(eq(changeHolds.reservationId, reservationId), eq(changeHolds.status, 'HELD')));
}

/** Inside the changing transaction (reservation locked, any earlier hold given up): holds the change for HOLD_MINUTES. */
export async function insertChangeHold(
  tx: DbOrTx,
  args: { row: ReservationRow; placement: Placement; notes: string | null; quote: ChangeQuote; now: Date },
): Promise<ChangeHoldRow> {
  const { row, placement, notes, quote, now } = args;
  const [hold] = await tx
    .insert(changeHolds)
    .values({
      id: newId(),
      reservationId: row.id,
      userId: row.userId,
      venueId: row.venueId,
      baseSequence: row.sequence,
      ...placement,
      notes,
      amountDue: quote.amountDue,
      difference: quote.difference,
      currency: row.currency,
      status: 'HELD',
      holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return hold!;
}

/** The caller's held change of the reservation; 404 when it names none of theirs. */
export async function findOwnChangeHold(db: DbOrTx, userId: string, reservationId: string, holdId: string): Promise<ChangeHoldRow> {
  const [hold] = await db
    .select()
    .from(changeHolds)
    .where(and(eq(changeHolds.id, holdId), eq(changeHolds.reservationId, reservationId), eq(changeHolds.userId, userId)));
  if (!hold) throw notFound(/*i18n*/ 'Change not found');
  return hold;
}

/** Locked, inside a transaction that has locked its reservation first (the order every payment takes). */
export async function lockChangeHold(tx: DbOrTx, holdId: string): Promise<ChangeHoldRow | undefined> {
  const [hold] = await tx.select().from(changeHolds).where(eq(changeHolds.id, holdId)).for('update');
  return hold;
}

/** Whether the held change may be made (or paid for) now, on the reservation as it stands. */
export function changeStillHeld(hold: ChangeHoldRow, reservation: ReservationRow, now: Date): boolean {
  return (
    hold.status === 'HELD' &&
    hold.holdExpiresAt > now &&
    reservation.status === 'CONFIRMED' &&
    reservation.sequence === hold.baseSequence &&
    reservation.startsAt > now &&
    !reservation.visitStatus
  );
}

/** A card payment of the hold that the card has paid (processing or done); one left in 3-D Secure is replaced, not waited for. */
export async function holdPaymentUnderway(tx: DbOrTx, holdId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.changeHoldId, holdId), inArray(payments.status, ['PROCESSING', 'SUCCEEDED'])))
    .limit(1);
  return row;
}

const EXCLUSION_VIOLATION = '23P01';

/** The work's answer, or undefined when the database refused it as a double booking. */
async function madeOrRefused<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) return undefined;
    throw err;
  }
}

/**
 * Inside the transaction that records a change's payment as succeeded (reservation and hold locked):
 * makes the change when it is still held, and returns true; otherwise gives the hold up and returns
 * false, and the caller refunds the payment in full.
 */
export async function makeHeldChange(
  tx: DbOrTx,
  args: { payment: PaymentRow; reservation: ReservationRow; hold: ChangeHoldRow; catalog: VenueCatalog; now: Date; links: LinkSigning },
): Promise<boolean> {
  const { payment, reservation, hold, catalog, now } = args;
  if (!changeStillHeld(hold, reservation, now)) {
    if (hold.status === 'HELD') await tx.update(changeHolds).set({ status: 'GIVEN_UP', updatedAt: now }).where(eq(changeHolds.id, hold.id));
    return false;
  }
  // In a savepoint: should the table have been taken all the same, the change is not made and the payment
  // is refunded, rather than the payment's success failing (and being retried) for ever.
  const updated = await madeOrRefused(() =>
    tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .update(reservations)
        .set({
      date: hold.date,
      startTime: hold.startTime,
      duration: hold.duration,
      startsAt: hold.startsAt,
      endsAt: hold.endsAt,
      numberOfGuests: hold.numberOfGuests,
      seatingAreaId: hold.seatingAreaId,
      tableId: hold.tableId,
      combinedTableIds: hold.combinedTableIds,
      notes: hold.notes,
      amountDue: hold.amountDue,
          sequence: reservation.sequence + 1,
          updatedAt: now,
        })
        .where(eq(reservations.id, reservation.id))
        .returning();
      return row!;
    }),
  );
  if (!updated) {
    await tx.update(changeHolds).set({ status: 'GIVEN_UP', updatedAt: now }).where(eq(changeHolds.id, hold.id));
    return false;
  }
  await tx.update(changeHolds).set({ status: 'MADE', updatedAt: now }).where(eq(changeHolds.id, hold.id));
  await mailChange(tx, {
    row: updated,
    catalog,
    now,
    links: args.links,
    money: { paid: payment, refunds: [], owed: 0, feeKept: 0, venueRefund: 0 },
  });
  return true;
}
