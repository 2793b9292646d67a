/**
 * Who books, for a visitor not logged in once a time is chosen (invoked by the booking chart's
 * `identifying` step as `identity`, as the payment chart is by `awaitingPayment`): log in (or sign up)
 * on the session's log-in page, or continue as a guest verified by a code texted or mailed to them
 * (the phone verification chart, invoked as `verifyPhone`), whose code then opens a session on their
 * guest account (docs/decisions/0018-verified-guests.md). Done once a session is open: the output says
 * whether it is a guest's, verified by which channel, and with which details.
 *
 * The booking chart forwards the wizard's events to it (`identify.login`, `identify.guest`,
 * `session.changed`, a visit of the details page), so the pages send them to the booking chart as before.
 * Each state names its page (`meta.route`); the app follows the deepest invoked chart's page
 * (machines/route-of.ts).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { outputOf } from '../actor-event';
import { bookingPath, LOGIN_PAGE_PATH } from '../booking-pages';
import { phoneVerificationMachine, type CodeChannel, type PhoneVerificationOutput } from '../phone-verification.machine';
import { callProblem, type Problem } from './booking-codes';
import type { GuestContact, GuestDetails, GuestSession, IdentityEvent } from './booking-types';
import { phoneOf } from './booking-draft';

/** What the booking knows of the guest so far, and where a code went last time. */
export interface GuestIdentityInput {
  guest: GuestDetails | null;
  codeBy: CodeChannel;
}

export interface GuestIdentityContext {
  /** The details the guest continues with: what the booking knew, then the contact typed. */
  guest: GuestDetails | null;
  /** Where the code goes. */
  codeBy: CodeChannel;
  problem: Problem | null;
  /** How the visitor was identified, once they are. */
  identified: GuestIdentityOutput | null;
}

/** How the visitor was identified: logged in to an account, or a guest whose session a code opened. */
export type GuestIdentityOutput = { by: 'account'; member: boolean } | { by: 'code'; guest: GuestDetails; codeBy: CodeChannel };

export const guestIdentityMachine = setup({
  types: {
    context: {} as GuestIdentityContext,
    events: {} as IdentityEvent,
    input: {} as GuestIdentityInput,
    output: {} as GuestIdentityOutput,
  },
  actors: {
    /**
     * A session on the guest's account, opened by the code the guest just typed (POST /public/guest/session);
     * the app hands it to the session chart before it answers, so the hold that follows is made with it.
     */
    openGuestSession: fromPromise<GuestSession, { contact: GuestContact; code: string; codeSentBy: CodeChannel }>(async () => {
      throw new Error('openGuestSession not provided');
    }),
    phoneVerification: phoneVerificationMachine,
  },
  actions: {
    /** The contact a guest continues with: their details from here on, to verify and to book under. */
    takeContact: assign({
      guest: ({ context, event }) => {
        assertEvent(event, 'identify.guest');
        return { ...(context.guest ?? {}), ...event.contact, notes: context.guest?.notes ?? '' } as GuestDetails;
      },
      codeBy: ({ event }) => (event.type === 'identify.guest' && event.sendBy === 'EMAIL' ? 'EMAIL' : 'SMS'),
      problem: null,
    }),
    /** Logged in to an account (on the log-in page, or in another tab). */
    noteAccount: assign({ identified: ({ event }) => ({ by: 'account' as const, member: event.type === 'session.changed' && event.member === true }) }),
    /** The code opened a session on the guest's account: the details it was opened for book. */
    noteGuestSession: assign({ identified: ({ context }) => ({ by: 'code' as const, guest: context.guest!, codeBy: context.codeBy }) }),
    /** Refused (a wrong code, or the e-mail of an account a code cannot open: 'Please log in'): the server's words. */
    noteCallFailed: assign({ problem: callProblem }),
  },
  guards: {
    sessionLoggedIn: ({ event }) => event.type === 'session.changed' && event.loggedIn,
    visitsDetails: ({ event }) => event.type === 'route.visit' && event.route === bookingPath('profile'),
  },
}).createMachine({
  id: 'guestIdentity',
  context: ({ input }) => ({ guest: input.guest, codeBy: input.codeBy, problem: null, identified: null }),
  initial: 'identify',
  states: {
    // The details step for a visitor not logged in: log in (or sign up), or continue as a guest by a code.
    identify: {
      meta: { route: bookingPath('profile') },
      on: {
        'identify.login': { target: 'loginRequired' },
        'identify.guest': { target: 'verifying', actions: 'takeContact' },
        // A log-in elsewhere (another tab) while the visitor chooses: the account books.
        'session.changed': { guard: 'sessionLoggedIn', target: 'loggedIn', actions: 'noteAccount' },
      },
    },
    loginRequired: {
      meta: { route: LOGIN_PAGE_PATH },
      on: {
        'session.changed': { guard: 'sessionLoggedIn', target: 'loggedIn', actions: 'noteAccount' },
      },
    },
    // The phone verification chart runs the verify page for the guest's number, as for a held booking.
    verifying: {
      meta: { route: bookingPath('verify') },
      invoke: {
        id: 'verifyPhone',
        src: 'phoneVerification',
        input: ({ context }) => ({
          ...phoneOf(context.guest!),
          sendBy: context.codeBy,
          email: context.guest!.email,
        }),
        onDone: { target: 'opening' },
      },
      on: {
        'route.visit': { guard: 'visitsDetails', target: 'identify' },
      },
    },
    // The code the guest typed opens a session on their guest account.
    opening: {
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
          codeSentBy: context.codeBy,
        }),
        onDone: { target: 'guestSession', actions: 'noteGuestSession' },
        // Everything chosen and typed is kept: the step says why, and the guest chooses again.
        onError: { target: 'identify', actions: 'noteCallFailed' },
      },
    },
    loggedIn: { type: 'final' },
    guestSession: { type: 'final' },
  },
  output: ({ context }) => context.identified!,
});
