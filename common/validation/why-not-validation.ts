/**
 * The "Why not?" question staff ask (docs/decisions/0020-why-not-explainer.md): a service day, a start time
 * and a party, and optionally an experience. Checked on the form and again on the query string, so both give
 * the same message.
 */
import * as v from 'valibot';

export const WHY_NOT_MESSAGES = {
  date: /*i18n*/ 'Choose a day as YYYY-MM-DD',
  time: /*i18n*/ 'Choose a time as HH:MM',
  guests: /*i18n*/ 'Choose a party of 1 to 50 guests',
  experience: /*i18n*/ 'Choose an experience of this venue',
} as const;

/** A calendar day that exists (no 31 April). */
const isRealDate = (s: string) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export const whyNotQuerySchema = v.object({
  date: v.pipe(v.string(WHY_NOT_MESSAGES.date), v.regex(/^\d{4}-\d{2}-\d{2}$/, WHY_NOT_MESSAGES.date), v.check(isRealDate, WHY_NOT_MESSAGES.date)),
  time: v.pipe(v.string(WHY_NOT_MESSAGES.time), v.regex(/^\d{1,4}$/, WHY_NOT_MESSAGES.time), v.transform(Number), v.maxValue(48 * 60 - 1, WHY_NOT_MESSAGES.time)),
  guests: v.pipe(v.string(WHY_NOT_MESSAGES.guests), v.regex(/^\d{1,2}$/, WHY_NOT_MESSAGES.guests), v.transform(Number), v.minValue(1, WHY_NOT_MESSAGES.guests), v.maxValue(50, WHY_NOT_MESSAGES.guests)),
  experienceId: v.optional(v.pipe(v.string(WHY_NOT_MESSAGES.experience), v.regex(/^[0-9a-f]{24}$/, WHY_NOT_MESSAGES.experience))),
});

export type WhyNotQuery = v.InferOutput<typeof whyNotQuerySchema>;
