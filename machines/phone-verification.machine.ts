/**
 * Verifying the guest's mobile number by a code texted to it (invoked by the booking chart's `verify`
 * step, where the venue checks mobile numbers): the code is sent, the guest types it in (or asks for a
 * new one), and the server checks it. A refused send or check is shown on the page, and the guest tries
 * again; the chart is done once the server accepts a code. A guest continuing without an account may
 * have the code mailed to their e-mail address instead (`sendBy: 'EMAIL'`,
 * docs/decisions/0018-verified-guests.md): the same steps, the calls sent to the address.
 *
 * Every state is shown on the verify page (`meta.route`). The calls are named actors, given by the app
 * (src/booking/booking-actors.ts) as the booking chart's are.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { callErrorOf } from './actor-event';
import { bookingPath } from './booking-pages';

/** Where a code goes: texted to the mobile, or mailed to the e-mail address. */
export type CodeChannel = 'SMS' | 'EMAIL';

/** The number to verify, as the guest submitted it with their details (and the address, for a mailed code). */
export interface PhoneVerificationInput {
  mobileCountryCode: string;
  mobileNumber: string;
  /** SMS when absent. */
  sendBy?: CodeChannel;
  email?: string;
}

/** What went wrong last: the code could not be sent, or the server refused the code typed. */
export interface VerificationProblem {
  call: 'send' | 'check';
  /** The server's words, or 'timeout' / 'network' when no answer came. */
  message: string;
}

export interface PhoneVerificationContext extends PhoneVerificationInput {
  problem: VerificationProblem | null;
  /** The code last typed: a guest continuing without an account opens their session with it. */
  code: string | null;
}

export type PhoneVerificationEvent = { type: 'verify.send' } | { type: 'verify.submit'; code: string };

/** The number the server accepted a code for, and that code. */
export type PhoneVerificationOutput = PhoneVerificationInput & { code: string };

const VERIFY_PAGE = bookingPath('verify');

/** What the calls are about: the number, and for a mailed code the address too. */
const target = (context: PhoneVerificationInput): PhoneVerificationInput => ({
  mobileCountryCode: context.mobileCountryCode,
  mobileNumber: context.mobileNumber,
  ...(context.sendBy === 'EMAIL' ? { sendBy: context.sendBy, email: context.email } : {}),
});

export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    input: {} as PhoneVerificationInput,
    output: {} as PhoneVerificationOutput,
  },
  actors: {
    sendVerificationCode: fromPromise<void, PhoneVerificationInput>(async () => {
      throw new Error('sendVerificationCode not provided');
    }),
    confirmVerificationCode: fromPromise<void, PhoneVerificationInput & { code: string }>(async () => {
      throw new Error('confirmVerificationCode not provided');
    }),
  },
  actions: {
    clearProblem: assign({ problem: null }),
    takeCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'verify.submit');
        return event.code;
      },
    }),
    /** The code could not be sent (too many asked for, say): the guest may ask for a new one. */
    noteSendFailed: assign({ problem: ({ event }) => ({ call: 'send' as const, message: callErrorOf(event).message }) }),
    /** The server refused the code typed (wrong, or expired). */
    noteCheckFailed: assign({ problem: ({ event }) => ({ call: 'check' as const, message: callErrorOf(event).message }) }),
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({
    mobileCountryCode: input.mobileCountryCode,
    mobileNumber: input.mobileNumber,
    ...(input.sendBy === 'EMAIL' ? { sendBy: input.sendBy, email: input.email } : {}),
    problem: null,
    code: null,
  }),
  initial: 'sending',
  states: {
    sending: {
      meta: { route: VERIFY_PAGE },
      invoke: {
        id: 'sendVerificationCode',
        src: 'sendVerificationCode',
        input: ({ context }) => target(context),
        onDone: { target: 'codeEntry' },
        onError: { target: 'codeEntry', actions: 'noteSendFailed' },
      },
    },
    codeEntry: {
      meta: { route: VERIFY_PAGE },
      on: {
        'verify.submit': { target: 'checking', actions: ['clearProblem', 'takeCode'] },
        'verify.send': { target: 'sending', actions: 'clearProblem' },
      },
    },
    checking: {
      meta: { route: VERIFY_PAGE },
      invoke: {
        id: 'confirmVerificationCode',
        src: 'confirmVerificationCode',
        input: ({ context, event }) => {
          assertEvent(event, 'verify.submit');
          return { ...target(context), code: event.code };
        },
        onDone: { target: 'verified' },
        onError: { target: 'codeEntry', actions: 'noteCheckFailed' },
      },
    },
    verified: {
      meta: { route: VERIFY_PAGE },
      type: 'final',
    },
  },
  output: ({ context }) => ({ ...target(context), code: context.code! }),
});
