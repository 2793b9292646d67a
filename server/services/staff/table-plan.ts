/**
 * The table plan: every table of a venue, area by area, with what it is at a chosen instant: free, held
 * (a guest's 15-minute hold awaiting payment), booked (a confirmed booking, the party not seated yet) or
 * seated (the visit's status), with the booking it belongs to. A finished party's table is free from when
 * it finished. It reads the same bookings availability counts, so a table shown free is one staff can give away.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { reservations } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { checkVenueAccess } from '../../lib/auth';
import { addDays, formatTime, hongKongDate } from '../../../common/time';
import { isLiveAt, occupiedUntil } from '../booking-rules/busy-intervals';
import { venueOf } from '../booking-rules/venue-catalog';
import { reservationScope, type ReservationDeps, type ReservationRow } from '../reservations/reservations';
import { guestAlerts, type GuestAlert } from '../guest-book/guest-alerts';

export type TablePlanDto = Schema<'TablePlan'>;
type TableState = Schema<'TablePlanTable'>['state'];

function stateOf(row: ReservationRow): TableState {
  if (row.status === 'PENDING') return 'held';
  return row.visitStatus === 'SEATED' ? 'seated' : 'booked';
}

const bookingOf = (row: ReservationRow, alerts: GuestAlert[]): Schema<'TablePlanBooking'> => ({
  _id: row.id,
  uniqueId: row.uniqueId,
  status: row.status,
  visitStatus: row.visitStatus,
  date: row.date,
  startTime: row.startTime,
  startTimeStr: formatTime(row.startTime),
  endTime: row.startTime + row.duration,
  numberOfGuests: row.numberOfGuests,
  firstName: row.firstName,
  lastName: row.lastName,
  holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
  guestId: row.userId,
  guestAlerts: alerts,
});

// Table names sort as people count them: T2 before T10.
const byName = new Intl.Collator('en', { numeric: true });

/** The venue's tables at `at` (default now): 404 unknown venue, 403 another venue's staff. */
export async function tablePlan(deps: ReservationDeps, actor: AuthUser, venueId: string, at?: Date): Promise<TablePlanDto> {
  const { db, now, catalog } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  const entry = venueOf(catalog, venueId);
  const instant = at ?? now;
  const day = hongKongDate(instant);
  const rows = await db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        // The service days around the instant hold every booking that can reach it (the venue-day index).
        inArray(reservations.date, [addDays(day, -1), day, addDays(day, 1)]),
        lte(reservations.startsAt, instant),
        sql`${occupiedUntil} > ${instant.toISOString()}::timestamptz`,
        // A hold counts while it runs now, as availability counts it.
        isLiveAt(now),
      ),
    )
    .orderBy(asc(reservations.startsAt));
  // A party at tables joined is on each of them.
  const onTable = new Map(rows.flatMap((r) => [r.tableId, ...r.combinedTableIds].map((id) => [id, r] as const)));
  const alertsOf = await guestAlerts(db, rows.map((r) => r.userId));
  return {
    venueId,
    at: instant.toISOString(),
    areas: entry.areas.map((area) => ({
      _id: area.id,
      name: area.name,
      tables: entry.tables
        .filter((t) => t.seatingAreaId === area.id)
        .sort((a, b) => byName.compare(a.name, b.name))
        .map((t) => {
          const row = onTable.get(t.id);
          const layout = { shape: t.shape, x: t.x, y: t.y, width: t.width, height: t.height, rotation: t.rotation };
          return {
            _id: t.id,
            name: t.name,
            minGuests: t.minGuests,
            maxGuests: t.maxGuests,
            state: row ? stateOf(row) : 'free',
            booking: row ? bookingOf(row, alertsOf.get(row.userId) ?? []) : null,
            layout,
          };
        }),
    })),
  };
}
