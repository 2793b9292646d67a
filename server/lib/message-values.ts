/**
 * Values of a message that are written differently in each language (a service day, a clock time, an
 * amount, a stored name), as descriptors: a rule says what the value is, and the answer writes it in the
 * reader's language (`localizeValues`, called by `ApiError.toBody` and the "Why not?" answer with the
 * request's translator). So the rules (server/services/booking-rules/) stay free of any translator: their
 * texts are `/*i18n*\/` ids, their values these descriptors, and the caller localises both.
 */
import type { I18n } from '@lingui/core';
import { formatHkdFor } from '../../common/money';
import { formatDateFor, formatTimeFor } from '../../common/time';
import { catalogText, experienceText, type ExperienceOwnTexts } from '../../common/experience-text';

/** A value written in the reader's language when the answer is written. */
export type LocalizedValue =
  | { readonly localized: 'date'; readonly date: string }
  | { readonly localized: 'time'; readonly minutes: number }
  | { readonly localized: 'money'; readonly amount: number }
  | { readonly localized: 'name'; readonly name: string }
  | { readonly localized: 'experience'; readonly experience: { name: string }; readonly own: ExperienceOwnTexts | undefined }
  | { readonly localized: 'timeRanges'; readonly ranges: readonly { first: number; last: number }[] };

/** A service day (YYYY-MM-DD). */
export const dateIn = (date: string): LocalizedValue => ({ localized: 'date', date });
/** A clock time, in minutes from the service day's midnight. */
export const timeIn = (minutes: number): LocalizedValue => ({ localized: 'time', minutes });
/** An amount in HK cents. */
export const moneyIn = (amount: number): LocalizedValue => ({ localized: 'money', amount });
/** A name stored in English (a venue, a dining area, a service), in its translation; an experience's is `experienceNameIn`. */
export const nameIn = (name: string): LocalizedValue => ({ localized: 'name', name });
/** An experience's name in the reader's language: its own text, else the catalog's (`experienceText`). */
export const experienceNameIn = (experience: { name: string }, own: ExperienceOwnTexts | undefined): LocalizedValue => ({ localized: 'experience', experience, own });

/** Runs of clock times ('from 8:00 am to 7:45 pm and from 10:00 pm to 11:30 pm'), as a list in the reader's language. */
export const timeRangesIn = (ranges: readonly { first: number; last: number }[]): LocalizedValue => ({ localized: 'timeRanges', ranges });

function timeRanges(ranges: readonly { first: number; last: number }[], i18n: I18n): string {
  const words = ranges.map(({ first, last }) =>
    first === last
      ? i18n._(/*i18n*/ 'at {time}', { time: formatTimeFor(first, i18n.locale) })
      : i18n._(/*i18n*/ 'from {first} to {last}', { first: formatTimeFor(first, i18n.locale), last: formatTimeFor(last, i18n.locale) }),
  );
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(words);
}

function isLocalizedValue(value: unknown): value is LocalizedValue {
  return typeof value === 'object' && value !== null && 'localized' in value;
}

/** One value in the reader's language. */
export function localizeValue(value: LocalizedValue, i18n: I18n): string {
  switch (value.localized) {
    case 'date':
      return formatDateFor(value.date, i18n.locale);
    case 'time':
      return formatTimeFor(value.minutes, i18n.locale);
    case 'money':
      return formatHkdFor(value.amount, i18n.locale);
    case 'name':
      return catalogText(i18n, value.name);
    case 'experience':
      return experienceText(value.experience, i18n, value.own).name;
    case 'timeRanges':
      return timeRanges(value.ranges, i18n);
  }
}

/** The values with each `LocalizedValue` written in the reader's language. */
export function localizeValues(values: Record<string, unknown>, i18n: I18n): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isLocalizedValue(value) ? localizeValue(value, i18n) : value]));
}
