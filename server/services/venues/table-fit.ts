/**
 * Which tables seat a party and which of them are free for a time, from the busy intervals of a day.
 */
import type { CatalogVenue, VenueTableRow } from './venue-catalog';
import { tableOpenTo, type Membership } from '../reservations/membership-rules';

/** Why a table does not seat a party as asked, one rule each (staff's "Why not?" lists them all). */
export type TableMisfit = 'INACTIVE' | 'AREA_INACTIVE' | 'STAFF_ONLY' | 'WALK_INS_ONLY' | 'TOO_SMALL' | 'TOO_LARGE' | 'OTHER_AREA' | 'MEMBERS_ONLY';

/**
 * Every rule that keeps `table` from the party: inactive (or its area), not bookable by `who` (guests get
 * only the tables bookable online; staff any, a table kept for walk-ins or for staff is theirs to give),
 * too small or too large, another area than the one asked, a members' area for a guest.
 */
export function tableMisfits(
  entry: CatalogVenue,
  table: VenueTableRow,
  numberOfGuests: number,
  seatingAreaId?: string | null,
  who: 'guest' | 'staff' = 'guest',
  membership: Membership = 'member',
): TableMisfit[] {
  const misfits: TableMisfit[] = [];
  if (!table.active) misfits.push('INACTIVE');
  if (!entry.areas.some((a) => a.id === table.seatingAreaId && a.active)) misfits.push('AREA_INACTIVE');
  if (who === 'guest' && table.bookable === 'STAFF') misfits.push('STAFF_ONLY');
  if (who === 'guest' && table.bookable === 'WALK_IN') misfits.push('WALK_INS_ONLY');
  if (numberOfGuests > table.maxGuests) misfits.push('TOO_SMALL');
  if (numberOfGuests < table.minGuests) misfits.push('TOO_LARGE');
  if (seatingAreaId != null && table.seatingAreaId !== seatingAreaId) misfits.push('OTHER_AREA');
  if (!tableOpenTo(entry, table.seatingAreaId, membership)) misfits.push('MEMBERS_ONLY');
  return misfits;
}

/**
 * Active tables of active dining areas that seat the party, in the area when one is given: those no
 * rule of `tableMisfits` keeps from it. A guest's (`membership` 'guest') leave out the members' areas;
 * staff and members see every table.
 */
export function fittingTables(
  entry: CatalogVenue,
  numberOfGuests: number,
  seatingAreaId?: string | null,
  who: 'guest' | 'staff' = 'guest',
  membership: Membership = 'member',
): VenueTableRow[] {
  return entry.tables.filter((t) => tableMisfits(entry, t, numberOfGuests, seatingAreaId, who, membership).length === 0);
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
