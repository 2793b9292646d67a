/** Reading reservations: the caller's own, one of them, and a venue's day for staff. */
import { and, asc, eq } from 'drizzle-orm';
import { reservations } from '../db/schema';
import { conflict } from '../lib/errors';
import { venueOf } from './availability';
import { buildCalendarInvite, inviteContentType, inviteFileName, reservationInvite } from './calendar-invite';
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

/** An .ics file ready to send. */
export interface CalendarFile {
  fileName: string;
  contentType: string;
  text: string;
}

/**
 * The calendar invitation of one of the caller's confirmed reservations, as the e-mails carry it:
 * METHOD:REQUEST while it is on, METHOD:CANCEL once cancelled. 409 before it was ever confirmed.
 */
export async function getOwnCalendarInvite(deps: ReservationDeps, userId: string, reservationId: string): Promise<CalendarFile> {
  const { db, now, catalog } = await reservationScope(deps);
  const row = await findOwnReservation(db, reservationId, userId);
  if (!row.confirmedAt) throw conflict(/*i18n*/ 'The reservation is not confirmed yet');
  const method = row.status === 'CANCELED' || row.status === 'LATE_CANCELED' ? 'CANCEL' : 'REQUEST';
  return {
    fileName: inviteFileName(row),
    contentType: inviteContentType(method),
    text: buildCalendarInvite(reservationInvite(row, catalog, method, now)),
  };
}
