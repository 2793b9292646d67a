/**
 * The messages (and text limits) of the guest-details and account forms, apart from their schemas: the
 * app's message texts (src/i18n/message-text.ts) read them on every page, and the schemas bring the
 * phone-number library, which only the forms that check a number need.
 */
import { textWithValues } from '../message-values';
import { EMAIL_MESSAGES } from './email';

/** The longest text each free field takes (the booking form and the API alike). */
export const GUEST_DETAILS_LIMITS = { name: 100, notes: 500, occasionNote: 100, dietaryNote: 200 } as const;

const L = GUEST_DETAILS_LIMITS;

export const GUEST_DETAILS_MESSAGES = {
  firstName: /*i18n*/ 'Please enter first name!',
  lastName: /*i18n*/ 'Please enter last name!',
  // A name that is too long is not a missing one: say what is wrong. The limits are values.
  firstNameTooLong: textWithValues(/*i18n*/ 'The first name must be {max} characters or fewer.', { max: L.name }),
  lastNameTooLong: textWithValues(/*i18n*/ 'The last name must be {max} characters or fewer.', { max: L.name }),
  notesTooLong: textWithValues(/*i18n*/ 'Special requests must be {max} characters or fewer.', { max: L.notes }),
  occasionNoteTooLong: textWithValues(/*i18n*/ 'The occasion details must be {max} characters or fewer.', { max: L.occasionNote }),
  dietaryNoteTooLong: textWithValues(/*i18n*/ 'Other dietary needs must be {max} characters or fewer.', { max: L.dietaryNote }),
  occasionInvalid: /*i18n*/ 'Please choose an occasion from the list',
  dietaryNeedsInvalid: /*i18n*/ 'Please choose dietary needs from the list',
  mobileNumber: /*i18n*/ 'Please enter mobile number!',
  mobileNumberInvalid: /*i18n*/ 'Please enter a valid mobile number',
  email: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  cancellationPolicy: /*i18n*/ 'Please agree to cancellation policy',
} as const;

/** User-visible validation messages of the account forms. */
export const ACCOUNT_MESSAGES = {
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  firstNameRequired: /*i18n*/ 'Please enter first name!',
  lastNameRequired: /*i18n*/ 'Please enter last name!',
  mobileNumberInvalid: /*i18n*/ 'Please enter a valid mobile number',
  passwordRequired: /*i18n*/ 'Please enter your password!',
  passwordTooShort: /*i18n*/ 'The password must be at least 7 characters',
  passwordTooLong: /*i18n*/ 'The password must be at most 200 characters',
  passwordConfirmation: /*i18n*/ 'Confirmation password is incorrect',
  tokenRequired: /*i18n*/ 'This link is invalid or has expired.',
} as const;
