/**
 * Managing one reservation as a statechart: load it, view it, change it (date, party size, a time and
 * its dining area re-checked against availability; then what it costs, reviewed before saving, and a difference to pay
 * paid first: from a member's wallet with the change, or by card through the payment chart while the
 * server holds the new time for 15 minutes) or cancel it (a confirmation step first). Calls are named actors given
 * by the app (`machine.provide`), so tests and the Stately visualizer run the same chart. The server stays
 * the authority: the guards only decide what to offer, and every refusal comes back as a problem.
 */
import { and, assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { serverTime } from '../common/api/server-time';
import { isIsoDate } from '../common/time';
import { MAX_PARTY_SIZE } from '../common/venues';
import { ERROR_CODES } from '../common/api/error-codes';
import { callErrorOf, outputOf } from './actor-event';
import { paymentMachine } from './payment.machine';

export type { AvailabilityQuery, ChangeHold, ChangeQuote, ChangeRequest, LoadedReservation, ManageContext, ManageEvent } from './manage-types';
export type { ManageProblem, Reservation, SlotSearch } from './manage-types';
export { areaOptions, changeFields, HOLD_EXPIRED, timeOptions } from './manage-types';

import type { AvailabilityQuery, ChangeHold, ChangeQuote, ChangeRequest, LoadedReservation, ManageContext, ManageEvent, Reservation, SlotSearch } from './manage-types';
import { areaOptions, HOLD_EXPIRED, isUpcomingConfirmed, offeredArea, timeOptions } from './manage-types';

/** The draft as a change to ask about, hold or make. */
const changeRequest = (context: ManageContext): ChangeRequest => ({
  reservationId: context.reservation!._id,
  date: context.draft!.date,
  startTime: context.draft!.startTime!,
  numberOfGuests: context.draft!.numberOfGuests,
  seatingAreaId: context.draft!.seatingAreaId,
});

/**
 * A change refused (asked about, held or made): someone took the time meanwhile, so back to the form
 * with fresh slots and the server's words; any other refusal, to the form with its words.
 */
const refusedChange = [
  { guard: 'isUnavailable', target: 'loadingSlots', actions: 'noteSelectionUnavailable' },
  { target: 'editing', actions: 'noteChangeRefused' },
] as const;

export const manageMachine = setup({
  types: {
    context: {} as ManageContext,
    events: {} as ManageEvent,
  },
  actors: {
    loadReservation: fromPromise<LoadedReservation, { id: string }>(async () => {
      throw new Error('loadReservation not provided');
    }),
    loadAvailability: fromPromise<SlotSearch, AvailabilityQuery>(async () => {
      throw new Error('loadAvailability not provided');
    }),
    changeReservation: fromPromise<Reservation, ChangeRequest>(async () => {
      throw new Error('changeReservation not provided');
    }),
    quoteChange: fromPromise<ChangeQuote, ChangeRequest>(async () => {
      throw new Error('quoteChange not provided');
    }),
    holdChange: fromPromise<ChangeHold, ChangeRequest>(async () => {
      throw new Error('holdChange not provided');
    }),
    giveUpChange: fromPromise<unknown, { reservationId: string; holdId: string }>(async () => {
      throw new Error('giveUpChange not provided');
    }),
    payment: paymentMachine,
    cancelReservation: fromPromise<Reservation, { id: string }>(async () => {
      throw new Error('cancelReservation not provided');
    }),
  },
  actions: {
    /** Tells the rest of the app (the session's upcoming count) that a reservation was cancelled. */
    reportCanceled: () => {},
    /** Takes the names (experience, dining area) in the new language; its state stays the chart's own. */
    takeTranslatedNames: assign({
      reservation: ({ context, event }) =>
        event.type === 'reservation.translated' && context.reservation
          ? { ...context.reservation, experience: event.reservation.experience, seatingArea: event.reservation.seatingArea }
          : context.reservation,
    }),
    openReservation: assign(({ event }) => {
      assertEvent(event, 'reservation.open');
      return { reservationId: event.id, intent: event.intent ?? 'view' };
    }),
    clearProblem: assign({ problem: null }),
    storeLoadedReservation: assign(({ event }) => {
      const { reservation, clockOffsetMs } = outputOf<LoadedReservation>(event);
      return { reservation, clockOffsetMs };
    }),
    noteLoadFailed: assign({
      problem: ({ event }) => {
        const error = callErrorOf(event);
        return { kind: 'load' as const, message: error.message, ...(error.status ? { status: error.status } : {}) };
      },
    }),
    /** A change starts from the reservation as it is. */
    startChangeDraft: assign({
      problem: null,
      timeslots: [],
      membersOnlyTimes: [],
      draft: ({ context }) => ({
        date: context.reservation!.date,
        numberOfGuests: context.reservation!.numberOfGuests,
        startTime: context.reservation!.startTime,
        seatingAreaId: context.reservation!.seatingArea?._id ?? null,
      }),
    }),
    storeTimeslots: assign(({ event }) => {
      const { timeslots, membersOnlyTimes } = outputOf<SlotSearch>(event);
      return { timeslots, membersOnlyTimes };
    }),
    /** A time picked for another day or party stays only when it is still offered, and its area only when free then. */
    keepOfferedTime: assign({
      draft: ({ context }) => {
        const draft = context.draft!;
        const kept = draft.startTime !== null && timeOptions(context).includes(draft.startTime) ? draft : { ...draft, startTime: null };
        return { ...kept, seatingAreaId: offeredArea({ ...context, draft: kept }) };
      },
    }),
    noteSlotsFailed: assign({
      timeslots: [],
      membersOnlyTimes: [],
      draft: ({ context }) => ({ ...context.draft!, startTime: null }),
      problem: ({ event }) => ({ kind: 'slots' as const, message: callErrorOf(event).message }),
    }),
    editDraft: assign({
      problem: null,
      draft: ({ context, event }) => {
        assertEvent(event, 'change.edit');
        return { ...context.draft!, date: event.date, numberOfGuests: event.numberOfGuests };
      },
    }),
    pickTime: assign({
      problem: null,
      draft: ({ context, event }) => {
        assertEvent(event, 'change.pick');
        const picked = { ...context.draft!, startTime: event.startTime };
        // The area asked for stays when it has a table at the new time; else any area (the form shows which).
        return { ...picked, seatingAreaId: offeredArea({ ...context, draft: picked }) };
      },
    }),
    pickArea: assign({
      problem: null,
      draft: ({ context, event }) => {
        assertEvent(event, 'change.seat');
        return { ...context.draft!, seatingAreaId: event.seatingAreaId };
      },
    }),
    discardDraft: assign({ draft: null, problem: null, quote: null, hold: null }),
    storeChangedReservation: assign({
      reservation: ({ event }) => outputOf<Reservation>(event),
      draft: null,
      timeslots: [],
      quote: null,
      hold: null,
    }),
    /** The reservation read again once the paid change was made. */
    storeReloadedReservation: assign({
      reservation: ({ event }) => outputOf<LoadedReservation>(event).reservation,
      draft: null,
      timeslots: [],
      quote: null,
      hold: null,
    }),
    storeQuote: assign({ quote: ({ event }) => outputOf<ChangeQuote>(event) }),
    forgetQuote: assign({ quote: null, hold: null }),
    storeHold: assign({ hold: ({ event }) => outputOf<ChangeHold>(event) }),
    noteHoldExpired: assign({ problem: { kind: 'hold-expired' as const, message: HOLD_EXPIRED }, hold: null, quote: null }),
    noteSelectionUnavailable: assign({ problem: ({ event }) => ({ kind: 'unavailable' as const, message: callErrorOf(event).message }) }),
    noteChangeRefused: assign({ problem: ({ event }) => ({ kind: 'change' as const, message: callErrorOf(event).message }) }),
    storeCanceledReservation: assign({ reservation: ({ event }) => outputOf<Reservation>(event) }),
    noteCancelFailed: assign({ problem: ({ event }) => ({ kind: 'cancel' as const, message: callErrorOf(event).message }) }),
  },
  guards: {
    isOpenReservation: ({ context, event }) =>
      event.type === 'reservation.translated' && context.reservation?._id === event.reservation._id,
    wantsCancel: ({ context }) => context.intent === 'cancel',
    isChangeable: ({ context }) => isUpcomingConfirmed(context.reservation, new Date(serverTime(context.clockOffsetMs))),
    isCancellable: ({ context }) => isUpcomingConfirmed(context.reservation, new Date(serverTime(context.clockOffsetMs))),
    /** Opened from the cancel page, and the reservation may be cancelled. */
    cancelOnOpen: and(['wantsCancel', 'isCancellable']),
    isValidEdit: ({ event }) =>
      event.type === 'change.edit' &&
      isIsoDate(event.date) &&
      Number.isInteger(event.numberOfGuests) &&
      event.numberOfGuests >= 1 &&
      event.numberOfGuests <= MAX_PARTY_SIZE,
    isOfferedTime: ({ context, event }) => event.type === 'change.pick' && timeOptions(context).includes(event.startTime),
    /** While the picked time has areas to choose from: any of them, or one with a table free then. */
    isOfferedArea: ({ context, event }) => {
      const areas = areaOptions(context);
      return event.type === 'change.seat' && areas.length > 0 && (event.seatingAreaId === null || areas.some((area) => area._id === event.seatingAreaId));
    },
    hasTime: ({ context }) => context.draft?.startTime != null,
    isUnavailable: ({ event }) => callErrorOf(event).errorCode === ERROR_CODES.SELECTION_UNAVAILABLE,
    /** The reviewed change costs more than was paid: it is paid before it is made. */
    costsMore: ({ context }) => (context.quote?.difference ?? 0) > 0,
    /** Whether this guest may pay from a wallet (a member in the app; given by the app). */
    walletOffered: () => false,
    nothingMoreToPay: not('costsMore'),
    walletPays: and(['costsMore', 'walletOffered']),
  },
  delays: {
    /** What is left of the change's 15-minute hold, on the server's clock. */
    holdRemaining: ({ context }) => Math.max(0, Date.parse(context.hold!.holdExpiresAt) - serverTime(context.clockOffsetMs)),
  },
}).createMachine({
  id: 'manage',
  context: {
    reservationId: null,
    intent: 'view',
    reservation: null,
    draft: null,
    timeslots: [],
    membersOnlyTimes: [],
    problem: null,
    quote: null,
    hold: null,
    clockOffsetMs: 0,
  },
  on: {
    'reservation.translated': { guard: 'isOpenReservation', actions: 'takeTranslatedNames' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'reservation.open': {
          target: 'loading',
          actions: 'openReservation',
        },
      },
    },
    loading: {
      entry: 'clearProblem',
      invoke: {
        src: 'loadReservation',
        id: 'loadReservation',
        input: ({ context }) => ({ id: context.reservationId! }),
        onDone: {
          target: 'opened',
          actions: 'storeLoadedReservation',
        },
        onError: {
          target: 'failed',
          actions: 'noteLoadFailed',
        },
      },
    },
    // Transient, so the guards read the loaded reservation: the cancel page goes straight to the
    // confirmation when the reservation may be cancelled, and shows it otherwise.
    opened: {
      always: [{ guard: 'cancelOnOpen', target: 'cancelling' }, { target: 'viewing' }],
    },
    failed: {
      on: { 'reservation.retry': { target: 'loading' } },
    },
    viewing: {
      initial: 'ready',
      states: {
        ready: {},
        // Done: the change went through; the updated reservation is shown with a note saying so.
        changed: {},
      },
      on: {
        'change.start': { guard: 'isChangeable', target: 'changing' },
        'cancel.start': { guard: 'isCancellable', target: 'cancelling' },
      },
    },
    changing: {
      entry: 'startChangeDraft',
      initial: 'loadingSlots',
      states: {
        loadingSlots: {
          invoke: {
            src: 'loadAvailability',
            id: 'loadAvailability',
            input: ({ context }) => ({
              venueId: context.reservation!.venue._id,
              experienceId: context.reservation!.experience._id,
              date: context.draft!.date,
              numberOfGuests: context.draft!.numberOfGuests,
              // Every area's times: the form offers the areas free at the time picked.
              seatingAreaId: null,
            }),
            onDone: {
              target: 'editing',
              actions: ['storeTimeslots', 'keepOfferedTime'],
            },
            onError: {
              target: 'editing',
              actions: 'noteSlotsFailed',
            },
          },
          on: {
            'change.edit': {
              guard: 'isValidEdit',
              target: 'loadingSlots',
              reenter: true,
              actions: 'editDraft',
            },
            'change.discard': { target: '#manage.viewing', actions: 'discardDraft' },
          },
        },
        editing: {
          on: {
            'change.edit': {
              guard: 'isValidEdit',
              target: 'loadingSlots',
              actions: 'editDraft',
            },
            'change.pick': {
              guard: 'isOfferedTime',
              actions: 'pickTime',
            },
            'change.seat': {
              guard: 'isOfferedArea',
              actions: 'pickArea',
            },
            'change.submit': { guard: 'hasTime', target: 'quoting' },
            'change.discard': { target: '#manage.viewing', actions: 'discardDraft' },
          },
        },
        // What the change costs, asked of the server (nothing saved) before the guest saves it.
        quoting: {
          entry: ['clearProblem', 'forgetQuote'],
          invoke: {
            src: 'quoteChange',
            id: 'quoteChange',
            input: ({ context }) => changeRequest(context),
            onDone: { target: 'reviewing', actions: 'storeQuote' },
            onError: refusedChange,
          },
        },
        // The new amount due and the difference, shown; the guest saves, pays first, or goes back to the form.
        reviewing: {
          on: {
            'change.confirm': { guard: 'nothingMoreToPay', target: 'submitting' },
            'change.payWallet': { guard: 'walletPays', target: 'submittingWithWallet' },
            'change.payCard': { guard: 'costsMore', target: 'holding' },
            'change.back': { target: 'editing', actions: 'forgetQuote' },
          },
        },
        submitting: {
          entry: 'clearProblem',
          invoke: {
            src: 'changeReservation',
            id: 'changeReservation',
            input: ({ context }) => changeRequest(context),
            onDone: { target: '#manage.viewing.changed', actions: 'storeChangedReservation' },
            onError: refusedChange,
          },
        },
        // The wallet pays the difference in the same transaction as the change.
        submittingWithWallet: {
          entry: 'clearProblem',
          invoke: {
            src: 'changeReservation',
            id: 'changeWithWallet',
            input: ({ context }) => ({ ...changeRequest(context), payWith: 'WALLET' as const }),
            onDone: { target: '#manage.viewing.changed', actions: 'storeChangedReservation' },
            onError: refusedChange,
          },
        },
        // The server holds the new time and table for 15 minutes while the card pays the difference.
        holding: {
          entry: 'clearProblem',
          invoke: {
            src: 'holdChange',
            id: 'holdChange',
            input: ({ context }) => changeRequest(context),
            onDone: { target: 'paying', actions: 'storeHold' },
            onError: refusedChange,
          },
        },
        // The payment chart pays the difference; its success made the change on the server.
        paying: {
          invoke: {
            src: 'payment',
            id: 'pay',
            input: ({ context }) => ({
              purpose: 'change' as const,
              reservationId: context.reservation!._id,
              holdId: context.hold!._id,
              amount: context.hold!.difference,
            }),
            onDone: { target: 'reloading' },
          },
          after: {
            // Nothing was changed: the form again, saying so.
            holdRemaining: { target: 'editing', actions: 'noteHoldExpired' },
          },
          on: {
            'change.back': { target: 'givingUp' },
          },
        },
        // The guest keeps the booking as it was: the held time is released (it would run out anyway).
        givingUp: {
          invoke: {
            src: 'giveUpChange',
            id: 'giveUpChange',
            input: ({ context }) => ({ reservationId: context.reservation!._id, holdId: context.hold!._id }),
            onDone: { target: 'editing', actions: 'forgetQuote' },
            onError: { target: 'editing', actions: 'forgetQuote' },
          },
        },
        // The change is made: the reservation as it now stands.
        reloading: {
          invoke: {
            src: 'loadReservation',
            id: 'reloadReservation',
            input: ({ context }) => ({ id: context.reservation!._id }),
            onDone: { target: '#manage.viewing.changed', actions: 'storeReloadedReservation' },
            onError: { target: '#manage.failed', actions: 'noteLoadFailed' },
          },
        },
      },
    },
    cancelling: {
      entry: 'clearProblem',
      initial: 'confirming',
      states: {
        // The page states the consequence (free or late, with the fee) before the guest confirms.
        confirming: {
          on: {
            'cancel.confirm': { target: 'submitting' },
            'cancel.back': { target: '#manage.viewing' },
          },
        },
        submitting: {
          entry: 'clearProblem',
          invoke: {
            src: 'cancelReservation',
            id: 'cancelReservation',
            input: ({ context }) => ({ id: context.reservation!._id }),
            onDone: {
              target: '#manage.canceled',
              actions: ['storeCanceledReservation', 'reportCanceled'],
            },
            onError: {
              target: 'failed',
              actions: 'noteCancelFailed',
            },
          },
        },
        // 'Cancellation failed': nothing changed; the guest may try again or go back.
        failed: {
          on: {
            'cancel.retry': { target: 'submitting' },
            'cancel.back': { target: '#manage.viewing' },
          },
        },
      },
    },
    // Done: the server's new status (CANCELED or LATE_CANCELED) is in context.reservation.
    canceled: { type: 'final' },
  },
});
