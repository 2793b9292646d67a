/**
 * The checks a look-up, a booking and a change all make of what a party asks for: venue, experience,
 * party size, area and date, in that order.
 */
import type { I18n } from '@lingui/core';
import type { Schema } from '../../lib/api-types';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { experienceOf, seatingAreaOf, venueOf, type CatalogVenue, type ExperienceRow, type VenueCatalog, type VenueRow } from './venue-catalog';
import { assertAreaOpenTo, assertBookingWindow, type Membership } from './membership-rules';
import { assertExperienceOffered, assertExperiencePartySize } from './experience-checks';

/** docs/PRODUCT.md §5/§9: no venue takes a party above 10. */
export const MAX_GUESTS = 10;

/**
 * How far ahead the venue page lists closed days: the longest window the seed gives anyone. Each
 * experience's own windows, by membership, are on the venue and experience rows (membership-rules.ts).
 */
export const BOOKING_WINDOW_DAYS = 90;

/** A 422 that sends the party to the venue's reservations team, with the contact in the body too. */
export class PartySizeError extends ApiError {
  constructor(
    message: string,
    values: Record<string, unknown>,
    readonly contact: { phone: string; email: string },
  ) {
    super(422, ERROR_CODES.PARTY_TOO_LARGE, message, 'numberOfGuests', values);
  }

  override toBody(i18n: I18n): Schema<'Error'> {
    return { ...super.toBody(i18n), contact: this.contact };
  }
}

export const selectionUnavailable = () => new ApiError(409, ERROR_CODES.SELECTION_UNAVAILABLE, /*i18n*/ 'Sorry, your selection is unavailable');
/** 409 20102 for staff who chose the table: someone else has it at that time. */
export const tableTaken = () => new ApiError(409, ERROR_CODES.SELECTION_UNAVAILABLE, /*i18n*/ 'This table is taken at that time');

/**
 * Whose booking the rules are for: a guest's keeps to the venue's online party sizes and lead time; staff
 * (a phone booking, a move) may book any party a table seats (the team takes the larger ones) up to the start.
 */
export type BookingRules = 'guest' | 'staff';

/** Refuses a party the venue does not take online (docs/PRODUCT.md §9: larger parties contact the team). */
export function assertOnlinePartySize(venue: VenueRow, numberOfGuests: number): void {
  const contact = { phone: venue.reservationsPhone, email: venue.reservationsEmail };
  const values = {
    ...contact,
    venue: venue.title,
    min: venue.onlineMinGuests,
    max: venue.onlineMaxGuests,
    larger: venue.onlineMaxGuests + 1,
    guests: numberOfGuests,
  };
  if (numberOfGuests > venue.onlineMaxGuests) {
    const message = /*i18n*/ 'For parties of {larger} or more, please contact our reservations team on {phone} or at {email}.';
    throw new PartySizeError(message, values, contact);
  }
  if (numberOfGuests < venue.onlineMinGuests) {
    const message = /*i18n*/ 'Online reservations at {venue} are for {min} to {max} guests. For a party of {guests}, please contact our reservations team on {phone} or at {email}.';
    throw new PartySizeError(message, values, contact);
  }
}

/** What a party asks of a venue: an experience on a service day, in an area or any (null or absent). */
export interface Selection {
  venueId: string;
  experienceId: string;
  date: string;
  numberOfGuests: number;
  seatingAreaId?: string | null;
}

/**
 * The venue and experience of a selection, after the checks a look-up, a booking and a change all make,
 * in this order: the venue (404), the experience (404; 409 20181 retired), the party size (422; 20180
 * outside the experience's), the area (400; 422 for a
 * members' area and a guest), the date (422: past the window of the caller's `membership`). Staff book
 * under the members' window and in any area.
 */
export function checkSelection(
  catalog: VenueCatalog,
  selection: Selection,
  now: Date,
  rules: BookingRules = 'guest',
  membership: Membership = 'guest',
): { entry: CatalogVenue; experience: ExperienceRow } {
  const entry = venueOf(catalog, selection.venueId);
  const experience = experienceOf(entry, selection.experienceId);
  const own = entry.experienceTexts.get(experience.id);
  assertExperienceOffered(experience, own);
  if (rules === 'guest') {
    assertOnlinePartySize(entry.venue, selection.numberOfGuests);
    assertExperiencePartySize(experience, own, selection.numberOfGuests);
  }
  const area = seatingAreaOf(entry, selection.seatingAreaId);
  const asWho = rules === 'staff' ? 'member' : membership;
  assertAreaOpenTo(area, asWho);
  assertBookingWindow(entry, experience, selection.date, now, asWho);
  return { entry, experience };
}
