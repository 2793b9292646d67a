/**
 * Whether one of a venue's services is running now, by the server's clock (docs/PRODUCT.md §6): the
 * service day running (before 06:00 the day before's, common/service-day.ts) and the venue's service open
 * at this minute of it. The staff log-in sends venue staff to the host stand while one runs.
 */
import type { AuthUser } from '../../context';
import { checkVenueAccess } from '../../lib/auth';
import type { Schema } from '../../lib/api-types';
import { serviceDayOf } from '../../../common/service-day';
import { periodAt } from '../booking-rules/slot-schedule';
import { venueOf } from '../booking-rules/venue-catalog';
import { reservationScope, type ReservationDeps } from '../reservations/reservations';

/** 403 for another venue's staff, 404 unknown venue. */
export async function serviceNow(deps: ReservationDeps, actor: AuthUser, venueId: string): Promise<Schema<'ServiceNow'>> {
  checkVenueAccess(actor, venueId);
  const { now, catalog } = await reservationScope(deps);
  const entry = venueOf(catalog, venueId);
  const { date, minutes } = serviceDayOf(now);
  const period = periodAt(entry, date, minutes);
  return { date, running: period !== undefined, service: period?.name ?? null };
}
