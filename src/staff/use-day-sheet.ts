/** A venue's day sheet, read through the staff API and the app's query cache (kept on screen while it is read again). */
import type { components } from '../../common/api/schema';
import { unwrap } from '../../common/api/api-error';
import { staffDaySheetKey } from '../api/query-keys';
import { useApiQuery } from '../api/use-api-query';
import { staffApi } from './staff-api';

export type DaySheet = components['schemas']['DaySheet'];
export type SheetBooking = components['schemas']['DaySheetBooking'];

/** The sheet's failures show on the page, beside the sheet kept from before (never as a passing toast). */
export const useDaySheet = (venueId: string, date: string) =>
  useApiQuery(
    staffDaySheetKey(venueId, date),
    async () => (await unwrap(staffApi.GET('/admin/venue/{venueId}/day-sheet/{date}', { params: { path: { venueId, date } } }))).data,
    { showError: false },
  );
