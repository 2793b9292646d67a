/** A venue's day sheet, read through the staff API (kept on screen while it is read again: use-staff-read.ts). */
import type { components } from '../api/schema';
import { unwrap } from '../api/api-error';
import { staffApi } from './staff-api';
import { useStaffRead } from './use-staff-read';

export type DaySheet = components['schemas']['DaySheet'];
export type SheetBooking = components['schemas']['DaySheetBooking'];

export function useDaySheet(venueId: string, date: string) {
  const read = useStaffRead(`${venueId}/${date}`, async () => {
    const { data } = await unwrap(staffApi.GET('/admin/venue/{venueId}/day-sheet/{date}', { params: { path: { venueId, date } } }));
    return data;
  });
  return { sheet: read.data, error: read.error, refetch: read.refetch };
}
