/**
 * Valibot schemas of the bookings staff make at the host stand ("working the book", docs/PRODUCT.md §6): moving a
 * booking, a phone booking for a guest, a walk-in. Shared by the browser's forms and the server.
 */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, EMAIL_PATTERN } from './email';
import { firstNameSchema, lastNameSchema } from './account-validation';
import { withMobileNumberChecked } from './phone-number';
import { GUEST_DETAILS_LIMITS, GUEST_DETAILS_MESSAGES } from './form-messages';
import { MOBILE_COUNTRY_CODE_PATTERN, MOBILE_NUMBER_PATTERN } from './guest-details';
import { LOCALES } from '../locales';
import { isIsoDate } from '../time';
import { textWithValues } from '../message-values';

export const STAFF_BOOKING_MESSAGES = {
  idInvalid: /*i18n*/ 'Choose from the list',
  dateInvalid: /*i18n*/ 'Choose a date',
  startTimeInvalid: /*i18n*/ 'Choose a time',
  partySizeInvalid: /*i18n*/ 'Enter a party of 1 to 10 guests',
  guestContactRequired: /*i18n*/ "Enter the guest's e-mail address or mobile number",
  nothingToMove: /*i18n*/ 'Choose a new time, dining area or table',
  atInvalid: /*i18n*/ 'Choose a date and time',
  localeInvalid: /*i18n*/ 'Choose a language from the list',
  staffNotesTooLong: textWithValues(/*i18n*/ 'Staff notes must be {max} characters or fewer.', { max: GUEST_DETAILS_LIMITS.notes }),
  nothingToNote: /*i18n*/ 'Change the guest requests or the staff notes',
} as const;

const M = STAFF_BOOKING_MESSAGES;

/**
 * The largest party staff may seat: the venues' maximum (docs/PRODUCT.md §9), on any table, even one set up
 * for more; bigger parties are the reservations team's to arrange outside the book. The database holds
 * every booking to it too (reservations_number_of_guests_check).
 */
export const STAFF_MAX_GUESTS = 10;

/** A row's id, as the API names one. */
export const id = v.pipe(v.string(M.idInvalid), v.regex(/^[0-9a-f]{24}$/, M.idInvalid));
/** Tables joined staff chose (docs/PRODUCT.md §9, tables joined): 2 to 4 different tables; the server checks they are one combination. */
const tableIds = v.optional(
  v.pipe(
    v.array(id, M.idInvalid),
    v.minLength(2, M.idInvalid),
    v.maxLength(4, M.idInvalid),
    v.check((ids) => new Set(ids).size === ids.length, M.idInvalid),
  ),
);
const date = v.pipe(v.string(M.dateInvalid), v.check(isIsoDate, M.dateInvalid));
// Minutes from the service day's midnight; after-midnight slots run up to 48 hours.
const startTime = wholeNumberIn(0, 2880, M.startTimeInvalid);
/** A party staff seat: 1 to STAFF_MAX_GUESTS. */
export const partySize = wholeNumberIn(1, STAFF_MAX_GUESTS, M.partySizeInvalid);
/** A free text field of a booking, trimmed, blank as null, at most the notes' length. */
const noteText = (tooLong: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(tooLong)), null),
    v.transform((s) => s?.trim() || null),
    v.nullable(v.pipe(v.string(), v.maxLength(GUEST_DETAILS_LIMITS.notes, tooLong))),
  );
/** The guest's requests (shown back to them) and staff's notes (never shown to the guest): docs/decisions/0034-staff-notes.md. */
export const notes = noteText(GUEST_DETAILS_MESSAGES.notesTooLong);
const staffNotes = noteText(M.staffNotesTooLong);
// Forms send '' for an untouched optional field.
const optionalEmail = v.pipe(
  v.optional(v.nullable(v.string(EMAIL_MESSAGES.invalid)), null),
  v.transform((s) => s?.trim() || null),
  v.nullable(v.pipe(v.string(), v.maxLength(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.invalid), v.regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid))),
);

/** Moving a booking: any of a new day, time, dining area (null: any), table or party size. */
export const moveBookingSchema = v.pipe(
  v.object({
    date: v.optional(date),
    startTime: v.optional(startTime),
    seatingAreaId: v.optional(v.nullable(id)),
    tableId: v.optional(id),
    tableIds,
    numberOfGuests: v.optional(partySize),
  }),
  v.check((m) => Object.values(m).some((value) => value !== undefined), M.nothingToMove),
  // One table or tables joined, never both.
  v.forward(
    v.check((m) => m.tableId === undefined || m.tableIds === undefined, M.idInvalid),
    ['tableIds'],
  ),
);
export type MoveBookingInput = v.InferOutput<typeof moveBookingSchema>;

/** An optional part of a phone number as staff type it ('+852', '9123 4567'): spaces and dashes dropped, blank absent. */
export const phonePart = (pattern: RegExp) =>
  v.pipe(
    v.optional(v.nullable(v.string(GUEST_DETAILS_MESSAGES.mobileNumberInvalid)), null),
    v.transform((s) => s?.replace(/[\s-]/g, '') || undefined),
    v.optional(v.pipe(v.string(), v.regex(pattern, GUEST_DETAILS_MESSAGES.mobileNumberInvalid))),
  );

/** The guest a booking is for: found by e-mail or mobile; a new guest needs an e-mail for the confirmation. */
const guestEntries = {
  email: optionalEmail,
  mobileCountryCode: phonePart(MOBILE_COUNTRY_CODE_PATTERN),
  mobileNumber: phonePart(MOBILE_NUMBER_PATTERN),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
};

/** A booking taken by phone for a guest. */
export const phoneBookingSchema = withMobileNumberChecked(
  v.pipe(
    v.object({
      venueId: id,
      experienceId: id,
      date,
      startTime,
      numberOfGuests: partySize,
      seatingAreaId: v.optional(v.nullable(id)),
      tableId: v.optional(id),
      tableIds,
      ...guestEntries,
      notes,
      staffNotes,
      locale: v.optional(v.picklist(LOCALES, M.localeInvalid)),
    }),
    v.forward(
      v.check((b) => Boolean(b.email || (b.mobileCountryCode && b.mobileNumber)), M.guestContactRequired),
      ['email'],
    ),
    v.forward(
      v.check((b) => b.tableId === undefined || b.tableIds === undefined, M.idInvalid),
      ['tableIds'],
    ),
  ),
  GUEST_DETAILS_MESSAGES.mobileNumberInvalid,
);
export type PhoneBookingInput = v.InferOutput<typeof phoneBookingSchema>;

/** Staff editing a booking's two notes: either or both; an absent one stays as it is. */
export const bookingNotesSchema = v.pipe(
  v.object({ notes: v.optional(notes), staffNotes: v.optional(staffNotes) }),
  v.check((b) => b.notes !== undefined || b.staffNotes !== undefined, M.nothingToNote),
);
export type BookingNotesInput = v.InferOutput<typeof bookingNotesSchema>;

/** The party staff ask the tables joined for (GET /admin/venue/{venueId}/table-combinations?guests=). */
export const staffCombinationsQuerySchema = v.object({
  guests: v.pipe(v.string(M.partySizeInvalid), v.regex(/^\d{1,2}$/, M.partySizeInvalid), v.transform(Number), v.minValue(1, M.partySizeInvalid), v.maxValue(STAFF_MAX_GUESTS, M.partySizeInvalid)),
});

/** A walk-in seated now: the party, and optionally the table, the experience and the guest's name. */
export const walkInSchema = v.object({
  numberOfGuests: partySize,
  tableId: v.optional(id),
  experienceId: v.optional(id),
  firstName: v.optional(firstNameSchema),
  lastName: v.optional(lastNameSchema),
  notes,
});
export type WalkInInput = v.InferOutput<typeof walkInSchema>;
