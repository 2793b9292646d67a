/**
 * The start times an experience is served at on a service day, from the venue's service periods,
 * before looking at tables.
 */
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { isoWeekday, serviceDateTime, serviceDayStartMs } from '../../../common/time';
import { selectionUnavailable, type BookingRules } from './selection-checks';
import type { CatalogVenue, ExperienceRow, ServicePeriodRow, VenueRow } from './venue-catalog';
import { outsideHoursForStaff } from './staff-refusals';
import { timeIn } from '../../lib/message-values';
import { periodsValidOn } from './service-validity';

/** A start time an experience is served at on a service day, before looking at tables. */
export interface ScheduledSlot {
  /** Minutes from the service day's midnight; above 1440 after midnight. */
  startTime: number;
  duration: number;
  startMs: number;
  endMs: number;
  period: ServicePeriodRow;
}

/**
 * The last start a period offers a stay of `duration` (the turn time): its last seating, but never one
 * whose stay would run past the service's end.
 */
export const lastStartOf = (period: Pick<ServicePeriodRow, 'lastSeatingMinute' | 'endMinute'>, duration: number) =>
  Math.min(period.lastSeatingMinute ?? Infinity, period.endMinute - duration);

/** Whether a stay of `duration` from `startTime` keeps inside the period's seatings and its end. */
export const staysInService = (period: Pick<ServicePeriodRow, 'lastSeatingMinute' | 'endMinute'>, startTime: number, duration: number) =>
  startTime <= lastStartOf(period, duration);

/** The venue's services open on the service day `date`: valid that day and open on its ISO weekday. */
export function servicesOn(entry: CatalogVenue, date: string): ServicePeriodRow[] {
  const weekday = isoWeekday(date);
  return periodsValidOn(entry.periods, date).filter((p) => p.daysOfWeek.includes(weekday));
}

/**
 * How long a party sits in a service: the venue's turn time for the service and party size (a rule of
 * the service before one for any service), else the experience's length.
 */
export function sittingMinutes(entry: CatalogVenue, experience: ExperienceRow, periodName: string, numberOfGuests?: number): number {
  if (numberOfGuests === undefined) return experience.durationMinutes;
  const fits = (r: CatalogVenue['turnTimes'][number]) => r.minGuests <= numberOfGuests && numberOfGuests <= r.maxGuests;
  const rule = entry.turnTimes.find((r) => r.periodName === periodName && fits(r)) ?? entry.turnTimes.find((r) => r.periodName === null && fits(r));
  return rule?.minutes ?? experience.durationMinutes;
}

/**
 * The experience's start times on a service day: from each of its periods valid that day and open on
 * its ISO weekday (a day the experience itself is offered on), from the period's first seating in steps of its interval up to its last seating. With
 * the party's size, each lasts the venue's turn time for it (`sittingMinutes`).
 */
export function scheduledSlots(entry: CatalogVenue, experience: ExperienceRow, date: string, numberOfGuests?: number): ScheduledSlot[] {
  const dayStart = serviceDayStartMs(date);
  const byStart = new Map<number, ScheduledSlot>();
  for (const period of servicesOn(entry, date)) {
    if (!experience.periodNames.includes(period.name) || !experience.daysOfWeek.includes(isoWeekday(date))) continue;
    const duration = sittingMinutes(entry, experience, period.name, numberOfGuests);
    for (let start = period.startMinute; start <= lastStartOf(period, duration); start += period.intervalMinutes) {
      if (byStart.has(start)) continue;
      const startMs = dayStart + start * 60_000;
      byStart.set(start, { startTime: start, duration, startMs, endMs: startMs + duration * 60_000, period });
    }
  }
  return [...byStart.values()].sort((a, b) => a.startTime - b.startTime);
}

/** Of a day's services (`servicesOn`), the one open at `minutes` (start included, end not), if any. */
export const periodIn = (services: readonly ServicePeriodRow[], minutes: number): ServicePeriodRow | undefined =>
  services.find((p) => p.startMinute <= minutes && minutes < p.endMinute);

/** The venue's service period open at `minutes` of the service day `date`, if any. */
export function periodAt(entry: CatalogVenue, date: string, minutes: number): ServicePeriodRow | undefined {
  return periodIn(servicesOn(entry, date), minutes);
}

/**
 * When the venue's last service of the service day `date` ends (a bar's 02:00 is the next morning), and
 * never before `atLeastMinute` (a booking's own end, for one outside every service).
 */
export function serviceEndsAt(entry: CatalogVenue, date: string, atLeastMinute = 0): Date {
  const ends = servicesOn(entry, date).map((p) => p.endMinute);
  return serviceDateTime(date, Math.max(atLeastMinute, ...ends));
}

/** 409 20110 to a walk-in: the venue serves nothing at this minute of its service day. */
export const closedNow = (minutes: number) =>
  new ApiError(409, ERROR_CODES.OUTSIDE_SERVICE_HOURS, /*i18n*/ 'The venue is closed at {time}: walk-ins are seated only during its service hours.', undefined, {
    time: timeIn(minutes),
  });

/** 409 20110 to a walk-in for an experience the service running now does not serve. */
export const notServedNow = (minutes: number) =>
  new ApiError(409, ERROR_CODES.OUTSIDE_SERVICE_HOURS, /*i18n*/ 'This experience is not served at {time}.', undefined, {
    time: timeIn(minutes),
  });

/** Whether a slot can still be booked at `now`: it starts after now plus the venue's lead time. */
export function isBookableInTime(venue: VenueRow, slot: ScheduledSlot, now: Date): boolean {
  return slot.startMs > now.getTime() + venue.minLeadMinutes * 60_000;
}

/**
 * The slot starting at `startTime` on `date`, when the schedule has one still bookable at `now`; 409 20102
 * otherwise, or for staff the reason in their words (staff-refusals.ts): 409 20110 outside the service
 * hours, with the day's first and last start; 409 20102 for a time that has begun.
 */
export function bookableSlot(
  entry: CatalogVenue,
  experience: ExperienceRow,
  date: string,
  startTime: number,
  now: Date,
  rules: BookingRules = 'guest',
  numberOfGuests?: number,
): ScheduledSlot {
  const slots = scheduledSlots(entry, experience, date, numberOfGuests);
  const slot = slots.find((s) => s.startTime === startTime);
  if (rules === 'staff') {
    if (slot && slot.startMs > now.getTime()) return slot;
    throw outsideHoursForStaff(entry, experience, date, startTime, slots, now);
  }
  const inTime = slot && isBookableInTime(entry.venue, slot, now);
  if (!slot || !inTime) throw selectionUnavailable();
  return slot;
}
