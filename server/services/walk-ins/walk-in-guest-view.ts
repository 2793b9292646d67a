/**
 * The guest's page of their place in the walk-in queue, opened by the link they were texted or shown
 * (walk-in-link.ts), with no login: their place, the parties ahead, the wait quoted and waited so far, and
 * whether their table is ready. Nothing of the other parties but their count.
 */
import type { Schema } from '../../lib/api-types';
import { eq } from 'drizzle-orm';
import { walkInQueue } from '../../db/walk-in-schema';
import { reservationScope, type ReservationDeps } from '../reservations/reservations';
import { linkInvalid } from '../reservations/manage-link';
import { placesOf, waitedMinutes } from './walk-in-dto';
import { checkWalkInLinkAge, readWalkInToken } from './walk-in-link';
import { queueRows } from './walk-in-queue';

export type WalkInGuestViewDto = Schema<'WalkInGuestView'>;

export async function walkInGuestView(deps: ReservationDeps, token: string): Promise<WalkInGuestViewDto> {
  const { db, now, catalog } = await reservationScope(deps);
  const entryId = readWalkInToken(deps.config.jwtSecret, token);
  const [row] = await db.select().from(walkInQueue).where(eq(walkInQueue.id, entryId));
  if (!row) throw linkInvalid();
  checkWalkInLinkAge(row.arrivedAt, now);
  const place = placesOf(await queueRows(db, row.venueId, row.date)).get(row.id) ?? null;
  return {
    venueName: catalog.venues.get(row.venueId)?.venue.title ?? '',
    name: row.name,
    numberOfGuests: row.numberOfGuests,
    status: row.status,
    place,
    partiesAhead: place === null ? 0 : place - 1,
    quotedMinutes: row.quotedMinutes,
    waitedMinutes: waitedMinutes(row, now),
    arrivedAt: row.arrivedAt.toISOString(),
    at: now.toISOString(),
  };
}
