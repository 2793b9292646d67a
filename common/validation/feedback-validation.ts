/**
 * Valibot schemas of the guest's answers after a visit and staff's settings (README.md, "After the visit and
 * personal data"), shared by the forms and the server: a visit's feedback, the reminder's allergy answer, the
 * feedback-mail switch and the retention setting.
 */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';

export const FEEDBACK_LIMITS = { comment: 1000, allergies: 500 } as const;
/** The shortest and longest retention an admin may set, in years (docs/decisions/0014-personal-data.md). */
export const RETENTION_LIMITS = { min: 7, max: 20 } as const;

export const FEEDBACK_MESSAGES = {
  ratingInvalid: /*i18n*/ 'Choose a rating from 1 to 5',
  commentTooLong: /*i18n*/ 'Your comment may be at most 1000 characters',
  allergiesTooLong: /*i18n*/ 'Please keep it to 500 characters',
  allergiesRequired: /*i18n*/ 'Tell us your allergies or dietary needs, or choose "No allergies"',
  stoppedInvalid: /*i18n*/ 'Say whether the feedback mails are stopped',
  retentionInvalid: /*i18n*/ 'Enter a whole number of years from 7 to 20, or leave it empty',
} as const;

export const feedbackSchema = v.object({
  rating: wholeNumberIn(1, 5, FEEDBACK_MESSAGES.ratingInvalid),
  comment: v.optional(v.pipe(v.string(FEEDBACK_MESSAGES.commentTooLong), v.maxLength(FEEDBACK_LIMITS.comment, FEEDBACK_MESSAGES.commentTooLong))),
});

/** The allergy answer: what the guest has (empty for none). */
export const allergiesSchema = v.object({
  answer: v.pipe(v.string(FEEDBACK_MESSAGES.allergiesTooLong), v.maxLength(FEEDBACK_LIMITS.allergies, FEEDBACK_MESSAGES.allergiesTooLong)),
});

/** The allergy page's form: no allergies, or some, and then what they are. */
export const allergiesFormSchema = v.pipe(
  v.object({ has: v.picklist(['none', 'some'] as const), ...allergiesSchema.entries }),
  v.forward(v.check((form) => form.has === 'none' || form.answer.trim() !== '', FEEDBACK_MESSAGES.allergiesRequired), ['answer']),
);

export const feedbackMailsSchema = v.object({ stopped: v.boolean(FEEDBACK_MESSAGES.stoppedInvalid) });

export const retentionSchema = v.object({
  years: v.nullable(
    wholeNumberIn(RETENTION_LIMITS.min, RETENTION_LIMITS.max, FEEDBACK_MESSAGES.retentionInvalid),
    // null clears it; anything else not a number is refused with the same message.
  ),
});
