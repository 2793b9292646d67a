/**
 * What each table is at the server's "now" on the host stand (docs/PRODUCT.md §6): pure, from the floor's
 * tables, the day's bookings and the clock. One state a table, each with its booking: out of use; seated
 * (or overdue past its turn time); arrived; late (its party's start and grace passed, not arrived); held
 * (an online hold running); booked soon (the next party starts within the table's turn time); free.
 * Tables joined for one party carry the others' ids, so the floor outlines them as one.
 */
import { isOverdue, lateMinutes, partyStatus, seatedMinutes, type PartyClock, type PartyStatus, type StandBooking } from './party-status';

export type TableState = 'free' | 'held' | 'bookedSoon' | 'late' | 'arrived' | 'seated' | 'overdue' | 'outOfUse';

export interface StandTable {
  id: string;
  active: boolean;
  /** How far ahead a coming party makes the table "booked soon": its turn time. */
  turnMinutes: number;
}

export interface TableNow {
  tableId: string;
  state: TableState;
  /** The party the state is about (null: free or out of use with nobody on it). */
  partyId: string | null;
  /** The other tables joined with this one for its party. */
  joinedWith: string[];
  seatedMinutes: number | null;
  lateMinutes: number | null;
  /** The next party due at the table after the one on it now: "needed 8:30 pm". */
  next: { partyId: string; startsAtMs: number } | null;
}

const MINUTE_MS = 60_000;

/** The order a table shows the parties on it now: the one sitting there first. */
const PRESENCE: Partial<Record<PartyStatus, number>> = { seated: 0, arrived: 1, late: 2, held: 3 };

/** A party on the table now: seated or arrived, late and not past its booked end, or a hold over now. */
function isOnTableNow(b: StandBooking, status: PartyStatus, nowMs: number): boolean {
  if (status === 'seated' || status === 'arrived') return true;
  const endMs = b.startsAtMs + b.durationMinutes * MINUTE_MS;
  if (status === 'late') return nowMs < endMs;
  if (status === 'held') return b.startsAtMs <= nowMs && nowMs < endMs;
  return false;
}

/** Every table's state at `clock.nowMs`. */
export function tableStates(tables: readonly StandTable[], bookings: readonly StandBooking[], clock: PartyClock): TableNow[] {
  const { nowMs } = clock;
  const onTable = new Map<string, { booking: StandBooking; status: PartyStatus }[]>();
  for (const booking of bookings) {
    const status = partyStatus(booking, clock);
    if (!status) continue;
    for (const id of booking.tableIds) onTable.set(id, [...(onTable.get(id) ?? []), { booking, status }]);
  }
  return tables.map((table) => {
    const here = onTable.get(table.id) ?? [];
    const present = here
      .filter(({ booking, status }) => isOnTableNow(booking, status, nowMs))
      .sort((a, b) => PRESENCE[a.status]! - PRESENCE[b.status]! || a.booking.startsAtMs - b.booking.startsAtMs)[0];
    const coming = here
      .filter(({ booking, status }) => status === 'upcoming' && booking.id !== present?.booking.id)
      .sort((a, b) => a.booking.startsAtMs - b.booking.startsAtMs)[0];
    const next = coming ? { partyId: coming.booking.id, startsAtMs: coming.booking.startsAtMs } : null;
    const base = { tableId: table.id, next, seatedMinutes: null, lateMinutes: null, joinedWith: [] as string[] };
    if (!present) {
      if (!table.active) return { ...base, state: 'outOfUse', partyId: null };
      const soon = coming && coming.booking.startsAtMs <= nowMs + table.turnMinutes * MINUTE_MS;
      return soon ? { ...base, state: 'bookedSoon', partyId: coming.booking.id } : { ...base, state: 'free', partyId: null };
    }
    const { booking, status } = present;
    const joinedWith = booking.tableIds.filter((id) => id !== table.id);
    const party = { ...base, partyId: booking.id, joinedWith };
    switch (status) {
      case 'seated':
        return { ...party, state: isOverdue(booking, nowMs) ? 'overdue' : 'seated', seatedMinutes: seatedMinutes(booking, nowMs) };
      case 'late':
        return { ...party, state: 'late', lateMinutes: lateMinutes(booking, nowMs) };
      case 'arrived':
        return { ...party, state: 'arrived' };
      default:
        return { ...party, state: 'held' };
    }
  });
}
