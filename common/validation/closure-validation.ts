/** Valibot schema of a new closure (a venue, dining area or service closed for days), shared by the browser and the server. */
import * as v from 'valibot';
import { daysBetween, isIsoDate } from '../time';

export const CLOSURE_SCOPES = ['VENUE', 'AREA', 'SERVICE'] as const;
export type ClosureScope = (typeof CLOSURE_SCOPES)[number];
export const CLOSURE_REASONS = ['PRIVATE_EVENT', 'TYPHOON', 'OTHER'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

/** The longest closure one entry may make (a year), so a typo in the year cannot close the book for decades. */
export const MAX_CLOSURE_DAYS = 366;
const MAX_NOTE_LENGTH = 200;

export const CLOSURE_MESSAGES = {
  venueRequired: /*i18n*/ 'Choose the venue to close',
  scopeInvalid: /*i18n*/ 'Choose what to close: the venue, a dining area or a service',
  areaRequired: /*i18n*/ 'Choose the dining area to close',
  periodRequired: /*i18n*/ 'Choose the service to close',
  dateInvalid: /*i18n*/ 'Enter the dates as YYYY-MM-DD',
  dateOrder: /*i18n*/ 'The last day must be on or after the first day',
  tooLong: /*i18n*/ 'A closure may cover at most 366 days',
  reasonInvalid: /*i18n*/ 'Choose the reason: a private event, a typhoon signal or other',
  noteRequired: /*i18n*/ 'Say why the venue is closed',
  noteTooLong: /*i18n*/ 'The reason may be at most 200 characters',
} as const;

const HEX_ID = /^[0-9a-f]{24}$/;
const dateField = v.pipe(v.string(CLOSURE_MESSAGES.dateInvalid), v.check(isIsoDate, CLOSURE_MESSAGES.dateInvalid));

/** A closure as staff enter it: what (the venue, one area or one service), which days, and why. */
export const newClosureSchema = v.pipe(
  v.object({
    venueId: v.pipe(v.string(CLOSURE_MESSAGES.venueRequired), v.regex(HEX_ID, CLOSURE_MESSAGES.venueRequired)),
    scope: v.picklist(CLOSURE_SCOPES, CLOSURE_MESSAGES.scopeInvalid),
    seatingAreaId: v.optional(v.pipe(v.string(CLOSURE_MESSAGES.areaRequired), v.regex(HEX_ID, CLOSURE_MESSAGES.areaRequired))),
    // A service's name is at most 40 characters, as set-up names it.
    periodName: v.optional(v.pipe(v.string(CLOSURE_MESSAGES.periodRequired), v.trim(), v.nonEmpty(CLOSURE_MESSAGES.periodRequired), v.maxLength(40, CLOSURE_MESSAGES.periodRequired))),
    fromDate: dateField,
    toDate: dateField,
    reason: v.picklist(CLOSURE_REASONS, CLOSURE_MESSAGES.reasonInvalid),
    note: v.optional(v.pipe(v.string(CLOSURE_MESSAGES.noteRequired), v.trim(), v.maxLength(MAX_NOTE_LENGTH, CLOSURE_MESSAGES.noteTooLong))),
  }),
  v.forward(v.check((c) => c.scope !== 'AREA' || c.seatingAreaId !== undefined, CLOSURE_MESSAGES.areaRequired), ['seatingAreaId']),
  v.forward(v.check((c) => c.scope !== 'SERVICE' || c.periodName !== undefined, CLOSURE_MESSAGES.periodRequired), ['periodName']),
  v.forward(v.check((c) => c.fromDate <= c.toDate, CLOSURE_MESSAGES.dateOrder), ['toDate']),
  v.forward(v.check((c) => c.fromDate > c.toDate || daysBetween(c.fromDate, c.toDate) < MAX_CLOSURE_DAYS, CLOSURE_MESSAGES.tooLong), ['toDate']),
  v.forward(v.check((c) => c.reason !== 'OTHER' || (c.note ?? '') !== '', CLOSURE_MESSAGES.noteRequired), ['note']),
);
export type NewClosureInput = v.InferOutput<typeof newClosureSchema>;
