/**
 * Saving a card for a guaranteed booking (docs/decisions/0035-card-guarantee.md): nothing is charged now;
 * the policy's fee is charged to the card later, for a no-show or a late cancellation. Invoked by the
 * booking chart while it awaits the card (`awaitingCard`), and by the manage chart for a pay link of a
 * guaranteed phone booking: the same steps and pages either way.
 *
 * The processor's setup is confirmed at the same browser-facing endpoints as a payment's intent (the test
 * processor's card form and 3-D Secure page, or Stripe's Payment Element with `confirmSetup`), so the
 * payment chart's card calls serve it (`confirmCard`, `answerChallenge`). As with a payment, the browser
 * never decides the card is saved: `checking` asks our server, which asks the processor.
 *
 * A reload or Back starts the chart again at `starting`: the server answers the booking's same setup as it
 * stands (left in the bank's check, it shows that check again; saved, the chart is done at once).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { callErrorOf, outputOf } from './actor-event';
import type { ChallengeAnswer, ConfirmCardInput, PaymentEvent, PaymentIntent } from './payment.machine';
import type { Schemas } from '../common/api/schemas';

export type CardGuarantee = Schemas['CardGuarantee'];

/** What went wrong, as the page says it: the server refused to start, or could not say the card is saved. */
export type CardGuaranteeProblem = 'initialization' | 'during' | 'abnormal';

export interface CardGuaranteeContext {
  reservationId: string;
  guarantee: CardGuarantee | null;
  problem: CardGuaranteeProblem | null;
  /** Why the card was refused (its field when the processor names one); the guest tries another. */
  refusal: { message: string; field?: string } | null;
}

/** The card form's and the bank check's events, as the payment chart's pages send them; and Try again. */
export type CardGuaranteeEvent = Extract<PaymentEvent, { type: 'card.submit' | 'challenge.approve' | 'challenge.fail' | 'retry' }>;

export interface CardGuaranteeOutput {
  card: CardGuarantee['card'];
}

/** The setup's id, read from its client secret (`seti_…_secret_…`), for the confirm and challenge calls. */
export const setupIdOf = (clientSecret: string) => clientSecret.slice(0, Math.max(0, clientSecret.indexOf('_secret_')));

const statusIs = (status: CardGuarantee['status']) => ({ event }: { event: { type: string } }) => outputOf<CardGuarantee>(event).status === status;

export const cardGuaranteeMachine = setup({
  types: {
    context: {} as CardGuaranteeContext,
    events: {} as CardGuaranteeEvent,
    input: {} as { reservationId: string },
    output: {} as CardGuaranteeOutput,
  },
  actors: {
    /** POST …/card-guarantee: the booking's open setup (the same one again), the saved card, or a new setup after a refusal. */
    startGuarantee: fromPromise<CardGuarantee, { reservationId: string }>(async () => {
      throw new Error('startGuarantee not provided');
    }),
    /** GET …/card-guarantee: the guarantee as the processor has it now. */
    readGuarantee: fromPromise<CardGuarantee, { reservationId: string }>(async () => {
      throw new Error('readGuarantee not provided');
    }),
    confirmCard: fromPromise<PaymentIntent, ConfirmCardInput>(async () => {
      throw new Error('confirmCard not provided');
    }),
    answerChallenge: fromPromise<PaymentIntent, ChallengeAnswer>(async () => {
      throw new Error('answerChallenge not provided');
    }),
  },
  guards: {
    saved: statusIs('SAVED'),
    refused: statusIs('FAILED'),
    /** The setup waits for the bank's 3-D Secure check (a reload on it). */
    awaitingBankCheck: ({ event }) => {
      const guarantee = outputOf<CardGuarantee>(event);
      return guarantee.status === 'REQUIRES_ACTION' && Boolean(guarantee.clientSecret);
    },
    /** The setup waits for a card, with the client secret the card form confirms it with. */
    awaitingCard: ({ event }) => {
      const guarantee = outputOf<CardGuarantee>(event);
      return guarantee.status === 'REQUIRES_CARD' && Boolean(guarantee.clientSecret);
    },
    needsChallenge: ({ event }) => outputOf<PaymentIntent>(event).status === 'requires_action',
    cardTaken: ({ event }) => {
      const status = outputOf<PaymentIntent>(event).status;
      return status === 'succeeded' || status === 'processing';
    },
    cardDetailsRefused: ({ event }) => callErrorOf(event).field !== undefined,
  },
  actions: {
    storeGuarantee: assign({ guarantee: ({ event }) => outputOf<CardGuarantee>(event) }),
    clearProblem: assign({ problem: null }),
    clearRefusal: assign({ refusal: null }),
    noteInitializationFailed: assign({ problem: 'initialization', refusal: ({ event }) => ({ message: callErrorOf(event).message }) }),
    noteAbnormal: assign({ problem: 'abnormal' }),
    noteFailedDuring: assign({ problem: 'during' }),
    /** The processor refused a field of the card: shown beside it. */
    noteCardRefused: assign({
      refusal: ({ event }) => {
        const error = callErrorOf(event);
        return { message: error.message, field: error.field! };
      },
    }),
    /** The bank declined the card (or its check failed): why, and the server's next setup takes another card. */
    noteDecline: assign({ refusal: ({ event }) => ({ message: outputOf<PaymentIntent>(event).lastError ?? '' }) }),
    /** The server found the card refused (answered after a reload, say): its words. */
    noteRefusedBySetup: assign({ refusal: ({ event }) => ({ message: outputOf<CardGuarantee>(event).failureMessage ?? '' }) }),
  },
}).createMachine({
  id: 'cardGuarantee',
  context: ({ input }) => ({ reservationId: input.reservationId, guarantee: null, problem: null, refusal: null }),
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        id: 'startGuarantee',
        src: 'startGuarantee',
        input: ({ context }) => ({ reservationId: context.reservationId }),
        onDone: [
          // Saved before a reload (or in another tab): nothing more to ask.
          { guard: 'saved', target: 'saved', actions: 'storeGuarantee' },
          { guard: 'awaitingBankCheck', target: 'challenge', actions: 'storeGuarantee' },
          { guard: 'awaitingCard', target: 'cardForm', actions: 'storeGuarantee' },
          { target: 'failed', actions: ['storeGuarantee', 'noteAbnormal'] },
        ],
        // The server's words (the hold gone, the booking no longer upcoming) under the problem.
        onError: { target: 'failed', actions: 'noteInitializationFailed' },
      },
    },
    cardForm: {
      on: {
        'card.submit': { target: 'saving', actions: ['clearRefusal', 'clearProblem'] },
      },
    },
    saving: {
      invoke: {
        id: 'confirmCard',
        src: 'confirmCard',
        input: ({ context, event }) => {
          assertEvent(event, 'card.submit');
          const clientSecret = context.guarantee!.clientSecret!;
          return { intentId: setupIdOf(clientSecret), clientSecret, card: event.card, confirm: event.confirm };
        },
        onDone: [
          { guard: 'needsChallenge', target: 'challenge' },
          { guard: 'cardTaken', target: 'checking' },
          // Declined: the server's next setup takes the next card; the hold is untouched.
          { target: 'starting', actions: 'noteDecline' },
        ],
        onError: [
          { guard: 'cardDetailsRefused', target: 'cardForm', actions: 'noteCardRefused' },
          // No answer: the server is asked how the setup stands before the guest is.
          { target: 'checking', actions: 'noteFailedDuring' },
        ],
      },
    },
    challenge: {
      on: {
        'challenge.approve': { target: 'answeringChallenge' },
        'challenge.fail': { target: 'answeringChallenge' },
      },
    },
    answeringChallenge: {
      invoke: {
        id: 'answerChallenge',
        src: 'answerChallenge',
        input: ({ context, event }) => {
          assertEvent(event, ['challenge.approve', 'challenge.fail']);
          const resume = event.type === 'challenge.approve' ? event.resume : undefined;
          return {
            intentId: setupIdOf(context.guarantee!.clientSecret!),
            outcome: event.type === 'challenge.approve' ? ('approve' as const) : ('fail' as const),
            ...(resume ? { resume } : {}),
          };
        },
        onDone: [
          { guard: 'cardTaken', target: 'checking' },
          { target: 'starting', actions: 'noteDecline' },
        ],
        onError: { target: 'checking', actions: 'noteFailedDuring' },
      },
    },
    // Our server's word: it asks the processor for the setup.
    checking: {
      invoke: {
        id: 'readGuarantee',
        src: 'readGuarantee',
        input: ({ context }) => ({ reservationId: context.reservationId }),
        onDone: [
          { guard: 'saved', target: 'saved', actions: ['storeGuarantee', 'clearProblem'] },
          // Refused: why, and a new setup for another card.
          { guard: 'refused', target: 'starting', actions: 'noteRefusedBySetup' },
          { guard: 'awaitingBankCheck', target: 'challenge', actions: 'storeGuarantee' },
          { guard: 'awaitingCard', target: 'cardForm', actions: 'storeGuarantee' },
          { target: 'failed', actions: ['storeGuarantee', 'noteAbnormal'] },
        ],
        onError: { target: 'failed', actions: 'noteAbnormal' },
      },
    },
    saved: { type: 'final' },
    failed: {
      on: { retry: { target: 'starting', actions: ['clearProblem', 'clearRefusal'] } },
    },
  },
  output: ({ context }) => ({ card: context.guarantee?.card ?? null }),
});
