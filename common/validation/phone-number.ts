/**
 * Mobile numbers, one way everywhere: read with libphonenumber-js however they were typed ('852' or
 * '+852'; '9123 4567', '9123-4567', or the whole '+852 9123 4567' in the number field), stored as the
 * calling code with its '+' and the national number's digits, so that the two together are E.164
 * ('+85291234567'), and shown in international format ('+852 9123 4567'). Shared by the browser's forms
 * and the server, so a number one accepts the other accepts too. Browser-safe.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import * as v from 'valibot';

/** A number as stored: `countryCode` '+852', `number` '91234567'. */
export interface PhoneNumber {
  countryCode: string;
  number: string;
}

const digitsOf = (value: string | number | null | undefined) => String(value ?? '').replace(/\D/g, '');

/**
 * The number as stored, or null when it is not a valid number: a calling code of 1 to 4 digits (with or
 * without '+') and the national number as typed (spaces, dashes, dots and brackets allowed), or the whole
 * international number in the number field.
 */
export function parsePhoneNumber(countryCode: string | number | null | undefined, number: string | number | null | undefined): PhoneNumber | null {
  const typed = String(number ?? '').trim();
  if (!/^\+?[\d\s\-.()]{4,24}$/.test(typed)) return null;
  const code = String(countryCode ?? '').trim();
  // A national number after its code: a trunk '0' (07911 123456 in the United Kingdom) is dropped.
  const parsed = typed.startsWith('+')
    ? parsePhoneNumberFromString(typed)
    : /^\+?\d{1,4}$/.test(code)
      ? parsePhoneNumberFromString(typed, { defaultCallingCode: digitsOf(code) })
      : undefined;
  if (!parsed?.isValid()) return null;
  return { countryCode: `+${parsed.countryCallingCode}`, number: parsed.nationalNumber };
}

/** The stored number in E.164, '+85291234567'. */
export const phoneE164 = (phone: PhoneNumber) => `${phone.countryCode}${phone.number}`;

/**
 * A stored number as people read it, '+852 9123 4567'; null without a number. One stored before numbers
 * were checked, that libphonenumber cannot read, is shown as '+852 12345678' (never '++852').
 */
export function formatPhoneNumber(countryCode: string | null | undefined, number: string | null | undefined): string | null {
  const national = digitsOf(number);
  if (!national) return null;
  const code = digitsOf(countryCode);
  const parsed = code ? parsePhoneNumberFromString(`+${code}${national}`) : undefined;
  if (parsed) return parsed.formatInternational();
  return code ? `+${code} ${national}` : national;
}

/** The fields a form or a request body carries a mobile number in. */
interface MobileFields {
  mobileCountryCode?: string | null | undefined;
  mobileNumber?: string | null | undefined;
}

/** A number to check: without a code (nor a '+' of its own) it is a missing part, which each schema or the server words. */
const isGiven = (input: MobileFields) => Boolean(input.mobileNumber && (input.mobileCountryCode || input.mobileNumber.trim().startsWith('+')));

/**
 * The schema with its mobile number checked as one number (the message on `mobileNumber`) when one is
 * given, and written as stored: '+852' and the national digits. Both sides run it, so the server stores
 * what the form accepted.
 */
export function withMobileNumberChecked<const TSchema extends v.GenericSchema<unknown, MobileFields & Record<string, unknown>>>(schema: TSchema, message: string) {
  type T = v.InferOutput<TSchema>;
  return v.pipe(
    schema,
    v.forward<T, v.CheckIssue<T>, ['mobileNumber']>(
      v.check<T, string>((input) => !isGiven(input) || parsePhoneNumber(input.mobileCountryCode, input.mobileNumber) !== null, message),
      ['mobileNumber'] as never,
    ),
    v.transform<T, T>((input) => {
      const phone = input.mobileNumber ? parsePhoneNumber(input.mobileCountryCode, input.mobileNumber) : null;
      return phone ? { ...input, mobileCountryCode: phone.countryCode, mobileNumber: phone.number } : input;
    }),
  );
}
