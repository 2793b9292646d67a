/**
 * Seating a queued party: its walk-in visit is made by the one walk-in path (staff-bookings.ts `seatWalkIn`:
 * the table's locks, pacing, the visit chart), and in that same transaction the party is marked seated,
 * only if it is still queued. Of two hosts seating one party, one wins; the other's visit is rolled back
 * and they are told the party has already been seated (409 20210).
 */
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { walkInQueue, type WalkInQueueRow } from '../../db/walk-in-schema';
import { checkVenueAccess } from '../../lib/auth';
import { seatWalkIn } from '../staff/staff-bookings';
import type { ReservationDto } from '../reservations/reservation-dto';
import type { ReservationDeps } from '../reservations/reservations';
import { isQueued, type WalkInEntryDto } from './walk-in-dto';
import { changeQueuedEntry, entryNotFound, refusalFor } from './walk-in-entry';
import { entryDto } from './walk-in-queue';

export async function seatFromWalkInQueue(
  deps: ReservationDeps,
  actor: AuthUser,
  venueId: string,
  entryId: string,
  tableId: string | undefined,
): Promise<{ entry: WalkInEntryDto; reservation: ReservationDto }> {
  checkVenueAccess(actor, venueId);
  const { db } = deps;
  const [queued] = await db.select().from(walkInQueue).where(and(eq(walkInQueue.id, entryId), eq(walkInQueue.venueId, venueId)));
  if (!queued) throw entryNotFound();
  // Told at once, before a table is looked for: one the other host's seating took would say "no table free".
  if (!isQueued(queued)) throw await refusalFor(db, venueId, entryId);
  let seated: WalkInQueueRow | undefined;
  const reservation = await seatWalkIn(
    deps,
    actor,
    venueId,
    { numberOfGuests: queued.numberOfGuests, tableId, firstName: queued.name, notes: queued.notes },
    async (tx, visit) => {
      const now = deps.clock.now();
      seated = await changeQueuedEntry(tx, venueId, entryId, { status: 'SEATED', seatedAt: now, reservationId: visit.id, updatedAt: now });
    },
  );
  return { entry: await entryDto(db, seated!, deps.clock.now(), deps), reservation };
}
