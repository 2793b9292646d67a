/** The manage chart's calls through the typed API client; reads are shared with the pages' queries. */
import { fromPromise } from 'xstate';
import { changeFields, type AvailabilityQuery, type ChangeHold, type ChangeQuote, type ChangeRequest, type LoadedReservation, type Reservation, type SlotSearch } from '../../machines/manage.machine';
import { paymentMachine } from '../../machines/payment.machine';
import { paymentActors } from '../payment/payment-actors';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { throwCallError } from '../../machines/call-error';
import { fetchOnce, invalidate } from '../api/use-api-query';
import { serverClock } from '../api/server-clock';
import { AVAILABILITY_PREFIX, availabilityKey, MONEY_PREFIXES, RESERVATION_PREFIX, reservationKey } from '../api/query-keys';
import { offeredDay } from '../../common/api/offered-timeslots';

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

/** A refusal means the kept slots were wrong: the form's re-check must ask the server again. */
function refused(error: unknown): never {
  invalidate(AVAILABILITY_PREFIX);
  return throwCallError(error);
}


/** The real calls, for the user `userId` (their reads are kept under keys of their own). */
export function manageActors(userId: string) {
  return {
    loadReservation: fromPromise<LoadedReservation, { id: string }>(({ input }) =>
      fetchReservation(userId, input.id)
        .then((reservation) => ({ reservation, clockOffsetMs: serverClock.offsetMs }))
        .catch(throwCallError),
    ),
    loadAvailability: fromPromise<SlotSearch, AvailabilityQuery>(({ input }) =>
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
        ).then((body) => offeredDay(body.data)),
      ).catch(throwCallError),
    ),
    changeReservation: fromPromise<Reservation, ChangeRequest>(async ({ input }) => {
      try {
        const body = await unwrap(
          api.PUT('/user/reservation/v1.1/{id}', {
            params: { path: { id: input.reservationId } },
            body: { ...changeFields(input), ...(input.payWith ? { payWith: input.payWith } : {}) },
          }),
        );
        // A wallet may have paid the difference, a refund given money back.
        if (input.payWith) MONEY_PREFIXES.forEach(invalidate);
        return body.data;
      } catch (error) {
        return refused(error);
      } finally {
        invalidate(RESERVATION_PREFIX);
      }
    }),
    /** What the change would cost (nothing is saved). */
    quoteChange: fromPromise<ChangeQuote, ChangeRequest>(({ input }) =>
      unwrap(api.POST('/user/reservation/v1.1/{id}/quote', { params: { path: { id: input.reservationId } }, body: changeFields(input) }))
        .then((body) => body.data)
        .catch(refused),
    ),
    holdChange: fromPromise<ChangeHold, ChangeRequest>(({ input }) =>
      unwrap(api.POST('/user/reservation/v1.1/{id}/change-hold', { params: { path: { id: input.reservationId } }, body: changeFields(input) }))
        .then((body) => body.data)
        .catch(refused),
    ),
    giveUpChange: fromPromise<unknown, { reservationId: string; holdId: string }>(({ input }) =>
      unwrap(api.DELETE('/user/reservation/v1.1/{id}/change-hold/{holdId}', { params: { path: { id: input.reservationId, holdId: input.holdId } } })).catch(
        throwCallError,
      ),
    ),
    // The difference paid by card: the change is made with the payment, so what was kept is stale after it.
    payment: paymentMachine.provide({ actors: paymentActors }),
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
