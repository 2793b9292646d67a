/**
 * "Running late" on the host stand (docs/PRODUCT.md §6): a party that called ahead is marked with the
 * minutes it expects to be, or the mark cleared; for a confirmed booking not yet arrived, audited.
 */
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { RunningLateInput } from '../../../common/validation/host-stand-validation';
import { reservationNotFound, reservationScope, type ReservationDeps } from '../reservations/reservations';
import { recordAudit } from '../audit/audit-log';

/** 409 20202: only a party still to come can be running late. */
const notComing = () => new ApiError(409, ERROR_CODES.RUNNING_LATE_REFUSED, /*i18n*/ 'Only a party that has not arrived can be running late.');

/** 404 unknown booking, 403 another venue's, 409 arrived or not a confirmed booking. */
export async function markRunningLate(deps: ReservationDeps, actor: AuthUser, reservationId: string, input: RunningLateInput) {
  const { db, now } = await reservationScope(deps);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!before) throw reservationNotFound();
    checkVenueAccess(actor, before.venueId);
    if (before.status !== 'CONFIRMED' || before.visitStatus !== null) throw notComing();
    await tx.update(reservations).set({ runningLateMinutes: input.minutes, updatedAt: now }).where(eq(reservations.id, reservationId));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: before.venueId,
      action: 'reservation.running-late',
      entityType: 'reservation',
      entityId: before.id,
      before: { runningLateMinutes: before.runningLateMinutes },
      after: { runningLateMinutes: input.minutes },
      at: now,
    });
    return { reservationId, runningLateMinutes: input.minutes };
  });
}
