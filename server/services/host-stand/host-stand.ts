/**
 * The host stand's read (docs/PRODUCT.md §6): a venue's service day at the server's "now", from the day
 * sheet's bookings (their guests, money and visit), the set-up's floor and a read of what the stand adds
 * (tables joined, the seated time, running late, the VIP tag). The states themselves are the pure rules
 * of party-status.ts and table-states.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { reservations } from '../../db/schema';
import { guestTagLinks, guestTags } from '../../db/guest-book-schema';
import type { Schema } from '../../lib/api-types';
import { venueOf, type CatalogVenue } from '../booking-rules/venue-catalog';
import { reservationScope, type ReservationDeps } from '../reservations/reservations';
import { getDaySheet } from '../staff/day-sheet';
import { isOverdue, lateMinutes, partyStatus, seatedMinutes, type PartyStatus, type StandBooking } from './party-status';
import { tableStates } from './table-states';
import { pacingLimitAt } from './stand-covers';

export type HostStandDto = Schema<'HostStand'>;
type SheetBooking = Schema<'DaySheetBooking'>;

/** A table's turn time when the venue sets none for its size: the length of a dinner. */
export const DEFAULT_TURN_MINUTES = 90;

/** A table's turn time: the venue's rule for the party it seats most, any service. */
function turnMinutesOf(entry: CatalogVenue, maxGuests: number): number {
  const rule = entry.turnTimes.find((r) => r.minGuests <= maxGuests && maxGuests <= r.maxGuests);
  return rule?.minutes ?? DEFAULT_TURN_MINUTES;
}

/** What the day sheet does not carry: the tables joined, the seated time, running late and the covers here. */
async function standRows(db: ReservationDeps['db'], venueId: string, date: string) {
  const rows = await db
    .select({
      id: reservations.id,
      combinedTableIds: reservations.combinedTableIds,
      seatedAt: reservations.seatedAt,
      runningLateMinutes: reservations.runningLateMinutes,
      arrivedCovers: reservations.arrivedCovers,
    })
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), eq(reservations.date, date)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The guests of these ids who carry the VIP tag: one read. */
async function vipGuests(db: ReservationDeps['db'], guestIds: readonly string[]): Promise<Set<string>> {
  if (guestIds.length === 0) return new Set();
  const rows = await db
    .select({ guestId: guestTagLinks.guestId })
    .from(guestTagLinks)
    .innerJoin(guestTags, eq(guestTags.id, guestTagLinks.tagId))
    .where(and(inArray(guestTagLinks.guestId, [...new Set(guestIds)]), eq(guestTags.code, 'VIP')));
  return new Set(rows.map((r) => r.guestId));
}

const STATUSES: readonly PartyStatus[] = ['held', 'upcoming', 'late', 'arrived', 'seated', 'finished', 'noShow', 'cancelled'];

/** 404 unknown venue. The caller checks the venue is the actor's. */
export async function hostStand(deps: ReservationDeps, venueId: string, date: string): Promise<HostStandDto> {
  const { db, now, catalog } = await reservationScope(deps);
  const entry = venueOf(catalog, venueId);
  const sheet = await getDaySheet(deps, venueId, date);
  const sheetBookings = sheet.services.flatMap((s) => s.seatings.flatMap((seating) => seating.bookings));
  const [extra, vips] = await Promise.all([standRows(db, venueId, date), vipGuests(db, sheetBookings.map((b) => b.guestId ?? ''))]);
  const clock = { nowMs: now.getTime(), graceMinutes: entry.venue.lateGraceMinutes };

  const standBooking = (b: SheetBooking): StandBooking => {
    const own = extra.get(b.id);
    return {
      id: b.id,
      status: b.status,
      visitStatus: b.visitStatus,
      tableIds: [b.table.id, ...(own?.combinedTableIds ?? [])],
      startsAtMs: Date.parse(b.startsAt),
      durationMinutes: b.duration,
      seatedAtMs: own?.seatedAt?.getTime() ?? null,
      holdExpiresAtMs: b.holdExpiresAt ? Date.parse(b.holdExpiresAt) : null,
    };
  };
  const parties = sheetBookings.flatMap((b) => {
    const stand = standBooking(b);
    const standStatus = partyStatus(stand, clock);
    if (!standStatus) return [];
    return [
      {
        booking: b,
        stand,
        standStatus,
        tableIds: [...stand.tableIds],
        vip: vips.has(b.guestId ?? ''),
        allergy: b.dietaryNeeds.length > 0 || Boolean(b.dietaryNote) || (b.guestAlerts ?? []).some((a) => a.kind === 'ALLERGY'),
        // The team's own notes (staff_notes, docs/decisions/0034-staff-notes.md), never the guest's requests.
        staffNote: Boolean(b.staffNotes),
        runningLateMinutes: extra.get(b.id)?.runningLateMinutes ?? null,
        // "Partly arrived": an arrived or seated party with only some of its covers here.
        arrivedCovers: standStatus === 'arrived' || standStatus === 'seated' ? (extra.get(b.id)?.arrivedCovers ?? null) : null,
        lateMinutes: standStatus === 'late' || standStatus === 'upcoming' ? lateMinutes(stand, clock.nowMs) || null : null,
        seatedMinutes: standStatus === 'seated' ? seatedMinutes(stand, clock.nowMs) : null,
        overdue: isOverdue(stand, clock.nowMs),
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
    covers: sheet.coversPerQuarterHour.map((q) => ({ ...q, limit: pacingLimitAt(entry, date, q.startTime) })),
  };
}
