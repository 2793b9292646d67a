/**
 * Staff editing a booking's two notes (docs/decisions/0034-staff-notes.md): the guest's requests, which the
 * guest is shown back, and staff notes, which stay with staff. Either is changed alone, audited as
 * reservation.notes in the same transaction. Nothing is mailed: no note moves the booking, and a staff note
 * is nothing the guest may see.
 */
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { reservations } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { checkVenueAccess } from '../../lib/auth';
import type { BookingNotesInput } from '../../../common/validation/staff-booking-validation';
import { recordAudit } from '../audit/audit-log';
import { reservationNotFound, type ReservationDeps } from '../reservations/reservations';

export type BookingNotesDto = Schema<'BookingNotes'>;

/** Sets what `input` names of the booking's notes: 404 unknown, 403 another venue's. */
export async function editBookingNotes(deps: ReservationDeps, actor: AuthUser, reservationId: string, input: BookingNotesInput): Promise<BookingNotesDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!current) throw reservationNotFound();
    checkVenueAccess(actor, current.venueId);
    const notes = input.notes !== undefined ? input.notes : current.notes;
    const staffNotes = input.staffNotes !== undefined ? input.staffNotes : current.staffNotes;
    await tx.update(reservations).set({ notes, staffNotes, updatedAt: now }).where(eq(reservations.id, current.id));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: current.venueId,
      action: 'reservation.notes',
      entityType: 'reservation',
      entityId: current.id,
      before: { notes: current.notes, staffNotes: current.staffNotes },
      after: { notes, staffNotes },
      at: now,
    });
    return { id: current.id, notes, staffNotes };
  });
}
