/**
 * Pacing against the book: the covers already starting on a service day, read from the live bookings,
 * and the check a booking makes under the service's pacing lock, so that bookings made at the same
 * moment (16 guests at once) never start more covers than the limit between them.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { timeIn } from '../../lib/message-values';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { isLiveAt } from './busy-intervals';
import { addCovers, noCovers, pacingBreach, type CoversStarting } from './pacing';
import { periodIn, servicesOn } from './slot-schedule';
import type { CatalogVenue, ServicePeriodRow } from './venue-catalog';
import { StaffRefusal } from './staff-refusals';
import type { BookingRules } from './selection-checks';

/**
 * The covers the venue's live bookings start on the service day, by slot and service (one indexed query).
 * Bookings outside every service count in none.
 */
export async function loadCoversStarting(db: DbOrTx, entry: CatalogVenue, date: string, now: Date, excludeReservationId?: string): Promise<CoversStarting> {
  const rows = await db
    .select({ startTime: reservations.startTime, numberOfGuests: reservations.numberOfGuests })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, entry.venue.id),
        inArray(reservations.date, [date]),
        isLiveAt(now),
        excludeReservationId ? ne(reservations.id, excludeReservationId) : undefined,
      ),
    );
  return coversStarting(entry, date, rows);
}

/** The covers these live bookings of the service day start, by slot and service; a booking outside every service counts in none. */
export function coversStarting(entry: CatalogVenue, date: string, rows: readonly { startTime: number; numberOfGuests: number }[]): CoversStarting {
  const covers = noCovers();
  const services = servicesOn(entry, date);
  for (const row of rows) {
    const period = periodIn(services, row.startTime);
    if (period) addCovers(covers, period, row.startTime, row.numberOfGuests);
  }
  return covers;
}

/** A service's pacing lock as a 64-bit advisory key (FNV-1a), apart from the table-day and closures keys. */
export function pacingLockKey(venueId: string, date: string, periodName: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const ch of `pacing:${venueId}:${date}:${periodName}`) hash = BigInt.asUintN(64, (hash ^ BigInt(ch.charCodeAt(0))) * 0x100000001b3n);
  return BigInt.asIntN(64, hash).toString();
}

export interface PacingRequest {
  entry: CatalogVenue;
  date: string;
  startTime: number;
  numberOfGuests: number;
  period?: ServicePeriodRow;
  excludeReservationId?: string;
  now: Date;
  rules?: BookingRules;
}

/**
 * Inside the booking's transaction, before any table lock: when the service is paced, waits for its
 * pacing lock (held until commit), counts the covers starting afresh and refuses the party that would
 * go over a limit: the guest as 'unavailable', staff with the limit and the count.
 */
export async function checkPacing(tx: DbOrTx, request: PacingRequest): Promise<void> {
  const { entry, period } = request;
  if (!period || !entry.pacing.some((r) => r.periodName === period.name)) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${pacingLockKey(entry.venue.id, request.date, period.name)}::bigint)`);
  const covers = await loadCoversStarting(tx, entry, request.date, request.now, request.excludeReservationId);
  const breach = pacingBreach(entry.pacing, covers, period, request.startTime, request.numberOfGuests);
  if (!breach) return;
  if (request.rules !== 'staff') throw pacedOut();
  throw new StaffRefusal(
    breach.limit === 'SLOT' ? /*i18n*/ 'Paced out at {time}: {booked} of {max} covers already start then.' : /*i18n*/ 'Paced out for {service}: {booked} of {max} covers already booked.',
    { time: timeIn(breach.slotStart), booked: breach.booked, max: breach.max, service: period.name },
    { code: 'PACED_OUT', startTime: breach.slotStart, bookedCovers: breach.booked, maxCovers: breach.max },
  );
}

/** 409 20102 to a guest: the kitchen takes no more covers at that time. */
export const pacedOut = () => new ApiError(409, ERROR_CODES.SELECTION_UNAVAILABLE, /*i18n*/ 'Sorry, this time is fully booked. Please choose another time.');
