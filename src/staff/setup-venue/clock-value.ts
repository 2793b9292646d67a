/** A time input's 'HH:MM' and the minutes from midnight the server keeps, both ways. */

/** 'HH:MM' of a minute of the day (past midnight wraps: a supper's 1500 is '01:00'). */
export function clockValue(minutes: number): string {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/** The minutes from midnight of 'HH:MM'; NaN for a box left empty or half typed. */
export function minuteOfClock(value: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
}
