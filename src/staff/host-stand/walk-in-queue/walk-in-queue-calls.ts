/** The walk-in queue's calls, through the staff client; each change forgets the plans and sheets it made stale. */
import { unwrap } from '../../../../common/api/api-error';
import type { components, paths } from '../../../../common/api/schema';
import { STAFF_BOOK_PREFIXES, type QueryKey } from '../../../api/query-keys';
import { invalidate } from '../../../api/use-api-query';
import { staffApi } from '../../staff-api';

export type WalkInEntry = components['schemas']['WalkInEntry'];
export type WalkInQueue = components['schemas']['WalkInQueue'];
export type WalkInEstimate = components['schemas']['WalkInEstimate'];
export type WalkInLeftReason = components['schemas']['WalkInLeftReason'];
export type NewWalkInBody = paths['/admin/venue/{venueId}/walk-in-queue']['post']['requestBody']['content']['application/json'];

/** The queue's read, kept per venue and service day. */
export const walkInQueueKey = (venueId: string, date: string): QueryKey => ['staffWalkInQueue', venueId, date];

export const loadWalkInQueue = async (venueId: string, date: string): Promise<WalkInQueue> =>
  (await unwrap(staffApi.GET('/admin/venue/{venueId}/walk-in-queue', { params: { path: { venueId }, query: { date } } }))).data;

export const loadWalkInEstimate = async (venueId: string, guests: number, seatingAreaId?: string): Promise<WalkInEstimate> =>
  (await unwrap(staffApi.GET('/admin/venue/{venueId}/walk-in-queue/estimate', { params: { path: { venueId }, query: { guests, ...(seatingAreaId ? { seatingAreaId } : {}) } } }))).data;

export const addToWalkInQueue = async (venueId: string, body: NewWalkInBody): Promise<WalkInEntry> =>
  (await unwrap(staffApi.POST('/admin/venue/{venueId}/walk-in-queue', { params: { path: { venueId } }, body }))).data;

const entryPath = (venueId: string, entryId: string) => ({ params: { path: { venueId, entryId } } });

export const changeWalkInQuote = async (venueId: string, entryId: string, quotedMinutes: number): Promise<WalkInEntry> =>
  (await unwrap(staffApi.PUT('/admin/venue/{venueId}/walk-in-queue/{entryId}/quote', { ...entryPath(venueId, entryId), body: { quotedMinutes } }))).data;

export const walkInTableReady = async (venueId: string, entryId: string): Promise<WalkInEntry> =>
  (await unwrap(staffApi.POST('/admin/venue/{venueId}/walk-in-queue/{entryId}/ready', entryPath(venueId, entryId)))).data;

export const walkInLeft = async (venueId: string, entryId: string, reason: WalkInLeftReason): Promise<WalkInEntry> =>
  (await unwrap(staffApi.POST('/admin/venue/{venueId}/walk-in-queue/{entryId}/left', { ...entryPath(venueId, entryId), body: { reason } }))).data;

/** Seated as a walk-in (at the table chosen, else the smallest free one that fits): the table plan and the day sheet now show its visit. */
export async function seatFromWalkInQueue(venueId: string, entryId: string, tableId?: string): Promise<components['schemas']['Reservation']> {
  const body = tableId ? { tableId } : {};
  const { data } = await unwrap(staffApi.POST('/admin/venue/{venueId}/walk-in-queue/{entryId}/seat', { ...entryPath(venueId, entryId), body }));
  invalidate(STAFF_BOOK_PREFIXES);
  return data.reservation;
}
