/**
 * The server's side of machines/visit.machine.ts: every change staff make to a booked visit is the
 * chart's answer to an event in the booking's current state (409 when the chart refuses it), checked
 * against the caller's venue, and written with its audit entry in one transaction. A no-show applies the
 * venue's no-show policy; a cancellation for the guest goes through the guest's own cancellation (and
 * its refund under the policy).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { transition } from 'xstate';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { payments, reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { conflict, ApiError } from '../../lib/errors';
import type { Schema } from '../../lib/api-types';
import {
  VISIT_EVENT_OF_ACTION,
  VISIT_STATUS_OF_STATE,
  visitMachine,
  visitStateOf,
  type VisitEvent,
  type VisitState,
  ARRIVAL_LEAD_MINUTES,
  refusedVisitActions,
  type VisitContext,
  type VisitRefusal,
} from '../../../machines/visit.machine';
import type { VisitAction } from '../../../common/validation/staff-validation';
import { recordAudit } from '../audit/audit-log';
import { cancelReservation, type CancelDeps } from '../reservations/reservation-change';
import { applyNoShowPolicy } from '../payments/no-show-fee';
import { undoNoShow } from './no-show-undo';
import { attemptCharge } from '../payments/no-show-fee-charge';
import { reservationNotFound, reservationScope, type ReservationRow } from '../reservations/reservations';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { addDays, hongKongDate, hongKongMinutes } from '../../../common/time';
import { atTables, isLiveAt, occupiesDuring, occupiedUntil } from '../booking-rules/busy-intervals';
import { serviceEndsAt } from '../booking-rules/slot-schedule';
import { lockTableDays } from '../venues/table-day-locks';
import { venueOf, type VenueCatalog } from '../booking-rules/venue-catalog';
import { dateIn, timeIn } from '../../lib/message-values';

export type VisitChangeDto = Schema<'VisitChange'>;

/** 409: the visit's state does not allow the change (seating a no-show, a no-show before the booked start). */
export const visitChangeRefused = () => conflict(/*i18n*/ 'This change is not allowed for the booking as it stands');

/** 409 20110: arrival and seating open only so long before the booked start. */
const tooEarly = (atMs: number) =>
  new ApiError(409, ERROR_CODES.OUTSIDE_SERVICE_HOURS, /*i18n*/ 'Arrival and seating are recorded from {time} on {date}, {hours} hours before the booking.', undefined, {
    hours: ARRIVAL_LEAD_MINUTES / 60,
    time: timeIn(hongKongMinutes(new Date(atMs))),
    date: dateIn(hongKongDate(new Date(atMs))),
  });

/** 409 20110: the booking's service day is over. */
const serviceOver = () => new ApiError(409, ERROR_CODES.OUTSIDE_SERVICE_HOURS, /*i18n*/ "The booking's service is over: its visit can no longer be changed this way.");

/** 409 20102: the finished party's table has another party since. */
const tableTakenSince = () => new ApiError(409, ERROR_CODES.SELECTION_UNAVAILABLE, /*i18n*/ 'The table has been given to another party since: the visit stays finished.');

function refusalError(refusal: VisitRefusal | undefined): ApiError {
  switch (refusal?.reason) {
    case 'tooEarly':
      return tooEarly(refusal.atMs);
    case 'serviceOver':
      return serviceOver();
    case 'tableTaken':
      return tableTakenSince();
    default:
      return visitChangeRefused();
  }
}

/** What the chart knows of a stored booking beyond its state: its start, its day's close, and whether its freed table is taken. */
export function visitContextOf(row: ReservationRow, catalog: VenueCatalog, tableTaken = false): VisitContext {
  const entry = venueOf(catalog, row.venueId);
  return { startsAtMs: row.startsAt.getTime(), serviceEndsAtMs: serviceEndsAt(entry, row.date, row.startTime + row.duration).getTime(), tableTaken };
}

/** The chart's next state and the named side effects, or a 409 with the reason when the chart refuses the event. */
export function visitTransition(row: ReservationRow, event: VisitEvent, context: VisitContext = { startsAtMs: row.startsAt.getTime() }): { state: VisitState; effects: string[] } {
  const state = visitStateOf(row);
  if (!state) throw visitChangeRefused();
  const snapshot = visitMachine.resolveState({ value: state, context });
  if (!snapshot.can(event)) {
    const action = (Object.keys(VISIT_EVENT_OF_ACTION) as (keyof typeof VISIT_EVENT_OF_ACTION)[]).find((a) => VISIT_EVENT_OF_ACTION[a](0).type === event.type);
    const nowMs = 'nowMs' in event ? event.nowMs : 0;
    throw refusalError(action && refusedVisitActions(state, context, nowMs)[action]);
  }
  const [next, actions] = transition(visitMachine, snapshot, event);
  return { state: next.value as VisitState, effects: actions.map((a) => a.type) };
}

/** The part of its booked time a finished party gave back: from its finish (not before its start) to its booked end. */
const freedSpan = (row: ReservationRow) => ({
  fromMs: Math.max(row.startsAt.getTime(), (row.tableFreedAt ?? row.endsAt).getTime()),
  toMs: row.endsAt.getTime(),
});

/** The tables a booking occupies: its own and, on a combination, the others (docs/PRODUCT.md §9, tables joined). */
const tablesOf = (r: Pick<ReservationRow, 'tableId' | 'combinedTableIds'>) => [r.tableId, ...r.combinedTableIds];

/**
 * Of these finished bookings, the ids whose table another live party has had since it finished (a guest's
 * booking or hold, a walk-in, a move): one read.
 */
export async function tablesTakenSinceFinish(db: DbOrTx, rows: readonly ReservationRow[], now: Date): Promise<Set<string>> {
  const finished = rows.filter((r) => r.status === 'CONFIRMED' && r.visitStatus === 'FINISHED' && freedSpan(r).fromMs < freedSpan(r).toMs);
  if (finished.length === 0) return new Set();
  const dates = [...new Set(finished.flatMap((r) => [addDays(r.date, -1), r.date, addDays(r.date, 1)]))];
  const fromMs = Math.min(...finished.map((r) => freedSpan(r).fromMs));
  const toMs = Math.max(...finished.map((r) => freedSpan(r).toMs));
  const others = await db
    .select({ id: reservations.id, tableId: reservations.tableId, combinedTableIds: reservations.combinedTableIds, startsAt: reservations.startsAt, until: sql<string>`${occupiedUntil}` })
    .from(reservations)
    .where(
      and(
        inArray(reservations.venueId, [...new Set(finished.map((r) => r.venueId))]),
        inArray(reservations.date, dates),
        atTables(reservations, [...new Set(finished.flatMap(tablesOf))]),
        occupiesDuring(sql`${new Date(fromMs).toISOString()}::timestamptz`, sql`${new Date(toMs).toISOString()}::timestamptz`),
        isLiveAt(now),
        finished.length === 1 ? ne(reservations.id, finished[0]!.id) : undefined,
      ),
    );
  const taken = new Set<string>();
  for (const row of finished) {
    const span = freedSpan(row);
    const overlaps = others.some(
      (o) => o.id !== row.id && tablesOf(o).some((t) => tablesOf(row).includes(t)) && o.startsAt.getTime() < span.toMs && new Date(o.until).getTime() > Math.max(span.fromMs, o.startsAt.getTime()),
    );
    if (overlaps) taken.add(row.id);
  }
  return taken;
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
