/**
 * docs/PRODUCT.md §5's e-mail address rule, the one every form and request body that takes an address uses, so an
 * address accepted in one place is accepted in all. Browser-safe.
 */
import * as v from 'valibot';

/** docs/PRODUCT.md §5's two e-mail messages, word for word. */
export const EMAIL_MESSAGES = {
  required: /*i18n*/ 'Please enter your email address!',
  invalid: /*i18n*/ 'Please enter a valid email address!',
} as const;

/** docs/PRODUCT.md §5: local part of letters, digits, _ . + -; @; domain labels; a final label of 2–6 letters or digits. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,6}$/;

/** The longest address mail servers deliver to. */
export const EMAIL_MAX_LENGTH = 254;

/** A trimmed address; a missing key becomes '' so it gets "please enter" rather than valibot's generic message. */
export const emailSchema = v.pipe(
  v.optional(v.string(EMAIL_MESSAGES.required), ''),
  v.trim(),
  v.nonEmpty(EMAIL_MESSAGES.required),
  v.maxLength(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.invalid),
  v.regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid),
);

/** How an address is stored and compared: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
