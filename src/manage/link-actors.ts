/**
 * The manage chart's calls through a reservation's manage link: the signed token stands in for the
 * session. The token moves on with each change (the server answers with the new version's), so the
 * calls read it from `link`, which also keeps what the last answer said of the link.
 */
import { fromPromise } from 'xstate';
import type { AvailabilityQuery, ChangeRequest, LoadedReservation, Reservation, Timeslot } from '../../machines/manage.machine';
import type { components } from '../../common/api/schema';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { serverClock } from '../api/server-clock';
import { ERROR_CODES } from '../../common/api/error-codes';
import { throwCallError, type CallError } from '../../machines/call-error';
import { offeredTimeslots } from '../../common/api/offered-timeslots';

export type ManagedReservation = components['schemas']['ManagedReservation'];

/** The link as the page holds it: the token to call with, and the last answer about it. */
export interface LinkHolder {
  token: string;
  last: ManagedReservation | null;
}

/** The reservation of an answer; a changed reservation's old link has none, and fails the read with 40901. */
function reservationOf(holder: LinkHolder, answer: ManagedReservation): Reservation {
  holder.last = answer;
  if (answer.token) holder.token = answer.token;
  if (!answer.reservation) {
    throw { status: 409, errorCode: ERROR_CODES.LINK_OUTDATED, message: 'changed' } satisfies CallError;
  }
  return answer.reservation;
}

const path = (holder: LinkHolder) => ({ params: { path: { token: holder.token } } });

/** Reads the reservation (in the active language) through the link. */
export const readThroughLink = (holder: LinkHolder) =>
  unwrap(api.GET('/manage/{token}', path(holder))).then((body) => reservationOf(holder, body.data));

/** The guest is coming: records the reconfirmation and returns the reservation showing it. */
export const reconfirmThroughLink = (holder: LinkHolder) =>
  unwrap(api.PUT('/manage/{token}/reconfirm', path(holder))).then((body) => reservationOf(holder, body.data));

/** What a change through the link would cost (nothing is saved). */
export const quoteThroughLink =
  (holder: LinkHolder) =>
  (change: { date: string; startTime: number; numberOfGuests: number }) =>
    unwrap(api.POST('/manage/{token}/quote', { ...path(holder), body: change })).then((body) => body.data);

export function linkActors(holder: LinkHolder) {
  return {
    loadReservation: fromPromise<LoadedReservation, { id: string }>(() =>
      readThroughLink(holder)
        .then((reservation) => ({ reservation, clockOffsetMs: serverClock.offsetMs }))
        .catch(throwCallError),
    ),
    loadAvailability: fromPromise<Timeslot[], AvailabilityQuery>(({ input }) =>
      unwrap(
        api.GET('/manage/{token}/timeslot-availability/{date}', {
          params: { path: { token: holder.token, date: input.date }, query: { numberOfGuests: input.numberOfGuests } },
        }),
      )
        .then((body) => offeredTimeslots(body.data))
        .catch(throwCallError),
    ),
    changeReservation: fromPromise<Reservation, ChangeRequest>(({ input }) =>
      unwrap(
        api.PUT('/manage/{token}', {
          ...path(holder),
          body: { date: input.date, startTime: input.startTime, numberOfGuests: input.numberOfGuests },
        }),
      )
        .then((body) => reservationOf(holder, body.data))
        .catch(throwCallError),
    ),
    cancelReservation: fromPromise<Reservation, { id: string }>(() =>
      unwrap(api.PUT('/manage/{token}/cancel', path(holder)))
        .then((body) => reservationOf(holder, body.data))
        .catch(throwCallError),
    ),
  };
}
