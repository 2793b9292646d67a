/**
 * Guest details and policy agreements of a booking (docs/PRODUCT.md §5), one valibot schema for the booking form
 * and the completion call. Messages are docs/PRODUCT.md's, word for word. Browser-safe.
 */
import * as v from 'valibot';
import { emailSchema } from './email';
import { DIETARY_NEEDS, OCCASIONS } from '../guest-requests';
import { GUEST_DETAILS_LIMITS, GUEST_DETAILS_MESSAGES } from './form-messages';
import { withMobileNumberChecked } from './phone-number';

/** A country calling code such as '+852' or '852'. */
export const MOBILE_COUNTRY_CODE_PATTERN = /^\+?[0-9]{1,4}$/;

/** Digits only, 4 to 15 of them (E.164's national part); spaces and dashes are stripped first. */
export const MOBILE_NUMBER_PATTERN = /^[0-9]{4,15}$/;

const L = GUEST_DETAILS_LIMITS;
const M = GUEST_DETAILS_MESSAGES;

/** A required text: a missing key, a non-string and blank text all get the same message; a long one its own. */
const requiredText = (message: string, tooLong: string) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message), v.maxLength(L.name, tooLong));

/** An optional line of text: blank is null. */
const optionalText = (max: number, tooLong: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(tooLong)), null),
    v.transform((s) => s?.trim() || null),
    v.nullable(v.pipe(v.string(), v.maxLength(max, tooLong))),
  );

/** One of the occasions, or none ('' from a form's empty choice, null or missing). */
const occasion = v.pipe(
  v.optional(v.nullable(v.string(M.occasionInvalid)), null),
  v.transform((s) => s || null),
  v.nullable(v.picklist(OCCASIONS, M.occasionInvalid)),
);

/** Any of the listed needs, each once, in the list's order (so two equal choices store the same). */
const dietaryNeeds = v.pipe(
  v.optional(v.nullable(v.array(v.picklist(DIETARY_NEEDS, M.dietaryNeedsInvalid), M.dietaryNeedsInvalid)), []),
  v.transform((list) => DIETARY_NEEDS.filter((need) => list?.includes(need))),
);

/** The booking's occasion and dietary needs (common/guest-requests.ts), on every schema that takes guest details. */
const guestRequestsEntries = {
  occasion,
  occasionNote: optionalText(L.occasionNote, M.occasionNoteTooLong),
  dietaryNeeds,
  dietaryNote: optionalText(L.dietaryNote, M.dietaryNoteTooLong),
};

const mobileNumber = v.pipe(
  v.optional(v.string(M.mobileNumber), ''),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.nonEmpty(M.mobileNumber),
  v.regex(MOBILE_NUMBER_PATTERN, M.mobileNumberInvalid),
);

const mobileCountryCode = v.pipe(
  v.optional(v.string(M.mobileNumberInvalid), ''),
  v.trim(),
  v.nonEmpty(M.mobileNumberInvalid),
  v.regex(MOBILE_COUNTRY_CODE_PATTERN, M.mobileNumberInvalid),
);

const notes = v.optional(v.nullable(v.pipe(v.string(M.notesTooLong), v.maxLength(L.notes, M.notesTooLong))));

/** docs/PRODUCT.md §5: the cancellation policy must be agreed to; the other per-venue agreements are recorded as given. */
export const agreementsSchema = v.pipe(
  v.optional(
    v.object({
      cancellationPolicy: v.optional(v.unknown()),
      noShowPolicy: v.optional(v.boolean()),
      minimumSpendPolicy: v.optional(v.boolean()),
      reservationPolicy: v.optional(v.boolean()),
    }),
    {},
  ),
  v.forward(
    v.check((a) => a.cancellationPolicy === true, M.cancellationPolicy),
    ['cancellationPolicy'],
  ),
);

/** The booking form's guest details (docs/PRODUCT.md §3 Guest information) with the agreements, before the mobile number is checked as one number. */
export const guestDetailsEntries = v.object({
  firstName: requiredText(M.firstName, M.firstNameTooLong),
  lastName: requiredText(M.lastName, M.lastNameTooLong),
  email: emailSchema,
  mobileCountryCode,
  mobileNumber,
  notes,
  ...guestRequestsEntries,
  agreements: agreementsSchema,
});

/** The booking form's guest details, the mobile number checked and written as stored (phone-number.ts). */
export const guestDetailsSchema = withMobileNumberChecked(guestDetailsEntries, M.mobileNumberInvalid);

/**
 * The completion call's body: as the form, except that a missing mobile number is left to the server,
 * which answers docs/PRODUCT.md §8's 10205 ('A mobile number is required ...') rather than a form message.
 */
export const completeReservationSchema = withMobileNumberChecked(
  v.object({
    firstName: requiredText(M.firstName, M.firstNameTooLong),
    lastName: requiredText(M.lastName, M.lastNameTooLong),
    email: emailSchema,
    mobileCountryCode: v.optional(
      v.nullable(v.pipe(v.string(M.mobileNumberInvalid), v.trim(), v.regex(/^(\+?[0-9]{1,4})?$/, M.mobileNumberInvalid))),
    ),
    mobileNumber: v.optional(
      v.nullable(
        v.pipe(
          v.string(M.mobileNumberInvalid),
          v.transform((s) => s.replace(/[\s-]/g, '')),
          v.regex(/^([0-9]{4,15})?$/, M.mobileNumberInvalid),
        ),
      ),
    ),
    notes,
    ...guestRequestsEntries,
    agreements: agreementsSchema,
  }),
  M.mobileNumberInvalid,
);

export type CompleteReservationInput = v.InferOutput<typeof completeReservationSchema>;

/** The first message for each invalid field, for a form to show beside its inputs. */
export function guestDetailsErrors(input: unknown): Partial<Record<string, string>> {
  const result = v.safeParse(guestDetailsSchema, input);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    const field = path.startsWith('agreements.') ? path.slice('agreements.'.length) : path;
    errors[field] ??= issue.message;
  }
  return errors;
}
