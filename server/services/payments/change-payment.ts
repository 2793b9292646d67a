/**
 * Following a held change's card payment (reservations/change-holds.ts) from the guest's side: how the
 * change and its latest payment stand (the payment first checked with the processor, so a reload after
 * paying sees the change made), and giving the change up ("keep my booking as it was").
 */
import { and, desc, eq } from 'drizzle-orm';
import { changeHolds, payments } from '../../db/schema';
import { findOwnChangeHold, lockChangeHold, toChangeHoldDto, type ChangeHoldDto } from '../reservations/change-holds';
import { lockOwnReservation } from '../reservations/reservations';
import { syncWithProcessor } from './payment-sync';
import { toPaymentDto, type PaymentDeps, type PaymentDto } from './payments';

export interface ChangePaymentState {
  change: ChangeHoldDto;
  /** The change's latest payment attempt, if one was started. */
  payment: PaymentDto | null;
}

/** GET …/change-hold/{holdId}: the held change and its latest payment, brought in line with the processor first. */
export async function changePaymentState(deps: PaymentDeps, userId: string, reservationId: string, holdId: string): Promise<ChangePaymentState> {
  const before = await findOwnChangeHold(deps.db, userId, reservationId, holdId);
  const latest = async () => {
    const [row] = await deps.db.select().from(payments).where(eq(payments.changeHoldId, holdId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);
    return row;
  };
  const paid = await latest();
  const intent = paid ? await syncWithProcessor(deps, paid) : null;
  // Read again only when the processor was asked: its answer may have made the change or given it up.
  const payment = intent ? await latest() : paid;
  const hold = intent ? await findOwnChangeHold(deps.db, userId, reservationId, holdId) : before;
  return { change: toChangeHoldDto(hold, deps.clock.now()), payment: payment ? toPaymentDto(payment, intent?.clientSecret ?? null) : null };
}

/**
 * DELETE …/change-hold/{holdId}: the guest keeps the booking as it was. The new time and table are
 * released; a payment of the change that still succeeds is refunded in full. A change already made stays made.
 */
export async function giveUpChange(deps: PaymentDeps, userId: string, reservationId: string, holdId: string): Promise<ChangeHoldDto> {
  const now = deps.clock.now();
  const hold = await deps.db.transaction(async (tx) => {
    await lockOwnReservation(tx, reservationId, userId);
    await findOwnChangeHold(tx, userId, reservationId, holdId);
    await tx
      .update(changeHolds)
      .set({ status: 'GIVEN_UP', updatedAt: now })
      .where(and(eq(changeHolds.id, holdId), eq(changeHolds.status, 'HELD')));
    return (await lockChangeHold(tx, holdId))!;
  });
  return toChangeHoldDto(hold, now);
}
