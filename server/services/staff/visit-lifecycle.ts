/**
 * The server's side of machines/visit.machine.ts: every change staff make to a booked visit is the
 * chart's answer to an event in the booking's current state (409 when the chart refuses it), checked
 * against the caller's venue, and written with its audit entry in one transaction. A no-show applies the
 * venue's no-show policy; a cancellation for the guest goes through the guest's own cancellation (and
 * its refund under the policy).
 */
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { payments, reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import {
  VISIT_EVENT_OF_ACTION,
  VISIT_STATUS_OF_STATE,
  visitStateOf,
} from '../../../machines/visit.machine';
import type { VisitAction } from '../../../common/validation/staff-validation';
import { recordAudit } from '../audit/audit-log';
import { cancelReservation, type CancelDeps } from '../reservations/reservation-change';
import { applyNoShowPolicy } from '../payments/no-show-fee';
import { undoNoShow } from './no-show-undo';
import { attemptCharge } from '../payments/no-show-fee-charge';
import { reservationNotFound, reservationScope, type ReservationRow } from '../reservations/reservations';
import { addDays } from '../../../common/time';
import { liveAt, occupiedUntil } from '../booking-rules/busy-intervals';
import { lockTableDays } from '../venues/table-day-locks';

import { visitContextOf, visitTransition, type VisitChangeDto } from './visit-transition';
import { idIn } from '../../lib/ids';

/** The part of its booked time a finished party gave back: from its finish (not before its start) to its booked end. */
const freedSpan = (row: Pick<ReservationRow, 'startsAt' | 'endsAt' | 'tableFreedAt'>) => ({
  fromMs: Math.max(row.startsAt.getTime(), (row.tableFreedAt ?? row.endsAt).getTime()),
  toMs: row.endsAt.getTime(),
});

/** The tables a booking occupies: its own and, on a combination, the others (docs/PRODUCT.md §9, tables joined). */
const tablesOf = (r: Pick<ReservationRow, 'tableId' | 'combinedTableIds'>) => [r.tableId, ...r.combinedTableIds];

/** What the check reads of a booking: a read of the stand's own columns passes these. */
export type FinishRow = Pick<ReservationRow, 'id' | 'venueId' | 'date' | 'status' | 'visitStatus' | 'tableId' | 'combinedTableIds' | 'startsAt' | 'endsAt' | 'tableFreedAt'>;

/** The other parties' venues and service days (values or a prepared statement's placeholders), and the instant they are live at. */
type Around = { venueIds: (string | Placeholder)[]; days: (string | Placeholder)[]; at: SQL };

/** The finished booking a party gave back its table from (the outer side of `takenSinceFinish`). */
const finished = alias(reservations, 'finished');
/** Where the freed part of its booked time starts (`freedSpan` in SQL): its finish, not before its start. */
const freedFrom = sql`greatest(${finished.startsAt}, coalesce(${finished.tableFreedAt}, ${finished.endsAt}))`;

/**
 * The ids of the finished bookings `which` picks (a condition on them) whose table another live party of
 * `venueIds` on `days` has had since it finished (a guest's booking or hold, a walk-in, a move), as a
 * subquery: a finished party gave back its booked time from its finish to its booked end, and another
 * party sitting at one of its tables in that time takes it. Joined on each table the two share (a
 * combination's tables unnested), so the database hashes it once for a whole day instead of a loop per
 * booking; the host stand reads it in its own statement, the day sheet and a visit change on its own.
 */
export function takenSinceFinish(which: (finishedBooking: typeof finished) => SQL, options: Around) {
  const others = liveAtTheirTables(options);
  return sql`SELECT ${finished.id} FROM ${reservations} AS finished
    CROSS JOIN LATERAL unnest(array[${finished.tableId}] || ${finished.combinedTableIds}) AS freed(table_id)
    JOIN (${others}) AS other ON other.table_id = freed.table_id AND other.id <> ${finished.id}
      AND other.starts_at < ${finished.endsAt} AND other.until > greatest(${freedFrom}, other.starts_at)
    WHERE ${which(finished)} AND ${finished.status} = 'CONFIRMED' AND ${finished.visitStatus} = 'FINISHED' AND ${freedFrom} < ${finished.endsAt}`;
}

/** The live parties of the venues' days, once per table they sit at. */
const liveAtTheirTables = ({ venueIds, days, at }: Around) =>
  sql`SELECT ${reservations.id} AS id, ${reservations.startsAt} AS starts_at, ${occupiedUntil} AS until,
      unnest(array[${reservations.tableId}] || ${reservations.combinedTableIds}) AS table_id
    FROM ${reservations}
    WHERE ${and(inArray(reservations.venueId, venueIds), inArray(reservations.date, days), liveAt(at))}`;

/**
 * Of these finished bookings, the ids whose table another live party has had since it finished: one read
 * (none when no booking given finished before its booked end).
 */
export async function tablesTakenSinceFinish(db: DbOrTx, rows: readonly FinishRow[], now: Date): Promise<Set<string>> {
  const freedEarly = rows.filter((r) => r.status === 'CONFIRMED' && r.visitStatus === 'FINISHED' && freedSpan(r).fromMs < freedSpan(r).toMs);
  if (freedEarly.length === 0) return new Set();
  // The service days around each: a party of the day before or after can reach into its time.
  const days = [...new Set(freedEarly.flatMap((r) => [addDays(r.date, -1), r.date, addDays(r.date, 1)]))];
  const venueIds = [...new Set(freedEarly.map((r) => r.venueId))];
  const at = sql`${now.toISOString()}::timestamptz`;
  const taken = takenSinceFinish((f) => idIn(f.id, freedEarly.map((r) => r.id)), { venueIds, days, at });
  const found = await db.select({ id: reservations.id }).from(reservations).where(sql`${reservations.id} IN (${taken})`);
  return new Set(found.map((r) => r.id));
}

/** What the audit log keeps of a booking's visit. */
const visitView = (row: ReservationRow) => ({ status: row.status, visitStatus: row.visitStatus });

async function lockReservation(tx: DbOrTx, id: string): Promise<ReservationRow> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  if (!row) throw reservationNotFound();
  return row;
}

/** Applies one visit change for staff: 404 unknown booking, 403 another venue's, 409 refused by the chart. */
export async function changeVisit(deps: CancelDeps, actor: AuthUser, reservationId: string, action: VisitAction): Promise<VisitChangeDto> {
  const { db, now, catalog } = await reservationScope(deps);
  const [found] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!found) throw reservationNotFound();
  checkVenueAccess(actor, found.venueId);
  const event = VISIT_EVENT_OF_ACTION[action](now.getTime());
  const audit = (tx: DbOrTx, before: ReservationRow, after: ReservationRow, extra: Record<string, unknown> = {}) =>
    recordAudit(tx, {
      actorId: actor.id,
      venueId: before.venueId,
      action: `visit.${action}`,
      entityType: 'reservation',
      entityId: before.id,
      before: visitView(before),
      after: { ...visitView(after), ...extra },
      at: now,
    });

  if (event.type === 'visit.undoNoShow') return undoNoShow(deps, actor, found, catalog);

  if (event.type === 'visit.cancel') {
    // The chart is asked again on the locked row inside the guest's own cancellation, so a race cannot slip past it.
    visitTransition(found, event, visitContextOf(found, catalog));
    await cancelReservation(deps, found.userId, found.id, {}, async (tx, before, after) => {
      visitTransition(before, event, visitContextOf(before, catalog));
      await audit(tx, before, after);
    });
    const [after] = await db.select().from(reservations).where(eq(reservations.id, found.id));
    return { reservationId: found.id, status: after!.status, visitStatus: after!.visitStatus, noShow: null, refunded: await refundedOf(db, found.id) };
  }

  const { answer, cardCharge } = await db.transaction(async (tx) => {
    const before = await lockReservation(tx, reservationId);
    let tableTaken = false;
    if (event.type === 'visit.undoFinish' && visitStateOf(before) === 'finished') {
      // Under the table's day locks, as a booking of it takes them: a guest cannot take it meanwhile.
      const span = freedSpan(before);
      if (span.fromMs < span.toMs) await lockTableDays(tx, tablesOf(before), span.fromMs, span.toMs);
      tableTaken = (await tablesTakenSinceFinish(tx, [before], now)).has(before.id);
    }
    const { state, effects } = visitTransition(before, event, visitContextOf(before, catalog, tableTaken));
    const noShow = state === 'noShow';
    const [after] = await tx
      .update(reservations)
      .set(
        noShow
          ? { status: 'NO_SHOW', visitStatus: null, updatedAt: now }
          : // A finished party frees its table now; its booked times stay on record. An undone finish takes it back.
            {
              visitStatus: VISIT_STATUS_OF_STATE[state] ?? null,
              // The host stand's seated timer starts when the party sits down (an undone finish keeps it).
              ...(state === 'seated' && before.visitStatus !== 'SEATED' && before.visitStatus !== 'FINISHED' ? { seatedAt: now } : {}),
              ...(effects.includes('freeTable') ? { tableFreedAt: now } : effects.includes('retakeTable') ? { tableFreedAt: null } : {}),
              // An undone arrival forgets who of the party had come (the host stand's "partly arrived").
              ...(VISIT_STATUS_OF_STATE[state] ? {} : { arrivedCovers: null }),
              updatedAt: now,
            },
      )
      .where(eq(reservations.id, before.id))
      .returning();
    const policy = effects.includes('applyNoShowPolicy') ? await applyNoShowPolicy(tx, after!, catalog, now) : null;
    await audit(tx, before, after!, policy ? { noShow: policy.outcome } : {});
    const answer: VisitChangeDto = { reservationId: after!.id, status: after!.status, visitStatus: after!.visitStatus, noShow: policy?.outcome ?? null, refunded: null };
    return { answer, cardCharge: policy?.cardCharge ?? null };
  });
  if (cardCharge) {
    // After commit: the processor is never called inside our transactions. Unanswered, it is tried again later.
    const charge = await attemptCharge(deps, cardCharge, { actor, catalog });
    if (charge.status === 'CHARGED') answer.noShow = { ...answer.noShow!, cardCharged: charge.amount, outstanding: answer.noShow!.outstanding - charge.amount };
  }
  return answer;
}

/** What has been given back of the booking's payments. */
async function refundedOf(db: DbOrTx, reservationId: string): Promise<number> {
  const [row] = await db
    .select({ refunded: sql<number>`coalesce(sum(${payments.refundedAmount}), 0)::int` })
    .from(payments)
    .where(eq(payments.reservationId, reservationId));
  return Number(row?.refunded ?? 0);
}
