/**
 * The outcome of staff's call to a guest who has not reconfirmed (docs/PRODUCT.md §4, no-shows), kept
 * with an audit entry: no answer, voicemail left and wrong number leave the booking as it is; confirmed
 * by phone reconfirms it; cancelled by phone cancels it as staff's cancel for the guest does, under the
 * policy (its own `visit.cancel` entry beside this one).
 */
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { reconfirmationCalls, type CallOutcome } from '../../db/reconfirmation-schema';
import { reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { reservationNotFound } from '../reservations/reservations';
import type { CancelDeps } from '../reservations/reservation-change';
import { recordAudit } from '../audit/audit-log';
import { changeVisit } from '../staff/visit-lifecycle';
import { markReconfirmed } from './mark-reconfirmed';

export const reconfirmationClosed = () =>
  new ApiError(409, ERROR_CODES.RECONFIRMATION_CLOSED, /*i18n*/ 'This booking is no longer upcoming and confirmed: there is nothing to reconfirm');

export async function recordCall(deps: CancelDeps, actor: AuthUser, reservationId: string, outcome: CallOutcome): Promise<{ status: string; reconfirmedAt: string | null }> {
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!row) throw reservationNotFound();
  checkVenueAccess(actor, row.venueId);
  if (row.status !== 'CONFIRMED' || row.startsAt <= now || row.visitStatus) throw reconfirmationClosed();
  if (outcome === 'CANCELED') await changeVisit(deps, actor, row.id, 'cancel');
  await deps.db.transaction(async (tx) => {
    if (outcome === 'CONFIRMED') await markReconfirmed(tx, row.id, 'PHONE', now);
    await tx.insert(reconfirmationCalls).values({ id: newId(), reservationId: row.id, staffId: actor.id, outcome, createdAt: now });
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: row.venueId,
      action: 'reconfirmation.call',
      entityType: 'reservation',
      entityId: row.id,
      before: { status: row.status, reconfirmedAt: row.reconfirmedAt?.toISOString() ?? null },
      after: { outcome },
      at: now,
    });
  });
  const [after] = await deps.db.select().from(reservations).where(eq(reservations.id, row.id));
  return { status: after!.status, reconfirmedAt: after!.reconfirmedAt?.toISOString() ?? null };
}
