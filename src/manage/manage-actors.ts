/** The manage chart's calls through the typed API client; reads are shared with the pages' queries. */
import { fromPromise } from 'xstate';
import type { AvailabilityQuery, ChangeRequest, LoadedReservation, Reservation, Timeslot } from '../../machines/manage.machine';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { throwCallError } from '../../machines/call-error';
import { fetchOnce, invalidate } from '../api/use-api-query';
import { serverClock } from '../api/server-clock';
import { AVAILABILITY_PREFIX, availabilityKey, MONEY_PREFIXES, RESERVATION_PREFIX, reservationKey } from '../api/query-keys';
import { offeredTimeslots } from '../../common/api/offered-timeslots';

/** Kept lists, reservations and slots are stale once a reservation moved or was cancelled. */
function forgetReservations() {
  invalidate(RESERVATION_PREFIX);
  invalidate(AVAILABILITY_PREFIX);
}

/** One of the user's reservations, in the active language. */
export function fetchReservation(userId: string, id: string): Promise<Reservation> {
  return fetchOnce(reservationKey(userId, id), () =>
    unwrap(api.GET('/user/reservation/{id}', { params: { path: { id } } })).then((body) => body.data),
  );
}

/** What a change of the user's reservation `id` would cost (nothing is saved). */
export const quoteOwnChange = (id: string) => (change: { date: string; startTime: number; numberOfGuests: number }) =>
  unwrap(api.POST('/user/reservation/v1.1/{id}/quote', { params: { path: { id } }, body: change })).then((body) => body.data);

/** The real calls, for the user `userId` (their reads are kept under keys of their own). */
export function manageActors(userId: string) {
  return {
    loadReservation: fromPromise<LoadedReservation, { id: string }>(({ input }) =>
      fetchReservation(userId, input.id)
        .then((reservation) => ({ reservation, clockOffsetMs: serverClock.offsetMs }))
        .catch(throwCallError),
    ),
    loadAvailability: fromPromise<Timeslot[], AvailabilityQuery>(({ input }) =>
      fetchOnce(availabilityKey(input), () =>
        unwrap(
          api.GET('/user/reservation/v1.1/timeslot-availability/{venueId}/{date}', {
            params: {
              path: { venueId: input.venueId, date: input.date },
              query: {
                numberOfGuests: input.numberOfGuests,
                experienceId: input.experienceId,
                ...(input.seatingAreaId ? { seatingAreaId: input.seatingAreaId } : {}),
              },
            },
          }),
        ).then((body) => offeredTimeslots(body.data)),
      ).catch(throwCallError),
    ),
    changeReservation: fromPromise<Reservation, ChangeRequest>(async ({ input }) => {
      try {
        const body = await unwrap(
          api.PUT('/user/reservation/v1.1/{id}', {
            params: { path: { id: input.reservationId } },
            body: { date: input.date, startTime: input.startTime, numberOfGuests: input.numberOfGuests },
          }),
        );
        return body.data;
      } catch (error) {
        // A refusal means the kept slots were wrong: the form's re-check must ask the server again.
        invalidate(AVAILABILITY_PREFIX);
        return throwCallError(error);
      } finally {
        invalidate(RESERVATION_PREFIX);
      }
    }),
    cancelReservation: fromPromise<Reservation, { id: string }>(async ({ input }) => {
      try {
        const body = await unwrap(api.PUT('/user/reservation/v1.1/cancel/{id}', { params: { path: { id: input.id } } }));
        forgetReservations();
        // A refund moved money: to the wallet, or to the card in the transaction history.
        MONEY_PREFIXES.forEach(invalidate);
        return body.data;
      } catch (error) {
        return throwCallError(error);
      }
    }),
  };
}
