/** Staff's "Why not?" call, through the staff client. */
import { unwrap } from '../../../common/api/api-error';
import type { components } from '../../../common/api/schema';
import type { WhyNotQuery } from '../../../common/validation/why-not-validation';
import { staffApi } from '../staff-api';

export type WhyNot = components['schemas']['WhyNot'];
export type WhyNotReason = components['schemas']['WhyNotReason'];

export const askWhyNot = async (venueId: string, query: WhyNotQuery): Promise<WhyNot> =>
  (await unwrap(staffApi.GET('/admin/venue/{venueId}/why-not', { params: { path: { venueId }, query } }))).data;
