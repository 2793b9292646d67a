/**
 * Valibot schemas of the walk-in queue at the host stand (docs/PRODUCT.md §2, the walk-in queue): a party added to the queue,
 * a changed quote, a party seated from it or gone. Shared by the panel's forms and the server.
 */
import * as v from 'valibot';
import { withMobileNumberChecked } from './phone-number';
import { GUEST_DETAILS_LIMITS, GUEST_DETAILS_MESSAGES } from './form-messages';
import { MOBILE_COUNTRY_CODE_PATTERN, MOBILE_NUMBER_PATTERN } from './guest-details';
import { id, notes, partySize, phonePart, STAFF_BOOKING_MESSAGES } from './staff-booking-validation';
import { LOCALES } from '../locales';

export const WALK_IN_STATUSES = ['WAITING', 'NOTIFIED', 'SEATED', 'LEFT'] as const;
export type WalkInStatus = (typeof WALK_IN_STATUSES)[number];
/** Why a party left the queue without being seated. */
export const WALK_IN_LEFT_REASONS = ['WAIT_TOO_LONG', 'NO_ANSWER', 'CHANGED_PLANS', 'OTHER'] as const;
export type WalkInLeftReason = (typeof WALK_IN_LEFT_REASONS)[number];
/** The longest wait a host may quote: ten hours, beyond any service. */
export const MAX_QUOTED_MINUTES = 600;

export const WALK_IN_QUEUE_MESSAGES = {
  nameRequired: /*i18n*/ "Enter the party's name",
  quoteInvalid: /*i18n*/ 'Enter a wait of 0 to 600 minutes',
  reasonInvalid: /*i18n*/ 'Choose a reason from the list',
} as const;

const M = WALK_IN_QUEUE_MESSAGES;

const quotedMinutes = v.pipe(v.number(M.quoteInvalid), v.integer(M.quoteInvalid), v.minValue(0, M.quoteInvalid), v.maxValue(MAX_QUOTED_MINUTES, M.quoteInvalid));

/** A party added to the queue; without `quotedMinutes` the floor's estimate is quoted. */
export const newWalkInSchema = withMobileNumberChecked(
  v.object({
    name: v.pipe(v.string(M.nameRequired), v.trim(), v.nonEmpty(M.nameRequired), v.maxLength(GUEST_DETAILS_LIMITS.name, GUEST_DETAILS_MESSAGES.firstNameTooLong)),
    numberOfGuests: partySize,
    mobileCountryCode: phonePart(MOBILE_COUNTRY_CODE_PATTERN),
    mobileNumber: phonePart(MOBILE_NUMBER_PATTERN),
    notes,
    seatingAreaId: v.optional(v.nullable(id), null),
    locale: v.optional(v.picklist(LOCALES, STAFF_BOOKING_MESSAGES.localeInvalid)),
    quotedMinutes: v.optional(quotedMinutes),
  }),
  GUEST_DETAILS_MESSAGES.mobileNumberInvalid,
);
export type NewWalkInInput = v.InferOutput<typeof newWalkInSchema>;

/** The host's own quote. */
export const walkInQuoteSchema = v.object({ quotedMinutes });

/** Seating a queued party: on the table chosen, or the smallest free one that fits. */
export const seatWalkInEntrySchema = v.object({ tableId: v.optional(id) });

/** A party gone from the queue without a table. */
export const walkInLeftSchema = v.object({ reason: v.picklist(WALK_IN_LEFT_REASONS, M.reasonInvalid) });
