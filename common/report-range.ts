/** The report's periods and ranges, shared by the staff console's screen and the server's check of a request. */
import { addDays, daysBetween, isoWeekday } from './time';

export const REPORT_PERIODS = ['day', 'week'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The longest range one report covers: 53 ISO weeks. */
export const MAX_REPORT_DAYS = 371;

/** The Monday of the ISO week a Hong Kong day falls in. */
export const weekStart = (date: string): string => addDays(date, 1 - isoWeekday(date));

/** The ISO week (Monday to Sunday) a day falls in: the report's default range. */
export const weekOf = (date: string): { from: string; to: string } => ({ from: weekStart(date), to: addDays(weekStart(date), 6) });

/** How many days a range covers, both ends included (0 or less when it ends before it starts). */
export const rangeDays = (from: string, to: string): number => daysBetween(from, to) + 1;
