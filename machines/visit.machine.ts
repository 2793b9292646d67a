/**
 * A booked visit's lifecycle as the host stand works it: a confirmed booking's guests arrive, are
 * seated and finish; or they never come (no-show); or staff cancel the booking for the guest. docs/PRODUCT.md §4
 * leaves the allowed transitions open; these are ours, each with its reason:
 *
 * - confirmed → arrived (`visit.arrive`): the party checks in at the host stand; the table may not be ready.
 * - confirmed → seated (`visit.seat`): the host walks a complete party straight to its table.
 *   Both only on the booking's service day, from `ARRIVAL_LEAD_MINUTES` before the booked start until
 *   that day's last service ends (a bar's 02:00 the next morning): a party is not marked in days ahead,
 *   nor after the venue has closed.
 * - arrived → seated (`visit.seat`): the table is ready for a party that was waiting (it arrived in time).
 * - arrived → confirmed (`visit.undoArrival`): a tap on the wrong booking is put right before seating;
 *   once seated, the table record is what the kitchen and the bill follow, so there is no way back.
 * - seated → finished (`visit.finish`): the party leaves; only a seated party can finish. Its table is
 *   free from that moment (the booked times stay on record).
 * - finished → seated (`visit.undoFinish`): a finish tapped on the wrong party is put right, taking the
 *   table back for the rest of the booked time, while no other party has been given the table since and
 *   the day's service has not ended. Once another party has the table, the finish stands.
 * - confirmed → noShow (`visit.noShow`, once the booked start has passed): the venue's no-show policy
 *   applies (deposit kept, fee charged). Never before the start: the guest still has time to come.
 *   An arrived party is here, so it cannot be a no-show.
 * - noShow → confirmed (`visit.undoNoShow`): a no-show marked by mistake (the party was in the bar) is put
 *   right until the booking's service day ends, and whatever the no-show charged is given back
 *   (docs/PRODUCT.md §6). After the day it stands: the day's figures and fees are settled.
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

/** How long before the booked start a party can be marked arrived or seated. */
export const ARRIVAL_LEAD_MINUTES = 120;

export interface VisitContext {
  /** The booked start (epoch ms): no-shows only after it, staff cancellations only before it. */
  startsAtMs: number;
  /** When the last service of the booking's service day ends (epoch ms); absent: never. */
  serviceEndsAtMs?: number;
  /** A finished party's table has been given to another party since it finished. */
  tableTaken?: boolean;
}

export type VisitEvent =
  | { type: 'visit.arrive'; nowMs: number }
  | { type: 'visit.undoArrival' }
  | { type: 'visit.seat'; nowMs: number }
  | { type: 'visit.finish' }
  | { type: 'visit.undoFinish'; nowMs: number }
  | { type: 'visit.noShow'; nowMs: number }
  | { type: 'visit.undoNoShow'; nowMs: number }
  | { type: 'visit.cancel'; nowMs: number };

/** The first instant a party can be marked arrived or seated. */
export const arrivalOpensAtMs = (context: VisitContext) => context.startsAtMs - ARRIVAL_LEAD_MINUTES * 60_000;

const beforeServiceEnds = (context: VisitContext, nowMs: number) => context.serviceEndsAtMs === undefined || nowMs < context.serviceEndsAtMs;

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
    /** The server gives the party its table back for the rest of its booked time. */
    retakeTable: () => {},
    /** The server gives back what the no-show charged (a card's fee, a wallet's), as a cancellation's refund does. */
    refundNoShowFee: () => {},
  },
  guards: {
    arrivalOpen: ({ context, event }) =>
      (event.type === 'visit.arrive' || event.type === 'visit.seat') && event.nowMs >= arrivalOpensAtMs(context) && beforeServiceEnds(context, event.nowMs),
    tableStillFree: ({ context, event }) => event.type === 'visit.undoFinish' && !context.tableTaken && beforeServiceEnds(context, event.nowMs),
    serviceNotOver: ({ context, event }) => event.type === 'visit.undoNoShow' && beforeServiceEnds(context, event.nowMs),
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
        'visit.arrive': { guard: 'arrivalOpen', target: 'arrived' },
        'visit.seat': { guard: 'arrivalOpen', target: 'seated' },
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
    finished: {
      on: {
        'visit.undoFinish': { guard: 'tableStillFree', target: 'seated', actions: 'retakeTable' },
      },
    },
    noShow: {
      on: {
        'visit.undoNoShow': { guard: 'serviceNotOver', target: 'confirmed', actions: 'refundNoShowFee' },
      },
    },
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
  arrive: (nowMs) => ({ type: 'visit.arrive', nowMs }),
  'undo-arrival': () => ({ type: 'visit.undoArrival' }),
  seat: (nowMs) => ({ type: 'visit.seat', nowMs }),
  finish: () => ({ type: 'visit.finish' }),
  'undo-finish': (nowMs) => ({ type: 'visit.undoFinish', nowMs }),
  'no-show': (nowMs) => ({ type: 'visit.noShow', nowMs }),
  'undo-no-show': (nowMs) => ({ type: 'visit.undoNoShow', nowMs }),
  cancel: (nowMs) => ({ type: 'visit.cancel', nowMs }),
};

/** The changes the chart allows a booking in `state` at `nowMs`: the host stand offers these and no others. */
export function allowedVisitActions(state: VisitState, context: VisitContext, nowMs: number): VisitAction[] {
  const snapshot = visitMachine.resolveState({ value: state, context });
  return VISIT_ACTIONS.filter((action) => snapshot.can(VISIT_EVENT_OF_ACTION[action](nowMs)));
}

/** Why the chart refuses a change the booking's state has, at `nowMs`: what the host is told in its place. */
export type VisitRefusal =
  /** Arrival and seating open at `atMs` (the lead before the booked start). */
  | { reason: 'tooEarly'; atMs: number }
  /** The booking's service day has ended. */
  | { reason: 'serviceOver' }
  /** Another party has the finished party's table. */
  | { reason: 'tableTaken' }
  /** A no-show only from the booked start, `atMs`. */
  | { reason: 'beforeStart'; atMs: number }
  /** A cancellation only before the booked start. */
  | { reason: 'afterStart' };

/**
 * The changes of the booking's state that the chart's guards refuse at `nowMs`, each with its reason.
 * Changes the state has no transition for (seating a no-show) are not listed: there is nothing to explain.
 */
export function refusedVisitActions(state: VisitState, context: VisitContext, nowMs: number): Partial<Record<VisitAction, VisitRefusal>> {
  const snapshot = visitMachine.resolveState({ value: state, context });
  const on = visitMachine.root.states[state]?.on ?? {};
  const refused: Partial<Record<VisitAction, VisitRefusal>> = {};
  for (const action of VISIT_ACTIONS) {
    const event = VISIT_EVENT_OF_ACTION[action](nowMs);
    if (!(event.type in on) || snapshot.can(event)) continue;
    refused[action] = refusalOf(event, context, nowMs);
  }
  return refused;
}

function refusalOf(event: VisitEvent, context: VisitContext, nowMs: number): VisitRefusal {
  switch (event.type) {
    case 'visit.noShow':
      return { reason: 'beforeStart', atMs: context.startsAtMs };
    case 'visit.cancel':
      return { reason: 'afterStart' };
    case 'visit.undoNoShow':
      return { reason: 'serviceOver' };
    case 'visit.undoFinish':
      return context.tableTaken ? { reason: 'tableTaken' } : { reason: 'serviceOver' };
    default:
      return nowMs < arrivalOpensAtMs(context) ? { reason: 'tooEarly', atMs: arrivalOpensAtMs(context) } : { reason: 'serviceOver' };
  }
}
