/**
 * Time-slot availability. The venue's static set-up (periods, areas, tables, experiences) is cached in
 * memory; a look-up costs one query for the day's busy intervals and in-memory matching. Creating and
 * changing a reservation reuse the same slot rules so a slot is bookable exactly when it is offered.
 */
import { and, asc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { I18n } from '@lingui/core';
import type { Db, DbOrTx } from '../db/client';
import { experiences, reservations, seatingAreas, servicePeriods, venues, venueTables } from '../db/schema';
import type { Schema } from '../lib/api-types';
import { ApiError, badRequest, notFound } from '../lib/errors';
import { ERROR_CODES } from '../../src/domain/error-codes';
import type { PaymentPolicy } from '../../src/domain/money';
import { addDays, daysBetween, formatDate, formatDateFor, formatTime, hongKongToday, isoWeekday, serviceDayStartMs } from '../../src/domain/time';

export type VenueRow = typeof venues.$inferSelect;
export type ServicePeriodRow = typeof servicePeriods.$inferSelect;
export type SeatingAreaRow = typeof seatingAreas.$inferSelect;
export type VenueTableRow = typeof venueTables.$inferSelect;
export type ExperienceRow = typeof experiences.$inferSelect;

/** SPEC §5/§9: no venue takes a party above 10. */
export const MAX_GUESTS = 10;

/** How far ahead guests may book; further dates get a 422 saying until when. */
export const BOOKING_WINDOW_DAYS = 90;

/** How long the static venue set-up is trusted before it is read again. */
export const CATALOG_TTL_MS = 30_000;

/** One venue's static set-up. */
export interface CatalogVenue {
  venue: VenueRow;
  periods: ServicePeriodRow[];
  areas: SeatingAreaRow[];
  tables: VenueTableRow[];
  experiences: ExperienceRow[];
}

/** Every venue's set-up, by id, with areas and experiences also by id. */
export interface VenueCatalog {
  venues: Map<string, CatalogVenue>;
  areas: Map<string, SeatingAreaRow>;
  experiences: Map<string, ExperienceRow>;
}

const catalogCache = new WeakMap<object, { at: number; catalog: Promise<VenueCatalog> }>();

async function readCatalog(db: DbOrTx): Promise<VenueCatalog> {
  // Sequential on purpose: PGlite runs one query at a time, and this runs once per TTL.
  const venueRows = await db.select().from(venues).orderBy(asc(venues.sortOrder));
  const periodRows = await db.select().from(servicePeriods).orderBy(asc(servicePeriods.sortOrder), asc(servicePeriods.startMinute));
  const areaRows = await db.select().from(seatingAreas).orderBy(asc(seatingAreas.sortOrder), asc(seatingAreas.id));
  const tableRows = await db.select().from(venueTables).orderBy(asc(venueTables.id));
  const experienceRows = await db.select().from(experiences).orderBy(asc(experiences.sortOrder));
  const catalog: VenueCatalog = { venues: new Map(), areas: new Map(), experiences: new Map() };
  for (const venue of venueRows) {
    catalog.venues.set(venue.id, {
      venue,
      periods: periodRows.filter((p) => p.venueId === venue.id),
      areas: areaRows.filter((a) => a.venueId === venue.id),
      tables: tableRows.filter((t) => t.venueId === venue.id),
      experiences: experienceRows.filter((e) => e.venueId === venue.id),
    });
  }
  for (const area of areaRows) catalog.areas.set(area.id, area);
  for (const experience of experienceRows) catalog.experiences.set(experience.id, experience);
  return catalog;
}

/**
 * The venues' static set-up, read at most once per `CATALOG_TTL_MS` (wall-clock, not the business clock)
 * per database handle. Pass the database, not a transaction, or nothing is cached.
 */
export function loadVenueCatalog(db: DbOrTx): Promise<VenueCatalog> {
  const nowMs = Date.now();
  const cached = catalogCache.get(db);
  if (cached && nowMs - cached.at < CATALOG_TTL_MS) return cached.catalog;
  const catalog = readCatalog(db);
  catalogCache.set(db, { at: nowMs, catalog });
  // A failed read must not stick.
  catalog.catch(() => catalogCache.delete(db));
  return catalog;
}

/** Forgets the cached set-up (after venues, tables or experiences change). */
export function clearVenueCatalog(db: DbOrTx): void {
  catalogCache.delete(db);
}

/** SPEC §3's payment policy of an experience row. */
export function paymentPolicyOf(experience: ExperienceRow): PaymentPolicy {
  return {
    prePaymentType: experience.prePaymentType,
    price: {
      price: { amount: experience.priceAmount },
      serviceChargePercentage: experience.serviceChargePercentage,
      taxPercentage: experience.taxPercentage,
    },
    depositPolicy: experience.depositPolicy,
  };
}

// ---------------------------------------------------------------------------------------------------
// Errors of look-ups and bookings

/** A 422 that sends the party to the venue's reservations team, with the contact in the body too. */
export class PartySizeError extends ApiError {
  constructor(
    message: string,
    values: Record<string, unknown>,
    readonly contact: { phone: string; email: string },
  ) {
    super(422, ERROR_CODES.PARTY_TOO_LARGE, message, 'numberOfGuests', values);
  }

  override toBody(i18n: I18n): Schema<'Error'> {
    return { ...super.toBody(i18n), contact: this.contact };
  }
}

export const venueNotFound = () => new ApiError(404, ERROR_CODES.VENUE_NOT_FOUND, /*i18n*/ 'The venue information does not exist');
export const experienceNotFound = () => notFound(/*i18n*/ 'The experience does not exist at this venue');
export const selectionUnavailable = () => new ApiError(409, ERROR_CODES.SELECTION_UNAVAILABLE, /*i18n*/ 'Sorry, your selection is unavailable');
/** 409 20102 for staff who chose the table: someone else has it at that time. */
export const tableTaken = () => new ApiError(409, ERROR_CODES.SELECTION_UNAVAILABLE, /*i18n*/ 'This table is taken at that time');

/** Refuses a party the venue does not take online (SPEC §9: larger parties contact the team). */
export function assertOnlinePartySize(venue: VenueRow, numberOfGuests: number): void {
  const contact = { phone: venue.reservationsPhone, email: venue.reservationsEmail };
  const values = {
    ...contact,
    venue: venue.title,
    min: venue.onlineMinGuests,
    max: venue.onlineMaxGuests,
    larger: venue.onlineMaxGuests + 1,
    guests: numberOfGuests,
  };
  if (numberOfGuests > venue.onlineMaxGuests) {
    const message = /*i18n*/ 'For parties of {larger} or more, please contact our reservations team on {phone} or at {email}.';
    throw new PartySizeError(message, values, contact);
  }
  if (numberOfGuests < venue.onlineMinGuests) {
    const message = /*i18n*/ 'Online reservations at {venue} are for {min} to {max} guests. For a party of {guests}, please contact our reservations team on {phone} or at {email}.';
    throw new PartySizeError(message, values, contact);
  }
}

/** Refuses dates beyond the booking window with the last bookable date, written as the caller's language writes dates. */
export function assertWithinBookingWindow(date: string, now: Date): void {
  const today = hongKongToday(now);
  if (daysBetween(today, date) > BOOKING_WINDOW_DAYS) {
    const lastDay = addDays(today, BOOKING_WINDOW_DAYS);
    throw new ApiError(
      422,
      ERROR_CODES.NO_AVAILABILITY,
      /*i18n*/ 'Reservations open {days} days in advance. Please choose a date on or before {date}.',
      'date',
      { days: BOOKING_WINDOW_DAYS, date: (locale: string) => formatDateFor(lastDay, locale) },
    );
  }
}

/** The venue's set-up, or 404 20103. */
export function venueOf(catalog: VenueCatalog, venueId: string): CatalogVenue {
  const entry = catalog.venues.get(venueId);
  if (!entry) throw venueNotFound();
  return entry;
}

/** The experience of that venue, or 404. */
export function experienceOf(entry: CatalogVenue, experienceId: string): ExperienceRow {
  const experience = entry.experiences.find((e) => e.id === experienceId);
  if (!experience) throw experienceNotFound();
  return experience;
}

/** The seating area of that venue (undefined for "any"), or 400 naming seatingAreaId. */
export function seatingAreaOf(entry: CatalogVenue, seatingAreaId: string | null | undefined): SeatingAreaRow | undefined {
  if (seatingAreaId == null) return undefined;
  const area = entry.areas.find((a) => a.id === seatingAreaId);
  if (!area) throw badRequest('seatingAreaId does not name a seating area of this venue', 'seatingAreaId');
  return area;
}

/**
 * Whose booking the rules are for: a guest's keeps to the venue's online party sizes and lead time; staff
 * (a phone booking, a move) may book any party a table seats (the team takes the larger ones) up to the start.
 */
export type BookingRules = 'guest' | 'staff';

/** What a party asks of a venue: an experience on a service day, in an area or any (null or absent). */
export interface Selection {
  venueId: string;
  experienceId: string;
  date: string;
  numberOfGuests: number;
  seatingAreaId?: string | null;
}

/**
 * The venue and experience of a selection, after the checks a look-up, a booking and a change all make,
 * in this order: the venue (404), the experience (404), the party size (422), the area (400), the date (422).
 */
export function checkSelection(
  catalog: VenueCatalog,
  selection: Selection,
  now: Date,
  rules: BookingRules = 'guest',
): { entry: CatalogVenue; experience: ExperienceRow } {
  const entry = venueOf(catalog, selection.venueId);
  const experience = experienceOf(entry, selection.experienceId);
  if (rules === 'guest') assertOnlinePartySize(entry.venue, selection.numberOfGuests);
  seatingAreaOf(entry, selection.seatingAreaId);
  assertWithinBookingWindow(selection.date, now);
  return { entry, experience };
}

// ---------------------------------------------------------------------------------------------------
// Slots

/** A start time an experience is served at on a service day, before looking at tables. */
export interface ScheduledSlot {
  /** Minutes from the service day's midnight; above 1440 after midnight. */
  startTime: number;
  duration: number;
  startMs: number;
  endMs: number;
  period: ServicePeriodRow;
}

/**
 * The experience's start times on a service day: from each of its periods open on that ISO weekday,
 * from the period's start in steps of its interval while the meal ends by the period's end.
 */
export function scheduledSlots(entry: CatalogVenue, experience: ExperienceRow, date: string): ScheduledSlot[] {
  const weekday = isoWeekday(date);
  const dayStart = serviceDayStartMs(date);
  const duration = experience.durationMinutes;
  const byStart = new Map<number, ScheduledSlot>();
  for (const period of entry.periods) {
    if (!experience.periodNames.includes(period.name) || !period.daysOfWeek.includes(weekday)) continue;
    for (let start = period.startMinute; start + duration <= period.endMinute; start += period.intervalMinutes) {
      if (byStart.has(start)) continue;
      const startMs = dayStart + start * 60_000;
      byStart.set(start, { startTime: start, duration, startMs, endMs: startMs + duration * 60_000, period });
    }
  }
  return [...byStart.values()].sort((a, b) => a.startTime - b.startTime);
}

/** Whether a slot can still be booked at `now`: it starts after now plus the venue's lead time. */
export function isBookableInTime(venue: VenueRow, slot: ScheduledSlot, now: Date): boolean {
  return slot.startMs > now.getTime() + venue.minLeadMinutes * 60_000;
}

/** The slot starting at `startTime` on `date`, when the schedule has one still bookable at `now`; 409 20102 otherwise. */
export function bookableSlot(
  entry: CatalogVenue,
  experience: ExperienceRow,
  date: string,
  startTime: number,
  now: Date,
  rules: BookingRules = 'guest',
): ScheduledSlot {
  const slot = scheduledSlots(entry, experience, date).find((s) => s.startTime === startTime);
  const inTime = slot && (rules === 'guest' ? isBookableInTime(entry.venue, slot, now) : slot.startMs > now.getTime());
  if (!slot || !inTime) throw selectionUnavailable();
  return slot;
}

/** Tables that seat the party, in the area when one is given. */
export function fittingTables(entry: CatalogVenue, numberOfGuests: number, seatingAreaId?: string | null): VenueTableRow[] {
  return entry.tables.filter(
    (t) => t.minGuests <= numberOfGuests && numberOfGuests <= t.maxGuests && (seatingAreaId == null || t.seatingAreaId === seatingAreaId),
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

/** A reservation that takes its table at `now`: CONFIRMED, or PENDING still inside its hold. */
export const isLiveAt = (now: Date) =>
  or(eq(reservations.status, 'CONFIRMED'), and(eq(reservations.status, 'PENDING'), gt(reservations.holdExpiresAt, now)));

/**
 * Live reservations of a venue overlapping [fromMs, toMs) (a hold past its time is free even before the
 * sweeper cancels it). One indexed query.
 */
export async function loadBusyIntervals(
  db: DbOrTx,
  options: { venueId: string; date: string; fromMs: number; toMs: number; now: Date; excludeReservationId?: string; tableIds?: string[] },
): Promise<BusyInterval[]> {
  const { venueId, date, fromMs, toMs, now } = options;
  const rows = await db
    .select({
      tableId: reservations.tableId,
      startMs: sql<number>`(extract(epoch from ${reservations.startsAt}) * 1000)::float8`,
      endMs: sql<number>`(extract(epoch from ${reservations.endsAt}) * 1000)::float8`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        // The service days around `date` cover every reservation that can reach into its slots.
        inArray(reservations.date, [addDays(date, -1), date, addDays(date, 1)]),
        lt(reservations.startsAt, new Date(toMs)),
        gt(reservations.endsAt, new Date(fromMs)),
        isLiveAt(now),
        options.excludeReservationId ? ne(reservations.id, options.excludeReservationId) : undefined,
        options.tableIds ? inArray(reservations.tableId, options.tableIds) : undefined,
      ),
    );
  return rows.map((r) => ({ tableId: r.tableId, startMs: Number(r.startMs), endMs: Number(r.endMs) }));
}

/**
 * The same question as `loadBusyIntervals` for a whole day, prepared once per database (no SQL building
 * or planning per call) and answered as one JSON row, since decoding rows one by one is the costly part.
 */
function dayBusyStatement(db: Db) {
  const liveAt = sql.placeholder('now');
  return db
    .select({
      intervals: sql<[string, number, number][] | null>`json_agg(json_build_array(
        ${reservations.tableId},
        (extract(epoch from ${reservations.startsAt}) * 1000)::float8,
        (extract(epoch from ${reservations.endsAt}) * 1000)::float8))`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, sql.placeholder('venueId')),
        inArray(reservations.date, [sql.placeholder('before'), sql.placeholder('date'), sql.placeholder('after')]),
        sql`${reservations.startsAt} < ${sql.placeholder('to')}::timestamptz`,
        sql`${reservations.endsAt} > ${sql.placeholder('from')}::timestamptz`,
        or(
          eq(reservations.status, 'CONFIRMED'),
          and(eq(reservations.status, 'PENDING'), sql`${reservations.holdExpiresAt} > ${liveAt}::timestamptz`),
        ),
      ),
    )
    .prepare('availability_day_busy');
}

const dayBusyStatements = new WeakMap<object, ReturnType<typeof dayBusyStatement>>();

async function loadDayBusy(db: Db, venueId: string, date: string, fromMs: number, toMs: number, now: Date): Promise<BusyInterval[]> {
  let statement = dayBusyStatements.get(db);
  if (!statement) {
    statement = dayBusyStatement(db);
    dayBusyStatements.set(db, statement);
  }
  const [row] = await statement.execute({
    venueId,
    before: addDays(date, -1),
    date,
    after: addDays(date, 1),
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    now: now.toISOString(),
  });
  // Drivers hand json back parsed (pg) or, for some set-ups, as text.
  const raw = row?.intervals ?? [];
  const intervals = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [string, number, number][];
  return intervals.map(([tableId, startMs, endMs]) => ({ tableId, startMs: Number(startMs), endMs: Number(endMs) }));
}

// ---------------------------------------------------------------------------------------------------
// The look-up

export interface AvailabilityQuery extends Selection {
  seatingAreaId?: string;
}

export type AvailabilityDto = Schema<'Availability'>;

/**
 * The free time slots of an experience on a service day for a party: scheduled, after the lead time,
 * and with a free fitting table; each lists the seating areas that still have one.
 */
export async function getAvailability(db: Db, query: AvailabilityQuery, now: Date): Promise<AvailabilityDto> {
  const { entry, experience } = checkSelection(await loadVenueCatalog(db), query, now);

  const result: AvailabilityDto = {
    venueId: entry.venue.id,
    experienceId: experience.id,
    date: query.date,
    dateStr: formatDate(query.date),
    numberOfGuests: query.numberOfGuests,
    open: false,
    timeslots: [],
  };
  const scheduled = scheduledSlots(entry, experience, query.date);
  // Whether the experience is served that day at all: 'No Availability' when not, 'No time slot available' when full.
  result.open = scheduled.length > 0;
  const slots = scheduled.filter((s) => isBookableInTime(entry.venue, s, now));
  const tables = fittingTables(entry, query.numberOfGuests, query.seatingAreaId);
  if (slots.length === 0 || tables.length === 0) return result;

  const busy = groupBusy(
    await loadDayBusy(db, entry.venue.id, query.date, slots[0]!.startMs, Math.max(...slots.map((s) => s.endMs)), now),
  );
  for (const slot of slots) {
    const areaIds = new Set<string>();
    for (const table of tables) {
      if (!areaIds.has(table.seatingAreaId) && isTableFree(busy, table.id, slot.startMs, slot.endMs)) areaIds.add(table.seatingAreaId);
    }
    if (areaIds.size === 0) continue;
    result.timeslots.push({
      startTime: slot.startTime,
      startTimeStr: formatTime(slot.startTime),
      duration: slot.duration,
      titleStr: slot.period.name,
      seatingOptions: entry.areas
        .filter((a) => areaIds.has(a.id))
        .map((a) => ({ _id: a.id, name: a.name, description: a.description })),
    });
  }
  return result;
}
