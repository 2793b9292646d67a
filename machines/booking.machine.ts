/**
 * The reservation lifecycle as a statechart: draft -> created (the server holds the table for 15 minutes)
 * -> awaiting payment -> completed, with the hold timer and docs/PRODUCT.md §8's error-code branches.
 *
 * Each step carries `meta.route`, the page that shows it; the app keeps the address in step with the
 * state and turns a typed address, back or forward into `route.visit`, which the chart may refuse. Calls
 * are named actors and given by the app (`machine.provide`), so tests and the Stately visualizer run
 * the same chart. The chart never imports the router.
 *
 * Two held steps are charts of their own, invoked and drawn apart: phone verification
 * (machines/phone-verification.machine.ts, invoked as `verifyPhone` by `verify`; done once a code is
 * accepted) and payment (machines/payment.machine.ts, invoked as `pay` by `awaitingPayment`).
 *
 * No wall before the times (issue 25, point 3): anyone searches and picks a time; at the details step
 * (`identify`) a visitor not logged in logs in, signs up, or continues as a guest verified by a texted
 * code (the same phone verification chart), and the draft waits meanwhile. Booking rules by membership
 * (point 2; common/membership-rules.ts): a day only members may book yet is a guarded transition of its own,
 * and so are member-only times: a day whose times for guests are all in members' services (`membersOnlyDay`),
 * and a hold refused for a members' time (`isMembersOnlyTime`, 422 20200).
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup, type EventObject } from 'xstate';
import { inVenueLanguage } from './venue-language';
import type { components } from '../common/api/schema';
import type { OfferedTimeslot } from '../common/api/offered-timeslots';
import type { ClosureReason } from '../common/validation/closure-validation';
import { serverTime, type ServerTimed } from '../common/api/server-time';
import { paymentMachine, type PaymentOutput } from './payment.machine';
import { phoneVerificationMachine, type CodeChannel, type PhoneVerificationOutput } from './phone-verification.machine';
import { COMPLETION_CODES, ERROR_CODES } from '../common/api/error-codes';
import { callErrorOf, outputOf } from './actor-event';
import type { CallError } from './call-error';
import { bookingPath, DRAFT_PATHS, LOGIN_PAGE_PATH } from './booking-pages';
import { windowVerdict } from '../common/membership-rules';

export type { CallError } from './call-error';

type Schemas = components['schemas'];
export type VenueDetail = Schemas['VenueDetail'];
export type Timeslot = OfferedTimeslot;
export type Reservation = Schemas['Reservation'];
export type GuestDetails = Schemas['GuestDetails'];
export type Agreements = Schemas['Agreements'];
/** A service of the day searched for that only members may book (the server names it to a guest). */
export type MembersOnlyTime = NonNullable<Schemas['Availability']['membersOnlyTimes']>[number];

/** Why the guest is on the warning page. */
export type WarningKind =
  | 'party-too-large' // above the venue's online maximum: the reservations team takes it
  | 'members-only' // COMPLETION_CODES.NOT_A_MEMBER
  | 'overlap' // COMPLETION_CODES.OVERLAP
  | 'active-limit' // COMPLETION_CODES.ACTIVE_LIMIT
  | 'annual-limit'; // COMPLETION_CODES.ANNUAL_LIMIT

/** What the guest sees about the last thing that went wrong on the current step. */
export type Problem =
  | { kind: 'no-availability' } // 'No Availability': the experience is not served that day
  | { kind: 'no-timeslot' } // 'No time slot available': served, but nothing free
  | { kind: 'closed'; reason: ClosureReason } // staff closed the venue, area or service that day: 'Closed for a private event'
  | { kind: 'unavailable' } // 'Sorry, your selection is unavailable'
  | { kind: 'expired' } // 'Reservation expired'
  | { kind: 'completion'; code: number; message: string } // docs/PRODUCT.md §8 codes
  | { kind: 'members-first'; date: string; guestsFrom: string } // 'Members can book … now. Guests can book it from …'
  | { kind: 'members-times'; times: MembersOnlyTime[] } // the day's times for guests are all members' services: 'Members can book …'
  | { kind: 'experience-party-size'; min: number; max: number } // the experience is set up for other party sizes
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
  /** The last search's services that only members may book (answering a guest), so the times page says so. */
  membersOnlyTimes: MembersOnlyTime[];
  reservation: Reservation | null;
  /** Server time minus client time when the reservation was created, so the countdown follows the server. */
  clockOffsetMs: number;
  guest: GuestDetails | null;
  agreements: Agreements | null;
  /** How the reservation was paid, for the result page (issue 13); kept per reservation so no other booking shows it. */
  paid: (PaymentOutput & { reservationId: string }) | null;
  phoneVerified: boolean;
  loggedIn: boolean;
  /** The session is a club member's: the members' booking window applies. */
  member: boolean;
  /**
   * Whether `loggedIn` and `member` are the session's word yet. A stored session is checked after the
   * chart starts: a search made before then would ask as a guest and get a guest's times.
   */
  sessionKnown: boolean;
  /** A search made while the session was not known yet, made once it is. */
  pendingSearch: SearchSubmit | null;
  /** The guest was verified by a texted code to continue without an account: the hold keeps that verification. */
  verifiedGuest: boolean;
  /** Where the code of a guest continuing without an account goes: texted, or mailed (issue 25, point 3). */
  guestCodeBy: CodeChannel;
  problem: Problem | null;
  warning: { kind: WarningKind; message: string; contact?: CallError['contact'] } | null;
}

/** `today`: the server's Hong Kong day as the page knows it, for the membership windows (none: the server decides). */
type SearchSubmit = { type: 'search.submit'; date: string; numberOfGuests: number; today?: string };

export type BookingEvent =
  | { type: 'booking.start'; domain: string }
  | { type: 'experience.pick'; experienceId: string }
  | SearchSubmit
  | { type: 'slot.pick'; startTime: number }
  | { type: 'seating.pick'; seatingAreaId: string | null }
  | { type: 'session.changed'; loggedIn: boolean; member?: boolean }
  /** A stored session is being checked (after a reload): searches wait for its `session.changed`. */
  | { type: 'session.checking' }
  /** At the details step, not logged in: to the log-in page (which links to sign-up). */
  | { type: 'identify.login' }
  /** At the details step, not logged in: continue as a guest, verified by a code texted to this mobile or mailed to this e-mail (SMS when absent). */
  | { type: 'identify.guest'; contact: GuestContact; sendBy?: CodeChannel }
  | { type: 'details.submit'; guest: GuestDetails }
  | { type: 'confirm.submit'; agreements: Agreements }
  | { type: 'route.visit'; route: string }
  | { type: 'hold.resume' }
  | { type: 'booking.exit' }
  | { type: 'booking.restart' }
  /** The venue fetched again in the language the guest switched to. */
  | { type: 'venue.translated'; venue: VenueDetail }
  /** A hold the server made for the guest (a waitlist offer), opened to finish like a new one. */
  | { type: 'hold.take'; venue: VenueDetail; reservation: Reservation; clockOffsetMs: number };

/** A day's search: its free slots, whether the experience is served that day at all, and why closures leave nothing. */
export interface SlotSearch {
  open: boolean;
  timeslots: Timeslot[];
  closure?: ClosureReason;
  /** Answering a guest: the day's services only members may book, whose times are left out. */
  membersOnlyTimes?: MembersOnlyTime[];
}

/** Who a guest continuing without an account is: the details the code and the account are for. */
export type GuestContact = Pick<GuestDetails, 'firstName' | 'lastName' | 'email' | 'mobileCountryCode' | 'mobileNumber'>;

/** A session the server opened for a verified guest (the app has handed it to the session chart). */
export interface GuestSession {
  token: string;
  refreshToken: string;
  user: { _id: string; firstName: string; lastName: string; email: string; role: 'guest' | 'member' | 'admin' | 'staff'; memberId: string | null };
}

/** The new hold, and the server's clock as its answer told it. */
export interface CreatedHold extends ServerTimed {
  reservation: Reservation;
}

/**
 * The guest's details without what was asked for one visit only: the special request (notes) and the
 * occasion. Name, e-mail, mobile and dietary needs (the profile's too) carry on to the next booking.
 */
function withoutVisitRequests(guest: GuestDetails): GuestDetails {
  const { notes, ...kept } = guest;
  return { ...kept, occasion: null, occasionNote: null };
}

const emptyDraft: Draft = { experienceId: null, date: null, numberOfGuests: 2, startTime: null, seatingAreaId: null };

/** docs/PRODUCT.md §8 codes that send the guest to the warning page, and what the page says about them. */
const WARNING_CODES: Record<number, WarningKind> = {
  [COMPLETION_CODES.NOT_A_MEMBER]: 'members-only',
  [COMPLETION_CODES.OVERLAP]: 'overlap',
  [COMPLETION_CODES.ACTIVE_LIMIT]: 'active-limit',
  [COMPLETION_CODES.ANNUAL_LIMIT]: 'annual-limit',
};
/** Completion codes that mean the hold is gone: the guest starts again. */
const EXPIRED_CODES: readonly number[] = [COMPLETION_CODES.EXPIRED, COMPLETION_CODES.TOO_LATE];

/** What a done `loadTimeslots` found. */
const slotSearchOf = (event: EventObject) => outputOf<SlotSearch>(event);

/** The experience the draft is for, as the venue's answer gives it. */
const draftExperience = (context: BookingContext) => context.venue?.experiences.find((e) => e._id === context.draft.experienceId);

/** Whether the session's membership may book `date` at the draft's experience (common/membership-rules.ts). */
function membershipVerdict(context: BookingContext, event: Extract<BookingEvent, { type: 'search.submit' }>) {
  const experience = draftExperience(context);
  if (!event.today || experience?.guestBookingDays === undefined || experience.memberBookingDays === undefined) return { kind: 'open' as const };
  const windows = { guestBookingDays: experience.guestBookingDays, memberBookingDays: experience.memberBookingDays };
  return windowVerdict(windows, context.member ? 'member' : 'guest', event.today, event.date);
}

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
    /**
     * A session on the guest's account, opened by the code the guest just typed (POST /public/guest/session);
     * the app hands it to the session chart before it answers, so the hold that follows is made with it.
     */
    openGuestSession: fromPromise<GuestSession, { contact: GuestContact; code: string; codeSentBy: CodeChannel }>(async () => {
      throw new Error('openGuestSession not provided');
    }),
    payment: paymentMachine,
    phoneVerification: phoneVerificationMachine,
  },
  actions: {
    /** Tells the session the upcoming count went up (the app sends `upcoming.set`). */
    reportCompleted: () => {},
    takeOfferedHold: assign(({ event }) => {
      assertEvent(event, 'hold.take');
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
    takeTranslatedVenue: assign(({ context, event }) => {
      assertEvent(event, 'venue.translated');
      return inVenueLanguage(context, event.venue);
    }),
    noteSession: assign({
      sessionKnown: true,
      loggedIn: ({ event }) => {
        assertEvent(event, 'session.changed');
        return event.loggedIn;
      },
      member: ({ event }) => event.type === 'session.changed' && event.loggedIn && event.member === true,
      // Logged out, the details typed were that person's: whoever logs in next starts from their own profile.
      guest: ({ context, event }) => (event.type === 'session.changed' && !event.loggedIn ? null : context.guest),
    }),
    noteLoggedIn: assign({
      loggedIn: true,
      member: ({ context, event }) => (event.type === 'session.changed' ? event.member === true : context.member),
    }),
    /** The day searched for is one only members may book yet: when guests may, under the search. */
    noteMembersFirst: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'search.submit');
        return { ...context.draft, date: event.date, numberOfGuests: event.numberOfGuests, startTime: null };
      },
      timeslots: [],
      problem: ({ context, event }) => {
        assertEvent(event, 'search.submit');
        const verdict = membershipVerdict(context, event);
        return { kind: 'members-first' as const, date: event.date, guestsFrom: verdict.kind === 'members-first' ? verdict.guestsFrom : event.date };
      },
    }),
    /** The party is outside the experience's sizes: said under the search, nothing looked up. */
    noteExperiencePartySize: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'search.submit');
        return { ...context.draft, date: event.date, numberOfGuests: event.numberOfGuests, startTime: null };
      },
      timeslots: [],
      problem: ({ context }) => {
        const experience = draftExperience(context);
        return { kind: 'experience-party-size' as const, min: experience?.minGuests ?? 1, max: experience?.maxGuests ?? 1 };
      },
    }),
    /** The contact a guest continues with: their details from here on, to verify and to book under. */
    takeContact: assign({
      guest: ({ context, event }) => {
        assertEvent(event, 'identify.guest');
        return { ...(context.guest ?? {}), ...event.contact, notes: context.guest?.notes ?? '' } as GuestDetails;
      },
      guestCodeBy: ({ event }) => (event.type === 'identify.guest' && event.sendBy === 'EMAIL' ? 'EMAIL' : 'SMS'),
      problem: null,
    }),
    /**
     * The guest is verified and has a session: the hold that follows keeps the verification of a texted
     * code (a mailed code proves the address, not the mobile, which the venue may still ask to verify).
     */
    noteGuestVerified: assign({ loggedIn: true, member: false, verifiedGuest: ({ context }) => context.guestCodeBy === 'SMS' }),
    /** The venue the guest books at, from `booking.start`. */
    takeDomain: assign({
      domain: ({ event }) => {
        assertEvent(event, 'booking.start');
        return event.domain;
      },
    }),
    clearProblem: assign({ problem: null }),
    clearWarning: assign({ warning: null }),
    /** Any other refused call: its words under the step. */
    noteCallFailed: assign({ problem: ({ event }) => ({ kind: 'call' as const, message: callErrorOf(event).message }) }),
    /** A booking begins: nothing of the last one's visit comes with it (issue 'Right on every path', point 6). */
    storeVenue: assign({
      venue: ({ event }) => outputOf<VenueDetail>(event),
      draft: emptyDraft,
      timeslots: [],
      guest: ({ context }) => context.guest && withoutVisitRequests(context.guest),
    }),
    pickExperience: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'experience.pick');
        return { ...context.draft, experienceId: event.experienceId, startTime: null };
      },
      problem: null,
    }),
    /** The date and party searched for; the time is chosen again. */
    /** The search waits for the session: made again, as it was submitted, once the session is known. */
    keepSearch: assign({
      pendingSearch: ({ event }) => {
        assertEvent(event, 'search.submit');
        return event;
      },
    }),
    noteSessionChecking: assign({ sessionKnown: false }),
    /** The search kept while the session was being checked, submitted again now. */
    resubmitSearch: enqueueActions(({ context, enqueue }) => {
      if (context.pendingSearch) enqueue.raise(context.pendingSearch);
      enqueue.assign({ pendingSearch: null });
    }),
    /** No word of the session in time: search with what the chart knows (the server still decides). */
    stopWaitingForSession: assign({ sessionKnown: true }),
    takeSearch: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'search.submit');
        return { ...context.draft, date: event.date, numberOfGuests: event.numberOfGuests, startTime: null };
      },
      problem: null,
    }),
    /** A party outside the venue's online range: the reservations team takes it. */
    warnPartyTooLarge: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'search.submit');
        return { ...context.draft, date: event.date, numberOfGuests: event.numberOfGuests };
      },
      warning: ({ context }) => ({
        kind: 'party-too-large' as const,
        message: '',
        contact: { phone: context.venue!.reservationsPhone, email: context.venue!.reservationsEmail },
      }),
    }),
    /** The server found the party too large: its words, and whom to call. */
    warnPartyTooLargeByServer: assign({
      warning: ({ event }) => {
        const error = callErrorOf(event);
        return { kind: 'party-too-large' as const, message: error.message, contact: error.contact };
      },
    }),
    /** A docs/PRODUCT.md §8 code with a page of its own. */
    warnByCode: assign({
      warning: ({ event }) => {
        const error = callErrorOf(event);
        return { kind: WARNING_CODES[error.errorCode!]!, message: error.message };
      },
    }),
    noteDayClosed: assign({ timeslots: [], problem: { kind: 'no-availability' } }),
    noteNoFreeSlots: assign({ timeslots: [], problem: { kind: 'no-timeslot' } }),
    /** Nothing for a guest that day but members' services: which, so the page can say members can book them. */
    noteMembersOnlyDay: assign({ timeslots: [], problem: ({ event }) => ({ kind: 'members-times' as const, times: slotSearchOf(event).membersOnlyTimes ?? [] }) }),
    noteClosure: assign({ timeslots: [], problem: ({ event }) => ({ kind: 'closed' as const, reason: slotSearchOf(event).closure! }) }),
    storeTimeslots: assign({
      timeslots: ({ event }) => slotSearchOf(event).timeslots,
      membersOnlyTimes: ({ event }) => slotSearchOf(event).membersOnlyTimes ?? [],
    }),
    pickSlot: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'slot.pick');
        return { ...context.draft, startTime: event.startTime, seatingAreaId: null };
      },
      problem: null,
    }),
    pickSeating: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'seating.pick');
        return { ...context.draft, seatingAreaId: event.seatingAreaId };
      },
    }),
    storeHold: assign(({ context, event }) => {
      const { reservation, clockOffsetMs } = outputOf<CreatedHold>(event);
      // Only a number verified to continue as a guest carries over (and only for that number: mustVerifyMobile).
      return { reservation, clockOffsetMs, phoneVerified: context.verifiedGuest, verifiedGuest: false, agreements: null };
    }),
    noteSelectionUnavailable: assign({ problem: { kind: 'unavailable' } }),
    /** The time picked is a members' service (it became one since the search): the server's words, over the times read again. */
    noteMembersOnlyTime: assign({ problem: ({ event }) => ({ kind: 'call' as const, message: callErrorOf(event).message }) }),
    /** 'Reservation failed', and why. */
    noteHoldFailed: assign({ problem: ({ event }) => ({ kind: 'failed' as const, message: callErrorOf(event).message }) }),
    /** Details typed earlier in this tab win over the profile's. */
    prefillGuest: assign({ guest: ({ context, event }) => context.guest ?? outputOf<GuestDetails>(event) }),
    takeGuest: assign({
      guest: ({ event }) => {
        assertEvent(event, 'details.submit');
        return event.guest;
      },
      problem: null,
    }),
    forgetPhoneVerification: assign({ phoneVerified: false }),
    notePhoneVerified: assign({ phoneVerified: true }),
    takeAgreements: assign({
      agreements: ({ event }) => {
        assertEvent(event, 'confirm.submit');
        return event.agreements;
      },
      problem: null,
    }),
    /** How the held reservation was paid, for the result page. */
    notePaid: assign({
      paid: ({ context, event }) => ({ ...outputOf<PaymentOutput>(event), reservationId: context.reservation!._id }),
    }),
    storeCompletedReservation: assign({
      reservation: ({ event }) => outputOf<Reservation>(event),
      // The next booking in this tab starts from the same details, but the requests were this visit's.
      guest: ({ context }) => context.guest && withoutVisitRequests(context.guest),
    }),
    /** A docs/PRODUCT.md §8 code with its text, or 'Reservation failed' and why when the call got no code. */
    noteCompletionFailed: assign({
      problem: ({ event }) => {
        const error = callErrorOf(event);
        return error.errorCode !== undefined
          ? { kind: 'completion' as const, code: error.errorCode, message: error.message }
          : { kind: 'failed' as const, message: error.message };
      },
    }),
    forgetReservation: assign({ reservation: null }),
    /** A new booking at the venue of the one just made (the guest's details stay, as for any next booking in this tab). */
    startAnother: assign({ reservation: null, draft: emptyDraft, timeslots: [], paid: null, agreements: null, problem: null, warning: null }),
    noteExpired: assign({ reservation: null, problem: ({ context }) => context.problem ?? { kind: 'expired' } }),
    /** A fresh start at the same venue and experience. */
    searchAgain: assign({ problem: null, timeslots: [], draft: ({ context }) => ({ ...context.draft, startTime: null }) }),
  },
  guards: {
    /** The party searched for is outside the venue's online range. */
    partyTooLarge: ({ context, event }) => {
      assertEvent(event, 'search.submit');
      return (
        context.venue !== null &&
        (event.numberOfGuests > context.venue.onlineMaxGuests || event.numberOfGuests < context.venue.onlineMinGuests)
      );
    },
    /** The party searched for is outside the sizes the experience is set up for (the server refuses it too: 422 20180). */
    partyOutsideExperience: ({ context, event }) => {
      assertEvent(event, 'search.submit');
      const experience = draftExperience(context);
      if (experience?.minGuests === undefined || experience.maxGuests === undefined) return false;
      return event.numberOfGuests < experience.minGuests || event.numberOfGuests > experience.maxGuests;
    },
    /** The picked time offers more than one dining area. */
    hasSeatingChoice: ({ context, event }) => {
      assertEvent(event, 'slot.pick');
      return (context.timeslots.find((s) => s.startTime === event.startTime)?.seatingOptions.length ?? 0) > 1;
    },
    loggedIn: ({ context }) => context.loggedIn,
    /** A guest (not a member) searched for a day only members may book yet (the venue's windows). */
    membersFirst: ({ context, event }) => event.type === 'search.submit' && membershipVerdict(context, event).kind === 'members-first',
    isCurrentVenue: ({ context, event }) => event.type === 'venue.translated' && context.venue?._id === event.venue._id,
    needsPayment: ({ context }) => (context.reservation?.payment.amountDue ?? 0) > 0,
    isWarningCode: ({ event }) => callErrorOf(event).errorCode! in WARNING_CODES,
    isPartyTooLarge: ({ event }) => callErrorOf(event).errorCode === ERROR_CODES.PARTY_TOO_LARGE,
    isUnavailable: ({ event }) => callErrorOf(event).errorCode === ERROR_CODES.SELECTION_UNAVAILABLE,
    isExpiredCode: ({ event }) => EXPIRED_CODES.includes(callErrorOf(event).errorCode ?? 0),
    isMobileCode: ({ event }) => callErrorOf(event).errorCode === COMPLETION_CODES.MOBILE_REQUIRED,
    visits: ({ event }, params: { route: string }) => event.type === 'route.visit' && event.route === params.route,
    /** Back to the date and party once an experience is picked. */
    canRevisitDateParty: ({ context, event }) =>
      event.type === 'route.visit' && event.route === bookingPath('book') && context.draft.experienceId !== null,
    /** Back to the times once a search found some. */
    canRevisitTimeslot: ({ context, event }) =>
      event.type === 'route.visit' && event.route === bookingPath('timeslot') && context.timeslots.length > 0,
    visitsDraft: ({ event }) => event.type === 'route.visit' && DRAFT_PATHS.includes(event.route),
    /** The search's answer: the experience is not served that day. */
    dayClosed: ({ event }) => !slotSearchOf(event).open,
    /** The search's answer: staff closed the day (or all of it the party could have). */
    closedByStaff: ({ event }) => slotSearchOf(event).closure !== undefined,
    /** The search's answer: served that day, but no table free. */
    noFreeSlots: ({ event }) => slotSearchOf(event).timeslots.length === 0,
    /** The search's answer to a guest: nothing but members' services that day (member-only times). */
    membersOnlyDay: ({ event }) => slotSearchOf(event).timeslots.length === 0 && (slotSearchOf(event).membersOnlyTimes?.length ?? 0) > 0,
    /** The hold refused: the time is in a service only members may book (422 20200). */
    isMembersOnlyTime: ({ event }) => callErrorOf(event).errorCode === ERROR_CODES.MEMBERS_ONLY_TIME,
    sessionUnknown: ({ context }) => !context.sessionKnown,
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
  context: ({ input }) => ({
    domain: null,
    venue: null,
    draft: emptyDraft,
    timeslots: [],
    membersOnlyTimes: [],
    reservation: null,
    clockOffsetMs: 0,
    guest: null,
    agreements: null,
    paid: null,
    phoneVerified: false,
    loggedIn: input.loggedIn,
    member: input.member ?? false,
    sessionKnown: input.sessionKnown ?? true,
    pendingSearch: null,
    verifiedGuest: false,
    guestCodeBy: 'SMS',
    problem: null,
    warning: null,
  }),
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
        ],
      },
      states: {
        experience: {
          meta: { route: bookingPath('experience') },
          on: {
            'experience.pick': { target: 'dateParty', actions: 'pickExperience' },
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
          always: [{ guard: 'loggedIn', target: 'creating' }, { target: 'identify' }],
        },
        // The details step for a visitor not logged in: log in (or sign up), or continue as a guest by a texted code.
        identify: {
          meta: { route: bookingPath('profile') },
          on: {
            'identify.login': { target: 'loginRequired' },
            'identify.guest': { target: 'verifyingGuest', actions: 'takeContact' },
            'session.changed': { guard: 'sessionLoggedIn', target: 'creating', actions: 'noteLoggedIn' },
          },
        },
        loginRequired: {
          meta: { route: LOGIN_PAGE_PATH },
          on: {
            'session.changed': { guard: 'sessionLoggedIn', target: 'creating', actions: 'noteLoggedIn' },
          },
        },
        // The phone verification chart runs the verify page for the guest's number, as for a held booking.
        verifyingGuest: {
          meta: { route: bookingPath('verify') },
          invoke: {
            id: 'verifyPhone',
            src: 'phoneVerification',
            input: ({ context }) => ({
              mobileCountryCode: context.guest!.mobileCountryCode,
              mobileNumber: context.guest!.mobileNumber,
              sendBy: context.guestCodeBy,
              email: context.guest!.email,
            }),
            onDone: { target: 'openingGuestSession' },
          },
          on: {
            'route.visit': { guard: { type: 'visits', params: { route: bookingPath('profile') } }, target: 'identify' },
          },
        },
        // The code the guest typed opens a session on their guest account (docs/decisions/0018-verified-guests.md).
        openingGuestSession: {
          meta: { route: bookingPath('verify') },
          invoke: {
            id: 'openGuestSession',
            src: 'openGuestSession',
            input: ({ context, event }) => ({
              contact: {
                firstName: context.guest!.firstName,
                lastName: context.guest!.lastName,
                email: context.guest!.email,
                mobileCountryCode: context.guest!.mobileCountryCode,
                mobileNumber: context.guest!.mobileNumber,
              },
              code: outputOf<PhoneVerificationOutput>(event).code,
              codeSentBy: context.guestCodeBy,
            }),
            onDone: { target: 'creating', actions: 'noteGuestVerified' },
            // Refused (a wrong code, or the e-mail of an account a code cannot open: 'Please log in'): the
            // server's words on the choice, with everything chosen kept.
            onError: { target: 'identify', actions: 'noteCallFailed' },
          },
        },
        creating: {
          meta: { route: bookingPath('timeslot') },
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
        // Going back into the draft gives the table up; the guest chooses again.
        'route.visit': [{ guard: 'visitsDraft', target: 'releasing' }],
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
                'route.visit': { guard: { type: 'visits', params: { route: bookingPath('profile') } }, target: '.details' },
              },
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
                    input: ({ context }) => ({
                      mobileCountryCode: context.guest!.mobileCountryCode,
                      mobileNumber: context.guest!.mobileNumber,
                    }),
                    onDone: { target: 'confirm', actions: 'notePhoneVerified' },
                  },
                },
                confirm: {
                  meta: { route: bookingPath('confirm') },
                  on: {
                    'confirm.submit': [
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
    releasing: {
      meta: { route: bookingPath('timeslot') },
      invoke: {
        id: 'releaseReservation',
        src: 'releaseReservation',
        input: ({ context }) => ({ reservationId: context.reservation!._id }),
        // Released or not, the guest chooses again; an unreleased hold lapses on the server by itself.
        onDone: { target: 'draft.timeslot', actions: 'forgetReservation' },
        onError: { target: 'draft.timeslot', actions: 'forgetReservation' },
      },
    },
  },
});
