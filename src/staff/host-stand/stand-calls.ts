/** The host stand's calls (docs/PRODUCT.md §6): its read for a venue's service day, a seat at tables, running late, the covers here. */
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { staffApi } from '../staff-api';

export type HostStand = components['schemas']['HostStand'];
export type StandTable = components['schemas']['HostStandTable'];
export type StandParty = components['schemas']['HostStandParty'];
export type StandStatus = components['schemas']['HostStandStatus'];

export const loadHostStand = async (venueId: string, date: string): Promise<HostStand> =>
  (await unwrap(staffApi.GET('/admin/venue/{venueId}/host-stand/{date}', { params: { path: { venueId, date } } }))).data;

/** Whether one of the venue's services runs now, by the server's clock, and the service day running. */
export const loadServiceNow = async (venueId: string) =>
  (await unwrap(staffApi.GET('/admin/venue/{venueId}/service-now', { params: { path: { venueId } } }))).data;

/** Seats the party at the tables (the first its own, the others joined), or moves it there when seated. */
export const seatAt = (reservationId: string, tableIds: string[]) =>
  unwrap(staffApi.POST('/admin/reservation/{id}/seat-at', { params: { path: { id: reservationId } }, body: { tableIds } }));

export const markRunningLate = (reservationId: string, minutes: number | null) =>
  unwrap(staffApi.PUT('/admin/reservation/{id}/running-late', { params: { path: { id: reservationId } }, body: { minutes } }));

/** How many of the party are here: fewer than booked marks it partly arrived (arriving it first when it has not). */
export const markArrivedCovers = (reservationId: string, covers: number) =>
  unwrap(staffApi.PUT('/admin/reservation/{id}/arrived-covers', { params: { path: { id: reservationId } }, body: { covers } }));
