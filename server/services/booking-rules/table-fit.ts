/**
 * Which tables seat a party and which of them are free for a time, from the busy intervals of a day.
 */
import type { CatalogVenue, VenueTableRow } from './venue-catalog';
import { tableOpenTo, type Membership } from './membership-rules';

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

/**
 * Every rule but size that keeps `table` from a caller: `tableMisfits` asked at the table's own minimum,
 * which it always seats. A combination's members are judged by it (staff's "Why not?" lists them).
 */
export function memberMisfits(
  entry: CatalogVenue,
  table: VenueTableRow,
  seatingAreaId: string | null | undefined,
  who: 'guest' | 'staff',
  membership: Membership,
): TableMisfit[] {
  return tableMisfits(entry, table, table.minGuests, seatingAreaId, who, membership);
}

/** The tables a caller may be given, of any size: those no rule but size keeps from them. */
function tablesFor(entry: CatalogVenue, seatingAreaId: string | null | undefined, who: 'guest' | 'staff', membership: Membership): VenueTableRow[] {
  return entry.tables.filter((t) => memberMisfits(entry, t, seatingAreaId, who, membership).length === 0);
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

/**
 * The table to give a party (docs/PRODUCT.md §9, the table given): the dining areas in the set-up's order
 * (`areaOrder`, the venue's areas as listed), and in the first with a free table that fits, the smallest
 * (fewest seats, then fewest minimum). A dinner for two sits in the dining room before the terrace, and
 * at the bar counter (listed last) only when nothing else is free; a bar that lists its counter first
 * fills the counter first. Tables the rule ranks equal are told apart by `spreadBy` (a hold's id) when
 * given, else by their id: parallel holds of one time then go to different tables instead of all queueing
 * on the same table's lock, and the same hold always gets the same table.
 */
export function pickTable(
  tables: readonly VenueTableRow[],
  busy: BusyByTable,
  startMs: number,
  endMs: number,
  areaOrder: readonly { id: string }[],
  spreadBy?: string,
): VenueTableRow | undefined {
  const rank = new Map(areaOrder.map((a, i) => [a.id, i]));
  const areaRank = (t: VenueTableRow) => rank.get(t.seatingAreaId) ?? areaOrder.length;
  const tableRank = (a: VenueTableRow, b: VenueTableRow) => areaRank(a) - areaRank(b) || a.maxGuests - b.maxGuests || a.minGuests - b.minGuests;
  const free = tables.filter((t) => isTableFree(busy, t.id, startMs, endMs));
  free.sort((a, b) => tableRank(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const best = free[0];
  if (!best || spreadBy === undefined) return best;
  let tied = 1;
  while (tied < free.length && tableRank(best, free[tied]!) === 0) tied++;
  return free[spreadIndex(spreadBy, tied)];
}

/** A stable index in [0, n) from a text (FNV-1a): the same hold id always lands on the same one of n tables. */
function spreadIndex(text: string, n: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash % n;
}

/**
 * Tables of one combine group in one dining area joined for a party (docs/PRODUCT.md §9, tables joined): it seats from
 * its smallest member's minimum to the sum of its members' maximums, and occupies every member.
 */
export interface TableCombination {
  tables: VenueTableRow[];
  seatingAreaId: string;
  minGuests: number;
  maxGuests: number;
}

/** A combination joins at most this many tables: enough for a club's long table, few enough to try them all. */
export const MAX_COMBINED_TABLES = 4;

/**
 * The combinations that seat a party no single table of the venue seats (when one does, the party gets a
 * table, never a combination): subsets of 2 to `MAX_COMBINED_TABLES` tables of one combine group in one
 * area, each member a table `fittingTables` would give this caller but for its size. Fewest seats first,
 * then fewest tables.
 */
export function fittingCombinations(
  entry: CatalogVenue,
  numberOfGuests: number,
  seatingAreaId?: string | null,
  who: 'guest' | 'staff' = 'guest',
  membership: Membership = 'member',
): TableCombination[] {
  const open = tablesFor(entry, seatingAreaId, who, membership);
  if (open.some((t) => t.minGuests <= numberOfGuests && numberOfGuests <= t.maxGuests)) return [];
  return combinationsOf(open, numberOfGuests);
}

/**
 * The combinations a host may join on the floor for a party (docs/PRODUCT.md §6, the host stand): those the
 * set-up makes of staff's tables that seat it, even where a single table would, since the host sees that
 * table taken or needed soon. Booking and staff's picker keep `fittingCombinations`' rule that a party one
 * table seats gets one table (docs/decisions/0027-combinations-for-staff.md).
 */
export function joinableCombinations(entry: CatalogVenue, numberOfGuests: number): TableCombination[] {
  return combinationsOf(tablesFor(entry, null, 'staff', 'member'), numberOfGuests);
}

/**
 * For a party dropped on one table too small for it (docs/PRODUCT.md §6): that table's combinations a
 * host may join that seat the party (`joinableCombinations`), in the order they are tried (fewest seats
 * first), each as table ids with the table dropped on first. None when the table seats the party or
 * joins no combination that does.
 */
export function combinationsWith(entry: CatalogVenue, numberOfGuests: number, tableId: string): string[][] {
  const table = entry.tables.find((t) => t.id === tableId);
  if (!table || table.maxGuests >= numberOfGuests) return [];
  return joinableCombinations(entry, numberOfGuests)
    .filter((c) => c.tables.some((t) => t.id === table.id))
    .map((c) => [table.id, ...c.tables.map((t) => t.id).filter((id) => id !== table.id)]);
}

/**
 * The combinations of `tables` that seat the party, whoever may be given them: subsets of 2 to
 * `MAX_COMBINED_TABLES` tables of one combine group in one area. Fewest seats first, then fewest tables.
 * `fittingCombinations` asks it of the tables a caller may be given; staff's "Why not?" of every table,
 * to say why each combination it does not give is not given.
 */
export function combinationsOf(candidates: readonly VenueTableRow[], numberOfGuests: number): TableCombination[] {
  const groups = new Map<string, VenueTableRow[]>();
  for (const table of candidates) {
    if (!table.combineGroup) continue;
    const key = `${table.seatingAreaId}\u0000${table.combineGroup}`;
    groups.set(key, [...(groups.get(key) ?? []), table]);
  }
  const combinations: TableCombination[] = [];
  for (const members of groups.values()) {
    for (const tables of subsets(members, MAX_COMBINED_TABLES)) {
      const minGuests = Math.min(...tables.map((t) => t.minGuests));
      const maxGuests = tables.reduce((sum, t) => sum + t.maxGuests, 0);
      if (minGuests <= numberOfGuests && numberOfGuests <= maxGuests) combinations.push({ tables, seatingAreaId: tables[0]!.seatingAreaId, minGuests, maxGuests });
    }
  }
  return combinations.sort((a, b) => a.maxGuests - b.maxGuests || a.tables.length - b.tables.length);
}

/** Every subset of 2 to `max` of `items`, each in the order of `items` (tables come sorted by id). */
function subsets<T>(items: readonly T[], max: number): T[][] {
  const out: T[][] = [];
  const grow = (from: number, chosen: T[]) => {
    if (chosen.length >= 2) out.push(chosen);
    if (chosen.length === max) return;
    for (let i = from; i < items.length; i++) grow(i + 1, [...chosen, items[i]!]);
  };
  grow(0, []);
  return out;
}

/** Table names sort as people count them: T2 before T10. */
export const compareTableNames = new Intl.Collator('en', { numeric: true }).compare;

/** How staff read tables joined: their names in that order, 'L5 + L6'. */
export function combinationName(names: readonly string[]): string {
  return [...names].sort(compareTableNames).join(' + ');
}

/** Whether the combination is exactly these tables, in any order. */
export function isCombinationOf(combination: TableCombination, tableIds: readonly string[]): boolean {
  return combination.tables.length === tableIds.length && combination.tables.every((t) => tableIds.includes(t.id));
}

/** Whether every table of the combination is free over [startMs, endMs). */
export function isCombinationFree(busy: BusyByTable, combination: TableCombination, startMs: number, endMs: number): boolean {
  return combination.tables.every((t) => isTableFree(busy, t.id, startMs, endMs));
}

/** The combination to give a party: the first free one (fewest seats, then fewest tables). */
export function pickCombination(combinations: readonly TableCombination[], busy: BusyByTable, startMs: number, endMs: number): TableCombination | undefined {
  return combinations.find((c) => isCombinationFree(busy, c, startMs, endMs));
}

/** A live booking's intervals, one per table it occupies: its table and, on a combination, the others. */
export function intervalsOf(tableId: string, combinedTableIds: readonly string[] | null | undefined, startMs: number, endMs: number): BusyInterval[] {
  return [tableId, ...(combinedTableIds ?? [])].map((id) => ({ tableId: id, startMs, endMs }));
}
