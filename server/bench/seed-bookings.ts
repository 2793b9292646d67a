/**
 * Two weeks of a busy club's bookings for the benchmarks (and the plan tests that need a club's worth of
 * rows): about half of every table's services booked, under a few hundred guests.
 */
import type { Database } from '../db/client';
import { experiences, reservations, servicePeriods, venueTables, venues } from '../db/schema';
import { newId } from '../lib/ids';
import { addDays, isoWeekday, serviceDayStartMs } from '../../common/time';
import { insertBenchGuests } from './booking-load';

/** The days from today the seeded bookings cover. */
export const SEEDED_DAYS = 14;
const SEEDED_GUESTS = 400;

/** Deterministic pseudo-randomness, so runs are comparable. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Books roughly half of every table's evening and day for the next two weeks, as a busy club would be,
 * under `SEEDED_GUESTS` new guests in turn (as many bookings each as a regular's year): a club's bookings
 * are many guests', and the planner's statistics should say so.
 */
export async function seedBookings(db: Database['db'], today: string, now: Date): Promise<{ bookings: number; guestIds: string[] }> {
  const userIds = await insertBenchGuests(db, SEEDED_GUESTS, now);
  const random = rng(42);
  const venueRows = await db.select().from(venues);
  const periodRows = await db.select().from(servicePeriods);
  const tableRows = await db.select().from(venueTables);
  const experienceRows = await db.select().from(experiences);
  const rows: (typeof reservations.$inferInsert)[] = [];
  let n = 0;
  for (let d = 0; d < SEEDED_DAYS; d++) {
    const date = addDays(today, d);
    const weekday = isoWeekday(date);
    const dayStart = serviceDayStartMs(date);
    for (const venue of venueRows) {
      const periods = periodRows.filter((p) => p.venueId === venue.id && p.daysOfWeek.includes(weekday));
      for (const table of tableRows.filter((t) => t.venueId === venue.id)) {
        for (const period of periods) {
          const experience = experienceRows.find((e) => e.venueId === venue.id && e.periodNames.includes(period.name));
          if (!experience) continue;
          const duration = experience.durationMinutes;
          for (let at = period.startMinute; at + duration <= period.endMinute; ) {
            if (random() < 0.45) {
              const roll = random();
              const status = roll < 0.8 ? 'CONFIRMED' : roll < 0.9 ? 'PENDING' : 'CANCELED';
              rows.push({
                id: newId(),
                uniqueId: `BEN-${(n++).toString(36).toUpperCase().padStart(6, '0')}`,
                userId: userIds[n % userIds.length]!,
                venueId: venue.id,
                experienceId: experience.id,
                tableId: table.id,
                seatingAreaId: null,
                date,
                startTime: at,
                duration,
                startsAt: new Date(dayStart + at * 60_000),
                endsAt: new Date(dayStart + (at + duration) * 60_000),
                numberOfGuests: Math.max(1, Math.min(10, table.minGuests)),
                status,
                holdExpiresAt: status === 'PENDING' ? new Date(now.getTime() + 3600_000) : null,
                bookingSource: 'GUEST_WEB',
                prePaymentType: experience.prePaymentType,
                amountDue: 0,
              });
              at += duration + 15;
            } else {
              at += period.intervalMinutes;
            }
          }
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(reservations).values(rows.slice(i, i + 500));
  return { bookings: rows.length, guestIds: userIds };
}
