/**
 * The host stand's read (docs/PRODUCT.md §6): a venue's service day at the server's "now", from one read
 * of the day's bookings with all the stand shows of them (stand-bookings.ts: pay links, reconfirmations,
 * the tables had since a finish, the set-up's version) and the set-up's floor (cached); the answer
 * carries what the page draws and nothing more. The states themselves are the pure rules of party-status.ts and table-states.ts.
 */
import type { Schema } from '../../lib/api-types';
import { serviceEndsAt } from '../booking-rules/slot-schedule';
import { combinationName } from '../booking-rules/table-fit';
import { venueCatalogAt, venueOf, type CatalogVenue } from '../booking-rules/venue-catalog';
import type { ReservationDeps } from '../reservations/reservations';
import { coversPerQuarterHour, guestNameOf } from '../staff/day-sheet';
import { visitStateOf } from '../../../machines/visit.machine';
import { formatPhoneNumber } from '../../../common/validation/phone-number';
import { isOverdue, lateMinutes, partyStatus, seatedMinutes, type PartyStatus, type StandBooking } from './party-status';
import { tableStates } from './table-states';
import { pacingLimitAt } from './stand-covers';
import { standBookings, type StandBookingRow } from './stand-bookings';

export type HostStandDto = Schema<'HostStand'>;
type HostStandBooking = Schema<'HostStandBooking'>;

/** A table's turn time when the venue sets none for its size: the length of a dinner. */
export const DEFAULT_TURN_MINUTES = 90;

/** A table's turn time: the venue's rule for the party it seats most, any service. */
function turnMinutesOf(entry: CatalogVenue, maxGuests: number): number {
  const rule = entry.turnTimes.find((r) => r.minGuests <= maxGuests && maxGuests <= r.maxGuests);
  return rule?.minutes ?? DEFAULT_TURN_MINUTES;
}

/** What the rules of party-status.ts read of a booking. */
const standBookingOf = (r: StandBookingRow): StandBooking => ({
  id: r.id,
  status: r.status,
  visitStatus: r.visitStatus,
  tableIds: [r.tableId, ...r.combinedTableIds],
  startsAtMs: r.startsAt.getTime(),
  durationMinutes: r.duration,
  seatedAtMs: r.seatedAt?.getTime() ?? null,
  holdExpiresAtMs: r.holdExpiresAt?.getTime() ?? null,
});

/** The booking as the stand's list, floor and sheet show it. */
function bookingView(entry: CatalogVenue, r: StandBookingRow, tableNames: ReadonlyMap<string, string>): HostStandBooking {
  return {
    id: r.id,
    uniqueId: r.uniqueId,
    startTime: r.startTime,
    duration: r.duration,
    numberOfGuests: r.numberOfGuests,
    guestName: guestNameOf(r, { firstName: r.guestFirstName, lastName: r.guestLastName }),
    guestType: r.guestRole === 'member' ? 'member' : 'guest',
    mobile: formatPhoneNumber(r.mobileCountryCode, r.mobileNumber),
    // Tables joined for the party read as one: 'T4 + T5'.
    table: { id: r.tableId, name: combinationName([r.tableId, ...r.combinedTableIds].map((id) => tableNames.get(id) ?? '')) },
    visitState: visitStateOf(r),
    startsAt: r.startsAt.toISOString(),
    serviceEndsAt: serviceEndsAt(entry, r.date, r.startTime + r.duration).toISOString(),
    tableTaken: r.tableTaken,
    payment: { owed: r.amountOwed },
    notes: r.notes,
    staffNotes: r.staffNotes,
    payLink: r.payLink,
    occasion: r.occasion,
    dietaryNote: r.dietaryNote,
    guestAlerts: r.guestAlerts,
  };
}

/** Time order, and within a start time the cancelled after the live ones, as the day sheet lists them. */
const cancelledLast = (r: StandBookingRow) => (r.status === 'CANCELED' || r.status === 'LATE_CANCELED' ? 1 : 0);

const STATUSES: readonly PartyStatus[] = ['held', 'upcoming', 'late', 'arrived', 'seated', 'finished', 'noShow', 'cancelled'];

/** 404 unknown venue. The caller checks the venue is the actor's. */
export async function hostStand(deps: ReservationDeps, venueId: string, date: string): Promise<HostStandDto> {
  const { db } = deps;
  const now = deps.clock.now();
  // One statement for the day (stand-bookings.ts), which brings the set-up's version with it.
  const read = await standBookings(db, venueId, date, now);
  const entry = venueOf(await venueCatalogAt(db, read.catalogVersion), venueId);
  const rows = read.bookings.sort((a, b) => a.startTime - b.startTime || cancelledLast(a) - cancelledLast(b));
  const clock = { nowMs: now.getTime(), graceMinutes: entry.venue.lateGraceMinutes };
  const tableNames = new Map(entry.tables.map((t) => [t.id, t.name]));

  const parties = rows.flatMap((r) => {
    const stand = standBookingOf(r);
    const standStatus = partyStatus(stand, clock);
    if (!standStatus) return [];
    return [
      {
        booking: bookingView(entry, r, tableNames),
        stand,
        standStatus,
        tableIds: [...stand.tableIds],
        vip: r.vip,
        allergy: r.dietaryNeeds.length > 0 || Boolean(r.dietaryNote) || r.guestAlerts.some((a) => a.kind === 'ALLERGY'),
        // The team's own notes (staff_notes, docs/decisions/0034-staff-notes.md), never the guest's requests.
        staffNote: Boolean(r.staffNotes),
        runningLateMinutes: r.runningLateMinutes,
        // "Partly arrived": an arrived or seated party with only some of its covers here.
        arrivedCovers: standStatus === 'arrived' || standStatus === 'seated' ? r.arrivedCovers : null,
        lateMinutes: standStatus === 'late' || standStatus === 'upcoming' ? lateMinutes(stand, clock.nowMs) || null : null,
        seatedMinutes: standStatus === 'seated' ? seatedMinutes(stand, clock.nowMs) : null,
        overdue: isOverdue(stand, clock.nowMs),
        reconfirmation: r.reconfirmation,
      },
    ];
  });

  const tables = [...entry.tables].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const states = tableStates(
    tables.map((t) => ({ id: t.id, active: t.active, turnMinutes: turnMinutesOf(entry, t.maxGuests) })),
    parties.map((p) => p.stand),
    clock,
  );
  const startOf = new Map(parties.map((p) => [p.booking.id, p.booking.startTime]));
  const counts = Object.fromEntries([['all', parties.length], ...STATUSES.map((s) => [s, parties.filter((p) => p.standStatus === s).length])]) as HostStandDto['counts'];

  return {
    venueId,
    date,
    now: now.toISOString(),
    graceMinutes: clock.graceMinutes,
    areas: entry.areas.map((a) => ({ _id: a.id, name: a.name })),
    tables: tables.map((t, i) => {
      const s = states[i]!;
      return {
        _id: t.id,
        name: t.name,
        areaId: t.seatingAreaId,
        minGuests: t.minGuests,
        maxGuests: t.maxGuests,
        active: t.active,
        shape: t.shape,
        x: t.x,
        y: t.y,
        width: t.width,
        height: t.height,
        rotation: t.rotation,
        turnMinutes: turnMinutesOf(entry, t.maxGuests),
        state: s.state,
        partyId: s.partyId,
        joinedWith: s.joinedWith,
        seatedMinutes: s.seatedMinutes,
        lateMinutes: s.lateMinutes,
        next: s.next && { partyId: s.next.partyId, startsAt: new Date(s.next.startsAtMs).toISOString(), startTime: startOf.get(s.next.partyId)! },
      };
    }),
    parties: parties.map(({ stand: _stand, ...party }) => party),
    counts,
    covers: coversPerQuarterHour(rows).map((q) => ({ ...q, limit: pacingLimitAt(entry, date, q.startTime) })),
  };
}
