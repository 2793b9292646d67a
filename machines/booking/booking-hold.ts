/**
 * The booking chart's updates and guards of the held steps (details, verification, confirmation,
 * payment, completion) and of a hold the waitlist made, by the names the chart gives its actions and
 * guards (machines/booking/booking.machine.ts names them in `setup`).
 */
import { assertEvent, type EventObject } from 'xstate';
import type { PaymentOutput } from '../payment.machine';
import { outputOf } from '../actor-event';
import { bookingPath } from '../booking-pages';
import { emptyDraft, withoutVisitRequests } from './booking-draft';
import type { BookingContext, BookingEvent, CreatedHold, GuestDetails, Reservation } from './booking-types';

type Args = { context: BookingContext; event: BookingEvent };
/** A call's done event: the chart's own events do not list them. */
type DoneArgs = { context: BookingContext; event: EventObject };

/** The chart's context as a booking starts; `sessionKnown: false` while a stored session is being checked. */
export const startingContext = (input: { loggedIn: boolean; member?: boolean; sessionKnown?: boolean }): BookingContext => ({
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
  revisit: null,
  verifiedGuest: false,
  guestCodeBy: 'SMS',
  problem: null,
  warning: null,
});

/** The updates of the held steps, by the name of the chart's action that assigns each. */
export const HOLD_UPDATES = {
  /** A table the waitlist held for the guest, finished like one the guest just held. */
  takeOfferedHold: ({ event }: Args): Partial<BookingContext> => {
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
  },
  storeHold: ({ context, event }: DoneArgs): Partial<BookingContext> => {
    const { reservation, clockOffsetMs } = outputOf<CreatedHold>(event);
    // Only a number verified to continue as a guest carries over (and only for that number: mustVerifyMobile).
    return { reservation, clockOffsetMs, phoneVerified: context.verifiedGuest, verifiedGuest: false, agreements: null };
  },
  /** Details typed earlier in this tab win over the profile's. */
  prefillGuest: ({ context, event }: DoneArgs): Partial<BookingContext> => ({ guest: context.guest ?? outputOf<GuestDetails>(event) }),
  takeGuest: ({ event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'details.submit');
    return { guest: event.guest, problem: null };
  },
  takeAgreements: ({ event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'confirm.submit');
    return { agreements: event.agreements, problem: null };
  },
  /** How the held reservation was paid, for the result page. */
  notePaid: ({ context, event }: DoneArgs): Partial<BookingContext> => ({
    paid: { ...outputOf<PaymentOutput>(event), reservationId: context.reservation!._id },
  }),
  storeCompletedReservation: ({ context, event }: DoneArgs): Partial<BookingContext> => ({
    reservation: outputOf<Reservation>(event),
    // The next booking in this tab starts from the same details, but the requests were this visit's.
    guest: context.guest && withoutVisitRequests(context.guest),
  }),
  /** A new booking at the venue of the one just made (the guest's details stay, as for any next booking in this tab). */
  startAnother: (): Partial<BookingContext> => ({ reservation: null, draft: emptyDraft, timeslots: [], paid: null, agreements: null, problem: null, warning: null }),
  noteExpired: ({ context }: Args): Partial<BookingContext> => ({ reservation: null, problem: context.problem ?? { kind: 'expired' } }),
};

/** The guards of the held steps. */
export const HOLD_GUARDS = {
  /**
   * A visit of the details, or of the verification they led to: a code is asked for again only by
   * submitting the details, so the nearest step that can be taken is the details.
   */
  visitsDetails: ({ event }: Args) => event.type === 'route.visit' && [bookingPath('profile'), bookingPath('verify')].includes(event.route),
  /** The experience's policy is a card guarantee: a card is saved, nothing paid (docs/decisions/0035-card-guarantee.md). */
  needsCard: ({ context }: Args) => context.reservation?.payment.prePaymentType === 'GUARANTEE',
  needsPayment: ({ context }: Args) => (context.reservation?.payment.amountDue ?? 0) > 0,
  /** The venue checks mobile numbers and this one (as submitted) is not verified yet. */
  mustVerifyMobile: ({ context, event }: Args) =>
    event.type === 'details.submit' &&
    Boolean(context.venue?.requiresPhoneVerification) &&
    !(
      context.phoneVerified &&
      context.guest?.mobileNumber === event.guest.mobileNumber &&
      context.guest?.mobileCountryCode === event.guest.mobileCountryCode
    ),
};
