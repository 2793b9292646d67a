/**
 * Staff's closures: close a venue, a dining area or a service for days, list them, remove one. Admins
 * reach every venue and venue staff their own (a duty manager closes for a typhoon signal without
 * waiting for an admin). Each change is audited in its transaction. Bookings already inside a closure
 * are never cancelled: the answer lists them, with the guest's contact, for staff to call.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { closures, reservations, users } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { checkVenueAccess } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { NewClosureInput } from '../../../common/validation/closure-validation';
import { formatTime, hongKongToday } from '../../../common/time';
import { recordAudit } from '../audit/audit-log';
import { isLiveAt } from '../booking-rules/busy-intervals';
import { clearClosuresCache, lockVenueClosures, type ClosureRow } from '../booking-rules/closures';
import { periodAt } from '../booking-rules/slot-schedule';
import { loadVenueCatalog, seatingAreaOf, venueOf, type CatalogVenue } from '../booking-rules/venue-catalog';
import { formatPhoneNumber } from '../../../common/validation/phone-number';

export type ClosureDto = Schema<'Closure'>;
export type AffectedBookingDto = Schema<'AffectedBooking'>;
type ClosureDeps = Pick<AppDeps, 'db' | 'clock'>;

export const closureNotFound = () => notFound(/*i18n*/ 'The closure does not exist');


/** A booking's guest as the account has them, for a booking whose own details are not given yet. */
export const ACCOUNT_CONTACT = { firstName: users.firstName, lastName: users.lastName, email: users.email, mobileCountryCode: users.mobileCountryCode, mobileNumber: users.mobileNumber };
type AccountContact = { firstName: string | null; lastName: string | null; email: string; mobileCountryCode: string | null; mobileNumber: string | null };

/** A booking for staff to contact, with the guest's name, e-mail and mobile (closures, set-up changes). */
export function affectedBookingOf(r: typeof reservations.$inferSelect, u: AccountContact): AffectedBookingDto {
  // The booking's own details once the guest gave them; the account's while it is still a hold.
  const countryCode = r.mobileCountryCode ?? u.mobileCountryCode;
  const number = r.mobileNumber ?? u.mobileNumber;
  return {
    _id: r.id,
    uniqueId: r.uniqueId,
    date: r.date,
    startTime: r.startTime,
    startTimeStr: formatTime(r.startTime),
    numberOfGuests: r.numberOfGuests,
    status: r.status,
    guestName: `${r.firstName ?? u.firstName} ${r.lastName ?? u.lastName}`.trim(),
    email: r.email ?? u.email,
    mobile: formatPhoneNumber(countryCode, number),
  };
}

/** The live bookings (confirmed, or held) inside a closure, by day and time, with the guest's contact. */
async function bookingsInside(db: DbOrTx, entry: CatalogVenue, closure: ClosureRow, now: Date): Promise<AffectedBookingDto[]> {
  const rows = await db
    .select({ r: reservations, u: ACCOUNT_CONTACT })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(and(eq(reservations.venueId, closure.venueId), gte(reservations.date, closure.fromDate), lte(reservations.date, closure.toDate), isLiveAt(now)))
    .orderBy(asc(reservations.date), asc(reservations.startTime), asc(reservations.id));
  const areaOfTable = new Map(entry.tables.map((t) => [t.id, t.seatingAreaId]));
  return rows
    .filter(({ r }) =>
      closure.scope === 'VENUE' ? true
      : closure.scope === 'AREA' ? areaOfTable.get(r.tableId) === closure.seatingAreaId
      : periodAt(entry, r.date, r.startTime)?.name === closure.periodName,
    )
    .map(({ r, u }) => affectedBookingOf(r, u));
}

function closureDto(row: ClosureRow, affected: AffectedBookingDto[]): ClosureDto {
  return {
    _id: row.id,
    venueId: row.venueId,
    scope: row.scope,
    seatingAreaId: row.seatingAreaId,
    periodName: row.periodName,
    fromDate: row.fromDate,
    toDate: row.toDate,
    reason: row.reason,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    affected,
  };
}

/** What the audit log keeps of a closure. */
const closureView = (row: ClosureRow) => ({
  scope: row.scope,
  seatingAreaId: row.seatingAreaId,
  periodName: row.periodName,
  fromDate: row.fromDate,
  toDate: row.toDate,
  reason: row.reason,
  note: row.note,
});

/** Checks what the closure names belongs to the venue and starts today or later. */
function checkClosureTarget(entry: CatalogVenue, input: NewClosureInput, today: string): void {
  if (input.scope === 'AREA') seatingAreaOf(entry, input.seatingAreaId);
  if (input.scope === 'SERVICE' && !entry.periods.some((p) => p.name === input.periodName)) {
    throw badRequest(/*i18n*/ 'periodName does not name a service of this venue', 'periodName');
  }
  if (input.fromDate < today) throw badRequest(/*i18n*/ 'A closure cannot start before today', 'fromDate');
}

/** Closes what the input names for its days, audited in the same transaction; the answer lists the bookings inside. */
export async function createClosure(deps: ClosureDeps, actor: AuthUser, input: NewClosureInput): Promise<ClosureDto> {
  const now = deps.clock.now();
  const entry = venueOf(await loadVenueCatalog(deps.db), input.venueId);
  checkVenueAccess(actor, input.venueId);
  checkClosureTarget(entry, input, hongKongToday(now));
  const row: ClosureRow = {
    id: newId(),
    venueId: input.venueId,
    scope: input.scope,
    seatingAreaId: input.scope === 'AREA' ? input.seatingAreaId! : null,
    periodName: input.scope === 'SERVICE' ? input.periodName! : null,
    fromDate: input.fromDate,
    toDate: input.toDate,
    reason: input.reason,
    note: input.note || null,
    createdBy: actor.id,
    createdAt: now,
  };
  const affected = await deps.db.transaction(async (tx) => {
    // Bookings on their way finish first, so the list below holds them too.
    await lockVenueClosures(tx, row.venueId, 'exclusive');
    await tx.insert(closures).values(row);
    const inside = await bookingsInside(tx, entry, row, now);
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: row.venueId,
      action: 'closure.create',
      entityType: 'closure',
      entityId: row.id,
      before: null,
      after: { ...closureView(row), affectedBookings: inside.map((b) => b._id) },
      at: now,
    });
    return inside;
  });
  clearClosuresCache(deps.db);
  return closureDto(row, affected);
}

/** A venue's closures that end on `from` or later (today by default), each with the live bookings still inside it. */
export async function listClosures(deps: ClosureDeps, actor: AuthUser, venueId: string, from?: string): Promise<ClosureDto[]> {
  const now = deps.clock.now();
  const entry = venueOf(await loadVenueCatalog(deps.db), venueId);
  checkVenueAccess(actor, venueId);
  const rows = await deps.db
    .select()
    .from(closures)
    .where(and(eq(closures.venueId, venueId), gte(closures.toDate, from ?? hongKongToday(now))))
    .orderBy(asc(closures.fromDate), asc(closures.createdAt));
  const list: ClosureDto[] = [];
  for (const row of rows) list.push(closureDto(row, await bookingsInside(deps.db, entry, row, now)));
  return list;
}

/** Reopens what a closure closed (404 unknown, 403 another venue's), audited; the removed closure is the answer. */
export async function removeClosure(deps: ClosureDeps, actor: AuthUser, closureId: string): Promise<ClosureDto> {
  const now = deps.clock.now();
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(closures).where(eq(closures.id, closureId)).for('update');
    if (!row) throw closureNotFound();
    checkVenueAccess(actor, row.venueId);
    await tx.delete(closures).where(eq(closures.id, row.id));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: row.venueId,
      action: 'closure.remove',
      entityType: 'closure',
      entityId: row.id,
      before: closureView(row),
      after: null,
      at: now,
    });
    return row;
  });
  clearClosuresCache(deps.db);
  return closureDto(removed, []);
}
