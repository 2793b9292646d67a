/** The host stand's requests (docs/PRODUCT.md §6): running late with the minutes expected, a seat at tables, the covers here, the venue's late grace. */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';
import { EXPERIENCE_MESSAGES } from './experience-validation';
import { STAFF_BOOKING_MESSAGES, STAFF_MAX_GUESTS } from './staff-booking-validation';

export const HOST_STAND_MESSAGES = {
  runningLateInvalid: /*i18n*/ 'Enter 1 to 180 minutes',
  coversInvalid: /*i18n*/ 'Enter how many of the party are here: 1 or more',
  graceInvalid: /*i18n*/ 'Enter 0 to 120 minutes',
} as const;

/** The longest a party may be expected late: past that, the table is given away. */
export const RUNNING_LATE_MAX_MINUTES = 180;

const minutes = wholeNumberIn(1, RUNNING_LATE_MAX_MINUTES, HOST_STAND_MESSAGES.runningLateInvalid);

/** Minutes expected late; null clears the mark. */
export const runningLateSchema = v.object({ minutes: v.nullable(minutes) });
export type RunningLateInput = v.InferOutput<typeof runningLateSchema>;

const id = v.pipe(v.string(STAFF_BOOKING_MESSAGES.idInvalid), v.regex(/^[0-9a-f]{24}$/, STAFF_BOOKING_MESSAGES.idInvalid));

/** One table, or tables joined (as a move takes them), to seat the party at. */
export const seatAtSchema = v.object({
  tableIds: v.pipe(
    v.array(id, STAFF_BOOKING_MESSAGES.idInvalid),
    v.minLength(1, STAFF_BOOKING_MESSAGES.idInvalid),
    v.maxLength(4, STAFF_BOOKING_MESSAGES.idInvalid),
    v.check((ids) => new Set(ids).size === ids.length, STAFF_BOOKING_MESSAGES.idInvalid),
  ),
});
export type SeatAtInput = v.InferOutput<typeof seatAtSchema>;

/** How many of the party are here: fewer than booked is "partly arrived", all of them is arrived. */
export const arrivedCoversSchema = v.object({
  covers: wholeNumberIn(1, STAFF_MAX_GUESTS, HOST_STAND_MESSAGES.coversInvalid),
});
export type ArrivedCoversInput = v.InferOutput<typeof arrivedCoversSchema>;

/** The most minutes past its start a party may be before it reads as late: the database's check (migration 0042). */
export const LATE_GRACE_MAX_MINUTES = 120;

/** The venue's late grace, changed from the venue's version as its other rules are (the set-up form and the server). */
export const lateGraceSchema = v.object({
  lateGraceMinutes: wholeNumberIn(0, LATE_GRACE_MAX_MINUTES, HOST_STAND_MESSAGES.graceInvalid),
  version: v.pipe(v.number(EXPERIENCE_MESSAGES.versionInvalid), v.integer(EXPERIENCE_MESSAGES.versionInvalid), v.minValue(1, EXPERIENCE_MESSAGES.versionInvalid)),
});
export type LateGraceInput = v.InferOutput<typeof lateGraceSchema>;
