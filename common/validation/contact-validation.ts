/**
 * The contact form's rules (valibot), shared by the browser form and `POST /public/contact-form`, so both
 * refuse the same input with the same words. Browser-safe: no Node imports.
 */
import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, emailSchema } from './email';
import { LOCALES } from '../locales';
import { textWithValues } from '../message-values';

/** Upper bounds, so one message cannot fill the table or the concierge's inbox. */
export const CONTACT_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  phone: 30,
  subject: 200,
  message: 2000,
} as const;

// The limits are values of the texts (`textWithValues`), so the server can say them in the caller's language.
export const CONTACT_MESSAGES = {
  nameRequired: /*i18n*/ 'Please enter your name!',
  nameTooLong: textWithValues(/*i18n*/ 'Your name must be {max} characters or fewer.', { max: CONTACT_LIMITS.name }),
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  phoneInvalid: /*i18n*/ 'Please enter a valid phone number',
  subjectRequired: /*i18n*/ 'Please enter a subject!',
  subjectTooLong: textWithValues(/*i18n*/ 'The subject must be {max} characters or fewer.', { max: CONTACT_LIMITS.subject }),
  messageRequired: /*i18n*/ 'Please enter your message!',
  messageTooLong: textWithValues(/*i18n*/ 'Your message must be {max} characters or fewer.', { max: CONTACT_LIMITS.message }),
  localeInvalid: textWithValues(/*i18n*/ 'The language must be one of {locales}', { locales: LOCALES.join(', ') }),
} as const;

// A missing key becomes '' so it gets the field's own "please enter" message, not valibot's generic one.
const requiredText = (required: string, max: number, tooLong: string) =>
  v.pipe(v.optional(v.string(required), ''), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));

// Optional: an empty field counts as not given rather than as a bad number.
const phoneSchema = v.pipe(
  v.optional(v.nullable(v.string(CONTACT_MESSAGES.phoneInvalid))),
  v.transform((s) => (s ?? '').trim() || undefined),
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(CONTACT_LIMITS.phone, CONTACT_MESSAGES.phoneInvalid),
      v.regex(/^\+?[0-9][0-9 ()-]{3,}$/, CONTACT_MESSAGES.phoneInvalid),
    ),
  ),
);

/** The contact form `{ name, email, phone?, subject, message, locale? }`; output trimmed, locale defaulted. */
export const contactFormSchema = v.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: emailSchema,
  phone: phoneSchema,
  subject: requiredText(CONTACT_MESSAGES.subjectRequired, CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong),
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
  locale: v.optional(v.picklist(LOCALES, CONTACT_MESSAGES.localeInvalid), 'en'),
});
