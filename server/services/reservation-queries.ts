/** Reading reservations: the caller's own, one of them, and a venue's day for staff. */
import { and, asc, eq } from 'drizzle-orm';
import { reservations } from '../db/schema';
import { venueOf } from './availability';
import { expireStaleHolds } from './hold-expiry';
import { toReservationDto, type ReservationDto } from './reservation-dto';
import { findOwnReservation, reservationScope, type ReservationDeps } from './reservations';

/** The caller's reservations by service day and start time; run-out holds are settled first. */
export async function listOwnReservations(deps: ReservationDeps, userId: string): Promise<ReservationDto[]> {
  const { db, now, catalog } = await reservationScope(deps);
  await expireStaleHolds(db, now, { userId });
  const rows = await db
    .select()
    .from(reservations)
    .where(eq(reservations.userId, userId))
    .orderBy(asc(reservations.date), asc(reservations.startTime), asc(reservations.createdAt));
  return rows.map((row) => toReservationDto(row, catalog, now));
}

/** One of the caller's reservations; 404 1010103 for anyone else's. */
export async function getOwnReservation(deps: ReservationDeps, userId: string, reservationId: string): Promise<ReservationDto> {
  const { db, now, catalog } = await reservationScope(deps);
  await expireStaleHolds(db, now, { userId });
  return toReservationDto(await findOwnReservation(db, reservationId, userId), catalog, now);
}

/** A venue's reservations on a service day, every status, in order of start (for staff). */
export async function listVenueReservations(deps: ReservationDeps, venueId: string, date: string): Promise<ReservationDto[]> {
  const { db, now, catalog } = await reservationScope(deps);
  venueOf(catalog, venueId);
  const rows = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), eq(reservations.date, date)))
    .orderBy(asc(reservations.startTime), asc(reservations.createdAt));
  return rows.map((row) => toReservationDto(row, catalog, now));
}
