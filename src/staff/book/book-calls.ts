/** The staff console's calls for working the book, through the staff client (never the guest's token). */
import { unwrap } from '../../../common/api/api-error';
import { STAFF_BOOK_PREFIXES } from '../../api/query-keys';
import type { components, paths } from '../../../common/api/schema';
import type { Reservation } from '../../../common/api/schemas';
import { invalidate } from '../../api/use-api-query';
import { staffApi } from '../staff-api';

export type TablePlan = components['schemas']['TablePlan'];
export type TablePlanTable = components['schemas']['TablePlanTable'];
export type VenueDetail = components['schemas']['VenueDetail'];
export type ChangeQuote = components['schemas']['ChangeQuote'];

type Body<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export type MoveBody = Body<'/admin/reservation/{id}/move', 'put'>;
export type PhoneBookingBody = Body<'/admin/reservation', 'post'>;
export type WalkInBody = Body<'/admin/venue/{venueId}/walk-in', 'post'>;
export type BookingNotesBody = Body<'/admin/reservation/{id}/notes', 'put'>;

export const loadTablePlan = async (venueId: string, at: Date): Promise<TablePlan> =>
  (await unwrap(staffApi.GET('/admin/venue/{venueId}/table-plan', { params: { path: { venueId }, query: { at: at.toISOString() } } }))).data;

/**
 * The venue's experiences and dining areas, for the booking forms: the whole answer, as the venue pages
 * keep it under the same key (`venueKey`).
 */
export const loadVenueAnswer = (domain: string) => unwrap(staffApi.GET('/public/venue/by-domain/{domain}', { params: { path: { domain } } }));

/** A change made to the book: its reservation, once the reads it made stale are forgotten. */
async function changeOfBook(call: Promise<{ data: Reservation }>): Promise<Reservation> {
  const { data } = await call;
  invalidate(STAFF_BOOK_PREFIXES);
  return data;
}

export const moveBooking = (id: string, body: MoveBody): Promise<Reservation> =>
  changeOfBook(unwrap(staffApi.PUT('/admin/reservation/{id}/move', { params: { path: { id } }, body })));

/** What a move or party change would cost, before it is made (nothing is saved). */
export const quoteMove = async (id: string, body: MoveBody): Promise<ChangeQuote> =>
  (await unwrap(staffApi.POST('/admin/reservation/{id}/quote', { params: { path: { id } }, body }))).data;

/** The guest's requests and the staff notes of a booking (nothing is mailed). */
export async function editBookingNotes(id: string, body: BookingNotesBody): Promise<void> {
  await unwrap(staffApi.PUT('/admin/reservation/{id}/notes', { params: { path: { id } }, body }));
  invalidate(STAFF_BOOK_PREFIXES);
}

export const takePhoneBooking = (body: PhoneBookingBody): Promise<Reservation> => changeOfBook(unwrap(staffApi.POST('/admin/reservation', { body })));

export const seatWalkIn = (venueId: string, body: WalkInBody): Promise<Reservation> =>
  changeOfBook(unwrap(staffApi.POST('/admin/venue/{venueId}/walk-in', { params: { path: { venueId } }, body })));
