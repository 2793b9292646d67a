/**
 * "Partly arrived" at the host stand (docs/PRODUCT.md §6): some of a party's covers are here, the rest to
 * come. In the visit chart (machines/visit.machine.ts) a party partly arrived is arrived: it arrives through
 * the chart (so the chart's window and refusals hold), may be seated or have its arrival undone as any
 * arrived party, and the covers here are kept beside it (null once the whole party is here), audited.
 */
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { ApiError, badRequest } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { ArrivedCoversInput } from '../../../common/validation/host-stand-validation';
import { reservationNotFound, reservationScope } from '../reservations/reservations';
import type { CancelDeps } from '../reservations/reservation-change';
import { recordAudit } from '../audit/audit-log';
import { changeVisit } from '../staff/visit-lifecycle';

/** 409 20212: the party is not expected or at its table (finished, a no-show, cancelled). */
const notHere = () => new ApiError(409, ERROR_CODES.ARRIVED_COVERS_REFUSED, /*i18n*/ 'Only a party expected or at its table can be marked partly arrived.');

/** 404, 403 another venue's, 400 more covers than booked, 409 refused by the chart or not at its table. */
export async function markArrivedCovers(deps: CancelDeps, actor: AuthUser, reservationId: string, input: ArrivedCoversInput) {
  const { db, now } = await reservationScope(deps);
  const [found] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!found) throw reservationNotFound();
  checkVenueAccess(actor, found.venueId);
  if (input.covers > found.numberOfGuests) {
    throw badRequest(/*i18n*/ 'The party is booked for {guests}: enter 1 to {guests} covers here.', 'covers', { guests: found.numberOfGuests });
  }
  if (found.status === 'CONFIRMED' && found.visitStatus === null) await changeVisit(deps, actor, reservationId, 'arrive');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!before || before.status !== 'CONFIRMED' || (before.visitStatus !== 'ARRIVED' && before.visitStatus !== 'SEATED')) throw notHere();
    const arrivedCovers = input.covers >= before.numberOfGuests ? null : input.covers;
    await tx.update(reservations).set({ arrivedCovers, updatedAt: now }).where(eq(reservations.id, reservationId));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: before.venueId,
      action: 'reservation.arrived-covers',
      entityType: 'reservation',
      entityId: before.id,
      before: { arrivedCovers: before.arrivedCovers },
      after: { arrivedCovers },
      at: now,
    });
    return { reservationId, visitStatus: before.visitStatus, arrivedCovers };
  });
}
