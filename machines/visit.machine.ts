/**
 * A booked visit's lifecycle as the host stand works it: a confirmed booking's guests arrive, are
 * seated and finish; or they never come (no-show); or staff cancel the booking for the guest. docs/PRODUCT.md §4
 * leaves the allowed transitions open; these are ours, each with its reason:
 *
 * - confirmed → arrived (`visit.arrive`): the party checks in at the host stand; the table may not be ready.
 * - confirmed → seated (`visit.seat`): the host walks a complete party straight to its table.
 * - arrived → seated (`visit.seat`): the table is ready for a party that was waiting.
 * - arrived → confirmed (`visit.undoArrival`): a tap on the wrong booking is put right before seating;
 *   once seated, the table record is what the kitchen and the bill follow, so there is no way back.
 * - seated → finished (`visit.finish`): the party leaves; only a seated party can finish. Its table is
 *   free from that moment (the booked times stay on record); final, so a freed table is never taken back.
 * - confirmed → noShow (`visit.noShow`, once the booked start has passed): the venue's no-show policy
 *   applies (deposit kept, fee charged). Never before the start: the guest still has time to come.
 *   An arrived party is here, so it cannot be a no-show; a no-show is final, since its fee is charged.
 * - confirmed → cancelled (`visit.cancel`, before the booked start): staff cancel for the guest (a
 *   phone call), with the refund the cancellation policy allows. After the start it is a no-show or a
 *   visit, not a cancellation; an arrived or seated party is here, so it cannot be cancelled.
 *
 * The server runs this chart to decide every change of a visit (`server/services/staff/visit-lifecycle.ts`):
 * an event the chart refuses in the booking's state is answered 409. Side effects are the server's,
 * named here as actions so the chart says when they happen.
 */
import { setup } from 'xstate';
import { VISIT_ACTIONS, type VisitAction } from '../common/validation/staff-validation';

/** How far a CONFIRMED booking's visit has gone, as stored (null: not arrived yet). */
export type VisitStatus = 'ARRIVED' | 'SEATED' | 'FINISHED';

export interface VisitContext {
  /** The booked start (epoch ms): no-shows only after it, staff cancellations only before it. */
  startsAtMs: number;
}

export type VisitEvent =
  | { type: 'visit.arrive' }
  | { type: 'visit.undoArrival' }
  | { type: 'visit.seat' }
  | { type: 'visit.finish' }
  | { type: 'visit.noShow'; nowMs: number }
  | { type: 'visit.cancel'; nowMs: number };

export const visitMachine = setup({
  types: {
    context: {} as VisitContext,
    events: {} as VisitEvent,
    input: {} as VisitContext,
  },
  actions: {
    /** The server keeps what was paid and charges the rest of the policy's no-show fee. */
    applyNoShowPolicy: () => {},
    /** The server cancels with the refund the cancellation policy allows, and mails the guest. */
    refundPerPolicy: () => {},
    /** The server frees the party's table from now, for the rest of its booked time. */
    freeTable: () => {},
  },
  guards: {
    startPassed: ({ context, event }) => event.type === 'visit.noShow' && event.nowMs >= context.startsAtMs,
    beforeStart: ({ context, event }) => event.type === 'visit.cancel' && event.nowMs < context.startsAtMs,
  },
}).createMachine({
  id: 'visit',
  context: ({ input }) => input,
  initial: 'confirmed',
  states: {
    confirmed: {
      on: {
        'visit.arrive': { target: 'arrived' },
        'visit.seat': { target: 'seated' },
        'visit.noShow': { guard: 'startPassed', target: 'noShow', actions: 'applyNoShowPolicy' },
        'visit.cancel': { guard: 'beforeStart', target: 'cancelled', actions: 'refundPerPolicy' },
      },
    },
    arrived: {
      on: {
        'visit.seat': { target: 'seated' },
        'visit.undoArrival': { target: 'confirmed' },
      },
    },
    seated: {
      on: {
        'visit.finish': { target: 'finished', actions: 'freeTable' },
      },
    },
    finished: { type: 'final' },
    noShow: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type VisitState = 'confirmed' | 'arrived' | 'seated' | 'finished' | 'noShow' | 'cancelled';

/** The chart's state of a stored reservation, or null for one that is no booked visit (a hold, an expired hold). */
export function visitStateOf(row: { status: string; visitStatus: VisitStatus | null }): VisitState | null {
  switch (row.status) {
    case 'CONFIRMED':
      return row.visitStatus === 'ARRIVED' ? 'arrived' : row.visitStatus === 'SEATED' ? 'seated' : row.visitStatus === 'FINISHED' ? 'finished' : 'confirmed';
    case 'NO_SHOW':
      return 'noShow';
    case 'CANCELED':
    case 'LATE_CANCELED':
      return 'cancelled';
    default:
      return null;
  }
}

/** The stored visit status of each state a CONFIRMED booking can be in. */
export const VISIT_STATUS_OF_STATE: Partial<Record<VisitState, VisitStatus | null>> = {
  confirmed: null,
  arrived: 'ARRIVED',
  seated: 'SEATED',
  finished: 'FINISHED',
};

/** The chart's event for each visit change as the API names it (`PUT /admin/reservation/{id}/visit`). */
export const VISIT_EVENT_OF_ACTION: Record<VisitAction, (nowMs: number) => VisitEvent> = {
  arrive: () => ({ type: 'visit.arrive' }),
  'undo-arrival': () => ({ type: 'visit.undoArrival' }),
  seat: () => ({ type: 'visit.seat' }),
  finish: () => ({ type: 'visit.finish' }),
  'no-show': (nowMs) => ({ type: 'visit.noShow', nowMs }),
  cancel: (nowMs) => ({ type: 'visit.cancel', nowMs }),
};

/** The changes the chart allows a booking in `state` at `nowMs`: the host stand offers these and no others. */
export function allowedVisitActions(state: VisitState, startsAtMs: number, nowMs: number): VisitAction[] {
  const snapshot = visitMachine.resolveState({ value: state, context: { startsAtMs } });
  return VISIT_ACTIONS.filter((action) => snapshot.can(VISIT_EVENT_OF_ACTION[action](nowMs)));
}
