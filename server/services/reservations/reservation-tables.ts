/**
 * Choosing a table inside a booking transaction: the smallest free one that fits, locked for the slot's
 * day, with run-out holds on it cleared. Two bookings that want the same table at overlapping times
 * queue on its lock. Creating and moving a reservation both place it this way.
 */
import type { DbOrTx } from '../../db/client';
import { fittingCombinations, fittingTables, joinableCombinations, groupBusy, isCombinationOf, isTableFree, pickCombination, pickTable, type TableCombination } from '../booking-rules/table-fit';
import { loadBusyIntervals } from '../booking-rules/busy-intervals';
import type { ServicePeriodRow, VenueTableRow } from '../booking-rules/venue-catalog';
import { servicesOn, type ScheduledSlot } from '../booking-rules/slot-schedule';
import { selectionUnavailable, tableTaken, type BookingRules } from '../booking-rules/selection-checks';
import { expireStaleHolds } from './hold-expiry';
import { lockTableDays } from '../venues/table-day-locks';
import {
  closedForBooking,
  closuresOn,
  loadClosures,
  lockVenueClosures,
  openTables,
  stayClosure,
  type DayClosures,
} from '../booking-rules/closures';
import { closedForStaff, noTableForStaff, type RefusedRequest } from '../booking-rules/staff-refusals';
import { checkPacing } from '../booking-rules/pacing-covers';

/** The time a party takes a table: a slot of the schedule, or a walk-in's from now (in no service). */
export type TableSlot = Pick<ScheduledSlot, 'startTime' | 'duration' | 'startMs' | 'endMs'> & { period?: ServicePeriodRow };

/**
 * A table asked for: what a refusal's words are made of (`RefusedRequest`, booking-rules/staff-refusals.ts),
 * with the slot as scheduled and the rules it is checked by.
 */
export interface TableRequest extends Omit<RefusedRequest, 'slot'> {
  slot: TableSlot;
  /** Staff's refusals say why in their words (booking-rules/staff-refusals.ts); a guest's stay as they were. */
  rules?: BookingRules;
  /**
   * The tables joined are the host's on the floor (a walk-in dropped on a table too small for it): any
   * combination the set-up makes that seats the party (`joinableCombinations`), even where one table would.
   */
  joinedOnTheFloor?: boolean;
}

/** What is closed on the request's day; 409 with the reason when the slot's service or the asked-for area is. */
async function closedOn(tx: DbOrTx, request: TableRequest) {
  await lockVenueClosures(tx, request.entry.venue.id, 'shared');
  const day = closuresOn(await loadClosures(tx, request.entry.venue.id, request.date), request.date);
  const { period, startTime, duration } = request.slot;
  const closed =
    (period ? stayClosure(day, servicesOn(request.entry, request.date), { period, startTime, duration }) : day.venue) ??
    (request.seatingAreaId ? day.areas.get(request.seatingAreaId) : undefined);
  if (closed) throw request.rules === 'staff' ? closedForStaff(request.entry, closed, request.date) : closedForBooking(closed.reason);
  return day;
}

/**
 * Returns the free table that fits the party (the first dining area in the set-up's order with one, its
 * smallest: `pickTable`), locked for the slot's day with run-out holds on it in the slot cancelled, or
 * undefined when none is free. It chooses first and locks only the chosen table, then looks again: a
 * booking that took it meanwhile sends it on to the next. Bookings of other tables never wait for each
 * other, and a booking holds one table's lock at a time, so none deadlock.
 */
async function lockAndPickTable(tx: DbOrTx, request: TableRequest): Promise<{ table?: VenueTableRow; combination?: TableCombination; day: DayClosures }> {
  const { startMs, endMs } = request.slot;
  const busyOn = (tables: readonly VenueTableRow[]) => busyOfTables(tx, request, tables);
  const fitting = fittingTables(request.entry, request.numberOfGuests, request.seatingAreaId, request.rules, request.membership).filter(
    (t) => request.tableId === undefined || t.id === request.tableId,
  );
  const day = await closedOn(tx, request);
  if (request.tableIds) return { combination: await lockAndPickCombination(tx, request, day), day };
  const closedArea = fitting.length > 0 && fitting.every((t) => day.areas.has(t.seatingAreaId)) ? day.areas.get(fitting[0]!.seatingAreaId) : undefined;
  if (closedArea && request.rules === 'staff') throw closedForStaff(request.entry, closedArea, request.date);
  if (fitting.length === 0 && request.tableId === undefined) return { combination: await lockAndPickCombination(tx, request, day), day };
  let candidates = openTables(fitting, day);
  if (candidates.length === 0) return { day };
  const busy = await busyOn(candidates);
  for (;;) {
    const table = pickTable(candidates, busy, startMs, endMs, request.entry.areas);
    if (!table) return { day };
    await lockTableDays(tx, [table.id], startMs, endMs);
    await expireStaleHolds(tx, request.now, { tableIds: [table.id], during: { fromMs: startMs, toMs: endMs } });
    // Under the lock, a fresh read sees every booking of this table that was committed before it.
    if (isTableFree(await busyOn([table]), table.id, startMs, endMs)) return { table, day };
    candidates = candidates.filter((t) => t !== table);
  }
}

/** The live bookings and held changes on these tables around the request's slot, by table. */
async function busyOfTables(tx: DbOrTx, request: TableRequest, tables: readonly VenueTableRow[]) {
  return groupBusy(
    await loadBusyIntervals(tx, {
      venueId: request.entry.venue.id,
      date: request.date,
      fromMs: request.slot.startMs,
      toMs: request.slot.endMs,
      now: request.now,
      excludeReservationId: request.excludeReservationId,
      tableIds: tables.map((t) => t.id),
    }),
  );
}

/**
 * For a party no single table seats: the first free combination (docs/PRODUCT.md §9, tables joined), every member of
 * every candidate locked at once in the one sorted order, so two bookings of overlapping combinations
 * never deadlock (parties this large are few: they may queue on each other's tables).
 */
async function lockAndPickCombination(tx: DbOrTx, request: TableRequest, day: DayClosures): Promise<TableCombination | undefined> {
  const { startMs, endMs } = request.slot;
  const offered = request.joinedOnTheFloor
    ? joinableCombinations(request.entry, request.numberOfGuests)
    : fittingCombinations(request.entry, request.numberOfGuests, request.seatingAreaId, request.rules, request.membership);
  const combinations = offered.filter(
    (c) => !day.areas.has(c.seatingAreaId) && (!request.tableIds || isCombinationOf(c, request.tableIds)),
  );
  const tables = [...new Set(combinations.flatMap((c) => c.tables))];
  if (tables.length === 0) return undefined;
  const ids = tables.map((t) => t.id);
  await lockTableDays(tx, ids, startMs, endMs);
  await expireStaleHolds(tx, request.now, { tableIds: ids, during: { fromMs: startMs, toMs: endMs } });
  return pickCombination(combinations, await busyOfTables(tx, request, tables), startMs, endMs);
}

/** The columns that put a reservation on its table: service day, slot, party, area and table. */
export interface Placement {
  date: string;
  startTime: number;
  duration: number;
  startsAt: Date;
  endsAt: Date;
  numberOfGuests: number;
  seatingAreaId: string | null;
  tableId: string;
  /** A combination's other tables (docs/PRODUCT.md §9, tables joined); empty on one table. */
  combinedTableIds: string[];
}

/**
 * Takes the smallest free fitting table under lock and returns where that puts the reservation; 409 20102
 * when none is free (for staff, saying what is in the way).
 */
export async function placeOnFreeTable(tx: DbOrTx, request: TableRequest): Promise<Placement> {
  await checkPacing(tx, { ...request, ...request.slot, period: request.slot.period });
  const { table, combination, day } = await lockAndPickTable(tx, request);
  const [first, ...others] = table ? [table] : (combination?.tables ?? []);
  if (!first && request.rules === 'staff') throw await noTableForStaff(tx, request, day.areas);
  if (!first) throw request.tableId ? tableTaken() : selectionUnavailable();
  const { slot } = request;
  return {
    date: request.date,
    startTime: slot.startTime,
    duration: slot.duration,
    startsAt: new Date(slot.startMs),
    endsAt: new Date(slot.endMs),
    numberOfGuests: request.numberOfGuests,
    seatingAreaId: request.seatingAreaId ?? null,
    tableId: first.id,
    combinedTableIds: others.map((t) => t.id),
  };
}
