/**
 * The manage chart's calls through a reservation's manage link: the signed token stands in for the
 * session. The token moves on with each change (the server answers with the new version's), so the
 * calls read it from `link`, which also keeps what the last answer said of the link.
 */
import { fromPromise } from 'xstate';
import { changeFields, type AvailabilityQuery, type ChangeHold, type ChangeQuote, type ChangeRequest, type LoadedReservation, type Reservation, type SlotSearch } from '../../machines/manage.machine';
import { paymentMachine, type CreatePaymentInput, type Payment, type PaymentConfig, type WaitForPaymentInput } from '../../machines/payment.machine';
import { cardGuaranteeActors, paymentActors, pollPayment } from '../payment/payment-actors';
import type { CardGuarantee } from '../../machines/card-guarantee.machine';
import type { components } from '../../common/api/schema';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { serverClock } from '../api/server-clock';
import { ERROR_CODES } from '../../common/api/error-codes';
import { throwCallError, type CallError } from '../../machines/call-error';
import { offeredDay } from '../../common/api/offered-timeslots';

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


/** The link's card processor (cards only, no log-in). */
export const linkPaymentConfig = (holder: LinkHolder): Promise<PaymentConfig> =>
  unwrap(api.GET('/manage/{token}/payment-config', path(holder))).then((body) => body.data);

/** The card guarantee chart's calls through the link (a guaranteed phone booking's pay link, decision 0035). */
export function linkCardGuaranteeActors(holder: LinkHolder) {
  return {
    ...cardGuaranteeActors,
    startGuarantee: fromPromise<CardGuarantee, { reservationId: string }>(() =>
      unwrap(api.POST('/manage/{token}/card-guarantee', path(holder)))
        .then((body) => body.data!)
        .catch(throwCallError),
    ),
    readGuarantee: fromPromise<CardGuarantee, { reservationId: string }>(() =>
      unwrap(api.GET('/manage/{token}/card-guarantee', path(holder)))
        .then((body) => {
          if (!body.data) throw { message: 'no card guarantee' } satisfies CallError;
          return body.data;
        })
        .catch(throwCallError),
    ),
  };
}

/**
 * The payment chart's calls for a change paid through the link, or for what a phone booking owes (its pay
 * link, decision 0036): the link's configuration (cards only), the payment, and for the server's word the
 * change's state, which once the change is made carries the new version's token, or the payment itself.
 */
export function linkPaymentActors(holder: LinkHolder, pays: 'owed' | 'fee' = 'owed') {
  const holdPath = (holdId: string) => ({ params: { path: { token: holder.token, holdId } } });
  return {
    ...paymentActors,
    loadConfig: fromPromise<PaymentConfig>(() => linkPaymentConfig(holder).catch(throwCallError)),
    // A change's difference names its hold; without one, it is what a phone booking owes (its pay link), or a
    // fee its card on file did not pay (keyed apart: the booking's own payment may have used the same key).
    createPayment: fromPromise<Payment, CreatePaymentInput>(({ input }) =>
      unwrap(
        input.holdId
          ? api.POST('/manage/{token}/change-hold/{holdId}/payment', { ...holdPath(input.holdId), body: { idempotencyKey: input.idempotencyKey } })
          : pays === 'fee'
            ? api.POST('/manage/{token}/fee-payment', { ...path(holder), body: { idempotencyKey: `fee-${input.idempotencyKey}` } })
            : api.POST('/manage/{token}/payment', { ...path(holder), body: { idempotencyKey: input.idempotencyKey } }),
      )
        .then((body) => body.data)
        .catch(throwCallError),
    ),
    waitForPayment: fromPromise<Payment, WaitForPaymentInput>(({ input, signal }) =>
      pollPayment(async () => {
        if (!input.holdId) {
          const owed = await unwrap(api.GET('/manage/{token}/payment/{paymentId}', { params: { path: { token: holder.token, paymentId: input.paymentId } } }));
          return owed.data;
        }
        const { data } = await unwrap(api.GET('/manage/{token}/change-hold/{holdId}', holdPath(input.holdId)));
        if (data.managed) reservationOf(holder, data.managed);
        if (!data.payment) throw { status: 404, message: 'The payment does not exist' } satisfies CallError;
        return data.payment;
      }, signal),
    ),
  };
}

export function linkActors(holder: LinkHolder) {
  return {
    loadReservation: fromPromise<LoadedReservation, { id: string }>(() =>
      readThroughLink(holder)
        .then((reservation) => ({ reservation, clockOffsetMs: serverClock.offsetMs }))
        .catch(throwCallError),
    ),
    loadAvailability: fromPromise<SlotSearch, AvailabilityQuery>(({ input }) =>
      unwrap(
        api.GET('/manage/{token}/timeslot-availability/{date}', {
          params: { path: { token: holder.token, date: input.date }, query: { numberOfGuests: input.numberOfGuests } },
        }),
      )
        .then((body) => offeredDay(body.data))
        .catch(throwCallError),
    ),
    changeReservation: fromPromise<Reservation, ChangeRequest>(({ input }) =>
      unwrap(
        api.PUT('/manage/{token}', {
          ...path(holder),
          body: changeFields(input),
        }),
      )
        .then((body) => reservationOf(holder, body.data))
        .catch(throwCallError),
    ),
    quoteChange: fromPromise<ChangeQuote, ChangeRequest>(({ input }) =>
      unwrap(api.POST('/manage/{token}/quote', { ...path(holder), body: changeFields(input) }))
        .then((body) => body.data)
        .catch(throwCallError),
    ),
    holdChange: fromPromise<ChangeHold, ChangeRequest>(({ input }) =>
      unwrap(api.POST('/manage/{token}/change-hold', { ...path(holder), body: changeFields(input) }))
        .then((body) => body.data)
        .catch(throwCallError),
    ),
    giveUpChange: fromPromise<unknown, { reservationId: string; holdId: string }>(({ input }) =>
      unwrap(api.DELETE('/manage/{token}/change-hold/{holdId}', { params: { path: { token: holder.token, holdId: input.holdId } } })).catch(throwCallError),
    ),
    payment: paymentMachine.provide({ actors: linkPaymentActors(holder) }),
    cancelReservation: fromPromise<Reservation, { id: string }>(() =>
      unwrap(api.PUT('/manage/{token}/cancel', path(holder)))
        .then((body) => reservationOf(holder, body.data))
        .catch(throwCallError),
    ),
  };
}
