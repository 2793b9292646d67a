/**
 * The reservation lifecycle as a statechart: draft -> created (the server holds the table for 15 minutes)
 * -> awaiting payment -> completed, with the hold timer and SPEC §8's error-code branches.
 *
 * Each step carries `meta.route`, the page that shows it; the app keeps the address in step with the
 * state and turns a typed address, back or forward into `route.visit`, which the chart may refuse. Calls
 * are named actors and given by the app (`machine.provide`), so tests and the Stately visualizer run
 * the same chart. The chart never imports the router.
 */
import { assign, fromPromise, setup } from 'xstate';
import { inVenueLanguage } from './venue-language';
import type { components } from '../src/api/schema';
import { serverTime, type ServerTimed } from '../src/api/server-clock';
import { paymentMachine, type PaymentOutput } from './payment.machine';

type Schemas = components['schemas'];
export type VenueDetail = Schemas['VenueDetail'];
export type Timeslot = Schemas['Timeslot'];
export type Reservation = Schemas['Reservation'];
export type GuestDetails = Schemas['GuestDetails'];
export type Agreements = Schemas['Agreements'];

/** A refused call as the chart sees it: the API's error code and message. */
export interface CallError {
  errorCode?: number;
  message: string;
  contact?: { phone: string; email: string };
}

/** Why the guest is on the warning page. */
export type WarningKind =
  | 'party-too-large' // above the venue's online maximum: the reservations team takes it
  | 'members-only' // 1010101
  | 'overlap' // 10208
  | 'active-limit' // 1010104
  | 'annual-limit'; // 1010105

/** What the guest sees about the last thing that went wrong on the current step. */
export type Problem =
  | { kind: 'no-availability' } // 'No Availability': the experience is not served that day
  | { kind: 'no-timeslot' } // 'No time slot available': served, but nothing free
  | { kind: 'unavailable' } // 'Sorry, your selection is unavailable'
  | { kind: 'expired' } // 'Reservation expired'
  | { kind: 'completion'; code: number; message: string } // SPEC §8 codes
  | { kind: 'failed'; message: string } // 'Reservation failed': holding or completing failed otherwise; then why
  | { kind: 'call'; message: string }; // any other refused call

export interface Draft {
  experienceId: string | null;
  date: string | null;
  numberOfGuests: number;
  startTime: number | null;
  /** null: any area. */
  seatingAreaId: string | null;
}

export interface BookingContext {
  domain: string | null;
  venue: VenueDetail | null;
  draft: Draft;
  timeslots: Timeslot[];
  reservation: Reservation | null;
  /** Server time minus client time when the reservation was created, so the countdown follows the server. */
  clockOffsetMs: number;
  guest: GuestDetails | null;
  agreements: Agreements | null;
  /** How the reservation was paid, for the result page (issue 13); kept per reservation so no other booking shows it. */
  paid: (PaymentOutput & { reservationId: string }) | null;
  phoneVerified: boolean;
  loggedIn: boolean;
  problem: Problem | null;
  warning: { kind: WarningKind; message: string; contact?: CallError['contact'] } | null;
}

export type BookingEvent =
  | { type: 'booking.start'; domain: string }
  | { type: 'experience.pick'; experienceId: string }
  | { type: 'search.submit'; date: string; numberOfGuests: number }
  | { type: 'slot.pick'; startTime: number }
  | { type: 'seating.pick'; seatingAreaId: string | null }
  | { type: 'session.changed'; loggedIn: boolean }
  | { type: 'details.submit'; guest: GuestDetails }
  | { type: 'verify.send' }
  | { type: 'verify.submit'; code: string }
  | { type: 'confirm.submit'; agreements: Agreements }
  | { type: 'route.visit'; route: string }
  | { type: 'hold.resume' }
  | { type: 'booking.exit' }
  | { type: 'booking.restart' }
  | { type: 'retry' }
  /** The venue fetched again in the language the guest switched to. */
  | { type: 'venue.translated'; venue: VenueDetail }
  /** A hold the server made for the guest (a waitlist offer), opened to finish like a new one. */
  | { type: 'hold.take'; venue: VenueDetail; reservation: Reservation; clockOffsetMs: number };

/** A day's search: its free slots, and whether the experience is served that day at all. */
export interface SlotSearch {
  open: boolean;
  timeslots: Timeslot[];
}

/** The new hold, and the server's clock as its answer told it. */
export interface CreatedHold extends ServerTimed {
  reservation: Reservation;
}

const emptyDraft: Draft = { experienceId: null, date: null, numberOfGuests: 2, startTime: null, seatingAreaId: null };

/** SPEC §8 codes that send the guest to the warning page, and what the page says about them. */
const WARNING_CODES: Record<number, WarningKind> = {
  1010101: 'members-only',
  10208: 'overlap',
  1010104: 'active-limit',
  1010105: 'annual-limit',
};
const PARTY_TOO_LARGE = 20101;
/** The draft's pages: visiting one of them while a table is held gives the table up. */
const DRAFT_ROUTES = ['/pages/experience', '/pages/book', '/pages/timeslot', '/pages/seating'];
const SELECTION_UNAVAILABLE = 20102;

const errorOf = (error: unknown): CallError =>
  typeof error === 'object' && error !== null && 'message' in error
    ? (error as CallError)
    : { message: String(error) };

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as { loggedIn: boolean },
  },
  actors: {
    loadVenue: fromPromise<VenueDetail, { domain: string }>(async () => {
      throw new Error('loadVenue not provided');
    }),
    loadTimeslots: fromPromise<SlotSearch, { venueId: string; experienceId: string; date: string; numberOfGuests: number }>(
      async () => {
        throw new Error('loadTimeslots not provided');
      },
    ),
    createReservation: fromPromise<CreatedHold, { venueId: string; draft: Draft }>(async () => {
      throw new Error('createReservation not provided');
    }),
    loadGuestProfile: fromPromise<GuestDetails>(async () => {
      throw new Error('loadGuestProfile not provided');
    }),
    sendVerificationCode: fromPromise<void, { mobileCountryCode: string; mobileNumber: string }>(async () => {
      throw new Error('sendVerificationCode not provided');
    }),
    confirmVerificationCode: fromPromise<void, { mobileCountryCode: string; mobileNumber: string; code: string }>(
      async () => {
        throw new Error('confirmVerificationCode not provided');
      },
    ),
    completeReservation: fromPromise<Reservation, { reservationId: string; guest: GuestDetails; agreements: Agreements }>(
      async () => {
        throw new Error('completeReservation not provided');
      },
    ),
    releaseReservation: fromPromise<void, { reservationId: string }>(async () => {
      throw new Error('releaseReservation not provided');
    }),
    payment: paymentMachine,
  },
  actions: {
    /** Tells the session the upcoming count went up (the app sends `upcoming.set`). */
    reportCompleted: () => {},
    takeOfferedHold: assign(({ event }) => {
      if (event.type !== 'hold.take') return {};
      const { venue, reservation, clockOffsetMs } = event;
      return {
        domain: venue.domain,
        venue,
        reservation,
        clockOffsetMs,
        draft: {
          experienceId: reservation.experience._id,
          date: reservation.date,
          numberOfGuests: reservation.numberOfGuests,
          startTime: reservation.startTime,
          seatingAreaId: reservation.seatingArea?._id ?? null,
        },
        timeslots: [],
        guest: null,
        agreements: null,
        phoneVerified: false,
        problem: null,
        warning: null,
      };
    }),
    takeTranslatedVenue: assign(({ context, event }) =>
      event.type === 'venue.translated' ? inVenueLanguage(context, event.venue) : {},
    ),
  },
  guards: {
    partyTooLarge: ({ context }, params: { numberOfGuests: number }) =>
      context.venue !== null &&
      (params.numberOfGuests > context.venue.onlineMaxGuests || params.numberOfGuests < context.venue.onlineMinGuests),
    hasSeatingChoice: ({ context }, params: { startTime: number }) =>
      (context.timeslots.find((s) => s.startTime === params.startTime)?.seatingOptions.length ?? 0) > 1,
    loggedIn: ({ context }) => context.loggedIn,
    isCurrentVenue: ({ context, event }) => event.type === 'venue.translated' && context.venue?._id === event.venue._id,
    needsPhoneVerification: ({ context }) => Boolean(context.venue?.requiresPhoneVerification) && !context.phoneVerified,
    needsPayment: ({ context }) => (context.reservation?.payment.amountDue ?? 0) > 0,
    isWarningCode: (_, params: { error: unknown }) => errorOf(params.error).errorCode! in WARNING_CODES,
    isPartyTooLarge: (_, params: { error: unknown }) => errorOf(params.error).errorCode === PARTY_TOO_LARGE,
    isUnavailable: (_, params: { error: unknown }) => errorOf(params.error).errorCode === SELECTION_UNAVAILABLE,
    isExpiredCode: (_, params: { error: unknown }) => [10202, 10203].includes(errorOf(params.error).errorCode ?? 0),
    isMobileCode: (_, params: { error: unknown }) => errorOf(params.error).errorCode === 10205,
    visits: ({ event }, params: { route: string }) => event.type === 'route.visit' && event.route === params.route,
    /** Back to the date and party once an experience is picked. */
    canRevisitDateParty: ({ context, event }) =>
      event.type === 'route.visit' && event.route === '/pages/book' && context.draft.experienceId !== null,
    /** Back to the times once a search found some. */
    canRevisitTimeslot: ({ context, event }) =>
      event.type === 'route.visit' && event.route === '/pages/timeslot' && context.timeslots.length > 0,
    visitsDraft: ({ event }) => event.type === 'route.visit' && DRAFT_ROUTES.includes(event.route),
    /** The search's answer: the experience is not served that day. */
    dayClosed: ({ event }) => !(event as unknown as { output: SlotSearch }).output.open,
    /** The search's answer: served that day, but no table free. */
    noFreeSlots: ({ event }) => (event as unknown as { output: SlotSearch }).output.timeslots.length === 0,
    sessionLoggedIn: ({ event }) => event.type === 'session.changed' && event.loggedIn,
    /** The venue checks mobile numbers and this one (as submitted) is not verified yet. */
    mustVerifyMobile: ({ context, event }) =>
      event.type === 'details.submit' &&
      Boolean(context.venue?.requiresPhoneVerification) &&
      !(
        context.phoneVerified &&
        context.guest?.mobileNumber === event.guest.mobileNumber &&
        context.guest?.mobileCountryCode === event.guest.mobileCountryCode
      ),
  },
  delays: {
    /** Until the server's `holdExpiresAt`, read on the server's clock. */
    holdExpiry: ({ context }) => {
      const expiresAt = context.reservation?.holdExpiresAt;
      if (!expiresAt) return 0;
      return Math.max(0, Date.parse(expiresAt) - serverTime(context.clockOffsetMs));
    },
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    domain: null,
    venue: null,
    draft: emptyDraft,
    timeslots: [],
    reservation: null,
    clockOffsetMs: 0,
    guest: null,
    agreements: null,
    paid: null,
    phoneVerified: false,
    loggedIn: input.loggedIn,
    problem: null,
    warning: null,
  }),
  on: {
    'session.changed': { actions: assign({ loggedIn: ({ event }) => event.loggedIn }) },
    'venue.translated': { guard: 'isCurrentVenue', actions: 'takeTranslatedVenue' },
    // From any step: a table the waitlist held for the guest, finished like one the guest just held.
    'hold.take': { target: '.holding', actions: 'takeOfferedHold' },
  },
  initial: 'idle',
  states: {
    // Not booking: no page of its own (the wizard's pages offer a way to start).
    idle: {
      on: {
        'booking.start': {
          target: 'loadingVenue',
          actions: assign({ domain: ({ event }) => event.domain, problem: null }),
        },
      },
    },
    loadingVenue: {
      meta: { route: '/pages/experience' },
      invoke: {
        id: 'loadVenue',
        src: 'loadVenue',
        input: ({ context }) => ({ domain: context.domain! }),
        onDone: {
          target: 'draft',
          actions: assign({ venue: ({ event }) => event.output, draft: emptyDraft, timeslots: [] }),
        },
        onError: {
          target: 'idle',
          actions: assign({ problem: ({ event }) => ({ kind: 'call', message: errorOf(event.error).message }) }),
        },
      },
    },
    draft: {
      initial: 'experience',
      on: {
        'booking.start': { target: 'loadingVenue', actions: assign({ domain: ({ event }) => event.domain }) },
        // Back to an earlier step of the draft is always allowed.
        'route.visit': [
          { guard: { type: 'visits', params: { route: '/pages/experience' } }, target: '.experience' },
          { guard: 'canRevisitDateParty', target: '.dateParty' },
          { guard: 'canRevisitTimeslot', target: '.timeslot' },
        ],
      },
      states: {
        experience: {
          meta: { route: '/pages/experience' },
          on: {
            'experience.pick': {
              target: 'dateParty',
              actions: assign({
                draft: ({ context, event }) => ({ ...context.draft, experienceId: event.experienceId, startTime: null }),
                problem: null,
              }),
            },
          },
        },
        dateParty: {
          meta: { route: '/pages/book' },
          on: {
            'search.submit': [
              {
                guard: { type: 'partyTooLarge', params: ({ event }) => ({ numberOfGuests: event.numberOfGuests }) },
                target: '#booking.warning',
                actions: assign({
                  draft: ({ context, event }) => ({ ...context.draft, date: event.date, numberOfGuests: event.numberOfGuests }),
                  warning: ({ context }) => ({
                    kind: 'party-too-large' as const,
                    message: '',
                    contact: { phone: context.venue!.reservationsPhone, email: context.venue!.reservationsEmail },
                  }),
                }),
              },
              {
                target: 'checkingLogin',
                actions: assign({
                  draft: ({ context, event }) => ({
                    ...context.draft,
                    date: event.date,
                    numberOfGuests: event.numberOfGuests,
                    startTime: null,
                  }),
                  problem: null,
                }),
              },
            ],
          },
        },
        loadingSlots: {
          meta: { route: '/pages/book' },
          invoke: {
            id: 'loadTimeslots',
            src: 'loadTimeslots',
            input: ({ context }) => ({
              venueId: context.venue!._id,
              experienceId: context.draft.experienceId!,
              date: context.draft.date!,
              numberOfGuests: context.draft.numberOfGuests,
            }),
            onDone: [
              {
                guard: 'dayClosed',
                target: 'dateParty',
                actions: assign({ timeslots: [], problem: { kind: 'no-availability' } }),
              },
              {
                guard: 'noFreeSlots',
                target: 'dateParty',
                actions: assign({ timeslots: [], problem: { kind: 'no-timeslot' } }),
              },
              { target: 'timeslot', actions: assign({ timeslots: ({ event }) => event.output.timeslots }) },
            ],
            onError: [
              {
                guard: { type: 'isPartyTooLarge', params: ({ event }) => ({ error: event.error }) },
                target: '#booking.warning',
                actions: assign({
                  warning: ({ event }) => ({
                    kind: 'party-too-large' as const,
                    message: errorOf(event.error).message,
                    contact: errorOf(event.error).contact,
                  }),
                }),
              },
              {
                target: 'dateParty',
                actions: assign({ problem: ({ event }) => ({ kind: 'call', message: errorOf(event.error).message }) }),
              },
            ],
          },
        },
        timeslot: {
          meta: { route: '/pages/timeslot' },
          on: {
            'slot.pick': [
              {
                guard: { type: 'hasSeatingChoice', params: ({ event }) => ({ startTime: event.startTime }) },
                target: 'seating',
                actions: assign({
                  draft: ({ context, event }) => ({ ...context.draft, startTime: event.startTime, seatingAreaId: null }),
                  problem: null,
                }),
              },
              {
                target: 'creating',
                actions: assign({
                  draft: ({ context, event }) => ({ ...context.draft, startTime: event.startTime, seatingAreaId: null }),
                  problem: null,
                }),
              },
            ],
          },
        },
        seating: {
          meta: { route: '/pages/seating' },
          on: {
            'seating.pick': {
              target: 'creating',
              actions: assign({ draft: ({ context, event }) => ({ ...context.draft, seatingAreaId: event.seatingAreaId }) }),
            },
          },
        },
        // Transient: availability and holds are for logged-in guests (SPEC §7: the calls need a token).
        checkingLogin: {
          always: [{ guard: 'loggedIn', target: 'loadingSlots' }, { target: 'loginRequired' }],
        },
        loginRequired: {
          meta: { route: '/pages/login' },
          on: {
            'session.changed': {
              guard: 'sessionLoggedIn',
              target: 'loadingSlots',
              actions: assign({ loggedIn: true }),
            },
          },
        },
        creating: {
          meta: { route: '/pages/timeslot' },
          invoke: {
            id: 'createReservation',
            src: 'createReservation',
            input: ({ context }) => ({ venueId: context.venue!._id, draft: context.draft }),
            onDone: {
              target: '#booking.holding',
              actions: assign({
                reservation: ({ event }) => event.output.reservation,
                clockOffsetMs: ({ event }) => event.output.clockOffsetMs,
                phoneVerified: false,
                agreements: null,
              }),
            },
            onError: [
              {
                guard: { type: 'isWarningCode', params: ({ event }) => ({ error: event.error }) },
                target: '#booking.warning',
                actions: assign({
                  warning: ({ event }) => ({
                    kind: WARNING_CODES[errorOf(event.error).errorCode!]!,
                    message: errorOf(event.error).message,
                  }),
                }),
              },
              {
                guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) },
                target: 'loadingSlots',
                actions: assign({ problem: { kind: 'unavailable' } }),
              },
              {
                target: 'timeslot',
                actions: assign({ problem: ({ event }) => ({ kind: 'failed', message: errorOf(event.error).message }) }),
              },
            ],
          },
        },
      },
    },
    // The server holds the table: created (details, verification, confirmation) and awaiting payment.
    holding: {
      type: 'parallel',
      on: {
        'booking.exit': { target: 'releasing' },
        // Going back into the draft gives the table up; the guest chooses again.
        'route.visit': [
          { guard: 'visitsDraft', target: 'releasing' },
        ],
      },
      states: {
        // The countdown: re-armed from the server's holdExpiresAt when a saved booking is resumed.
        hold: {
          initial: 'running',
          states: {
            running: {
              after: { holdExpiry: { target: '#booking.expired' } },
              on: { 'hold.resume': { target: 'running', reenter: true } },
            },
          },
        },
        step: {
          initial: 'created',
          states: {
            created: {
              initial: 'prefilling',
              on: {
                // Back to the details is fine; forward only by submitting them.
                'route.visit': { guard: { type: 'visits', params: { route: '/pages/profile' } }, target: '.details' },
              },
              states: {
                // The guest's details start from their profile; without one they type them in.
                prefilling: {
                  meta: { route: '/pages/profile' },
                  invoke: {
                    id: 'loadGuestProfile',
                    src: 'loadGuestProfile',
                    onDone: {
                      target: 'details',
                      actions: assign({ guest: ({ context, event }) => context.guest ?? event.output }),
                    },
                    onError: { target: 'details' },
                  },
                },
                details: {
                  meta: { route: '/pages/profile' },
                  on: {
                    'details.submit': [
                      {
                        guard: 'mustVerifyMobile',
                        target: 'verify',
                        actions: assign({ guest: ({ event }) => event.guest, phoneVerified: false, problem: null }),
                      },
                      { target: 'confirm', actions: assign({ guest: ({ event }) => event.guest, problem: null }) },
                    ],
                  },
                },
                verify: {
                  meta: { route: '/pages/verify' },
                  initial: 'sending',
                  states: {
                    sending: {
                      invoke: {
                        id: 'sendVerificationCode',
                        src: 'sendVerificationCode',
                        input: ({ context }) => ({
                          mobileCountryCode: context.guest!.mobileCountryCode,
                          mobileNumber: context.guest!.mobileNumber,
                        }),
                        onDone: { target: 'codeEntry' },
                        onError: {
                          target: 'codeEntry',
                          actions: assign({
                            problem: ({ event }) => ({ kind: 'call', message: errorOf(event.error).message }),
                          }),
                        },
                      },
                    },
                    codeEntry: {
                      on: {
                        'verify.submit': { target: 'checking', actions: assign({ problem: null }) },
                        'verify.send': { target: 'sending', actions: assign({ problem: null }) },
                      },
                    },
                    checking: {
                      invoke: {
                        id: 'confirmVerificationCode',
                        src: 'confirmVerificationCode',
                        input: ({ context, event }) => ({
                          mobileCountryCode: context.guest!.mobileCountryCode,
                          mobileNumber: context.guest!.mobileNumber,
                          code: (event as Extract<BookingEvent, { type: 'verify.submit' }>).code,
                        }),
                        onDone: { target: '#booking.holding.step.created.confirm', actions: assign({ phoneVerified: true }) },
                        onError: {
                          target: 'codeEntry',
                          actions: assign({
                            problem: ({ event }) => ({ kind: 'call', message: errorOf(event.error).message }),
                          }),
                        },
                      },
                    },
                  },
                },
                confirm: {
                  meta: { route: '/pages/confirm' },
                  on: {
                    'confirm.submit': [
                      {
                        guard: 'needsPayment',
                        target: '#booking.holding.step.awaitingPayment',
                        actions: assign({ agreements: ({ event }) => event.agreements, problem: null }),
                      },
                      {
                        target: '#booking.completing',
                        actions: assign({ agreements: ({ event }) => event.agreements, problem: null }),
                      },
                    ],
                  },
                },
              },
            },
            awaitingPayment: {
              meta: { route: '/pages/payment' },
              invoke: {
                id: 'pay',
                src: 'payment',
                input: ({ context }) => ({
                  purpose: 'reservation' as const,
                  reservationId: context.reservation!._id,
                  amount: context.reservation!.payment.amountDue,
                }),
                onDone: {
                  target: '#booking.completing',
                  actions: assign({ paid: ({ context, event }) => ({ ...event.output, reservationId: context.reservation!._id }) }),
                },
              },
              on: {
                'route.visit': {
                  guard: { type: 'visits', params: { route: '/pages/confirm' } },
                  target: 'created.confirm',
                },
              },
            },
          },
        },
      },
    },
    // Outside the hold's timer: once asked, the server decides, even if the hold runs out meanwhile.
    completing: {
      meta: { route: '/pages/confirm' },
      invoke: {
        id: 'completeReservation',
        src: 'completeReservation',
        input: ({ context }) => ({
          reservationId: context.reservation!._id,
          guest: context.guest!,
          agreements: context.agreements!,
        }),
        onDone: {
          target: 'completed',
          actions: [
            assign({
              reservation: ({ event }) => event.output,
              // The next booking in this tab starts from the same details, but the occasion was this visit's.
              guest: ({ context }) => context.guest && { ...context.guest, occasion: null, occasionNote: null },
            }),
            'reportCompleted',
          ],
        },
        onError: [
          {
            guard: { type: 'isMobileCode', params: ({ event }) => ({ error: event.error }) },
            target: 'holding.step.created.details',
            actions: assign({
              problem: ({ event }) => ({ kind: 'completion', code: 10205, message: errorOf(event.error).message }),
              phoneVerified: false,
            }),
          },
          {
            guard: { type: 'isExpiredCode', params: ({ event }) => ({ error: event.error }) },
            target: 'expired',
            actions: assign({
              problem: ({ event }) => ({
                kind: 'completion',
                code: errorOf(event.error).errorCode!,
                message: errorOf(event.error).message,
              }),
            }),
          },
          {
            guard: { type: 'isWarningCode', params: ({ event }) => ({ error: event.error }) },
            target: 'warning',
            actions: assign({
              warning: ({ event }) => ({
                kind: WARNING_CODES[errorOf(event.error).errorCode!]!,
                message: errorOf(event.error).message,
              }),
            }),
          },
          {
            target: 'holding.step.created.confirm',
            actions: assign({
              problem: ({ event }) => {
                const error = errorOf(event.error);
                return error.errorCode !== undefined
                  ? { kind: 'completion' as const, code: error.errorCode, message: error.message }
                  : { kind: 'failed' as const, message: error.message };
              },
            }),
          },
        ],
      },
    },
    completed: {
      meta: { route: '/pages/result' },
      on: {
        'booking.restart': { target: 'idle', actions: assign({ reservation: null, draft: emptyDraft, problem: null }) },
        'booking.start': { target: 'loadingVenue', actions: assign({ domain: ({ event }) => event.domain, reservation: null }) },
      },
    },
    expired: {
      meta: { route: '/pages/warning' },
      entry: assign({ reservation: null, problem: ({ context }) => context.problem ?? { kind: 'expired' } }),
      on: {
        // A fresh start at the same venue and experience.
        'booking.restart': {
          target: 'draft.dateParty',
          actions: assign({ problem: null, timeslots: [], draft: ({ context }) => ({ ...context.draft, startTime: null }) }),
        },
        'booking.start': { target: 'loadingVenue', actions: assign({ domain: ({ event }) => event.domain }) },
      },
    },
    warning: {
      meta: { route: '/pages/warning' },
      on: {
        'booking.restart': {
          target: 'draft.dateParty',
          actions: assign({ warning: null, problem: null }),
        },
        'booking.start': {
          target: 'loadingVenue',
          actions: assign({ domain: ({ event }) => event.domain, warning: null }),
        },
        'route.visit': {
          guard: { type: 'visits', params: { route: '/pages/book' } },
          target: 'draft.dateParty',
          actions: assign({ warning: null }),
        },
      },
    },
    releasing: {
      meta: { route: '/pages/timeslot' },
      invoke: {
        id: 'releaseReservation',
        src: 'releaseReservation',
        input: ({ context }) => ({ reservationId: context.reservation!._id }),
        // Released or not, the guest chooses again; an unreleased hold lapses on the server by itself.
        onDone: { target: 'draft.timeslot', actions: assign({ reservation: null }) },
        onError: { target: 'draft.timeslot', actions: assign({ reservation: null }) },
      },
    },
  },
});
