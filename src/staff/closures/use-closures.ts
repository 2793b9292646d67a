/** A venue's closures from a day on, with what can be closed there, read through the staff API and the app's query cache. */
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { staffClosuresKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { staffApi } from '../staff-api';

export type ClosureList = components['schemas']['ClosureList'];
export type Closure = components['schemas']['Closure'];

/** The list's failures show on the page, beside the list kept from before (never as a passing toast). */
export const useClosures = (venueId: string, from: string) =>
  useApiQuery(
    staffClosuresKey(venueId, from),
    async () => (await unwrap(staffApi.GET('/admin/closure', { params: { query: { venueId, from } } }))).data,
    { showError: false },
  );
