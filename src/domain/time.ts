/**
 * Dates and times of the venues, all in Asia/Hong_Kong (SPEC §9). A reservation's time is a service day
 * (YYYY-MM-DD) plus minutes from that day's midnight; minutes may exceed 1440 for after-midnight slots,
 * which still belong to the service day they start in. Browser-safe: no Node imports.
 */
import { Temporal } from 'temporal-polyfill';

/** SPEC §9: every date and time of the product is in this zone. */
export const TIME_ZONE = 'Asia/Hong_Kong';

export const MINUTES_PER_DAY = 1440;

/** SPEC §9: weekday abbreviations, ISO order (index 0 is Monday). */
export const WEEKDAY_ABBREVIATIONS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

export type WeekdayAbbreviation = (typeof WEEKDAY_ABBREVIATIONS)[number];

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
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

/** SPEC §9: MON..SUN for a date. */
export function weekdayAbbreviation(date: string): WeekdayAbbreviation {
  return WEEKDAY_ABBREVIATIONS[isoWeekday(date) - 1]!;
}

/** SPEC §9 'h:mm am/pm' for minutes from midnight; minutes past 1440 wrap (1470 is '12:30 am'). */
export function formatTime(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour24 = Math.floor(inDay / 60);
  const minute = inDay % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'am' : 'pm'}`;
}

/** SPEC §9 'D MMM YYYY' for a YYYY-MM-DD date, e.g. '3 Dec 2026'. */
export function formatDate(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTH_ABBREVIATIONS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(0, 4))}`;
}

/** SPEC §9: whole seconds from `now` until `target`, never negative (a hold countdown). */
export function secondsUntil(target: Date | string, now: Date): number {
  const ms = new Date(target).getTime() - now.getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
}

/**
 * A service day for a reader of `locale`: SPEC §9's 'D MMM YYYY' in English; year, month, day in
 * Chinese and Japanese (2026年11月24日) and the locale's own order elsewhere.
 */
export function formatDateFor(date: string, locale: string): string {
  if (locale === 'en' || locale.startsWith('en-')) return formatDate(date);
  // Noon UTC of that calendar day, formatted in UTC: the day never shifts with the reader's zone.
  const at = new Date(`${date}T12:00:00Z`);
  const long = /^(zh|ja|ko)/.test(locale);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: long ? 'long' : 'short', day: 'numeric', timeZone: 'UTC' }).format(at);
}
