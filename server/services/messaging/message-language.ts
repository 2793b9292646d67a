/**
 * The language of a message sent to one person (an e-mail, a text message, a calendar invitation, a
 * statement): the stored language it goes out in (a reservation's, a user's, a contact form's, or the
 * caller's), its translator, and its date, time and money formats (docs/PRODUCT.md §9's in English).
 */
import type { I18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../common/locales';
import { formatHkdFor } from '../../../common/money';
import { formatDateFor, formatDateTimeFor, formatMonthFor, formatTimeFor } from '../../../common/time';
import { catalogText } from '../../../common/experience-text';
import { translatorFor } from '../../i18n/translator';

export interface MessageLanguage {
  locale: Locale;
  /** Translates the server's English texts: `lang.i18n._('Date: {date}', { date })`. */
  i18n: I18n;
  /** A service day (YYYY-MM-DD) with its weekday outside English: '25 Nov 2026', '2026年11月25日(水)'. */
  date(date: string): string;
  /** Minutes from the service day's midnight: '8:00 pm', '20:00'. */
  time(minutes: number): string;
  /** An instant's Hong Kong day and time: '3 Dec 2026, 6:30 pm', '2026年12月3日 18:30'. */
  dateTime(at: Date): string;
  /** A month (YYYY-MM): 'November 2026', '2026年11月'. */
  month(month: string): string;
  /** Minor units of Hong Kong dollars: 'HK$1,496'. */
  money(minor: number): string;
  /** Stored English content (a venue's description, a dining area's name) in this language: `catalogText`; an experience's name is `experienceText`'s (common/experience-text.ts). */
  content(text: string): string;
}

/** A stored language (users.locale, reservations.locale, a form's) as one of ours: English when it is not. */
export function storedLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

const languages = new Map<Locale, MessageLanguage>();

/** The language to write to someone whose stored language is `stored`. */
export function messageLanguage(stored: string | null | undefined): MessageLanguage {
  const locale = storedLocale(stored);
  let lang = languages.get(locale);
  if (!lang) {
    const i18n = translatorFor(locale);
    lang = {
      locale,
      i18n,
      date: (date) => formatDateFor(date, locale, { weekday: true }),
      time: (minutes) => formatTimeFor(minutes, locale),
      dateTime: (at) => formatDateTimeFor(at, locale),
      month: (month) => formatMonthFor(month, locale),
      money: (minor) => formatHkdFor(minor, locale),
      content: (text) => catalogText(i18n, text),
    };
    languages.set(locale, lang);
  }
  return lang;
}
