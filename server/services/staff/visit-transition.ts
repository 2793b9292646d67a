/**
 * The visit chart's answer to one event on a stored booking (machines/visit.machine.ts): the next state and
 * its named effects, or the 409 that says why the chart refuses it. Apart from the lifecycle that writes
 * the change, so the no-show's undo and the lifecycle both ask it without importing each other.
 */
import { transition } from 'xstate';
import { conflict, ApiError } from '../../lib/errors';
import type { Schema } from '../../lib/api-types';
import {
  VISIT_EVENT_OF_ACTION,
  visitMachine,
  visitStateOf,
  type VisitEvent,
  type VisitState,
  ARRIVAL_LEAD_MINUTES,
  refusedVisitActions,
  type VisitContext,
  type VisitRefusal,
} from '../../../machines/visit.machine';
import type { ReservationRow } from '../reservations/reservations';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { hongKongDate, hongKongMinutes } from '../../../common/time';
import { serviceEndsAt } from '../booking-rules/slot-schedule';
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
