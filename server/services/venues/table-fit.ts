/**
 * Which tables seat a party and which of them are free for a time, from the busy intervals of a day.
 */
import type { CatalogVenue, VenueTableRow } from './venue-catalog';
import { tableOpenTo, type Membership } from '../reservations/membership-rules';

/**
 * Active tables of active dining areas that seat the party, in the area when one is given. Guests get
 * only the tables bookable online; staff any (a table kept for walk-ins or for staff is theirs to give).
 * A guest's (`membership` 'guest') leave out the members' areas; staff and members see every table.
 */
export function fittingTables(
  entry: CatalogVenue,
  numberOfGuests: number,
  seatingAreaId?: string | null,
  who: 'guest' | 'staff' = 'guest',
  membership: Membership = 'member',
): VenueTableRow[] {
  const activeAreas = new Set(entry.areas.filter((a) => a.active).map((a) => a.id));
  return entry.tables.filter(
    (t) =>
      t.active &&
      activeAreas.has(t.seatingAreaId) &&
      (who === 'staff' || t.bookable === 'ONLINE') &&
      t.minGuests <= numberOfGuests &&
      numberOfGuests <= t.maxGuests &&
      (seatingAreaId == null || t.seatingAreaId === seatingAreaId) &&
      tableOpenTo(entry, t.seatingAreaId, membership),
  );
}

/** A live reservation's time on a table, in epoch ms. */
export interface BusyInterval {
  tableId: string;
  startMs: number;
  endMs: number;
}

/** Busy intervals grouped by table for quick overlap checks. */
export type BusyByTable = Map<string, BusyInterval[]>;

export function groupBusy(intervals: readonly BusyInterval[]): BusyByTable {
  const byTable: BusyByTable = new Map();
  for (const interval of intervals) {
    const list = byTable.get(interval.tableId);
    if (list) list.push(interval);
    else byTable.set(interval.tableId, [interval]);
  }
  return byTable;
}

/** Whether the table has nothing live overlapping [startMs, endMs). */
export function isTableFree(busy: BusyByTable, tableId: string, startMs: number, endMs: number): boolean {
  const list = busy.get(tableId);
  if (!list) return true;
  for (const b of list) if (b.startMs < endMs && b.endMs > startMs) return false;
  return true;
}

/** The table to give a party: the smallest free one that fits (fewest seats, then fewest minimum). */
export function pickTable(tables: readonly VenueTableRow[], busy: BusyByTable, startMs: number, endMs: number): VenueTableRow | undefined {
  const free = tables.filter((t) => isTableFree(busy, t.id, startMs, endMs));
  free.sort((a, b) => a.maxGuests - b.maxGuests || a.minGuests - b.minGuests || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return free[0];
}
