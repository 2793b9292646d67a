/**
 * Giving a party other tables at the host stand (docs/PRODUCT.md §6): a late party seated at another
 * table, a seated party moved, or tables joined for a party. Only the tables change (its time, party and
 * payment stay, so the guest is sent nothing), which the staff move refuses once a booking has started
 * or its party has arrived. Tables are joined only as the set-up combines them (`joinableCombinations`). Under the
 * tables' day locks (docs/decisions/0005-table-day-locks.md), so of two hosts giving one table at once
 * one gets it and the other is told who has it.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { addDays } from '../../../common/time';
import { timeIn } from '../../lib/message-values';
import { atTables, isLiveAt, occupiesDuring } from '../booking-rules/busy-intervals';
import { lockTableDays } from '../venues/table-day-locks';
import { isCombinationOf, joinableCombinations } from '../booking-rules/table-fit';
import { venueOf, type CatalogVenue } from '../booking-rules/venue-catalog';
import { reservationNotFound, type ReservationRow } from '../reservations/reservations';
import { recordAudit } from '../audit/audit-log';
import { notJoinedFor, StaffRefusal } from '../booking-rules/staff-refusals';
import { visitChangeRefused } from '../staff/visit-transition';
import type { VenueCatalog } from '../booking-rules/venue-catalog';

const MINUTE_MS = 60_000;

/** 409 20201: a table of the choice has a party on it in the span, named with its time. */
async function takenBy(tx: DbOrTx, entry: CatalogVenue, row: ReservationRow, tableIds: string[], span: { fromMs: number; toMs: number; now: Date }): Promise<StaffRefusal | null> {
  const [other] = await tx
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, row.venueId),
        inArray(reservations.date, [addDays(row.date, -1), row.date, addDays(row.date, 1)]),
        atTables(reservations, tableIds),
        occupiesDuring(sql`${new Date(span.fromMs).toISOString()}::timestamptz`, sql`${new Date(span.toMs).toISOString()}::timestamptz`),
        isLiveAt(span.now),
        ne(reservations.id, row.id),
      ),
    )
    .orderBy(asc(reservations.startsAt))
    .limit(1);
  if (!other) return null;
  const table = entry.tables.find((t) => tableIds.includes(t.id) && [other.tableId, ...other.combinedTableIds].includes(t.id))!;
  const name = [other.firstName, other.lastName].filter(Boolean).join(' ') || other.uniqueId;
  const values = { table: table.name, name, reference: other.uniqueId, from: timeIn(other.startTime), to: timeIn(other.startTime + other.duration) };
  return new StaffRefusal(
    /*i18n*/ 'Table {table} has just been given to {name} ({reference}), from {from} to {to}. Choose another table.',
    values,
    { code: 'TABLE_TAKEN', table: table.name, reference: other.uniqueId, held: other.status === 'PENDING', date: other.date, startTime: other.startTime, endTime: other.startTime + other.duration },
    null,
    ERROR_CODES.TABLE_JUST_TAKEN,
  );
}

/**
 * 409 when a table is not the venue's or out of use, or one table has too few seats; 400 when tables joined
 * are not a combination of the set-up that seats the party (`joinableCombinations`).
 */
function checkTables(entry: CatalogVenue, row: ReservationRow, tableIds: string[]) {
  const tables = tableIds.map((id) => entry.tables.find((t) => t.id === id));
  if (tables.some((t) => !t || !t.active)) throw visitChangeRefused();
  const chosen = tables as NonNullable<(typeof tables)[number]>[];
  if (chosen.length > 1) {
    if (!joinableCombinations(entry, row.numberOfGuests).some((c) => isCombinationOf(c, tableIds))) throw notJoinedFor(chosen.map((t) => t.name), row.numberOfGuests);
    return;
  }
  const seats = chosen[0]!.maxGuests;
  if (seats < row.numberOfGuests) {
    throw new StaffRefusal(
      /*i18n*/ '{tables} seats {seats}: too few for a party of {guests}.',
      { tables: chosen[0]!.name, seats, guests: row.numberOfGuests },
      { code: 'PARTY_TOO_LARGE', numberOfGuests: row.numberOfGuests, largestTable: seats, largestFreeTable: null },
    );
  }
}

/**
 * Puts the booking on `tableIds` (the first its own, the others joined), from `now` to the end of its
 * booked time. 404, 403 another venue's, 409 when its visit is over or a table is taken or unfit.
 */
export async function swapTables(deps: { db: DbOrTx; catalog: VenueCatalog; now: Date }, actor: AuthUser, reservationId: string, tableIds: string[]): Promise<ReservationRow> {
  const { db, catalog, now } = deps;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!row) throw reservationNotFound();
    checkVenueAccess(actor, row.venueId);
    if (row.status !== 'CONFIRMED' || row.visitStatus === 'FINISHED') throw visitChangeRefused();
    const entry = venueOf(catalog, row.venueId);
    checkTables(entry, row, tableIds);
    // The booked span as the database's no-double-booking rule reads it, and now for a party sitting past it.
    const fromMs = Math.min(row.startsAt.getTime(), now.getTime());
    const toMs = Math.max(row.endsAt.getTime(), now.getTime() + MINUTE_MS);
    await lockTableDays(tx, tableIds, fromMs, toMs);
    const taken = await takenBy(tx, entry, row, tableIds, { fromMs, toMs, now });
    if (taken) throw taken;
    const [tableId, ...combinedTableIds] = tableIds;
    const [after] = await tx.update(reservations).set({ tableId, combinedTableIds, updatedAt: now }).where(eq(reservations.id, row.id)).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: row.venueId,
      action: 'reservation.table-swap',
      entityType: 'reservation',
      entityId: row.id,
      before: { tableId: row.tableId, combinedTableIds: row.combinedTableIds },
      after: { tableId, combinedTableIds },
      at: now,
    });
    return after!;
  });
}
