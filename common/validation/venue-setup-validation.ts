/**
 * Valibot schemas of a venue's set-up as the admin edits it (docs/PRODUCT.md §2): its texts per language and its
 * services. Shared by the set-up pages and the server, so both refuse the same input with the same words.
 */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';
import { LOCALES, type Locale } from '../locales';
import { isIsoDate } from '../time';
import { emailSchema } from './email';

/** The texts a venue has in each language. */
export const VENUE_TEXT_FIELDS = ['title', 'description', 'introduction', 'address'] as const;
export type VenueTextField = (typeof VENUE_TEXT_FIELDS)[number];

/** The languages beside English, which fall back to it. */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== 'en') as Exclude<Locale, 'en'>[];

export const VENUE_SETUP_MESSAGES = {
  englishRequired: /*i18n*/ 'Write this in English: the other languages fall back to it',
  tooLong: /*i18n*/ 'This text is too long',
  phoneInvalid: /*i18n*/ 'Enter the reservations phone number, e.g. +852 2123 4567',
  versionInvalid: /*i18n*/ 'Reload the page: the version of the record is missing',
  serviceNameRequired: /*i18n*/ 'Name the service, e.g. Lunch',
  daysRequired: /*i18n*/ 'Choose at least one day of the week',
  timeInvalid: /*i18n*/ 'Enter a time of the service day as minutes from midnight',
  lastAfterFirst: /*i18n*/ 'The last seating must be at or after the first seating',
  lastBeforeEnd: /*i18n*/ 'The last seating must be before the service ends',
  endAfterStart: /*i18n*/ 'The service must end after its first seating',
  intervalInvalid: /*i18n*/ 'Choose a slot interval between 5 and 240 minutes',
  dateInvalid: /*i18n*/ 'Enter the date as YYYY-MM-DD',
  untilAfterFrom: /*i18n*/ 'The last valid day must be on or after the first',
  servicesRequired: /*i18n*/ 'Keep at least one service',
  tooManyServices: /*i18n*/ 'A venue may have at most 20 services',
  membersOnlyInvalid: /*i18n*/ 'Say whether only members may book this service',
} as const;

const LIMITS: Record<VenueTextField, number> = { title: 80, description: 120, introduction: 2000, address: 200 };

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, VENUE_SETUP_MESSAGES.tooLong));
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(text(max)), null),
    // An empty field is a missing translation, shown in English.
    v.transform((s) => (s ? s : null)),
  );

const required = (field: VenueTextField) => v.pipe(text(LIMITS[field]), v.nonEmpty(VENUE_SETUP_MESSAGES.englishRequired));
const englishTexts = v.object({
  title: required('title'),
  description: required('description'),
  introduction: required('introduction'),
  address: required('address'),
});
const translatedTexts = v.object({
  title: optionalText(LIMITS.title),
  description: optionalText(LIMITS.description),
  introduction: optionalText(LIMITS.introduction),
  address: optionalText(LIMITS.address),
});
const translated = v.optional(translatedTexts, {});

const versionSchema = v.pipe(v.number(VENUE_SETUP_MESSAGES.versionInvalid), v.integer(VENUE_SETUP_MESSAGES.versionInvalid), v.minValue(1, VENUE_SETUP_MESSAGES.versionInvalid));

/** A venue's texts in English (required) and the five other languages (each field may be left out), and its contacts. */
export const venueContentSchema = v.object({
  version: versionSchema,
  texts: v.object({ en: englishTexts, ja: translated, ko: translated, th: translated, 'zh-Hans': translated, 'zh-Hant': translated }),
  reservationsPhone: v.pipe(v.string(), v.trim(), v.regex(/^\+?[0-9][0-9 ()-]{5,24}$/, VENUE_SETUP_MESSAGES.phoneInvalid)),
  reservationsEmail: emailSchema,
});
export type VenueContentInput = v.InferOutput<typeof venueContentSchema>;

const minute = wholeNumberIn(0, 2880, VENUE_SETUP_MESSAGES.timeInvalid);
const dateOrNull = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((s) => (s ? s : null)),
  v.check((s) => s === null || isIsoDate(s), VENUE_SETUP_MESSAGES.dateInvalid),
);

/**
 * One service: a named period with its days, first and last seating, when it ends, the slot interval and
 * the days it is valid. Times are minutes from the service day's midnight (past 1440 is after midnight).
 */
export const serviceSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(VENUE_SETUP_MESSAGES.serviceNameRequired), v.trim(), v.nonEmpty(VENUE_SETUP_MESSAGES.serviceNameRequired), v.maxLength(60, VENUE_SETUP_MESSAGES.tooLong)),
    daysOfWeek: v.pipe(
      v.array(v.pipe(v.number(VENUE_SETUP_MESSAGES.daysRequired), v.integer(), v.minValue(1), v.maxValue(7)), VENUE_SETUP_MESSAGES.daysRequired),
      v.nonEmpty(VENUE_SETUP_MESSAGES.daysRequired),
      v.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    ),
    firstSeating: minute,
    lastSeating: minute,
    endsAt: minute,
    intervalMinutes: wholeNumberIn(5, 240, VENUE_SETUP_MESSAGES.intervalInvalid),
    validFrom: dateOrNull,
    validUntil: dateOrNull,
    // Member-only times (docs/PRODUCT.md §6): absent means open to everyone, as every service was before.
    membersOnly: v.optional(v.boolean(VENUE_SETUP_MESSAGES.membersOnlyInvalid), false),
  }),
  v.forward(v.check((s) => s.lastSeating >= s.firstSeating, VENUE_SETUP_MESSAGES.lastAfterFirst), ['lastSeating']),
  v.forward(v.check((s) => s.endsAt > s.firstSeating, VENUE_SETUP_MESSAGES.endAfterStart), ['endsAt']),
  v.forward(v.check((s) => s.lastSeating < s.endsAt, VENUE_SETUP_MESSAGES.lastBeforeEnd), ['lastSeating']),
  v.forward(v.check((s) => !s.validFrom || !s.validUntil || s.validFrom <= s.validUntil, VENUE_SETUP_MESSAGES.untilAfterFrom), ['validUntil']),
);
export type ServiceInput = v.InferOutput<typeof serviceSchema>;

/** A venue's whole list of services, published together (an hour moved from lunch to dinner is one change). */
export const venueServicesSchema = v.object({
  // 0: a new venue's first services.
  version: v.pipe(v.number(VENUE_SETUP_MESSAGES.versionInvalid), v.integer(VENUE_SETUP_MESSAGES.versionInvalid), v.minValue(0, VENUE_SETUP_MESSAGES.versionInvalid)),
  services: v.pipe(v.array(serviceSchema), v.nonEmpty(VENUE_SETUP_MESSAGES.servicesRequired), v.maxLength(20, VENUE_SETUP_MESSAGES.tooManyServices)),
});
export type VenueServicesInput = v.InferOutput<typeof venueServicesSchema>;
