/**
 * Why the book refuses staff, in staff words. A guest is told 'Sorry, your selection is unavailable'; the
 * host at the stand is told what stands in the way (the booking on the table, the closure and its note,
 * the service's hours, the tables' sizes), so they can offer the caller something else. Each refusal is a
 * 409 with the guest's code (20102), a message in the caller's language and `staffReason`, its code and
 * details for the console. The guest's refusals are not changed.
 */
import type { I18n } from '@lingui/core';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { ApiError, badRequest } from '../../lib/errors';
import { dateIn, experienceNameIn, nameIn, timeIn, timeRangesIn } from '../../lib/message-values';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { ClosureReason } from '../../../common/validation/closure-validation';
import { addDays, hongKongMinutes } from '../../../common/time';
import { atTables, isLiveAt, occupiesDuring } from './busy-intervals';
import { combinationName, compareTableNames, fittingCombinations, isCombinationOf, type TableCombination } from './table-fit';
import type { Membership } from './membership-rules';
import type { ClosureRow } from './closures';
import type { CatalogVenue, ExperienceRow } from './venue-catalog';

export type StaffReason = Schema<'StaffReason'>;

/** A refusal told to staff: the message's names, days and times are written in the caller's language. */
export class StaffRefusal extends ApiError {
  constructor(
    message: string,
    values: Record<string, unknown>,
    readonly reason: StaffReason,
    /** Staff's own words (a closure's note), added after the message as they were typed. */
    readonly note: string | null = null,
    /** The guest's code (20102) unless the refusal has one of its own, as outside the service hours (20110). */
    errorCode: number = ERROR_CODES.SELECTION_UNAVAILABLE,
  ) {
    super(409, errorCode, message, undefined, values);
  }

  override toBody(i18n: I18n): Schema<'Error'> {
    const body = super.toBody(i18n);
    const message = this.note ? `${body.message} ${i18n._(/*i18n*/ 'Note: {note}', { note: this.note })}` : body.message;
    return { ...body, message, staffReason: this.reason };
  }
}

/**
 * 400 naming `tableIds`: the tables staff chose make no combination of the set-up that seats the party
 * (a phone booking's or a move's picker, a join at the host stand).
 */
export const notJoinedFor = (tableNames: readonly string[], guests: number) =>
  badRequest(/*i18n*/ 'Tables {tables} are not joined for a party of {guests}: choose a table or tables from the list', 'tableIds', {
    tables: combinationName(tableNames),
    guests,
  });

const CLOSED_FOR: Record<ClosureReason, string> = {
  PRIVATE_EVENT: /*i18n*/ '{what} is closed for a private event on {date}.',
  TYPHOON: /*i18n*/ '{what} is closed because of a typhoon signal on {date}.',
  OTHER: /*i18n*/ '{what} is closed for bookings on {date}.',
};

/** The closure that shuts the asked-for venue, area or service, with what it closes and its note. */
export function closedForStaff(entry: CatalogVenue, closure: ClosureRow, date: string): StaffRefusal {
  const area = closure.scope === 'AREA' ? entry.areas.find((a) => a.id === closure.seatingAreaId) : undefined;
  const what = closure.scope === 'AREA' ? (area?.name ?? entry.venue.title) : closure.scope === 'SERVICE' ? closure.periodName! : entry.venue.title;
  return new StaffRefusal(
    CLOSED_FOR[closure.reason],
    { what: nameIn(what), date: dateIn(date) },
    {
      code: 'CLOSED',
      closureId: closure.id,
      closureReason: closure.reason,
      scope: closure.scope,
      closed: what,
      fromDate: closure.fromDate,
      toDate: closure.toDate,
      note: closure.note ?? null,
    },
    closure.note ?? null,
  );
}

/**
 * The day's start times as runs without a gap: a slot follows the one before it when it starts within that
 * slot's service interval (a break between services, or a last seating well before the service ends, starts a new run).
 */
function startRuns(slots: readonly { startTime: number; period?: { intervalMinutes: number } }[]): { first: number; last: number }[] {
  const runs: { first: number; last: number; step: number }[] = [];
  for (const slot of slots) {
    const run = runs.at(-1);
    if (run && slot.startTime - run.last <= run.step) {
      run.last = slot.startTime;
      run.step = slot.period?.intervalMinutes ?? run.step;
    } else runs.push({ first: slot.startTime, last: slot.startTime, step: slot.period?.intervalMinutes ?? 15 });
  }
  return runs.map(({ first, last }) => ({ first, last }));
}

/**
 * The time asked for is not one the experience starts at that day, or it has begun: with the day's start
 * times (from the slot schedule, each run without a gap), or the time it is now.
 */
export function outsideHoursForStaff(
  entry: CatalogVenue,
  experience: ExperienceRow,
  date: string,
  startTime: number,
  slots: readonly { startTime: number; startMs: number; period?: { intervalMinutes: number } }[],
  now: Date,
): StaffRefusal {
  const [first, last] = [slots[0]?.startTime ?? null, slots.at(-1)?.startTime ?? null];
  const reason: StaffReason = { code: 'OUTSIDE_HOURS', experience: experience.name, date, startTime, firstStart: first, lastStart: last };
  const asked = slots.find((s) => s.startTime === startTime);
  const experienceName = experienceNameIn(experience, entry.experienceTexts.get(experience.id));
  if (asked && asked.startMs <= now.getTime()) {
    return new StaffRefusal(
      /*i18n*/ '{time} on {date} has already begun: it is now {now}.',
      { time: timeIn(startTime), date: dateIn(date), now: timeIn(hongKongMinutes(now)) },
      { ...reason, code: 'STARTED' },
    );
  }
  if (first === null || last === null) {
    return new StaffRefusal(
      /*i18n*/ 'Outside hours: {experience} is not served on {date}.',
      { experience: experienceName, date: dateIn(date) },
      reason,
      null,
      ERROR_CODES.OUTSIDE_SERVICE_HOURS,
    );
  }
  const runs = startRuns(slots);
  if (runs.length > 1) {
    // A day with a break between services: 'from 8:00 am to 7:45 pm and from 10:00 pm to 11:30 pm', not first to last.
    return new StaffRefusal(
      /*i18n*/ 'Outside hours: {experience} does not start at {time} on {date}. Its start times that day are {ranges}.',
      { experience: experienceName, time: timeIn(startTime), date: dateIn(date), ranges: timeRangesIn(runs) },
      reason,
      null,
      ERROR_CODES.OUTSIDE_SERVICE_HOURS,
    );
  }
  return new StaffRefusal(
    /*i18n*/ 'Outside hours: {experience} does not start at {time} on {date}. Its start times that day run from {first} to {last}.',
    { experience: experienceName, time: timeIn(startTime), date: dateIn(date), first: timeIn(first), last: timeIn(last) },
    reason,
    null,
    ERROR_CODES.OUTSIDE_SERVICE_HOURS,
  );
}

/** What a table request asked: for the refusal's words. */
export interface RefusedRequest {
  entry: CatalogVenue;
  date: string;
  slot: { startMs: number; endMs: number };
  numberOfGuests: number;
  seatingAreaId?: string | null;
  now: Date;
  /** The reservation being moved, which must not count against itself. */
  excludeReservationId?: string;
  /** The one table staff chose (it must seat the party); otherwise the smallest free one that fits. */
  tableId?: string;
  /** The tables joined staff chose (one combination that seats the party, staff-bookings.ts checks). */
  tableIds?: readonly string[];
  /** Whose booking: a guest's is never put in a members' area (membership-rules.ts); members' and staff's may be. */
  membership?: Membership;
}

/** The live bookings on these tables during the slot (on any table of a combination), earliest first. */
function bookingsDuring(tx: DbOrTx, request: RefusedRequest, tableIds: string[]) {
  const { startMs, endMs } = request.slot;
  return tx
    .select({ tableId: reservations.tableId, combinedTableIds: reservations.combinedTableIds, uniqueId: reservations.uniqueId, status: reservations.status, date: reservations.date, startTime: reservations.startTime, duration: reservations.duration })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, request.entry.venue.id),
        inArray(reservations.date, [addDays(request.date, -1), request.date, addDays(request.date, 1)]),
        atTables(reservations, tableIds),
        occupiesDuring(sql`${new Date(startMs).toISOString()}::timestamptz`, sql`${new Date(endMs).toISOString()}::timestamptz`),
        isLiveAt(request.now),
        request.excludeReservationId ? ne(reservations.id, request.excludeReservationId) : undefined,
      ),
    )
    .orderBy(asc(reservations.startsAt));
}

/**
 * Why no table could be placed: the chosen table's booking (by reference), or, for any table, that no table
 * of the venue or area seats the party, or that none that does is free (with the largest that is).
 * Read only once the booking is refused, so a booking that succeeds pays nothing for it.
 */
export async function noTableForStaff(tx: DbOrTx, request: RefusedRequest, closedAreaIds: ReadonlyMap<string, unknown>): Promise<StaffRefusal> {
  const { entry, numberOfGuests } = request;
  const area = request.seatingAreaId ? entry.areas.find((a) => a.id === request.seatingAreaId) : undefined;
  const where = area?.name ?? entry.venue.title;
  if (request.tableId) {
    const table = entry.tables.find((t) => t.id === request.tableId)!;
    const [taken] = await bookingsDuring(tx, request, [table.id]);
    if (!taken) return new StaffRefusal(/*i18n*/ 'Table {table} is taken at that time.', { table: table.name }, { code: 'TABLE_TAKEN', table: table.name, reference: null });
    const shown = { table: table.name, reference: taken.uniqueId, from: timeIn(taken.startTime), to: timeIn(taken.startTime + taken.duration) };
    const reason: StaffReason = { code: 'TABLE_TAKEN', table: table.name, reference: taken.uniqueId, held: taken.status === 'PENDING', date: taken.date, startTime: taken.startTime, endTime: taken.startTime + taken.duration };
    return taken.status === 'PENDING'
      ? new StaffRefusal(/*i18n*/ 'Table {table} is held for {reference}, a guest booking online, from {from} to {to}.', shown, reason)
      : new StaffRefusal(/*i18n*/ 'Table {table} is taken by {reference} from {from} to {to}.', shown, reason);
  }
  const inArea = entry.tables.filter((t) => !request.seatingAreaId || t.seatingAreaId === request.seatingAreaId);
  const largest = Math.max(0, ...inArea.map((t) => t.maxGuests));
  // A party no single table seats may sit at tables joined (docs/PRODUCT.md §9, tables joined): say which are taken.
  const combinations = fittingCombinations(entry, numberOfGuests, request.seatingAreaId, 'staff', request.membership).filter(
    (c) => !closedAreaIds.has(c.seatingAreaId) && (!request.tableIds || isCombinationOf(c, request.tableIds)),
  );
  if (combinations.length > 0) return await combinationsTaken(tx, request, combinations, where, largest);
  if (numberOfGuests > largest) {
    return new StaffRefusal(
      /*i18n*/ 'Party too large: no table in {where} seats {guests}. The largest seats {largest}.',
      { where: nameIn(where), guests: numberOfGuests, largest },
      { code: 'PARTY_TOO_LARGE', numberOfGuests, largestTable: largest, largestFreeTable: null },
    );
  }
  const open = inArea.filter((t) => !closedAreaIds.has(t.seatingAreaId));
  const busy = new Set((await bookingsDuring(tx, request, open.map((t) => t.id))).flatMap((b) => [b.tableId, ...b.combinedTableIds]));
  const largestFree = Math.max(0, ...open.filter((t) => !busy.has(t.id)).map((t) => t.maxGuests));
  if (largestFree > 0 && largestFree < numberOfGuests) {
    return new StaffRefusal(
      /*i18n*/ 'Party too large for any free table: no free table in {where} seats {guests} at that time. The largest free table seats {largest}.',
      { where: nameIn(where), guests: numberOfGuests, largest: largestFree },
      { code: 'PARTY_TOO_LARGE', numberOfGuests, largestTable: largest, largestFreeTable: largestFree },
    );
  }
  return new StaffRefusal(
    /*i18n*/ 'Every table in {where} that seats {guests} is taken at that time.',
    { where: nameIn(where), guests: numberOfGuests },
    { code: 'NO_TABLE_FREE', numberOfGuests, largestTable: largest, largestFreeTable: largestFree || null },
  );
}

/**
 * No single table seats the party and every combination that would is taken: the first combination (the
 * one the party would have been given) and the booking on one of its tables, by reference; the reason
 * lists every combination with what takes it (null when a change being paid holds it, not a booking).
 */
async function combinationsTaken(tx: DbOrTx, request: RefusedRequest, combinations: readonly TableCombination[], where: string, largest: number): Promise<StaffRefusal> {
  const bookings = await bookingsDuring(tx, request, [...new Set(combinations.flatMap((c) => c.tables.map((t) => t.id)))]);
  const taken = combinations.map((c) => {
    // The first taken in staff's reading order (L5 before L6), so the same state reads the same.
    const member = [...c.tables].sort((a, b) => compareTableNames(a.name, b.name)).find((t) => bookings.some((b) => b.tableId === t.id || b.combinedTableIds.includes(t.id)));
    const booking = member && bookings.find((b) => b.tableId === member.id || b.combinedTableIds.includes(member.id));
    return { tables: combinationName(c.tables.map((t) => t.name)), table: member?.name ?? null, reference: booking?.uniqueId ?? null, booking };
  });
  const reason: StaffReason = {
    code: 'COMBINATION_TAKEN',
    numberOfGuests: request.numberOfGuests,
    largestTable: largest,
    combinations: taken.map(({ tables, table, reference }) => ({ tables, table, reference })),
  };
  const first = taken[0]!;
  const values = { where: nameIn(where), guests: request.numberOfGuests, tables: first.tables };
  if (!first.booking) {
    return new StaffRefusal(/*i18n*/ 'No table in {where} seats {guests}. Tables joined would ({tables}), but each combination is taken at that time.', values, reason);
  }
  const { booking } = first;
  return new StaffRefusal(
    /*i18n*/ 'No table in {where} seats {guests}. {tables} would, but {table} is taken by {reference} from {from} to {to}.',
    { ...values, table: first.table, reference: booking.uniqueId, from: timeIn(booking.startTime), to: timeIn(booking.startTime + booking.duration) },
    reason,
  );
}
