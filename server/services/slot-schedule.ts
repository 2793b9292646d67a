/**
 * The start times an experience is served at on a service day, from the venue's service periods,
 * before looking at tables.
 */
import { isoWeekday, serviceDayStartMs } from '../../src/domain/time';
import { selectionUnavailable, type BookingRules } from './selection-checks';
import { outsideHoursForStaff } from './staff-refusals';
import type { CatalogVenue, ExperienceRow, ServicePeriodRow, VenueRow } from './venue-catalog';

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
 * The experience's start times on a service day: from each of its periods open on that ISO weekday,
 * from the period's start in steps of its interval while the meal ends by the period's end.
 */
export function scheduledSlots(entry: CatalogVenue, experience: ExperienceRow, date: string): ScheduledSlot[] {
  const weekday = isoWeekday(date);
  const dayStart = serviceDayStartMs(date);
  const duration = experience.durationMinutes;
  const byStart = new Map<number, ScheduledSlot>();
  for (const period of entry.periods) {
    if (!experience.periodNames.includes(period.name) || !period.daysOfWeek.includes(weekday)) continue;
    for (let start = period.startMinute; start + duration <= period.endMinute; start += period.intervalMinutes) {
      if (byStart.has(start)) continue;
      const startMs = dayStart + start * 60_000;
      byStart.set(start, { startTime: start, duration, startMs, endMs: startMs + duration * 60_000, period });
    }
  }
  return [...byStart.values()].sort((a, b) => a.startTime - b.startTime);
}

/** Whether a slot can still be booked at `now`: it starts after now plus the venue's lead time. */
export function isBookableInTime(venue: VenueRow, slot: ScheduledSlot, now: Date): boolean {
  return slot.startMs > now.getTime() + venue.minLeadMinutes * 60_000;
}

/** The slot starting at `startTime` on `date`, when the schedule has one still bookable at `now`; 409 20102 otherwise (telling staff why). */
export function bookableSlot(
  entry: CatalogVenue,
  experience: ExperienceRow,
  date: string,
  startTime: number,
  now: Date,
  rules: BookingRules = 'guest',
): ScheduledSlot {
  const slots = scheduledSlots(entry, experience, date);
  const slot = slots.find((s) => s.startTime === startTime);
  const inTime = slot && (rules === 'guest' ? isBookableInTime(entry.venue, slot, now) : slot.startMs > now.getTime());
  if (slot && inTime) return slot;
  // Staff are told why: the service's hours, or that the time has begun.
  throw rules === 'staff' ? outsideHoursForStaff(experience, date, startTime, slots, now) : selectionUnavailable();
}
