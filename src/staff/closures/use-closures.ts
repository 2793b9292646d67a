/** A venue's closures from a day on, with what can be closed there, read through the staff API. */
import type { components } from '../../api/schema';
import { unwrap } from '../../api/api-error';
import { staffApi } from '../staff-api';
import { useStaffRead } from '../use-staff-read';

export type ClosureList = components['schemas']['ClosureList'];
export type Closure = components['schemas']['Closure'];

export function useClosures(venueId: string, from: string) {
  const read = useStaffRead(`${venueId}/${from}`, async () => {
    const { data } = await unwrap(staffApi.GET('/admin/closure', { params: { query: { venueId, from } } }));
    return data;
  });
  return { list: read.data, error: read.error, refetch: read.refetch };
}
