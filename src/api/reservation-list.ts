/**
 * Reading My reservations: the first answer (every upcoming reservation and the newest past ones) is
 * cached under `reservationsKey`, shared by the session (its upcoming count) and the page; older past
 * ones come a page at a time after `pastCursor`.
 */
import { api } from './api';
import { unwrap } from '../../common/api/api-error';
import type { Reservation } from '../../common/api/schemas';


/** A read of the list: its reservations and where the older past ones continue (null: no more). */
export interface ReservationListPage {
  data: Reservation[];
  pastCursor: string | null;
}

/** The first page: what `reservationsKey` caches. */
export const fetchReservationList = (): Promise<ReservationListPage> =>
  unwrap(api.GET('/user/reservation')).then(({ data, pastCursor }) => ({ data, pastCursor }));

/** The past reservations after `pastCursor`, newest first. */
export const fetchPastReservations = (pastCursor: string): Promise<ReservationListPage> =>
  unwrap(api.GET('/user/reservation', { params: { query: { pastCursor } } })).then(({ data, pastCursor: next }) => ({ data, pastCursor: next }));
