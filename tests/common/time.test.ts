import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
  formatTime,
  hongKongMinutes,
  hongKongToday,
  isIsoDate,
  isoWeekday,
  secondsUntil,
  serviceDateTime,
  weekdayAbbreviation,
  WEEKDAY_ABBREVIATIONS,
} from '../../common/time';

describe('service-day times', () => {
  it('puts minutes from the Hong Kong midnight on the right instant (UTC+8)', () => {
    expect(serviceDateTime('2026-12-03', 18 * 60 + 30).toISOString()).toBe('2026-12-03T10:30:00.000Z');
    expect(serviceDateTime('2026-12-03', 0).toISOString()).toBe('2026-12-02T16:00:00.000Z');
  });

  it('runs minutes past 1440 into the next calendar day', () => {
    // Tuesday's supper slot at 00:30 is Wednesday 00:30 in Hong Kong.
    expect(serviceDateTime('2026-11-24', 1470).toISOString()).toBe('2026-11-24T16:30:00.000Z');
    expect(hongKongToday(serviceDateTime('2026-11-24', 1470))).toBe('2026-11-25');
    expect(serviceDateTime('2026-11-24', 1500).toISOString()).toBe('2026-11-24T17:00:00.000Z');
  });

  it('has no daylight-saving shifts: every day is 24 hours, even around Western DST dates', () => {
    for (const date of ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01']) {
      const start = serviceDateTime(date, 0).getTime();
      expect(serviceDateTime(addDays(date, 1), 0).getTime() - start).toBe(24 * 3600_000);
      expect(serviceDateTime(date, 2 * 60 + 30).getTime() - start).toBe(150 * 60_000);
    }
  });

  it("gives Hong Kong's today, which differs from UTC's late in the UTC day", () => {
    expect(hongKongToday(new Date('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
    expect(hongKongToday(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(hongKongMinutes(new Date('2026-11-23T02:00:00Z'))).toBe(600);
  });

  it('knows ISO weekdays and the MON..SUN abbreviations', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(weekdayAbbreviation('2026-11-24')).toBe('TUE');
    expect(weekdayAbbreviation('2026-11-29')).toBe('SUN');
    expect(WEEKDAY_ABBREVIATIONS).toEqual(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']);
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('tomorrow')).toBe(false);
  });
});

describe('formats', () => {
  it("formats times as 'h:mm am/pm'", () => {
    expect(formatTime(18 * 60 + 30)).toBe('6:30 pm');
    expect(formatTime(8 * 60)).toBe('8:00 am');
    expect(formatTime(12 * 60)).toBe('12:00 pm');
    expect(formatTime(0)).toBe('12:00 am');
    expect(formatTime(1470)).toBe('12:30 am');
    expect(formatTime(1560)).toBe('2:00 am');
  });

  it("formats dates as 'D MMM YYYY'", () => {
    expect(formatDate('2026-12-03')).toBe('3 Dec 2026');
    expect(formatDate('2027-01-31')).toBe('31 Jan 2027');
  });

  it('counts whole seconds until a date, never below 0', () => {
    const now = new Date('2026-11-23T02:00:00Z');
    expect(secondsUntil('2026-11-23T02:15:00Z', now)).toBe(900);
    expect(secondsUntil(new Date('2026-11-23T02:00:01.999Z'), now)).toBe(1);
    expect(secondsUntil('2026-11-23T01:00:00Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });
});

describe('dates per language', () => {
  it('writes Chinese and Japanese dates as year, month, day and English as D MMM YYYY', async () => {
    const { formatDateFor } = await import('../../common/time');
    expect(formatDateFor('2026-11-24', 'en')).toBe('24 Nov 2026');
    expect(formatDateFor('2026-11-24', 'zh-Hant')).toBe('2026年11月24日');
    expect(formatDateFor('2026-11-24', 'zh-Hans')).toBe('2026年11月24日');
    expect(formatDateFor('2026-11-24', 'ja')).toBe('2026年11月24日');
    expect(formatDateFor('2026-01-03', 'ko')).toMatch(/^2026년 1월 3일$/);
    // Thai words on the Gregorian calendar: 2026, not the Buddhist era's 2569.
    expect(formatDateFor('2026-11-24', 'th')).toMatch(/^24 .+ 2026$/);
  });

  it('adds the weekday outside English when asked; English keeps docs/PRODUCT.md §9\'s D MMM YYYY', async () => {
    const { formatDateFor } = await import('../../common/time');
    expect(formatDateFor('2026-11-23', 'en', { weekday: true })).toBe('23 Nov 2026');
    expect(formatDateFor('2026-11-23', 'ja', { weekday: true })).toBe('2026年11月23日(月)');
    expect(formatDateFor('2026-11-23', 'zh-Hant', { weekday: true })).toBe('2026年11月23日星期一');
    expect(formatDateFor('2026-11-23', 'zh-Hans', { weekday: true })).toBe('2026年11月23日星期一');
    expect(formatDateFor('2026-11-23', 'ko', { weekday: true })).toBe('2026년 11월 23일 (월)');
    expect(formatDateFor('2026-11-23', 'th', { weekday: true })).toMatch(/^\S+ 23 .+ 2026$/);
  });

  it('writes times as h:mm am/pm in English and on the 24-hour clock elsewhere, after midnight too', async () => {
    const { formatTimeFor } = await import('../../common/time');
    expect(formatTimeFor(19 * 60, 'en')).toBe('7:00 pm');
    expect(formatTimeFor(1470, 'en')).toBe('12:30 am');
    for (const locale of ['ja', 'zh-Hant', 'zh-Hans', 'ko', 'th']) {
      expect(formatTimeFor(19 * 60 + 5, locale)).toBe('19:05');
      // A supper slot after midnight belongs to the service day before, and reads 0:30 (or 00:30).
      expect(formatTimeFor(1470, locale)).toMatch(/^0?0:30$/);
    }
  });

  it('writes weekdays as MON..SUN in English and as each language abbreviates them', async () => {
    const { weekdayFor } = await import('../../common/time');
    expect(weekdayFor('2026-11-24', 'en')).toBe('TUE');
    expect(weekdayFor('2026-11-24', 'ja')).toBe('火');
    expect(weekdayFor('2026-11-24', 'zh-Hant')).toBe('週二');
    expect(weekdayFor('2026-11-24', 'zh-Hans')).toBe('周二');
    expect(weekdayFor('2026-11-24', 'ko')).toBe('화');
    expect(weekdayFor('2026-11-24', 'th')).not.toMatch(/[A-Za-z]/);
  });

  it("writes an instant as Hong Kong's day and time, whatever the reader's zone", async () => {
    const { formatDateTimeFor } = await import('../../common/time');
    // 16:30 UTC is half past midnight of the next day in Hong Kong.
    expect(formatDateTimeFor('2026-12-02T16:30:00Z', 'en')).toBe('3 Dec 2026, 12:30 am');
    expect(formatDateTimeFor('2026-12-03T10:30:00Z', 'en')).toBe('3 Dec 2026, 6:30 pm');
    expect(formatDateTimeFor('2026-12-03T10:30:00Z', 'ja')).toBe('2026年12月3日 18:30');
    expect(formatDateTimeFor(new Date('2026-12-02T16:30:00Z'), 'zh-Hant')).toMatch(/^2026年12月3日 0?0:30$/);
    expect(formatDateTimeFor('2026-12-03T10:30:00Z', 'th')).toMatch(/2026.*18:30/);
  });

  it('names months in each language, on the Gregorian calendar', async () => {
    const { formatMonthFor } = await import('../../common/time');
    expect(formatMonthFor('2026-11', 'en')).toBe('November 2026');
    expect(formatMonthFor('2026-11', 'ja')).toBe('2026年11月');
    expect(formatMonthFor('2026-11', 'zh-Hant')).toBe('2026年11月');
    expect(formatMonthFor('2026-01', 'ko')).toBe('2026년 1월');
    expect(formatMonthFor('2026-11', 'th')).toMatch(/^\S+ 2026$/);
  });
});
