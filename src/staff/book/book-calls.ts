/** The staff console's calls for working the book, through the staff client (never the guest's token). */
import { unwrap } from '../../api/api-error';
import type { components, paths } from '../../api/schema';
import { staffApi } from '../staff-api';

export type TablePlan = components['schemas']['TablePlan'];
export type TablePlanTable = components['schemas']['TablePlanTable'];
export type Reservation = components['schemas']['Reservation'];
export type VenueDetail = components['schemas']['VenueDetail'];

type Body<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export type MoveBody = Body<'/admin/reservation/{id}/move', 'put'>;
export type PhoneBookingBody = Body<'/admin/reservation', 'post'>;
export type WalkInBody = Body<'/admin/venue/{venueId}/walk-in', 'post'>;

export const loadTablePlan = async (venueId: string, at: Date): Promise<TablePlan> =>
  (await unwrap(staffApi.GET('/admin/venue/{venueId}/table-plan', { params: { path: { venueId }, query: { at: at.toISOString() } } }))).data;

/** The venue's experiences and dining areas, for the booking forms. */
export const loadVenueDetail = async (domain: string): Promise<VenueDetail> =>
  (await unwrap(staffApi.GET('/public/venue/by-domain/{domain}', { params: { path: { domain } } }))).data;

export const moveBooking = async (id: string, body: MoveBody): Promise<Reservation> =>
  (await unwrap(staffApi.PUT('/admin/reservation/{id}/move', { params: { path: { id } }, body }))).data;

export const takePhoneBooking = async (body: PhoneBookingBody): Promise<Reservation> =>
  (await unwrap(staffApi.POST('/admin/reservation', { body }))).data;

export const seatWalkIn = async (venueId: string, body: WalkInBody): Promise<Reservation> =>
  (await unwrap(staffApi.POST('/admin/venue/{venueId}/walk-in', { params: { path: { venueId } }, body }))).data;
