/**
 * Valibot schemas for the account forms and the auth request bodies, shared by the browser and the
 * server. Messages are docs/PRODUCT.md §5's, word for word, where docs/PRODUCT.md has one.
 */
import * as v from 'valibot';
import { emailSchema } from './email';
import { ACCOUNT_MESSAGES, GUEST_DETAILS_LIMITS, GUEST_DETAILS_MESSAGES } from './form-messages';
import { LOCALES } from '../locales';

/** docs/PRODUCT.md §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 7;
// Keeps scrypt's input bounded; far above any real password.
const MAX_PASSWORD_LENGTH = 200;

/**
 * A string field that must be filled in. A missing key becomes '' so it fails with the field's own
 * message rather than valibot's generic "Invalid key".
 */
const filledString = (message: string) => v.optional(v.string(message), '');

/** A new password: at least 7 characters. */
export const newPasswordSchema = v.pipe(
  filledString(ACCOUNT_MESSAGES.passwordTooShort),
  v.minLength(MIN_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooShort),
  v.maxLength(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
);

/** An existing password being typed in: only required, since old accounts may predate the rules. */
export const currentPasswordSchema = v.pipe(
  filledString(ACCOUNT_MESSAGES.passwordRequired),
  v.nonEmpty(ACCOUNT_MESSAGES.passwordRequired),
  v.maxLength(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
);

export const firstNameSchema = v.pipe(
  filledString(ACCOUNT_MESSAGES.firstNameRequired),
  v.trim(),
  v.nonEmpty(ACCOUNT_MESSAGES.firstNameRequired),
  v.maxLength(GUEST_DETAILS_LIMITS.name, GUEST_DETAILS_MESSAGES.firstNameTooLong),
);

export const lastNameSchema = v.pipe(
  filledString(ACCOUNT_MESSAGES.lastNameRequired),
  v.trim(),
  v.nonEmpty(ACCOUNT_MESSAGES.lastNameRequired),
  v.maxLength(GUEST_DETAILS_LIMITS.name, GUEST_DETAILS_MESSAGES.lastNameTooLong),
);

// Forms send '' for an untouched optional field; treat it as absent.
const blankToUndefined = (value: string | null | undefined) => (value ? value : undefined);

/** An optional country calling code such as '852' or '+852'. */
export const mobileCountryCodeSchema = v.pipe(
  v.nullish(v.pipe(v.string(), v.trim(), v.regex(/^(?:\+?\d{1,4})?$/, ACCOUNT_MESSAGES.mobileNumberInvalid))),
  v.transform((value) => blankToUndefined(value?.replace(/^\+/, ''))),
);

/** An optional mobile number of 4 to 15 digits. */
export const mobileNumberSchema = v.pipe(
  v.nullish(v.pipe(v.string(), v.trim(), v.regex(/^(?:\d{4,15})?$/, ACCOUNT_MESSAGES.mobileNumberInvalid))),
  v.transform(blankToUndefined),
);

/** An opaque token from an e-mailed link. */
const linkTokenSchema = (message: string) =>
  v.pipe(filledString(message), v.nonEmpty(message), v.maxLength(200, message));

export const loginSchema = v.object({ email: emailSchema, password: currentPasswordSchema });

const REFRESH_TOKEN_REQUIRED = /*i18n*/ 'A refresh token is required';

export const refreshTokenSchema = v.object({
  refreshToken: v.pipe(
    filledString(REFRESH_TOKEN_REQUIRED),
    v.nonEmpty(REFRESH_TOKEN_REQUIRED),
    v.maxLength(200, REFRESH_TOKEN_REQUIRED),
  ),
});

export const changePasswordSchema = v.object({ oldPassword: currentPasswordSchema, newPassword: newPasswordSchema });

export const initiatePasswordResetSchema = v.object({ email: emailSchema });

export const resetPasswordSchema = v.object({
  token: linkTokenSchema(/*i18n*/ 'This reset link is invalid or has expired.'),
  password: newPasswordSchema,
});

/**
 * The sign-up's fields, each checked on its own; the request checks the mobile number as one number too
 * (`signUpSchema`, sign-up-validation.ts), kept apart so that the account pages that import this module
 * never load the phone number parser (libphonenumber-js).
 */
export const signUpEntries = v.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  mobileCountryCode: mobileCountryCodeSchema,
  mobileNumber: mobileNumberSchema,
  // None given: the server keeps the caller's Accept-Language.
  locale: v.optional(v.picklist(LOCALES)),
});

export const verifyEmailSchema = v.object({ token: linkTokenSchema(ACCOUNT_MESSAGES.tokenRequired) });

/** The confirmation message when `confirmation` differs from `password`, else null (docs/PRODUCT.md §5). */
export function passwordConfirmationError(password: string, confirmation: string): string | null {
  return password === confirmation ? null : ACCOUNT_MESSAGES.passwordConfirmation;
}

/**
 * A form's `entries` plus `confirmPassword`, which must repeat the `password` entry; the issue lands on
 * `confirmPassword` (docs/PRODUCT.md §5). A partial check, so it shows even while other fields are still wrong.
 */
function withConfirmation<const TEntries extends v.ObjectEntries>(entries: TEntries, password: keyof TEntries & string) {
  const form = v.object({ ...entries, confirmPassword: v.string() });
  type Form = v.InferOutput<typeof form>;
  // valibot cannot follow paths into a generic object, so the check is typed on the plain record it reads.
  const confirmation = v.forward(
    v.partialCheck(
      [[password], ['confirmPassword']],
      (input: Record<string, unknown>) =>
        passwordConfirmationError(String(input[password]), String(input.confirmPassword)) === null,
      ACCOUNT_MESSAGES.passwordConfirmation,
    ),
    ['confirmPassword'],
  ) as unknown as v.GenericPipeAction<Form, Form>;
  return v.pipe(form, confirmation);
}

/** The reset-password form: new password and its confirmation. */
export const resetPasswordFormSchema = withConfirmation({ password: newPasswordSchema }, 'password');

/** The change-password form: current password, new password and its confirmation. */
export const changePasswordFormSchema = withConfirmation(
  { oldPassword: currentPasswordSchema, newPassword: newPasswordSchema },
  'newPassword',
);

/** The sign-up form: the request's fields and the password's confirmation. */
export const signUpFormSchema = withConfirmation(signUpEntries.entries, 'password');
