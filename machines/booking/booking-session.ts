/**
 * The booking chart's updates from who is booking: the session as the app reports it (`session.changed`), and
 * the visitor the guest-identity chart identified at the details step.
 */
import { assertEvent } from 'xstate';
import { outputOf } from '../actor-event';
import type { GuestIdentityOutput } from './guest-identity.machine';
import type { BookingContext, BookingEvent } from './booking-types';

type Args = { context: BookingContext; event: BookingEvent };

/** The updates from the session and the identity step, by the name of the chart's action that assigns each. */
export const SESSION_UPDATES = {
  noteSession: ({ context, event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'session.changed');
    // Logged out, the details typed were that person's: whoever logs in next starts from their own profile.
    return { sessionKnown: true, loggedIn: event.loggedIn, member: event.loggedIn && event.member === true, guest: event.loggedIn ? context.guest : null };
  },
  /**
   * The visitor is identified and has a session. A guest verified by a code books under the details the
   * code was for, and the hold that follows keeps the verification of a texted code (a mailed code proves
   * the address, not the mobile, which the venue may still ask to verify).
   */
  noteIdentified: ({ event }: Args): Partial<BookingContext> => {
    const identified = outputOf<GuestIdentityOutput>(event);
    if (identified.by === 'account') return { loggedIn: true, member: identified.member };
    return { loggedIn: true, member: false, guest: identified.guest, guestCodeBy: identified.codeBy, verifiedGuest: identified.codeBy === 'SMS', problem: null };
  },
  /** The venue the guest books at, from `booking.start`. */
  takeDomain: ({ event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'booking.start');
    return { domain: event.domain };
  },
};
