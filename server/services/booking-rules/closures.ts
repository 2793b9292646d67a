/**
 * The rule closures put on the book: nothing is offered or booked on a closed venue's day, in a closed
 * dining area or in a closed service. Availability, booking, changes, staff moves and waitlist offers
 * all ask here; bookings already inside a closure are left for staff to contact.
 */
import { and, asc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { closures } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { ClosureReason } from '../../../common/validation/closure-validation';
import { addDays, hongKongToday } from '../../../common/time';

export type ClosureRow = typeof closures.$inferSelect;

/** The venue's closures touching any service day from `fromDate` to `toDate`, oldest first. One indexed query. */
export function loadClosures(db: DbOrTx, venueId: string, fromDate: string, toDate: string = fromDate): Promise<ClosureRow[]> {
  return db
    .select()
    .from(closures)
    .where(and(eq(closures.venueId, venueId), gte(closures.toDate, fromDate), lte(closures.fromDate, toDate)))
    .orderBy(asc(closures.fromDate), asc(closures.createdAt));
}

/** A venue's closures lock as a 64-bit advisory key (FNV-1a), apart from the table-day locks' two-int keys. */
export function closuresLockKey(venueId: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const ch of `closures:${venueId}`) hash = BigInt.asUintN(64, (hash ^ BigInt(ch.charCodeAt(0))) * 0x100000001b3n);
  return BigInt.asIntN(64, hash);
}

/**
 * Bookings take the venue's closures lock shared before they read its closures, and a new closure takes
 * it exclusively: the closure waits for bookings on their way and lists them, and later bookings see it.
 * Bookings never wait for each other on it.
 */
export async function lockVenueClosures(tx: DbOrTx, venueId: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const key = closuresLockKey(venueId).toString();
  await tx.execute(mode === 'shared' ? sql`SELECT pg_advisory_xact_lock_shared(${key}::bigint)` : sql`SELECT pg_advisory_xact_lock(${key}::bigint)`);
}

/** How long the date step's closed days trust their copy of the closures; the staff's own changes clear it at once. */
const CLOSURES_TTL_MS = 30_000;
const closuresCache = new WeakMap<object, { at: number; fromDate: string; rows: Promise<ClosureRow[]> }>();

/**
 * The closures of every venue from the day before `today` on, read at most once per `CLOSURES_TTL_MS`
 * (wall-clock) per database handle, for the guest's date step. Look-ups and bookings read them afresh
 * (`dayClosuresJson`, `loadClosures`), so a closure made in another server process is kept at once.
 */
function cachedClosures(db: DbOrTx, today: string): Promise<ClosureRow[]> {
  const nowMs = Date.now();
  const fromDate = addDays(today, -1);
  const cached = closuresCache.get(db);
  if (cached && cached.fromDate === fromDate && nowMs - cached.at < CLOSURES_TTL_MS) return cached.rows;
  // Promise.resolve runs the query once: a drizzle query is a thenable that runs again on every await,
  // so caching the query itself cached nothing (each look-up read the closures).
  const rows = Promise.resolve(db.select().from(closures).where(gte(closures.toDate, fromDate)).orderBy(asc(closures.fromDate), asc(closures.createdAt)));
  closuresCache.set(db, { at: nowMs, fromDate, rows });
  // A failed read must not stick.
  rows.catch(() => closuresCache.delete(db));
  return rows;
}

/** Forgets the cached closures (after staff add or remove one). */
export function clearClosuresCache(db: DbOrTx): void {
  closuresCache.delete(db);
}

/**
 * The venue's closures touching a service day as one JSON value, oldest first, for a statement that
 * reads the day in one round trip (the look-up's and the guarded hold's): always fresh, so a closure
 * made in any server process is kept by the next look-up.
 */
export const dayClosuresJson = (venueId: SQL | Placeholder, date: SQL | Placeholder) =>
  sql<ClosureJson[] | string | null>`(SELECT json_agg(c ORDER BY c.from_date, c.created_at) FROM ${closures} c
    WHERE c.venue_id = ${venueId} AND c.to_date >= ${date} AND c.from_date <= ${date})`;

/** A closure row as json_agg writes it. */
interface ClosureJson {
  id: string;
  venue_id: string;
  scope: ClosureRow['scope'];
  seating_area_id: string | null;
  period_name: string | null;
  from_date: string;
  to_date: string;
  reason: ClosureRow['reason'];
  note: string | null;
  created_by: string;
  created_at: string;
}

/** The rows of `dayClosuresJson` (the drivers hand JSON back parsed or as text). */
export function closuresFromJson(value: ClosureJson[] | string | null | undefined): ClosureRow[] {
  const rows: ClosureJson[] = typeof value === 'string' ? (JSON.parse(value) as ClosureJson[]) : (value ?? []);
  return rows.map((c) => ({
    id: c.id,
    venueId: c.venue_id,
    scope: c.scope,
    seatingAreaId: c.seating_area_id,
    periodName: c.period_name,
    fromDate: c.from_date,
    toDate: c.to_date,
    reason: c.reason,
    note: c.note,
    createdBy: c.created_by,
    createdAt: new Date(c.created_at),
  }));
}

/** The venue's wholly closed days from today for `days` days, with their reasons, for the guest's date step (cached). */
export async function closedDaysAhead(db: DbOrTx, venueId: string, now: Date, days: number): Promise<{ date: string; reason: ClosureReason }[]> {
  const today = hongKongToday(now);
  const last = addDays(today, days);
  const byDay = new Map<string, ClosureReason>();
  for (const row of await cachedClosures(db, today)) {
    if (row.venueId !== venueId || row.scope !== 'VENUE') continue;
    for (let date = row.fromDate < today ? today : row.fromDate; date <= row.toDate && date <= last; date = addDays(date, 1)) {
      if (!byDay.has(date)) byDay.set(date, row.reason);
    }
  }
  return [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, reason]) => ({ date, reason }));
}

/** What is closed on one service day: the venue, which dining areas, which services. */
export interface DayClosures {
  /** The venue's own closure that day, if any. */
  venue?: ClosureRow;
  areas: Map<string, ClosureRow>;
  periods: Map<string, ClosureRow>;
}

export function closuresOn(rows: readonly ClosureRow[], date: string): DayClosures {
  const day: DayClosures = { areas: new Map(), periods: new Map() };
  for (const row of rows) {
    if (row.fromDate > date || row.toDate < date) continue;
    if (row.scope === 'VENUE') day.venue ??= row;
    else if (row.scope === 'AREA' && !day.areas.has(row.seatingAreaId!)) day.areas.set(row.seatingAreaId!, row);
    else if (row.scope === 'SERVICE' && !day.periods.has(row.periodName!)) day.periods.set(row.periodName!, row);
  }
  return day;
}

/** The closure that shuts a service (by period name) on that day: the venue's, else the service's own. */
export function serviceClosure(day: DayClosures, periodName: string): ClosureRow | undefined {
  return day.venue ?? day.periods.get(periodName);
}

/** A stay in a service: its start and how long the party sits (the turn time), in minutes of the service day. */
export interface Stay {
  period: { name: string };
  startTime: number;
  duration: number;
}

/**
 * The closure that shuts a stay: the venue's, its own service's, or that of any other service of the
 * day (`services`) its whole stay runs into; a lunch that would sit on into a closed dinner is not offered.
 */
export function stayClosure(day: DayClosures, services: readonly { name: string; startMinute: number; endMinute: number }[], stay: Stay): ClosureRow | undefined {
  const own = serviceClosure(day, stay.period.name);
  if (own || day.periods.size === 0) return own;
  const end = stay.startTime + stay.duration;
  const into = services.find((s) => s.startMinute < end && stay.startTime < s.endMinute && day.periods.has(s.name));
  return into && day.periods.get(into.name);
}

/**
 * The tables outside closed dining areas. When closures leave none of the fitting tables, the booking
 * is refused with the reason rather than as merely full.
 */
export function openTables<T extends { seatingAreaId: string }>(tables: readonly T[], day: DayClosures): T[] {
  const open = tables.filter((t) => !day.areas.has(t.seatingAreaId));
  if (open.length === 0 && tables.length > 0) throw closedForBooking(day.areas.get(tables[0]!.seatingAreaId)!.reason);
  return open;
}

const CLOSED_MESSAGES: Record<ClosureReason, string> = {
  PRIVATE_EVENT: /*i18n*/ 'Sorry, this time is closed for a private event. Please choose another date or time.',
  TYPHOON: /*i18n*/ 'Sorry, this time is closed because of a typhoon signal. Please choose another date or time.',
  OTHER: /*i18n*/ 'Sorry, this time is closed for bookings. Please choose another date or time.',
};

/** 409: the booking asks for a closed venue, area or service; the message gives the reason in the guest's words. */
export const closedForBooking = (reason: ClosureReason) => new ApiError(409, ERROR_CODES.SELECTION_UNAVAILABLE, CLOSED_MESSAGES[reason]);
