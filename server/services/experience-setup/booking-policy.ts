/**
 * The policy of a booking on the server: `policyOf` its venue and its experience (the experience's own
 * when set, else the venue's), read from the catalog. Every server reader of cancellation windows and
 * fees, no-show fees and minimum spend goes through it.
 */
import type { VenuePolicy } from '../../db/schema';
import { venueOf, type VenueCatalog } from '../booking-rules/venue-catalog';
import { policyOf } from '../../../common/experience-policy';

/** The policy that applies to a booking of `experienceId` at `venueId` (404 20103 for an unknown venue). */
export function bookingPolicy(catalog: VenueCatalog, booking: { venueId: string; experienceId: string }): VenuePolicy {
  return policyOf(venueOf(catalog, booking.venueId).venue, catalog.experiences.get(booking.experienceId));
}
