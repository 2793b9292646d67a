/**
 * Paying a held reservation's deposit or prepayment (invoked by the booking chart while it awaits
 * payment), or topping up a member's wallet by card (started by the wallet page): the configuration, the
 * way to pay (card, or for a reservation a member's wallet), the card form, the card processor's answer,
 * a 3-D Secure challenge, and the server's word that the payment succeeded.
 *
 * The browser never decides a payment succeeded: after the processor answers, `confirming` waits for
 * our server (which learns it from the processor's signed webhook or its own check).
 *
 * A payment survives what the browser does (docs/PRODUCT.md §9): started again after a reload, a closed tab
 * or Back, the same attempt's key answers the payment as the server has it, so one left in the bank's check
 * shows that check again, and one the card has paid waits for the server's word. From the bank's check the
 * guest may pay with another card instead: a new attempt, for which the server cancels the unfinished one.
 *
 * A card that paid one of the guest's bookings is offered as a saved card (not for a top-up): paying with
 * it is an attempt of its own, charged by the server at the processor, with no card typed.
 */
import { assertEvent, assign, fromPromise, setup, type EventObject } from 'xstate';
import { ERROR_CODES } from '../common/api/error-codes';
import { callErrorOf, outputOf } from './actor-event';
import type { Schemas } from '../common/api/schemas';

export type PaymentConfig = Schemas['PaymentConfig'];
export type Payment = Schemas['Payment'];
export type PaymentIntent = Schemas['PaymentIntent'];

export interface CardDetails {
  cardholderName: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** docs/PRODUCT.md §8's payment texts, by what went wrong. */
export type PaymentProblem =
  | 'config' // 'Failed to get payment configuration'
  | 'provider' // 'Card payment provider initialization failed'
  | 'initialization' // 'The initialization of the payment has failed.'
  | 'component' // 'Failed to create payment component': the payment answered can no longer take a card
  | 'not-initialized' // 'Payment component not initialized': Pay pressed with no intent to confirm the card against
  | 'during' // 'An error occurred during payment'
  | 'abnormal'; // 'Payment status abnormal'

/** What is paid for: a held reservation, a change's difference (by card only), or a top-up of the wallet (by card only). */
export type PaymentPurpose = 'reservation' | 'change' | 'top-up';

export type PaymentInput =
  | { purpose: 'reservation'; reservationId: string; amount: number }
  /** `holdId` names the change held while its difference is paid (its success makes the change). */
  | { purpose: 'change'; reservationId: string; holdId: string; amount: number }
  /** `topUpId` is new for each top-up the member starts, and keys its attempts. */
  | { purpose: 'top-up'; topUpId: string; amount: number };

/** What the createPayment actor is asked for. */
export interface CreatePaymentInput {
  purpose: PaymentPurpose;
  /** Null for a top-up. */
  reservationId: string | null;
  /** The held change paid for; null unless the purpose is a change. */
  holdId: string | null;
  amount: number;
  method: 'CARD' | 'WALLET';
  idempotencyKey: string;
  /** Pay with this saved card rather than a typed one (a reservation's or a change's payment only). */
  savedCardId?: string;
}

/** What waiting for our server's word on a payment is asked with (a held change's id, for the manage link's own read). */
export interface WaitForPaymentInput {
  paymentId: string;
  holdId: string | null;
}

export interface PaymentContext {
  purpose: PaymentPurpose;
  reservationId: string | null;
  holdId: string | null;
  /** What the idempotency keys of this payment's attempts start with. */
  keyPrefix: string;
  amount: number;
  config: PaymentConfig | null;
  payment: Payment | null;
  /** Each payment attempt (a new one after every declined card) has its own idempotency key. */
  attempt: number;
  problem: PaymentProblem | null;
  /** Why the card (or the wallet) was refused, shown beside the form; the guest can try again. */
  refusal: { message: string; field?: string } | null;
}

export type PaymentEvent =
  | { type: 'method.card' }
  | { type: 'method.wallet' }
  /**
   * Pay with the card: the details typed in the app's own form (the test-mode processor), or, for a
   * processor whose own component holds the card (Stripe's Payment Element), `confirm`, which confirms the
   * intent there (3-D Secure and wallets included) and answers the intent as it then stands.
   */
  | { type: 'card.submit'; card?: CardDetails; confirm?: () => Promise<PaymentIntent> }
  /**
   * The bank's check passed (the test-mode processor's own page), or, on a processor that runs the check
   * itself, `resume`: it shows that check again for the intent (Stripe's `handleNextAction`) and answers
   * the intent as it then stands.
   */
  | { type: 'challenge.approve'; resume?: () => Promise<PaymentIntent> }
  | { type: 'challenge.fail' }
  /** Leave the bank's check unfinished and pay with another card: a new attempt. */
  | { type: 'card.another' }
  /** Pay with a saved card (one of `config.savedCards`), without typing it. */
  | { type: 'card.saved'; savedCardId: string }
  | { type: 'retry' };

/** What the confirmCard actor is asked for: the intent, and the card or the processor component's own confirmation. */
export interface ConfirmCardInput {
  intentId: string;
  clientSecret: string;
  card?: CardDetails | undefined;
  confirm?: (() => Promise<PaymentIntent>) | undefined;
}

/** What the answerChallenge actor is asked: the test-mode processor's outcome, or the processor's own check resumed. */
export interface ChallengeAnswer {
  intentId: string;
  outcome: 'approve' | 'fail';
  resume?: () => Promise<PaymentIntent>;
}

export interface PaymentOutput {
  /** Null when another payment (another tab, say) had already paid the reservation. */
  paymentId: string | null;
  method: 'CARD' | 'WALLET' | null;
}

/** The card processors this app drives: the built-in test-mode one, and Stripe (its Payment Element). */
export const SUPPORTED_PROVIDERS: readonly string[] = ['test-mode', 'stripe'];

/** The statuses in which a card payment can still be paid (or already is). */
const PAYABLE: readonly Payment['status'][] = ['REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'PROCESSING', 'SUCCEEDED'];

/** The card payment of this attempt, as the server is asked for it (the same key answers the same payment). */
function cardPaymentInput(context: PaymentContext): CreatePaymentInput {
  return {
    purpose: context.purpose,
    reservationId: context.reservationId,
    holdId: context.holdId,
    amount: context.amount,
    method: 'CARD',
    idempotencyKey: `${context.keyPrefix}-card-${context.attempt}`,
  };
}

/** Each payment's attempts are keyed apart: a reservation's, a held change's, a top-up's. */
function keyPrefixOf(input: PaymentInput): string {
  if (input.purpose === 'reservation') return input.reservationId;
  if (input.purpose === 'change') return `change-${input.holdId}`;
  return `top-up-${input.topUpId}`;
}

/** The guest's saved cards offered for this payment: a reservation's or a change's, never a top-up's (docs/PRODUCT.md §9). */
export const offeredSavedCards = (context: Pick<PaymentContext, 'purpose' | 'config'>) =>
  context.purpose === 'top-up' ? [] : (context.config?.savedCards ?? []);

/** Whether the member may pay from the wallet: a reservation only (a wallet is not topped up from itself). */
export const offersWallet = (context: Pick<PaymentContext, 'purpose' | 'config'>) =>
  context.purpose === 'reservation' && (context.config?.methods.includes('WALLET') ?? false);

/** The configuration named by the card processor this app drives, in a done event of `loadConfig`. */
const loadedConfig = (event: EventObject) => outputOf<PaymentConfig>(event);

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as PaymentOutput,
  },
  actors: {
    loadConfig: fromPromise<PaymentConfig>(async () => {
      throw new Error('loadConfig not provided');
    }),
    createPayment: fromPromise<Payment, CreatePaymentInput>(async () => {
      throw new Error('createPayment not provided');
    }),
    confirmCard: fromPromise<PaymentIntent, ConfirmCardInput>(async () => {
      throw new Error('confirmCard not provided');
    }),
    answerChallenge: fromPromise<PaymentIntent, ChallengeAnswer>(async () => {
      throw new Error('answerChallenge not provided');
    }),
    waitForPayment: fromPromise<Payment, WaitForPaymentInput>(async () => {
      throw new Error('waitForPayment not provided');
    }),
  },
  guards: {
    walletAllowed: ({ context }) => offersWallet(context),
    /** The card chosen is one of the saved cards offered for this payment. */
    savedCardOffered: ({ context, event }) => {
      assertEvent(event, 'card.saved');
      return offeredSavedCards(context).some((card) => card._id === event.savedCardId);
    },
    /** The configuration names a card processor this app does not drive. */
    unsupportedProvider: ({ event }) => !SUPPORTED_PROVIDERS.includes(loadedConfig(event).provider),
    /** The loaded configuration lets this payment come from the wallet. */
    walletOffered: ({ context, event }) => offersWallet({ purpose: context.purpose, config: loadedConfig(event) }),
    /** The server already has this payment as succeeded (a reload after paying). */
    alreadyPaid: ({ event }) => outputOf<Payment>(event).status === 'SUCCEEDED',
    /** The server refused a new payment because another one has already paid the reservation. */
    reservationPaid: ({ event }) => callErrorOf(event).errorCode === ERROR_CODES.ALREADY_PAID,
    /** The server gave this payment back in full (another payment had paid the reservation, or the hold is gone). */
    paymentRefunded: ({ event }) => outputOf<Payment>(event).status === 'REFUNDED',
    /** The payment answered for this attempt's key waits for the bank's 3-D Secure check (a reload on that check). */
    awaitingBankCheck: ({ event }) => {
      const answered = outputOf<Payment>(event);
      return answered.status === 'REQUIRES_ACTION' && Boolean(answered.intentId);
    },
    /** The card has paid the payment answered for this attempt's key; the processor's word is on its way. */
    cardProcessing: ({ event }) => outputOf<Payment>(event).status === 'PROCESSING',
    /** The payment answered for this attempt's key is over (failed or refunded): no card can be given to it. */
    paymentClosed: ({ event }) => !PAYABLE.includes(outputOf<Payment>(event).status),
    /** The card component has what confirming a card needs: the processor's intent and its client secret. */
    componentReady: ({ context }) => Boolean(context.payment?.intentId && context.payment.clientSecret),
    /** The processor asks for a 3-D Secure challenge. */
    needsChallenge: ({ event }) => outputOf<PaymentIntent>(event).status === 'requires_action',
    /** The processor refused the card details themselves (number, expiry, CVC). */
    cardDetailsRefused: ({ event }) => callErrorOf(event).field !== undefined,
    /** Our server's word on the payment. */
    paymentSucceeded: ({ event }) => outputOf<Payment>(event).status === 'SUCCEEDED',
    /** The processor took the card: our server's confirmation is next. */
    cardTaken: ({ event }) => {
      const status = outputOf<PaymentIntent>(event).status;
      return status === 'succeeded' || status === 'processing';
    },
  },
  actions: {
    clearProblem: assign({ problem: null }),
    clearRefusal: assign({ refusal: null }),
    storeConfig: assign({ config: ({ event }) => loadedConfig(event) }),
    storePayment: assign({ payment: ({ event }) => outputOf<Payment>(event) }),
    noteUnsupportedProvider: assign({ problem: 'provider' }),
    noteConfigUnavailable: assign({ problem: 'config' }),
    /** The payment answered for this key is over: the card component cannot be made. */
    noteClosedPayment: assign({ problem: 'component', refusal: null }),
    /** Pay pressed without an intent to confirm the card against. */
    noteNotInitialized: assign({ problem: 'not-initialized', refusal: null }),
    /** The server refused to start the payment: its words are shown under the problem. */
    noteInitializationFailed: assign({ problem: 'initialization', refusal: ({ event }) => ({ message: callErrorOf(event).message }) }),
    /** The processor refused a field of the card: shown beside it. */
    noteCardRefused: assign({
      refusal: ({ event }) => {
        const error = callErrorOf(event);
        return { message: error.message, field: error.field! };
      },
    }),
    noteFailedDuringPayment: assign({ problem: 'during' }),
    /** The wallet refused (a short balance, say): shown beside the choice of method. */
    noteWalletRefused: assign({ refusal: ({ event }) => ({ message: callErrorOf(event).message }) }),
    noteAbnormalStatus: assign({ problem: 'abnormal' }),
    /** A declined card: say why, and let a fresh payment attempt take the next card. */
    noteDecline: assign({
      refusal: ({ event }) => ({ message: outputOf<PaymentIntent>(event).lastError ?? '' }),
      attempt: ({ context }) => context.attempt + 1,
    }),
    /** A payment given back: forget it, and key the next attempt afresh. */
    startNextAttempt: assign({ payment: null, attempt: ({ context }) => context.attempt + 1 }),
    /** A saved card refused by its bank, or by our server: say why, and open a fresh attempt for a typed card. */
    noteSavedCardRefused: assign({
      refusal: ({ event }) => ({ message: 'output' in event ? (outputOf<Payment>(event).failureMessage ?? '') : callErrorOf(event).message }),
      attempt: ({ context }) => context.attempt + 1,
    }),
    /** Pay again after a failure: a new attempt, nothing refused yet. */
    retryAttempt: assign({ attempt: ({ context }) => context.attempt + 1, refusal: null }),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    purpose: input.purpose,
    reservationId: input.purpose === 'top-up' ? null : input.reservationId,
    holdId: input.purpose === 'change' ? input.holdId : null,
    keyPrefix: keyPrefixOf(input),
    amount: input.amount,
    config: null,
    payment: null,
    attempt: 1,
    problem: null,
    refusal: null,
  }),
  initial: 'loadingConfig',
  states: {
    loadingConfig: {
      entry: 'clearProblem',
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: [
          { guard: 'unsupportedProvider', target: 'failed', actions: 'noteUnsupportedProvider' },
          { guard: 'walletOffered', target: 'choosingMethod', actions: 'storeConfig' },
          { target: 'initializingCard', actions: 'storeConfig' },
        ],
        onError: { target: 'failed', actions: 'noteConfigUnavailable' },
      },
    },
    choosingMethod: {
      on: {
        'method.card': { target: 'initializingCard', actions: 'clearRefusal' },
        'method.wallet': { target: 'payingByWallet', actions: 'clearRefusal' },
      },
    },
    initializingCard: {
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => cardPaymentInput(context),
        onDone: [
          // Paid already (a reload after paying): nothing more to ask.
          { guard: 'alreadyPaid', target: 'succeeded', actions: 'storePayment' },
          // An earlier attempt given back for the same key (the booking open twice) that failed: start afresh.
          { guard: 'paymentClosed', target: 'failed', actions: 'noteClosedPayment' },
          // Left in the bank's check (a reload on it): the check again, or another card.
          { guard: 'awaitingBankCheck', target: 'challenge', actions: 'storePayment' },
          // Paid by the card before a reload: the server's word is awaited, not a second card.
          { guard: 'cardProcessing', target: 'confirming', actions: 'storePayment' },
          { target: 'cardForm', actions: 'storePayment' },
        ],
        onError: [
          // Paid by another payment meanwhile (a second tab): the booking goes on to be completed.
          { guard: 'reservationPaid', target: 'succeeded' },
          // The server's words (another payment in progress, the hold gone...) are shown under the problem.
          { target: 'failed', actions: 'noteInitializationFailed' },
        ],
      },
    },
    cardForm: {
      on: {
        'card.submit': [
          { guard: 'componentReady', target: 'submitting', actions: ['clearRefusal', 'clearProblem'] },
          // The processor gave no intent back (it did not know it): a fresh attempt makes a new one.
          { target: 'failed', actions: 'noteNotInitialized' },
        ],
        'method.wallet': { guard: 'walletAllowed', target: 'payingByWallet', actions: 'clearRefusal' },
        'card.saved': { guard: 'savedCardOffered', target: 'payingBySavedCard', actions: ['clearRefusal', 'clearProblem'] },
      },
    },
    payingBySavedCard: {
      invoke: {
        id: 'payBySavedCard',
        src: 'createPayment',
        input: ({ context, event }): CreatePaymentInput => {
          assertEvent(event, 'card.saved');
          return { ...cardPaymentInput(context), idempotencyKey: `${context.keyPrefix}-saved-${context.attempt}`, savedCardId: event.savedCardId };
        },
        onDone: [
          // Charged at once: the server's answer is its word (it asked the processor).
          { guard: 'alreadyPaid', target: 'succeeded', actions: 'storePayment' },
          { guard: 'cardProcessing', target: 'confirming', actions: 'storePayment' },
          // Refused by the card's bank: why, and the card form for another card.
          { guard: 'paymentClosed', target: 'initializingCard', actions: 'noteSavedCardRefused' },
          { target: 'cardForm', actions: 'storePayment' },
        ],
        onError: [
          { guard: 'reservationPaid', target: 'succeeded' },
          // The card removed meanwhile (another tab), say: the server's words, and a typed card.
          { target: 'initializingCard', actions: 'noteSavedCardRefused' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'confirmCard',
        src: 'confirmCard',
        input: ({ context, event }) => {
          assertEvent(event, 'card.submit');
          return { intentId: context.payment!.intentId!, clientSecret: context.payment!.clientSecret!, card: event.card, confirm: event.confirm };
        },
        onDone: [
          { guard: 'needsChallenge', target: 'challenge' },
          { guard: 'cardTaken', target: 'confirming' },
          // Declined: a fresh payment takes the next card; the hold and the details are untouched.
          { target: 'initializingCard', actions: 'noteDecline' },
        ],
        onError: [
          { guard: 'cardDetailsRefused', target: 'cardForm', actions: 'noteCardRefused' },
          // The processor would not take the card for this payment: it may have been paid meanwhile (the
          // same open payment paid in another tab), so the server is asked before the guest is.
          { target: 'recheckingCard', actions: 'noteFailedDuringPayment' },
        ],
      },
    },
    recheckingCard: {
      invoke: {
        // The same call as a start's, so its answers are the same events.
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => cardPaymentInput(context),
        onDone: [
          { guard: 'alreadyPaid', target: 'succeeded', actions: ['clearProblem', 'storePayment'] },
          // Over (cancelled or failed) meanwhile: a fresh attempt for the next card.
          { guard: 'paymentClosed', target: 'initializingCard', actions: 'startNextAttempt' },
          // In the bank's check (given the card in another tab, or before a reload): that check again.
          { guard: 'awaitingBankCheck', target: 'challenge', actions: 'storePayment' },
          { guard: 'cardProcessing', target: 'confirming', actions: ['clearProblem', 'storePayment'] },
          // Still open: the card form again, with what went wrong.
          { target: 'cardForm', actions: 'storePayment' },
        ],
        onError: [
          { guard: 'reservationPaid', target: 'succeeded', actions: 'clearProblem' },
          { target: 'cardForm' },
        ],
      },
    },
    challenge: {
      on: {
        'challenge.approve': { target: 'answeringChallenge' },
        'challenge.fail': { target: 'answeringChallenge' },
        'card.another': { target: 'initializingCard', actions: ['clearProblem', 'startNextAttempt'] },
      },
    },
    answeringChallenge: {
      invoke: {
        id: 'answerChallenge',
        src: 'answerChallenge',
        input: ({ context, event }) => {
          assertEvent(event, ['challenge.approve', 'challenge.fail']);
          const resume = event.type === 'challenge.approve' ? event.resume : undefined;
          return { intentId: context.payment!.intentId!, outcome: event.type === 'challenge.approve' ? ('approve' as const) : ('fail' as const), ...(resume ? { resume } : {}) };
        },
        onDone: [
          { guard: 'cardTaken', target: 'confirming' },
          { target: 'initializingCard', actions: 'noteDecline' },
        ],
        // Refused (the attempt was replaced from another tab, say) or no answer: the server is asked before the guest is.
        onError: { target: 'recheckingCard', actions: 'noteFailedDuringPayment' },
      },
    },
    confirming: {
      invoke: {
        id: 'waitForPayment',
        src: 'waitForPayment',
        input: ({ context }): WaitForPaymentInput => ({ paymentId: context.payment!._id, holdId: context.holdId }),
        onDone: [
          { guard: 'paymentSucceeded', target: 'succeeded', actions: 'storePayment' },
          // Given back as a second payment (or for a hold gone): a new attempt, which the server answers
          // with 'already paid' (then the booking completes) or with why it cannot be paid.
          { guard: 'paymentRefunded', target: 'initializingCard', actions: 'startNextAttempt' },
          { target: 'failed', actions: ['noteAbnormalStatus', 'storePayment'] },
        ],
        onError: { target: 'failed', actions: 'noteAbnormalStatus' },
      },
    },
    payingByWallet: {
      invoke: {
        id: 'payByWallet',
        src: 'createPayment',
        input: ({ context }): CreatePaymentInput => ({
          purpose: context.purpose,
          reservationId: context.reservationId,
          holdId: context.holdId,
          amount: context.amount,
          method: 'WALLET',
          idempotencyKey: `${context.keyPrefix}-wallet-${context.attempt}`,
        }),
        onDone: { target: 'succeeded', actions: 'storePayment' },
        onError: [
          { guard: 'reservationPaid', target: 'succeeded' },
          // A short balance, say: the guest pays by card instead.
          { target: 'choosingMethod', actions: 'noteWalletRefused' },
        ],
      },
    },
    succeeded: {
      type: 'final',
    },
    failed: {
      on: {
        retry: { target: 'loadingConfig', actions: 'retryAttempt' },
      },
    },
  },
  output: ({ context }) => ({ paymentId: context.payment?._id ?? null, method: context.payment?.method ?? null }),
});
