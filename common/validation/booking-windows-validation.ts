/**
 * Valibot schema of the venue's booking windows by membership (docs/PRODUCT.md §6): how many days ahead guests
 * and members may book, shared by the set-up form and the server. At most 366 days: the database's
 * check on venues (migration 0028) allows no more, so a longer window would fail there instead of here.
 */
import * as v from 'valibot';
import { EXPERIENCE_MESSAGES } from './experience-validation';

export const MAX_VENUE_BOOKING_DAYS = 366;
export const BOOKING_WINDOWS_MESSAGES = {
  daysInvalid: /*i18n*/ 'Enter a number of days from 1 to 366',
} as const;

const days = v.pipe(
  v.number(BOOKING_WINDOWS_MESSAGES.daysInvalid),
  v.integer(BOOKING_WINDOWS_MESSAGES.daysInvalid),
  v.minValue(1, BOOKING_WINDOWS_MESSAGES.daysInvalid),
  v.maxValue(MAX_VENUE_BOOKING_DAYS, BOOKING_WINDOWS_MESSAGES.daysInvalid),
);

export const bookingWindowsSchema = v.pipe(
  v.object({
    guestBookingDays: days,
    memberBookingDays: days,
    version: v.pipe(v.number(EXPERIENCE_MESSAGES.versionInvalid), v.integer(EXPERIENCE_MESSAGES.versionInvalid), v.minValue(1, EXPERIENCE_MESSAGES.versionInvalid)),
  }),
  // Reported on the members' field: that is the one the admin raises.
  v.forward(
    v.check((e) => e.memberBookingDays >= e.guestBookingDays, EXPERIENCE_MESSAGES.memberDaysShorter),
    ['memberBookingDays'],
  ),
);

export type BookingWindowsInput = v.InferOutput<typeof bookingWindowsSchema>;
