/**
 * Dates and times of the venues, all in Asia/Hong_Kong (docs/PRODUCT.md §9). A reservation's time is a service day
 * (YYYY-MM-DD) plus minutes from that day's midnight; minutes may exceed 1440 for after-midnight slots,
 * which still belong to the service day they start in. Browser-safe: no Node imports.
 */
import { Temporal } from 'temporal-polyfill';
import { dateTimeFormat, isEnglish } from './intl-locale';

/** docs/PRODUCT.md §9: every date and time of the product is in this zone. */
export const TIME_ZONE = 'Asia/Hong_Kong';

export const MINUTES_PER_DAY = 1440;

/** docs/PRODUCT.md §9: weekday abbreviations, ISO order (index 0 is Monday). */
export const WEEKDAY_ABBREVIATIONS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

export type WeekdayAbbreviation = (typeof WEEKDAY_ABBREVIATIONS)[number];

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The days any date the product is given may fall on: every booking, closure, report and statement is
 * well inside, while a day such as 0000-01-01 or 9999-12-31 would overflow the database's dates or the
 * arithmetic on them (a hold's end, a booking window) and answer 500 instead of saying what is wrong.
 */
export const DATE_RANGE = { from: '2000-01-01', to: '2099-12-31' } as const;

/** Whether `value` is a real calendar date written YYYY-MM-DD, within `DATE_RANGE`. */
export function isIsoDate(value: string): boolean {
  // Same-length ISO dates compare as text in calendar order.
  if (!ISO_DATE.test(value) || value < DATE_RANGE.from || value > DATE_RANGE.to) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

// Availability converts the same few dates thousands of times a second; the zone lookup is the slow part.
const midnightCache = new Map<string, number>();

/** Epoch milliseconds of the Hong Kong midnight that starts the service day `date` (YYYY-MM-DD). */
export function serviceDayStartMs(date: string): number {
  let ms = midnightCache.get(date);
  if (ms === undefined) {
    ms = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: TIME_ZONE }).epochMilliseconds;
    if (midnightCache.size > 2000) midnightCache.clear();
    midnightCache.set(date, ms);
  }
  return ms;
}

/** The instant of `minutes` after the start of the service day `date`; 1470 is 00:30 the next morning. */
export function serviceDateTime(date: string, minutes: number): Date {
  return new Date(serviceDayStartMs(date) + minutes * 60_000);
}

// Plain calendar arithmetic (no zone involved) on UTC dates: exact, and far cheaper than building
// Temporal objects on the availability hot path.
const DAY_MS = 86_400_000;

function toEpochDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The Hong Kong calendar date (YYYY-MM-DD) of an instant. */
export function hongKongDate(at: Date): string {
  const ms = at.getTime();
  // Guess from UTC+8, then settle against the zone's real midnights (cached), so history stays exact.
  let day = Math.floor((ms + 8 * 3_600_000) / DAY_MS);
  while (serviceDayStartMs(fromEpochDay(day)) > ms) day--;
  while (serviceDayStartMs(fromEpochDay(day + 1)) <= ms) day++;
  return fromEpochDay(day);
}

/** "Today" in Hong Kong at the instant `now`. */
export function hongKongToday(now: Date): string {
  return hongKongDate(now);
}

/** Minutes from Hong Kong midnight of an instant (0..1439). */
export function hongKongMinutes(at: Date): number {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(TIME_ZONE);
  return zoned.hour * 60 + zoned.minute;
}

/** `date` moved by `days` (negative for earlier). */
export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: string): number {
  // 1 Jan 1970 (epoch day 0) was a Thursday, ISO weekday 4.
  return ((((toEpochDay(date) + 3) % 7) + 7) % 7) + 1;
}

/** docs/PRODUCT.md §9: MON..SUN for a date. */
export function weekdayAbbreviation(date: string): WeekdayAbbreviation {
  return WEEKDAY_ABBREVIATIONS[isoWeekday(date) - 1]!;
}

/** docs/PRODUCT.md §9 'h:mm am/pm' for minutes from midnight; minutes past 1440 wrap (1470 is '12:30 am'). */
export function formatTime(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour24 = Math.floor(inDay / 60);
  const minute = inDay % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'am' : 'pm'}`;
}

/** docs/PRODUCT.md §9 'D MMM YYYY' for a YYYY-MM-DD date, e.g. '3 Dec 2026'. */
export function formatDate(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTH_ABBREVIATIONS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(0, 4))}`;
}

/** docs/PRODUCT.md §9: whole seconds from `now` until `target`, never negative (a hold countdown). */
export function secondsUntil(target: Date | string, now: Date): number {
  const ms = new Date(target).getTime() - now.getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
}

// A service day or a time of day is a calendar value, not an instant: it is formatted from a UTC Date in
// UTC so no zone can move it. Instants (a payment, a deadline) go through Asia/Hong_Kong instead.
const calendarDay = (date: string) => new Date(`${date}T12:00:00Z`);

/** How each language writes a day: year, month, day in Chinese, Japanese and Korean (docs/PRODUCT.md §9). */
function dayOptions(locale: string, weekday: boolean): Intl.DateTimeFormatOptions {
  if (/^(zh|ja)/.test(locale)) {
    // 2026年11月24日(火) in Japanese; 2026年11月24日星期二 in Chinese, as Hong Kong writes it.
    return { year: 'numeric', month: 'long', day: 'numeric', ...(weekday && { weekday: locale.startsWith('ja') ? 'short' : 'long' }) };
  }
  // 2026년 11월 24일 (화) in Korean; 24 พ.ย. 2026 in Thai.
  return { year: 'numeric', month: 'short', day: 'numeric', ...(weekday && { weekday: 'short' }) };
}

/** Hours 0-23 outside English: 19:00 is how Hong Kong, Japanese, Korean, Chinese and Thai sites list a table. */
const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' };

/**
 * A service day for a reader of `locale`: docs/PRODUCT.md §9's 'D MMM YYYY' in English; year, month, day in
 * Chinese and Japanese (2026年11月24日) and the locale's own order elsewhere, with the weekday when asked
 * (2026年11月24日(火)). English keeps docs/PRODUCT.md §9's format, weekday or not.
 */
export function formatDateFor(date: string, locale: string, { weekday = false }: { weekday?: boolean } = {}): string {
  if (isEnglish(locale)) return formatDate(date);
  return dateTimeFormat(locale, { ...dayOptions(locale, weekday), timeZone: 'UTC' }).format(calendarDay(date));
}

/**
 * Minutes from a service day's midnight for a reader of `locale`: docs/PRODUCT.md §9's 'h:mm am/pm' in English,
 * 19:00 elsewhere; minutes past 1440 wrap (1470 is 0:30).
 */
export function formatTimeFor(minutes: number, locale: string): string {
  if (isEnglish(locale)) return formatTime(minutes);
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return dateTimeFormat(locale, { ...TIME_OPTIONS, timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, 0, inDay)));
}

/** A day's weekday for a reader of `locale`: docs/PRODUCT.md §9's MON..SUN in English, 火 or 週二 or 화 elsewhere. */
export function weekdayFor(date: string, locale: string): string {
  if (isEnglish(locale)) return weekdayAbbreviation(date);
  return dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(calendarDay(date));
}

/**
 * The Hong Kong day and time of an instant for a reader of `locale`: '3 Dec 2026, 6:30 pm' in English
 * (docs/PRODUCT.md §9's date and time), 2026年12月3日 18:30 in Chinese and Japanese.
 */
export function formatDateTimeFor(at: Date | string, locale: string): string {
  const instant = new Date(at);
  if (isEnglish(locale)) return `${formatDate(hongKongDate(instant))}, ${formatTime(hongKongMinutes(instant))}`;
  return dateTimeFormat(locale, { ...dayOptions(locale, false), ...TIME_OPTIONS, timeZone: TIME_ZONE }).format(instant);
}

/** A calendar month (YYYY-MM) for a reader of `locale`: 'November 2026', 2026年11月, 2026년 11월. */
export function formatMonthFor(month: string, locale: string): string {
  return dateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(calendarDay(`${month}-15`));
}
