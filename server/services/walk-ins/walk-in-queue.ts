/**
 * The walk-in queue at the host stand (docs/PRODUCT.md §2, the walk-in queue): parties added at the door with a quoted wait,
 * kept in arrival order, called when their table is ready (walk-in-ready.ts), seated from the queue
 * (walk-in-seat.ts) or gone with a reason. "Now" is the server's clock; each change is audited and
 * announced to every host's panel in its transaction.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { walkInQueue, type WalkInQueueRow } from '../../db/walk-in-schema';
import { checkVenueAccess } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Schema } from '../../lib/api-types';
import { serviceDayOf } from '../../../common/service-day';
import { DEFAULT_LOCALE } from '../../../common/locales';
import type { NewWalkInInput, WalkInLeftReason } from '../../../common/validation/walk-in-queue-validation';
import { recordAudit } from '../audit/audit-log';
import { reservationScope, type ReservationDeps } from '../reservations/reservations';
import { venueOf, type CatalogVenue } from '../booking-rules/venue-catalog';
import { isQueued, placesOf, toWalkInDto, type WalkInEntryDto } from './walk-in-dto';
import { announceWalkInQueue } from './walk-in-events';
import { changeQueuedEntry } from './walk-in-entry';
import { estimateOnFloor, walkInTurnMinutes } from './walk-in-floor';
import { quotedFromEstimate } from './quote-wait';

export type WalkInQueueDto = Schema<'WalkInQueue'>;
export type WalkInEstimateDto = Schema<'WalkInEstimate'>;

/** A day's parties of a venue, in arrival order. */
export async function queueRows(db: DbOrTx, venueId: string, date: string): Promise<WalkInQueueRow[]> {
  return db.select().from(walkInQueue).where(and(eq(walkInQueue.venueId, venueId), eq(walkInQueue.date, date))).orderBy(asc(walkInQueue.arrivedAt), asc(walkInQueue.seq));
}

/** The queue of a service day (default: the one running now), every party of it in arrival order. */
export async function listWalkInQueue(deps: ReservationDeps, actor: AuthUser, venueId: string, date?: string): Promise<WalkInQueueDto> {
  const { db, now, catalog } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  venueOf(catalog, venueId);
  const day = date ?? serviceDayOf(now).date;
  const rows = await queueRows(db, venueId, day);
  const places = placesOf(rows);
  return { venueId, date: day, at: now.toISOString(), entries: rows.map((r) => toWalkInDto(r, now, places.get(r.id) ?? null, deps.config)) };
}

/** The floor's wait for a party of `numberOfGuests` joining the queue now, behind every party queued. */
async function estimateNow(db: DbOrTx, entry: CatalogVenue, now: Date, party: { numberOfGuests: number; seatingAreaId: string | null }) {
  const ahead = (await queueRows(db, entry.venue.id, serviceDayOf(now).date)).filter(isQueued);
  return estimateOnFloor(db, entry, now, party, ahead);
}

/** 400 naming `seatingAreaId` when it is not a dining area of the venue. */
function checkArea(entry: CatalogVenue, seatingAreaId: string | null): void {
  if (seatingAreaId !== null && !entry.areas.some((a) => a.id === seatingAreaId)) {
    throw badRequest(/*i18n*/ 'seatingAreaId does not name a dining area of this venue', 'seatingAreaId');
  }
}

/** What the queue would quote a party joining now (the add form's suggestion). */
export async function estimateWalkIn(
  deps: ReservationDeps,
  actor: AuthUser,
  venueId: string,
  party: { numberOfGuests: number; seatingAreaId: string | null },
): Promise<WalkInEstimateDto> {
  const { db, now, catalog } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  const entry = venueOf(catalog, venueId);
  checkArea(entry, party.seatingAreaId);
  const estimate = await estimateNow(db, entry, now, party);
  const table = estimate && entry.tables.find((t) => t.id === estimate.tableId);
  return {
    estimatedMinutes: estimate?.minutes ?? null,
    quotedMinutes: quotedFromEstimate(estimate),
    tableId: table?.id ?? null,
    tableName: table?.name ?? null,
    turnMinutes: walkInTurnMinutes(entry, now),
  };
}

/**
 * Adds a party to the end of the queue, arrived now, quoted the host's minutes or else the floor's estimate;
 * 400 on `quotedMinutes` when no table seats the party today and the host gave no quote.
 */
export async function addToWalkInQueue(deps: ReservationDeps, actor: AuthUser, venueId: string, input: NewWalkInInput): Promise<WalkInEntryDto> {
  const { db, now, catalog } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  const entry = venueOf(catalog, venueId);
  const seatingAreaId = input.seatingAreaId ?? null;
  checkArea(entry, seatingAreaId);
  const row = await db.transaction(async (tx) => {
    const estimate = await estimateNow(tx, entry, now, { numberOfGuests: input.numberOfGuests, seatingAreaId });
    const quotedMinutes = input.quotedMinutes ?? quotedFromEstimate(estimate);
    if (quotedMinutes === null) throw badRequest(/*i18n*/ 'No table seats this party within the next hours: enter the wait to quote', 'quotedMinutes');
    const [inserted] = await tx
      .insert(walkInQueue)
      .values({
        id: newId(),
        venueId,
        date: serviceDayOf(now).date,
        name: input.name,
        numberOfGuests: input.numberOfGuests,
        mobileCountryCode: input.mobileNumber ? (input.mobileCountryCode ?? null) : null,
        mobileNumber: input.mobileNumber ?? null,
        notes: input.notes,
        seatingAreaId,
        locale: input.locale ?? DEFAULT_LOCALE,
        arrivedAt: now,
        quotedMinutes,
        estimatedMinutes: estimate?.minutes ?? null,
        status: 'WAITING',
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, { actorId: actor.id, venueId, action: 'walk-in.queue', entityType: 'walk_in', entityId: inserted!.id, before: null, after: { numberOfGuests: inserted!.numberOfGuests, quotedMinutes }, at: now });
    await announceWalkInQueue(tx, { venueId, date: inserted!.date, entryId: inserted!.id });
    return inserted!;
  });
  return entryDto(db, row, now, deps);
}

/** A row as answered, with its place among the day's queue as it now stands. */
export async function entryDto(db: DbOrTx, row: WalkInQueueRow, now: Date, deps: ReservationDeps): Promise<WalkInEntryDto> {
  const places = placesOf(await queueRows(db, row.venueId, row.date));
  return toWalkInDto(row, now, places.get(row.id) ?? null, deps.config);
}

/** The host's own quote for a queued party. */
export async function changeWalkInQuote(deps: ReservationDeps, actor: AuthUser, venueId: string, entryId: string, quotedMinutes: number): Promise<WalkInEntryDto> {
  const { db, now } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  const row = await db.transaction(async (tx) => {
    const changed = await changeQueuedEntry(tx, venueId, entryId, { quotedMinutes, updatedAt: now });
    await recordAudit(tx, { actorId: actor.id, venueId, action: 'walk-in.quote', entityType: 'walk_in', entityId: entryId, before: null, after: { quotedMinutes }, at: now });
    return changed;
  });
  return entryDto(db, row, now, deps);
}

/** A queued party gone without a table, with the reason. */
export async function walkInLeft(deps: ReservationDeps, actor: AuthUser, venueId: string, entryId: string, reason: WalkInLeftReason): Promise<WalkInEntryDto> {
  const { db, now } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  const row = await db.transaction(async (tx) => {
    const changed = await changeQueuedEntry(tx, venueId, entryId, { status: 'LEFT', leftAt: now, leftReason: reason, updatedAt: now });
    await recordAudit(tx, { actorId: actor.id, venueId, action: 'walk-in.left', entityType: 'walk_in', entityId: entryId, before: null, after: { reason }, at: now });
    return changed;
  });
  return entryDto(db, row, now, deps);
}
