/**
 * Dates, times, weekdays, months and money in the active language: the pure formatters of common/
 * (shared with the server) bound to Lingui's locale, so a page re-renders in the new formats when the
 * language changes.
 */
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { dateTimeFormat, isEnglish } from '../../common/intl-locale';
import { formatHkdFor } from '../../common/money';
import { formatDateFor, formatDateTimeFor, formatMonthFor, formatTimeFor, weekdayFor } from '../../common/time';

/** The formatters of one language; see the functions of common/time.ts and money.ts they call. */
export interface Formats {
  /** A service day (YYYY-MM-DD); `weekday` adds the day of the week outside English. */
  date(date: string, options?: { weekday?: boolean }): string;
  /** Minutes from a service day's midnight. */
  time(minutes: number): string;
  /** A day's weekday, MON..SUN in English. */
  weekday(date: string): string;
  /** A service day with its weekday in every language: 'TUE 24 Nov 2026', 2026年11月24日(火). */
  dayWithWeekday(date: string): string;
  /** A service day's month, short: 'Nov', 11月, พ.ย. */
  monthOfDay(date: string): string;
  /** An instant's Hong Kong day and time. */
  dateTime(at: Date | string): string;
  /** A calendar month (YYYY-MM). */
  month(month: string): string;
  /** Hong Kong dollars in minor units, 'HK$' in every language. */
  money(minor: number): string;
}

/** Formatters for the active language. */
export function useFormats(): Formats {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo<Formats>(
    () => ({
      date: (date, options) => formatDateFor(date, locale, options),
      time: (minutes) => formatTimeFor(minutes, locale),
      weekday: (date) => weekdayFor(date, locale),
      dayWithWeekday: (date) =>
        isEnglish(locale) ? `${weekdayFor(date, locale)} ${formatDateFor(date, locale)}` : formatDateFor(date, locale, { weekday: true }),
      monthOfDay: (date) => dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`)),
      dateTime: (at) => formatDateTimeFor(at, locale),
      month: (month) => formatMonthFor(month, locale),
      money: (minor) => formatHkdFor(minor, locale),
    }),
    [locale],
  );
}
