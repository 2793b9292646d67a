/**
 * Clock times on a service day as staff type them: the small hours belong to the day before (a supper,
 * a late bar), so 00:30 typed on the 1st is 1470 minutes into the 1st's service day. Browser-safe.
 */
import { addDays, hongKongDate, hongKongMinutes, MINUTES_PER_DAY } from './time';

/** Before this minute of the clock, a time belongs to the previous service day. */
export const SERVICE_DAY_TURNS_AT_MINUTE = 6 * 60;

/** Minutes from the service day's midnight of a clock time 'HH:MM' (null when it is not one). */
export function serviceMinutesOf(clock: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes >= 1440 || Number(match[2]) >= 60) return null;
  return minutes < SERVICE_DAY_TURNS_AT_MINUTE ? minutes + 1440 : minutes;
}

/** The clock time 'HH:MM' of minutes from a service day's midnight (1470 is '00:30'). */
export function clockTimeOf(serviceMinutes: number): string {
  const inDay = ((serviceMinutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/**
 * The service day an instant belongs to, and its minutes from that day's midnight: before 06:00 the
 * previous day's (04:43 on the 2nd is 1723 minutes into the 1st). Staff's "today" is this day, so what
 * they make now is on the sheet and plan they open.
 */
export function serviceDayOf(at: Date): { date: string; minutes: number } {
  const minutes = hongKongMinutes(at);
  const calendarDay = hongKongDate(at);
  return minutes < SERVICE_DAY_TURNS_AT_MINUTE ? { date: addDays(calendarDay, -1), minutes: minutes + MINUTES_PER_DAY } : { date: calendarDay, minutes };
}
