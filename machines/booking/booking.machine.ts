/**
 * The reservation lifecycle as a statechart: draft -> created (the server holds the table for 15 minutes)
 * -> awaiting payment (or, for a card guarantee, awaiting the card) -> completed, with the hold timer and docs/PRODUCT.md §8's error-code branches.
 *
 * Each step carries `meta.route`, the page that shows it; the app keeps the address in step with the
 * state and turns a typed address, back or forward into `route.visit`, which the chart may refuse. Calls
 * are named actors and given by the app (`machine.provide`), so tests and the Stately visualizer run
 * the same chart. The chart never imports the router.
 *
 * Three steps are charts of their own, invoked and drawn apart: who books, for a visitor not logged in
 * (machines/booking/guest-identity.machine.ts, invoked as `identity` by `draft.identifying`: log in, or
 * continue as a guest verified by a code), phone verification (machines/phone-verification.machine.ts,
 * invoked as `verifyPhone` by `verify`; done once a code is accepted) and payment
 * (machines/payment.machine.ts, invoked as `pay` by `awaitingPayment`), and for a card guarantee the saving
 * of a card (machines/card-guarantee.machine.ts, invoked as `saveCard` by `awaitingCard`). Its parts: the data
 * (booking-types.ts), the problem and code tables (booking-codes.ts), the draft's updates and guards
 * (booking-draft.ts), and the updates from the session (booking-session.ts).
 *
 * No wall before the times: anyone searches and picks a time; at the details step a visitor not logged
 * in identifies (the guest-identity chart), and the draft waits meanwhile. Booking rules by membership
 * (common/membership-rules.ts): a day only members may book yet is a guarded transition of its own, and
 * so are member-only times: a day whose times for guests are all in members' services (`membersOnlyDay`),
 * and a hold refused for a members' time (`isMembersOnlyTime`, 422 20200).
 */
import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { inVenueLanguage } from '../venue-language';
import { serverTime } from '../../common/api/server-time';
import { paymentMachine } from '../payment.machine';
import { cardGuaranteeMachine } from '../card-guarantee.machine';
import { phoneVerificationMachine } from '../phone-verification.machine';
import { outputOf } from '../actor-event';
import { bookingPath } from '../booking-pages';
import { CODE_GUARDS, callProblem, completionProblem, failedProblem, partyTooLargeWarning, warningOfCode } from './booking-codes';
import { DRAFT_GUARDS, DRAFT_UPDATES, emptyDraft, phoneOf, withoutVisitRequests } from './booking-draft';
import { SESSION_UPDATES } from './booking-session';
import { HOLD_GUARDS, HOLD_UPDATES, startingContext } from './booking-hold';
import { guestIdentityMachine } from './guest-identity.machine';
import type { Agreements, BookingContext, BookingEvent, CreatedHold, Draft, GuestDetails, Reservation, SlotSearch, VenueDetail } from './booking-types';

export type { Problem } from './booking-codes';
export type { Agreements, BookingContext, BookingEvent, CreatedHold, Draft, GuestContact, GuestDetails, GuestSession } from './booking-types';
export type { MembersOnlyTime, Reservation, SlotSearch, Timeslot, VenueDetail } from './booking-types';

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    /** `sessionKnown: false`: a stored session is still being checked (the app's start); else the log-in state given is the session's. */
    input: {} as { loggedIn: boolean; member?: boolean; sessionKnown?: boolean },
  },
  actors: {
    loadVenue: fromPromise<VenueDetail, { domain: string }>(async () => {
      throw new Error('loadVenue not provided');
    }),
    /** `loggedIn: false` asks the public call (no token), under a guest's rules. */
    loadTimeslots: fromPromise<SlotSearch, { venueId: string; experienceId: string; date: string; numberOfGuests: number; loggedIn: boolean }>(
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
    completeReservation: fromPromise<Reservation, { reservationId: string; guest: GuestDetails; agreements: Agreements }>(
      async () => {
        throw new Error('completeReservation not provided');
      },
    ),
    releaseReservation: fromPromise<void, { reservationId: string }>(async () => {
      throw new Error('releaseReservation not provided');
    }),
    guestIdentity: guestIdentityMachine,
    payment: paymentMachine,
    cardGuarantee: cardGuaranteeMachine,
    phoneVerification: phoneVerificationMachine,
  },
  actions: {
    /** Tells the session the upcoming count went up (the app sends `upcoming.set`). */
    reportCompleted: () => {},
    takeOfferedHold: assign(HOLD_UPDATES.takeOfferedHold),
    takeTranslatedVenue: assign(({ context, event }) => {
      assertEvent(event, 'venue.translated');
      return inVenueLanguage(context, event.venue);
    }),
    noteSession: assign(SESSION_UPDATES.noteSession),
    /** The details step's events go to the guest-identity chart, which runs that step. */
    forwardToIdentity: sendTo('identity', ({ event }) => event),
    /** The visitor identified at the details step (booking-session.ts). */
    noteIdentified: assign(SESSION_UPDATES.noteIdentified),
    takeDomain: assign(SESSION_UPDATES.takeDomain),
    clearProblem: assign({ problem: null }),
    clearWarning: assign({ warning: null }),
    /** Any other refused call: its words under the step. */
    noteCallFailed: assign({ problem: callProblem }),
    /** A booking begins: nothing of the last one's visit comes with it. */
    storeVenue: assign({
      venue: ({ event }) => outputOf<VenueDetail>(event),
      draft: emptyDraft,
      timeslots: [],
      guest: ({ context }) => context.guest && withoutVisitRequests(context.guest),
    }),
    pickExperience: assign(DRAFT_UPDATES.pickExperience),
    keepSearch: assign(DRAFT_UPDATES.keepSearch),
    noteSessionChecking: assign({ sessionKnown: false }),
    keepRevisit: assign(DRAFT_UPDATES.keepRevisit),
    /** The step asked for while the table was given up, visited now the draft is back. */
    revisitKept: enqueueActions(({ context: { revisit }, enqueue }) => void (revisit && enqueue.raise({ type: 'route.visit', route: revisit }), enqueue.assign({ revisit: null }))),
    /** The search kept while the session was being checked, submitted again now. */
    resubmitSearch: enqueueActions(({ context, enqueue }) => {
      if (context.pendingSearch) enqueue.raise(context.pendingSearch);
      enqueue.assign({ pendingSearch: null });
    }),
    /** No word of the session in time: search with what the chart knows (the server still decides). */
    stopWaitingForSession: assign({ sessionKnown: true }),
    takeSearch: assign(DRAFT_UPDATES.takeSearch),
    noteMembersFirst: assign(DRAFT_UPDATES.noteMembersFirst),
    noteExperiencePartySize: assign(DRAFT_UPDATES.noteExperiencePartySize),
    warnPartyTooLarge: assign(DRAFT_UPDATES.warnPartyTooLarge),
    warnPartyTooLargeByServer: assign({ warning: partyTooLargeWarning }),
    warnByCode: assign({ warning: warningOfCode }),
    noteDayClosed: assign(DRAFT_UPDATES.noteDayClosed),
    noteNoFreeSlots: assign(DRAFT_UPDATES.noteNoFreeSlots),
    noteMembersOnlyDay: assign(DRAFT_UPDATES.noteMembersOnlyDay),
    noteClosure: assign(DRAFT_UPDATES.noteClosure),
    storeTimeslots: assign(DRAFT_UPDATES.storeTimeslots),
    pickSlot: assign(DRAFT_UPDATES.pickSlot),
    pickSeating: assign(DRAFT_UPDATES.pickSeating),
    storeHold: assign(HOLD_UPDATES.storeHold),
    noteSelectionUnavailable: assign({ problem: { kind: 'unavailable' } }),
    /** The time picked is a members' service (it became one since the search): the server's words, over the times read again. */
    noteMembersOnlyTime: assign({ problem: callProblem }),
    noteHoldFailed: assign({ problem: failedProblem }),
    prefillGuest: assign(HOLD_UPDATES.prefillGuest),
    takeGuest: assign(HOLD_UPDATES.takeGuest),
    forgetPhoneVerification: assign({ phoneVerified: false }),
    notePhoneVerified: assign({ phoneVerified: true }),
    takeAgreements: assign(HOLD_UPDATES.takeAgreements),
    notePaid: assign(HOLD_UPDATES.notePaid),
    storeCompletedReservation: assign(HOLD_UPDATES.storeCompletedReservation),
    noteCompletionFailed: assign({ problem: completionProblem }),
    forgetReservation: assign({ reservation: null }),
    startAnother: assign(HOLD_UPDATES.startAnother),
    noteExpired: assign(HOLD_UPDATES.noteExpired),
    searchAgain: assign(DRAFT_UPDATES.searchAgain),
  },
  guards: {
    loggedIn: ({ context }) => context.loggedIn,
    isCurrentVenue: ({ context, event }) => event.type === 'venue.translated' && context.venue?._id === event.venue._id,
    sessionUnknown: ({ context }) => !context.sessionKnown,
    ...DRAFT_GUARDS,
    ...CODE_GUARDS,
    ...HOLD_GUARDS,
  },
  delays: {
    /** The longest a search waits for a stored session's check (a refresh and a profile read). */
    SESSION_WAIT: 10_000,
    /** Until the server's `holdExpiresAt`, read on the server's clock. */
    holdExpiry: ({ context }) => {
      const expiresAt = context.reservation?.holdExpiresAt;
      if (!expiresAt) return 0;
      return Math.max(0, Date.parse(expiresAt) - serverTime(context.clockOffsetMs));
    },
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => startingContext(input),
  on: {
    'session.changed': { actions: 'noteSession' },
    'session.checking': { actions: 'noteSessionChecking' },
    'venue.translated': { guard: 'isCurrentVenue', actions: 'takeTranslatedVenue' },
    // From any step: a table the waitlist held for the guest, finished like one the guest just held.
    'hold.take': { target: '.holding', actions: 'takeOfferedHold' },
  },
  initial: 'idle',
  states: {
    // Not booking: no page of its own (the wizard's pages offer a way to start).
    idle: {
      on: {
        'booking.start': { target: 'loadingVenue', actions: ['takeDomain', 'clearProblem'] },
      },
    },
    loadingVenue: {
      meta: { route: bookingPath('experience') },
      invoke: {
        id: 'loadVenue',
        src: 'loadVenue',
        input: ({ context }) => ({ domain: context.domain! }),
        onDone: { target: 'draft', actions: 'storeVenue' },
        onError: { target: 'idle', actions: 'noteCallFailed' },
      },
    },
    draft: {
      initial: 'experience',
      on: {
        'booking.start': { target: 'loadingVenue', actions: 'takeDomain' },
        // Back to an earlier step of the draft is always allowed.
        'route.visit': [
          { guard: { type: 'visits', params: { route: bookingPath('experience') } }, target: '.experience' },
          { guard: 'canRevisitDateParty', target: '.dateParty' },
          { guard: 'canRevisitTimeslot', target: '.timeslot' },
          { guard: 'canRevisitSeating', target: '.seating' },
        ],
      },
      states: {
        experience: {
          meta: { route: bookingPath('experience') },
          on: {
            // Members only, up front (docs/PRODUCT.md §6): the step says so, and no one else goes on to the date for it.
            'experience.pick': [{ guard: 'membersOnlyForGuest' }, { target: 'dateParty', actions: 'pickExperience' }],
          },
        },
        dateParty: {
          meta: { route: bookingPath('book') },
          on: {
            'search.submit': [
              { guard: 'partyTooLarge', target: '#booking.warning', actions: 'warnPartyTooLarge' },
              { guard: 'partyOutsideExperience', target: 'dateParty', actions: 'noteExperiencePartySize' },
              // Who is asking decides the times (a member's, or a guest's without members' services): wait until the session says.
              { guard: 'sessionUnknown', target: 'awaitingSession', actions: 'keepSearch' },
              // Booking rules by membership: a day only members may book yet says from when guests may.
              { guard: 'membersFirst', target: 'dateParty', actions: 'noteMembersFirst' },
              // Anyone sees the times: the public call answers a visitor not logged in.
              { target: 'loadingSlots', actions: 'takeSearch' },
            ],
          },
        },
        // The search waits on the date page for the stored session's check, then is made as submitted.
        awaitingSession: {
          meta: { route: bookingPath('book') },
          on: {
            'session.changed': { target: 'dateParty', actions: ['noteSession', 'resubmitSearch'] },
          },
          after: {
            SESSION_WAIT: { target: 'dateParty', actions: ['stopWaitingForSession', 'resubmitSearch'] },
          },
        },
        loadingSlots: {
          meta: { route: bookingPath('book') },
          invoke: {
            id: 'loadTimeslots',
            src: 'loadTimeslots',
            input: ({ context }) => ({
              venueId: context.venue!._id,
              experienceId: context.draft.experienceId!,
              date: context.draft.date!,
              numberOfGuests: context.draft.numberOfGuests,
              loggedIn: context.loggedIn,
            }),
            onDone: [
              { guard: 'closedByStaff', target: 'dateParty', actions: 'noteClosure' },
              { guard: 'dayClosed', target: 'dateParty', actions: 'noteDayClosed' },
              // Member-only times: a guest is told members can book that day's services, not that it is full.
              { guard: 'membersOnlyDay', target: 'dateParty', actions: 'noteMembersOnlyDay' },
              { guard: 'noFreeSlots', target: 'dateParty', actions: 'noteNoFreeSlots' },
              { target: 'timeslot', actions: 'storeTimeslots' },
            ],
            onError: [
              { guard: 'isPartyTooLarge', target: '#booking.warning', actions: 'warnPartyTooLargeByServer' },
              { target: 'dateParty', actions: 'noteCallFailed' },
            ],
          },
        },
        timeslot: {
          meta: { route: bookingPath('timeslot') },
          on: {
            'slot.pick': [
              { guard: 'hasSeatingChoice', target: 'seating', actions: 'pickSlot' },
              { target: 'checkingLogin', actions: 'pickSlot' },
            ],
          },
        },
        seating: {
          meta: { route: bookingPath('seating') },
          on: {
            'seating.pick': { target: 'checkingLogin', actions: 'pickSeating' },
          },
        },
        // Transient: a hold is made for an account (docs/PRODUCT.md §7: the call needs a token); the time is chosen by then.
        checkingLogin: {
          always: [{ guard: 'loggedIn', target: 'creating' }, { target: 'identifying' }],
        },
        // The details step for a visitor not logged in: the guest-identity chart runs it (log in, or continue
        // as a guest by a code); the wizard's events for it are passed on, and it is done once a session is open.
        identifying: {
          meta: { route: bookingPath('profile') },
          invoke: {
            id: 'identity',
            src: 'guestIdentity',
            input: ({ context }) => ({ guest: context.guest, codeBy: context.guestCodeBy }),
            onDone: { target: 'creating', actions: 'noteIdentified' },
          },
          on: {
            'identify.login': { actions: 'forwardToIdentity' },
            'identify.guest': { actions: 'forwardToIdentity' },
            'session.changed': { actions: ['noteSession', 'forwardToIdentity'] },
            'route.visit': { guard: { type: 'visits', params: { route: bookingPath('profile') } }, actions: 'forwardToIdentity' },
          },
        },
        // No page of its own: the step the time or the area was chosen on waits, and Back from the details skips none.
        creating: {
          invoke: {
            id: 'createReservation',
            src: 'createReservation',
            input: ({ context }) => ({ venueId: context.venue!._id, draft: context.draft }),
            onDone: { target: '#booking.holding', actions: 'storeHold' },
            onError: [
              { guard: 'isWarningCode', target: '#booking.warning', actions: 'warnByCode' },
              { guard: 'isUnavailable', target: 'loadingSlots', actions: 'noteSelectionUnavailable' },
              // Member-only times: the reason, and the times a guest may book read afresh.
              { guard: 'isMembersOnlyTime', target: 'loadingSlots', actions: 'noteMembersOnlyTime' },
              { target: 'timeslot', actions: 'noteHoldFailed' },
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
        // Going back into the draft gives the table up; the guest chooses again. Back to the details is fine
        // from any later held step (forward only by submitting them).
        'route.visit': [
          { guard: 'visitsDraft', target: 'releasing', actions: 'keepRevisit' },
          { guard: 'visitsDetails', target: '.step.created.details' },
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
              states: {
                // The guest's details start from their profile; without one they type them in.
                prefilling: {
                  meta: { route: bookingPath('profile') },
                  invoke: {
                    id: 'loadGuestProfile',
                    src: 'loadGuestProfile',
                    onDone: { target: 'details', actions: 'prefillGuest' },
                    onError: { target: 'details' },
                  },
                },
                details: {
                  meta: { route: bookingPath('profile') },
                  on: {
                    'details.submit': [
                      { guard: 'mustVerifyMobile', target: 'verify', actions: ['takeGuest', 'forgetPhoneVerification'] },
                      { target: 'confirm', actions: 'takeGuest' },
                    ],
                  },
                },
                // The phone verification chart (machines/phone-verification.machine.ts) runs the page; done once a code is accepted.
                verify: {
                  meta: { route: bookingPath('verify') },
                  invoke: {
                    id: 'verifyPhone',
                    src: 'phoneVerification',
                    input: ({ context }) => phoneOf(context.guest!),
                    onDone: { target: 'confirm', actions: 'notePhoneVerified' },
                  },
                },
                confirm: {
                  meta: { route: bookingPath('confirm') },
                  on: {
                    'confirm.submit': [
                      // A card guarantee: nothing is paid, a card is saved (docs/decisions/0035-card-guarantee.md).
                      { guard: 'needsCard', target: '#booking.holding.step.awaitingCard', actions: 'takeAgreements' },
                      { guard: 'needsPayment', target: '#booking.holding.step.awaitingPayment', actions: 'takeAgreements' },
                      { target: '#booking.completing', actions: 'takeAgreements' },
                    ],
                  },
                },
              },
            },
            awaitingPayment: {
              meta: { route: bookingPath('payment') },
              invoke: {
                id: 'pay',
                src: 'payment',
                input: ({ context }) => ({
                  purpose: 'reservation' as const,
                  reservationId: context.reservation!._id,
                  amount: context.reservation!.payment.amountDue,
                }),
                onDone: { target: '#booking.completing', actions: 'notePaid' },
              },
              on: {
                'route.visit': {
                  guard: { type: 'visits', params: { route: bookingPath('confirm') } },
                  target: 'created.confirm',
                },
              },
            },
            // The card guarantee chart (machines/card-guarantee.machine.ts) runs the page; the hold's timer runs on.
            awaitingCard: {
              meta: { route: bookingPath('card') },
              invoke: {
                id: 'saveCard',
                src: 'cardGuarantee',
                input: ({ context }) => ({ reservationId: context.reservation!._id }),
                onDone: { target: '#booking.completing' },
              },
              on: {
                'route.visit': {
                  guard: { type: 'visits', params: { route: bookingPath('confirm') } },
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
      meta: { route: bookingPath('confirm') },
      invoke: {
        id: 'completeReservation',
        src: 'completeReservation',
        input: ({ context }) => ({
          reservationId: context.reservation!._id,
          guest: context.guest!,
          agreements: context.agreements!,
        }),
        onDone: { target: 'completed', actions: ['storeCompletedReservation', 'reportCompleted'] },
        onError: [
          {
            guard: 'isMobileCode',
            target: 'holding.step.created.details',
            actions: ['noteCompletionFailed', 'forgetPhoneVerification'],
          },
          { guard: 'isExpiredCode', target: 'expired', actions: 'noteCompletionFailed' },
          { guard: 'isWarningCode', target: 'warning', actions: 'warnByCode' },
          { target: 'holding.step.created.confirm', actions: 'noteCompletionFailed' },
        ],
      },
    },
    completed: {
      meta: { route: bookingPath('result') },
      on: {
        // Another booking at the same venue: its first step, with nothing of the booking just made.
        'booking.restart': { target: 'draft.experience', actions: 'startAnother' },
        'booking.start': { target: 'loadingVenue', actions: ['takeDomain', 'forgetReservation'] },
      },
    },
    expired: {
      meta: { route: bookingPath('warning') },
      entry: 'noteExpired',
      on: {
        // A fresh start at the same venue and experience.
        'booking.restart': { target: 'draft.dateParty', actions: 'searchAgain' },
        'booking.start': { target: 'loadingVenue', actions: 'takeDomain' },
      },
    },
    warning: {
      meta: { route: bookingPath('warning') },
      on: {
        'booking.restart': { target: 'draft.dateParty', actions: ['clearWarning', 'clearProblem'] },
        'booking.start': { target: 'loadingVenue', actions: ['takeDomain', 'clearWarning'] },
        'route.visit': {
          guard: { type: 'visits', params: { route: bookingPath('book') } },
          target: 'draft.dateParty',
          actions: 'clearWarning',
        },
      },
    },
    // No page of its own: the address stays on the draft step the guest went back to (or goes to meanwhile).
    releasing: {
      on: { 'route.visit': { guard: 'visitsDraft', actions: 'keepRevisit' } },
      invoke: {
        id: 'releaseReservation',
        src: 'releaseReservation',
        input: ({ context }) => ({ reservationId: context.reservation!._id }),
        // Released or not, the guest chooses again, on the step they went back to (the times when it cannot
        // be taken); an unreleased hold lapses on the server by itself.
        onDone: { target: 'draft.timeslot', actions: ['forgetReservation', 'revisitKept'] },
        onError: { target: 'draft.timeslot', actions: ['forgetReservation', 'revisitKept'] },
      },
    },
  },
});
