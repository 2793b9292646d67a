/**
 * Choosing a table inside a booking transaction: lock the candidate tables for the slot's day, clear
 * run-out holds on them, and take the smallest one still free. Two bookings that could want the same
 * table at overlapping times queue on its lock. Creating and moving a reservation both place it this way.
 */
import type { DbOrTx } from '../db/client';
import {
  fittingTables,
  groupBusy,
  loadBusyIntervals,
  pickTable,
  type CatalogVenue,
  type ScheduledSlot,
  selectionUnavailable,
  type VenueTableRow,
} from './availability';
import { expireStaleHolds } from './hold-expiry';
import { lockTableDays } from './table-day-locks';

export interface TableRequest {
  entry: CatalogVenue;
  date: string;
  slot: ScheduledSlot;
  numberOfGuests: number;
  seatingAreaId?: string | null;
  now: Date;
  /** The reservation being moved, which must not count against itself. */
  excludeReservationId?: string;
}

/**
 * Locks the tables that fit the party for the slot's day (not their rows: bookings of other days go on),
 * cancels run-out holds on them in the slot, and returns the smallest free one, or undefined when none is free.
 */
async function lockAndPickTable(tx: DbOrTx, request: TableRequest): Promise<VenueTableRow | undefined> {
  const candidates = fittingTables(request.entry, request.numberOfGuests, request.seatingAreaId);
  if (candidates.length === 0) return undefined;
  const ids = candidates.map((t) => t.id);
  const { startMs, endMs } = request.slot;
  await lockTableDays(tx, ids, startMs, endMs);
  await expireStaleHolds(tx, request.now, { tableIds: ids, during: { fromMs: startMs, toMs: endMs } });
  const busy = await loadBusyIntervals(tx, {
    venueId: request.entry.venue.id,
    date: request.date,
    fromMs: request.slot.startMs,
    toMs: request.slot.endMs,
    now: request.now,
    excludeReservationId: request.excludeReservationId,
    tableIds: ids,
  });
  return pickTable(candidates, groupBusy(busy), request.slot.startMs, request.slot.endMs);
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
}

/** Takes the smallest free fitting table under lock and returns where that puts the reservation; 409 20102 when none is free. */
export async function placeOnFreeTable(tx: DbOrTx, request: TableRequest): Promise<Placement> {
  const table = await lockAndPickTable(tx, request);
  if (!table) throw selectionUnavailable();
  const { slot } = request;
  return {
    date: request.date,
    startTime: slot.startTime,
    duration: slot.duration,
    startsAt: new Date(slot.startMs),
    endsAt: new Date(slot.endMs),
    numberOfGuests: request.numberOfGuests,
    seatingAreaId: request.seatingAreaId ?? null,
    tableId: table.id,
  };
}
