/**
 * The server's side of machines/visit.machine.ts: every change staff make to a booked visit is the
 * chart's answer to an event in the booking's current state (409 when the chart refuses it), checked
 * against the caller's venue, and written with its audit entry in one transaction. A no-show applies the
 * venue's no-show policy; a cancellation for the guest goes through the guest's own cancellation (and
 * its refund under the policy).
 */
import { eq, sql } from 'drizzle-orm';
import { transition } from 'xstate';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { payments, reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import type { Schema } from '../../lib/api-types';
import { VISIT_EVENT_OF_ACTION, VISIT_STATUS_OF_STATE, visitMachine, visitStateOf, type VisitEvent, type VisitState } from '../../../machines/visit.machine';
import type { VisitAction } from '../../../common/validation/staff-validation';
import { recordAudit } from './audit-log';
import { cancelReservation, type CancelDeps } from '../reservations/reservation-change';
import { applyNoShowPolicy } from '../payments/no-show-fee';
import { attemptCharge } from '../payments/no-show-fee-charge';
import { reservationNotFound, reservationScope, type ReservationRow } from '../reservations/reservations';

export type VisitChangeDto = Schema<'VisitChange'>;

/** 409: the visit's state does not allow the change (seating a no-show, a no-show before the booked start). */
export const visitChangeRefused = () => conflict(/*i18n*/ 'This change is not allowed for the booking as it stands');

/** The chart's next state and the named side effects, or a 409 when the chart refuses the event. */
export function visitTransition(row: ReservationRow, event: VisitEvent): { state: VisitState; effects: string[] } {
  const state = visitStateOf(row);
  if (!state) throw visitChangeRefused();
  const snapshot = visitMachine.resolveState({ value: state, context: { startsAtMs: row.startsAt.getTime() } });
  if (!snapshot.can(event)) throw visitChangeRefused();
  const [next, actions] = transition(visitMachine, snapshot, event);
  return { state: next.value as VisitState, effects: actions.map((a) => a.type) };
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

  if (event.type === 'visit.cancel') {
    // The chart is asked again on the locked row inside the guest's own cancellation, so a race cannot slip past it.
    visitTransition(found, event);
    await cancelReservation(deps, found.userId, found.id, {}, async (tx, before, after) => {
      visitTransition(before, event);
      await audit(tx, before, after);
    });
    const [after] = await db.select().from(reservations).where(eq(reservations.id, found.id));
    return { reservationId: found.id, status: after!.status, visitStatus: after!.visitStatus, noShow: null, refunded: await refundedOf(db, found.id) };
  }

  const { answer, cardCharge } = await db.transaction(async (tx) => {
    const before = await lockReservation(tx, reservationId);
    const { state, effects } = visitTransition(before, event);
    const noShow = state === 'noShow';
    const [after] = await tx
      .update(reservations)
      .set(
        noShow
          ? { status: 'NO_SHOW', visitStatus: null, updatedAt: now }
          : // A finished party frees its table now; its booked times stay on record.
            { visitStatus: VISIT_STATUS_OF_STATE[state] ?? null, ...(effects.includes('freeTable') ? { tableFreedAt: now } : {}), updatedAt: now },
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
