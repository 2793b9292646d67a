/**
 * The wait to quote a walk-in (docs/PRODUCT.md §2, the walk-in queue): when the first table that fits the party is free for the
 * party's whole turn, given the floor as it stands (the bookings to come and the seated parties' expected
 * ends, as busy intervals) and the parties queued ahead, each of whom takes the first table free for them
 * first. Pure: the service reads the floor, this only counts.
 */
import type { BusyInterval } from '../booking-rules/table-fit';

const MINUTE_MS = 60_000;

/** A table as the quote needs it: its size and dining area. */
export interface QuoteTable {
  id: string;
  minGuests: number;
  maxGuests: number;
  seatingAreaId: string;
}

/** A party waiting: its size, the area it asked for (null: any) and how long it will keep its table. */
export interface QuoteParty {
  numberOfGuests: number;
  seatingAreaId: string | null;
  turnMinutes: number;
}

export interface QuoteInput {
  nowMs: number;
  /** The tables staff may seat walk-ins at (active, in active areas). */
  tables: readonly QuoteTable[];
  /** Every table's time taken from now on: bookings, holds, seated parties until their expected end. */
  busy: readonly BusyInterval[];
  /** The parties queued ahead, in arrival order. */
  ahead: readonly QuoteParty[];
  party: QuoteParty;
  /** How far ahead to look; a party with no table free by then gets no estimate. */
  horizonMinutes: number;
}

export interface WaitEstimate {
  /** Minutes from now until the table is free, rounded up to the minute. */
  minutes: number;
  tableId: string;
}

const fits = (table: QuoteTable, party: QuoteParty) =>
  party.numberOfGuests >= table.minGuests &&
  party.numberOfGuests <= table.maxGuests &&
  (party.seatingAreaId === null || party.seatingAreaId === table.seatingAreaId);

/** The first instant from `nowMs` at which `table` is free for `lengthMs`; its busy intervals as given. */
function firstFreeOn(intervals: readonly BusyInterval[], nowMs: number, lengthMs: number): number {
  // A table frees only at now or at the end of something on it: those are the only starts to try.
  const starts = [nowMs, ...intervals.map((b) => b.endMs).filter((end) => end > nowMs)].sort((a, b) => a - b);
  for (const start of starts) {
    if (intervals.every((b) => b.endMs <= start || b.startMs >= start + lengthMs)) return start;
  }
  // Unreachable: the last end has nothing after it.
  return starts.at(-1)!;
}

/** The earliest table for `party`, and when it frees; the smallest table wins a tie, as seating picks it. */
function earliestTable(input: QuoteInput, byTable: Map<string, BusyInterval[]>, party: QuoteParty): { table: QuoteTable; startMs: number } | null {
  const lengthMs = party.turnMinutes * MINUTE_MS;
  let best: { table: QuoteTable; startMs: number } | null = null;
  const candidates = input.tables.filter((t) => fits(t, party));
  candidates.sort((a, b) => a.maxGuests - b.maxGuests || a.minGuests - b.minGuests || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const table of candidates) {
    const startMs = firstFreeOn(byTable.get(table.id) ?? [], input.nowMs, lengthMs);
    if (!best || startMs < best.startMs) best = { table, startMs };
  }
  return best;
}

/**
 * When the party's table is free, or null when no table fits it or none is free within the horizon. The
 * parties ahead take their tables first (in arrival order); one that no table fits holds up no one.
 */
export function estimateWait(input: QuoteInput): WaitEstimate | null {
  const byTable = new Map<string, BusyInterval[]>();
  for (const b of input.busy) {
    if (b.endMs <= input.nowMs) continue;
    byTable.set(b.tableId, [...(byTable.get(b.tableId) ?? []), b]);
  }
  for (const ahead of input.ahead) {
    const taken = earliestTable(input, byTable, ahead);
    if (!taken) continue;
    const interval = { tableId: taken.table.id, startMs: taken.startMs, endMs: taken.startMs + ahead.turnMinutes * MINUTE_MS };
    byTable.set(taken.table.id, [...(byTable.get(taken.table.id) ?? []), interval]);
  }
  const found = earliestTable(input, byTable, input.party);
  if (!found) return null;
  const minutes = Math.ceil((found.startMs - input.nowMs) / MINUTE_MS);
  return minutes > input.horizonMinutes ? null : { minutes, tableId: found.table.id };
}

/** A wait as a host says it: 0 when a table is free now, else up to the next 5 minutes. */
export const quotedFromEstimate = (estimate: WaitEstimate | null): number | null =>
  estimate === null ? null : Math.ceil(estimate.minutes / 5) * 5;
