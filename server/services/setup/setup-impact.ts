/**
 * What a set-up change would do to the book: the confirmed bookings still to come that the proposed
 * set-up leaves without a table (removed, made inactive, its area inactive, or no longer seating the
 * party; on tables joined, any member so, or the tables no longer one combination that seats it), outside the hours (no service at its start any more), over a pacing limit (the bookings
 * that came after the limit was reached, in the order they were made) or outside their experience's
 * days, services or party sizes. Publishing never cancels them:
 * the preview and the published answer list them, with the guest's contact, for staff to call, as
 * closures do (server/services/staff/closure-admin.ts).
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, users, type PacingRule } from '../../db/schema';
import { addDays, hongKongToday } from '../../../common/time';
import { ACCOUNT_CONTACT, affectedBookingOf } from '../staff/closure-admin';
import { addCovers, noCovers, pacingBreach, type CoversStarting } from '../booking-rules/pacing';
import { periodAt, staysInService } from '../booking-rules/slot-schedule';
import type { CatalogVenue } from '../booking-rules/venue-catalog';
import { combinationsOf, memberMisfits } from '../booking-rules/table-fit';
import { experienceImpactReasons } from '../experience-setup/experience-impact';
import type { SetupAffectedBookingDto, SetupImpactReason } from './impact-reasons';


/** A venue's set-up as a change would leave it: the catalog's entry (periods, areas, tables, pacing). */
export type ProposedSetup = Pick<CatalogVenue, 'venue' | 'periods' | 'areas' | 'tables' | 'pacing'> & Partial<Pick<CatalogVenue, 'experiences'>>;

/** The confirmed bookings from now on that `proposed` would leave without a table, outside the hours or over pacing. */
export async function setupImpact(db: DbOrTx, proposed: ProposedSetup, now: Date): Promise<SetupAffectedBookingDto[]> {
  const rows = await db
    .select({ r: reservations, u: ACCOUNT_CONTACT })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(
      and(
        eq(reservations.venueId, proposed.venue.id),
        // From yesterday's service day: a bar's night runs past midnight.
        gte(reservations.date, addDays(hongKongToday(now), -1)),
        gte(reservations.startsAt, now),
        eq(reservations.status, 'CONFIRMED'),
      ),
    )
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
  const reasonsById = impactReasons(proposed, rows.map(({ r }) => r));
  return rows
    .filter(({ r }) => reasonsById.has(r.id))
    .map(({ r, u }) => ({ ...affectedBookingOf(r, u), reasons: reasonsById.get(r.id)! }))
    .sort((a, b) => (a.date === b.date ? a.startTime - b.startTime : a.date < b.date ? -1 : 1));
}

type BookingFacts = Pick<typeof reservations.$inferSelect, 'id' | 'tableId' | 'date' | 'startTime' | 'duration' | 'numberOfGuests'> & {
  experienceId?: string;
  combinedTableIds?: readonly string[];
};

/**
 * Whether a booking's tables joined (docs/PRODUCT.md §9, tables joined) are no longer a combination that seats its
 * party: a member removed, inactive or in an inactive area, moved to another area or combine group, or the
 * seats lowered below the party (or a minimum raised above it). Asked of `combinationsOf`, the rule
 * availability and booking give combinations by; staff may seat any table, so who may book it is no matter.
 */
function combinationBroken(proposed: ProposedSetup, booking: BookingFacts): boolean {
  const ids = [booking.tableId, ...(booking.combinedTableIds ?? [])];
  const members = proposed.tables.filter((t) => ids.includes(t.id));
  const usable = members.filter((t) => memberMisfits(proposed as CatalogVenue, t, null, 'staff', 'member').length === 0);
  if (usable.length !== ids.length) return true;
  return !combinationsOf(usable, booking.numberOfGuests).some((c) => c.tables.length === ids.length);
}

/** The reasons each booking (given in the order they were made) is affected, by booking id. Pure. */
export function impactReasons(proposed: ProposedSetup, bookings: readonly BookingFacts[]): Map<string, SetupImpactReason[]> {
  const tables = new Map(proposed.tables.map((t) => [t.id, t]));
  const activeAreas = new Set(proposed.areas.filter((a) => a.active).map((a) => a.id));
  const pacing: readonly PacingRule[] = proposed.pacing;
  const experiences = new Map((proposed.experiences ?? []).map((e) => [e.id, e]));
  const coversByDay = new Map<string, CoversStarting>();
  const found = new Map<string, SetupImpactReason[]>();
  for (const booking of bookings) {
    const reasons: SetupImpactReason[] = [];
    if (booking.combinedTableIds?.length) {
      if (combinationBroken(proposed, booking)) reasons.push('COMBINATION_BROKEN');
    } else {
      const table = tables.get(booking.tableId);
      if (!table || !table.active || !activeAreas.has(table.seatingAreaId) || table.maxGuests < booking.numberOfGuests) reasons.push('NO_TABLE');
    }
    const period = periodAt(proposed as CatalogVenue, booking.date, booking.startTime);
    // After the service's last seating, or a stay running past its end, is outside its hours too: no guest could book that now.
    if (!period || !staysInService(period, booking.startTime, booking.duration)) reasons.push('OUTSIDE_HOURS');
    else {
      const covers = coversByDay.get(booking.date) ?? coversByDay.set(booking.date, noCovers()).get(booking.date)!;
      if (pacingBreach(pacing, covers, period, booking.startTime, booking.numberOfGuests)) reasons.push('OVER_PACING');
      // Counted either way: the kitchen cooks for every booking that stays.
      addCovers(covers, period, booking.startTime, booking.numberOfGuests);
    }
    if (booking.experienceId) reasons.push(...experienceImpactReasons(experiences.get(booking.experienceId), booking, period));
    if (reasons.length) found.set(booking.id, reasons);
  }
  return found;
}
