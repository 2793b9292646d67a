/**
 * The payment chart's paths for the browser (machines/payment.machine.ts, which the booking chart's
 * `awaitingPayment` invokes as 'pay'): generated with `xstate/graph` over what a guest or member can do on
 * the payment step and what the test can arrange (a test card's answer, a wallet too small, the network
 * dropping a call, the hold running out before the payment starts), narrowed to paths reaching every state.
 */
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { paymentMachine } from '../../machines/payment.machine';
import { allStateIds } from '../../tests/support/machines/replay';
import { branchesTaken, coveringSet, type Branch } from '../../tests/support/machines/branches';
import { activeStateIds, type Path } from './booking-model';
import { eventNamer } from './event-names';

const payment = (status: string) => ({ _id: 'p1', status, method: 'CARD', intentId: 'pi_1', clientSecret: 'secret', amount: 40000 });
const intent = (status: string, lastError?: string) => ({ id: 'pi_1', status, ...(lastError ? { lastError } : {}) });
const error = (message: string, errorCode?: number) => ({ message, ...(errorCode ? { errorCode } : {}) });

export const PAYMENT_EVENTS = {
  configCardOnly: { type: 'xstate.done.actor.loadConfig', output: { provider: 'test-mode', publishableKey: 'pk', currency: 'HKD', methods: ['CARD'] } },
  configWithWallet: { type: 'xstate.done.actor.loadConfig', output: { provider: 'test-mode', publishableKey: 'pk', currency: 'HKD', methods: ['CARD', 'WALLET'] } },
  configLost: { type: 'xstate.error.actor.loadConfig', error: error('network') },
  chooseCard: { type: 'method.card' },
  chooseWallet: { type: 'method.wallet' },
  intentCreated: { type: 'xstate.done.actor.createPayment', output: payment('REQUIRES_PAYMENT_METHOD') },
  intentRefused: { type: 'xstate.error.actor.createPayment', error: error('Reservation expired', 10202) },
  // The card typed follows from the processor's answer that comes next.
  submitCard: { type: 'card.submit', card: { cardholderName: 'Tess Walker', cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
  cardTaken: { type: 'xstate.done.actor.confirmCard', output: intent('succeeded') },
  challengeAsked: { type: 'xstate.done.actor.confirmCard', output: intent('requires_action') },
  cardDeclined: { type: 'xstate.done.actor.confirmCard', output: intent('requires_payment_method', 'Your card was declined.') },
  approveChallenge: { type: 'challenge.approve' },
  failChallenge: { type: 'challenge.fail' },
  anotherCard: { type: 'card.another' },
  challengePassed: { type: 'xstate.done.actor.answerChallenge', output: intent('succeeded') },
  challengeFailed: { type: 'xstate.done.actor.answerChallenge', output: intent('requires_payment_method', 'Authentication failed.') },
  paymentConfirmed: { type: 'xstate.done.actor.waitForPayment', output: payment('SUCCEEDED') },
  walletPaid: { type: 'xstate.done.actor.payByWallet', output: { ...payment('SUCCEEDED'), method: 'WALLET' } },
  walletRefused: { type: 'xstate.error.actor.payByWallet', error: error('Insufficient wallet balance') },
  retry: { type: 'retry' },
} as const;

export type PaymentEventName = keyof typeof PAYMENT_EVENTS;

/** Which call each invoked actor of the payment chart makes (a card's payment and a wallet's share theirs). */
export const PAYMENT_CALLS = {
  loadConfig: { method: 'GET', path: /^\/user\/payment\/config$/ },
  createPayment: { method: 'POST', path: /^\/user\/reservation\/[^/]+\/payment$/ },
  payByWallet: { method: 'POST', path: /^\/user\/reservation\/[^/]+\/payment$/ },
  confirmCard: { method: 'POST', path: /^\/payments\/test-processor\/intents\/[^/]+\/confirm$/ },
  answerChallenge: { method: 'POST', path: /^\/payments\/test-processor\/intents\/[^/]+\/challenge$/ },
  waitForPayment: { method: 'GET', path: /^\/user\/payment\/(?!config$)[^/]+$/ },
};

/** The call a card or a 3-D Secure answer makes, as docs/PRODUCT.md says (not as the chart does): a changed target is caught. */
export const PAYMENT_CALL_AFTER: Partial<Record<PaymentEventName, string>> = {
  submitCard: 'confirmCard',
  approveChallenge: 'answerChallenge',
  failChallenge: 'answerChallenge',
  // Another card instead of the bank's check: a new attempt, so a new payment is asked for.
  anotherCard: 'createPayment',
};

/** The events that are only a held call's answer arriving: the runners (browser and jsdom) let that call through. */
export const PAYMENT_ANSWER_OF: Partial<Record<PaymentEventName, keyof typeof PAYMENT_CALLS>> = {
  configCardOnly: 'loadConfig',
  configWithWallet: 'loadConfig',
  intentCreated: 'createPayment',
  cardTaken: 'confirmCard',
  challengeAsked: 'confirmCard',
  cardDeclined: 'confirmCard',
  challengePassed: 'answerChallenge',
  challengeFailed: 'answerChallenge',
  paymentConfirmed: 'waitForPayment',
  walletPaid: 'payByWallet',
  walletRefused: 'payByWallet',
};

const eventName = eventNamer<PaymentEventName>(PAYMENT_EVENTS, 'payment');

export interface PlannedPaymentPath {
  title: string;
  path: Path;
  events: PaymentEventName[];
  /** The demo member (the wallet is offered), or a new guest. */
  member: boolean;
  /** A member's booking larger than the wallet holds. */
  largerThanWallet: boolean;
}

/** States the browser paths cannot show, and why (each is reached by a rule or UI test instead). */
export const PAYMENT_STATES_UNSEEN: Record<string, string> = {
  'payment.recheckingCard': 'entered only when the processor refuses a card for a payment paid meanwhile, which the runner cannot cause',
  'payment.payingBySavedCard':
    'needs a guest whose earlier booking a card paid; journey e2e/journeys/saved-card.spec.ts and rule test "pays with a saved card without a typed one"',
};
export const PAYMENT_STATES = allStateIds(paymentMachine).filter((id) => !(id in PAYMENT_STATES_UNSEEN));

const INPUT = { purpose: 'reservation', reservationId: 'r1', amount: 40000 } as const;

const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.config?.methods.includes('WALLET') ?? null, s.context.problem, s.context.refusal !== null]);

const USER_ACTIONS: PaymentEventName[] = ['chooseCard', 'chooseWallet', 'submitCard', 'approveChallenge', 'failChallenge', 'anotherCard', 'retry'];

function stepRealizable(before: AnyMachineSnapshot, name: PaymentEventName): boolean {
  const busy = Object.keys(before.children).length > 0;
  return !(USER_ACTIONS.includes(name) && busy);
}

/** Whether one person on one booking can make the whole path happen. */
function consistent(names: PaymentEventName[]): boolean {
  const has = (n: PaymentEventName) => names.includes(n);
  // The wallet's answer is the member's booking: one that fits the wallet or one that does not.
  if (has('walletPaid') && has('walletRefused')) return false;
  // The processor answers the challenge as the person did.
  if (names.some((n, i) => (n === 'challengePassed' && names[i - 1] !== 'approveChallenge') || (n === 'challengeFailed' && names[i - 1] !== 'failChallenge'))) {
    return false;
  }
  // Once the hold has run out on the server, no payment can start again for it.
  const refused = names.indexOf('intentRefused');
  if (refused >= 0 && names.slice(refused + 1).some((n) => n === 'intentCreated' || n === 'walletPaid')) return false;
  return true;
}

function exactPath(path: Path): Path {
  const machine = paymentMachine as AnyStateMachine;
  let state = getInitialSnapshot(machine, INPUT) as AnyMachineSnapshot;
  const steps = path.steps.map((step, i) => {
    if (i > 0) state = getNextSnapshot(machine, state, step.event) as AnyMachineSnapshot;
    return { event: step.event, state };
  });
  return { ...path, steps, state };
}

function candidates(): PlannedPaymentPath[] {
  const machine = paymentMachine as AnyStateMachine;
  const events = Object.values(PAYMENT_EVENTS) as unknown as EventObject[];
  const shortest = getShortestPaths(machine, { input: INPUT, events, serializeState }) as Path[];
  const planned: PlannedPaymentPath[] = [];
  const seen = new Set<string>();
  for (const found of shortest) {
    const names = found.steps.slice(1).map((s) => eventName(s.event));
    const path = exactPath(found);
    if (!names.every((n, i) => stepRealizable(path.steps[i]!.state, n))) continue;
    // The shortest path, and it one and two steps further by every event that applies (the chart is small).
    const variants = [{ path, names }];
    for (let depth = 0; depth < 2; depth++) {
      for (const base of variants.filter((v) => v.names.length === names.length + depth)) {
        for (const event of events) {
          if (!base.path.state.can(event)) continue;
          const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
          if (match && !(match[1]! in base.path.state.children)) continue;
          const name = eventName(event);
          if (!stepRealizable(base.path.state, name)) continue;
          const next = getNextSnapshot(machine, base.path.state, event) as AnyMachineSnapshot;
          variants.push({ path: { ...base.path, state: next, steps: [...base.path.steps, { event, state: next }] }, names: [...base.names, name] });
        }
      }
    }
    for (const v of variants) {
      if (!consistent(v.names) || seen.has(v.names.join())) continue;
      seen.add(v.names.join());
      planned.push({
        title: v.names.join(' → '),
        path: v.path,
        events: v.names,
        member: v.names.includes('configWithWallet'),
        largerThanWallet: v.names.includes('walletRefused'),
      });
    }
  }
  return planned;
}

/** The branches a path takes (tests/support/machines/branches.ts). */
export const paymentPathBranches = (planned: PlannedPaymentPath): Set<Branch> => branchesTaken(paymentMachine as AnyStateMachine, planned.path);

/** A small set of paths reaching every state, then taking every guarded branch and every outcome the candidates take. */
export function selectPaymentPaths(): PlannedPaymentPath[] {
  const pool = candidates();
  const statesOf = (p: PlannedPaymentPath) => new Set(p.path.steps.flatMap((s) => activeStateIds(s.state)));
  const chosen: PlannedPaymentPath[] = [];
  const reached = new Set<string>();
  // Member paths cost more (the shared demo member): prefer a guest's path where one does as well.
  const cost = (p: PlannedPaymentPath) => p.events.length + 1 + (p.member ? 2 : 0);
  const pick = (score: (p: PlannedPaymentPath) => number) => {
    let best: { path: PlannedPaymentPath; score: number } | undefined;
    for (const path of pool) {
      const s = score(path);
      if (s > 0 && (!best || s > best.score)) best = { path, score: s };
    }
    if (!best) return false;
    chosen.push(best.path);
    statesOf(best.path).forEach((id) => reached.add(id));
    return true;
  };
  while (pick((p) => [...statesOf(p)].filter((id) => !reached.has(id)).length / cost(p)));
  // Outcomes count as branches: a declined card takes the same branch as an approved one, but is a
  // different thing to get right.
  const branchesAndOutcomes = (p: PlannedPaymentPath) => new Set([...paymentPathBranches(p), ...p.events.map((e) => `outcome ${e}`)]);
  const taken = chosen.flatMap((p) => [...branchesAndOutcomes(p)]);
  chosen.push(...coveringSet(pool, branchesAndOutcomes, cost, taken).chosen);
  return chosen.filter(
    (p) => !chosen.some((q) => q !== p && q.member === p.member && q.events.length > p.events.length && p.events.every((e, i) => q.events[i] === e)),
  );
}

/** Branches the browser paths do not take, and why (tests/machines/browser-paths.coverage.test.ts checks the list). */
export const PAYMENT_UNREACHABLE: Record<Branch, string> = {
  'payment.loadingConfig · xstate.done.actor.loadConfig [unsupportedProvider] → payment.failed': 'the server runs the test-mode processor only',
  'payment.initializingCard · xstate.done.actor.createPayment [alreadyPaid] → payment.succeeded':
    'a payment already taken when the card form opens needs a second tab paying the same hold; rule test "goes on to completion when its card payment is given back"',
  'payment.initializingCard · xstate.done.actor.createPayment [paymentClosed] → payment.failed':
    'no demo flow has the server give back a closed payment on creating one; rule test "says the card component cannot be made for a payment that is over"',
  'payment.initializingCard · xstate.error.actor.createPayment [reservationPaid] → payment.succeeded': 'needs another tab to pay the same hold first',
  'payment.cardForm · card.submit → payment.failed': 'the test-mode component always knows its intent; rule test "says the card component cannot be made…"',
  'payment.cardForm · method.wallet [no guard passes] → (ignored here)': 'the page shows the wallet only when the chart allows it',
  'payment.submitting · xstate.error.actor.confirmCard [cardDetailsRefused] → payment.cardForm': 'the card form validates the fields the processor would refuse before it submits',
  'payment.submitting · xstate.error.actor.confirmCard → payment.recheckingCard': 'the processor call failing: the payment runner cannot drop the in-page processor call',
  'payment.recheckingCard · xstate.done.actor.createPayment [alreadyPaid] → payment.succeeded':
    'the processor refusing a card because another tab paid the same payment; UI test "completes the booking when another tab paid its one open payment first"',
  'payment.recheckingCard · xstate.done.actor.createPayment [paymentClosed] → payment.initializingCard': 'reached only after a refused processor call: likewise',
  'payment.recheckingCard · xstate.done.actor.createPayment → payment.cardForm': 'reached only after a refused processor call: likewise',
  'payment.recheckingCard · xstate.error.actor.createPayment [reservationPaid] → payment.succeeded': 'reached only after a refused processor call: likewise',
  'payment.recheckingCard · xstate.error.actor.createPayment → payment.cardForm': 'reached only after a refused processor call: likewise',
  'payment.answeringChallenge · xstate.error.actor.answerChallenge → payment.recheckingCard': 'the challenge call failing: likewise',
  'payment.initializingCard · xstate.done.actor.createPayment [awaitingBankCheck] → payment.challenge':
    'a payment left in the bank\'s check is answered on a reload, which a path does not make; journey e2e/journeys/payment-reload.spec.ts and rule test "shows the bank\'s check again after a reload"',
  'payment.initializingCard · xstate.done.actor.createPayment [cardProcessing] → payment.confirming':
    'a payment the card paid is answered on a reload before the processor\'s word: likewise; rule test "waits for the server\'s word after a reload once the card has paid"',
  'payment.recheckingCard · xstate.done.actor.createPayment [awaitingBankCheck] → payment.challenge': 'reached only after a refused processor call: likewise',
  'payment.recheckingCard · xstate.done.actor.createPayment [cardProcessing] → payment.confirming': 'reached only after a refused processor call: likewise',
  'payment.cardForm · card.saved [savedCardOffered] → payment.payingBySavedCard':
    'the paths book as a new guest or the demo member, neither with a saved card; journey e2e/journeys/saved-card.spec.ts',
  'payment.cardForm · card.saved [no guard passes] → (ignored here)': 'the page offers only the saved cards the chart allows',
  'payment.payingBySavedCard · xstate.done.actor.payBySavedCard [alreadyPaid] → payment.succeeded': 'a saved card paying: likewise',
  'payment.payingBySavedCard · xstate.done.actor.payBySavedCard [cardProcessing] → payment.confirming':
    'the processors answer a saved card at once; rule test "pays with a saved card without a typed one"',
  'payment.payingBySavedCard · xstate.done.actor.payBySavedCard [paymentClosed] → payment.initializingCard': 'a saved card refused: likewise',
  'payment.payingBySavedCard · xstate.done.actor.payBySavedCard → payment.cardForm': 'a saved card meeting another tab\'s payment: likewise',
  'payment.payingBySavedCard · xstate.error.actor.payBySavedCard [reservationPaid] → payment.succeeded': 'needs another tab to pay the same hold first',
  'payment.payingBySavedCard · xstate.error.actor.payBySavedCard → payment.initializingCard': 'a saved card removed in another tab: likewise',
  'payment.confirming · xstate.done.actor.waitForPayment [paymentRefunded] → payment.initializingCard':
    'a payment refunded because another one paid the hold: two tabs; rule test "goes on to completion when its card payment is given back"',
  'payment.confirming · xstate.done.actor.waitForPayment → payment.failed': 'the test-mode processor never leaves a confirmed payment in an abnormal status',
  'payment.confirming · xstate.error.actor.waitForPayment → payment.failed': 'the payment read failing: the runner does not drop that call',
  'payment.payingByWallet · xstate.error.actor.payByWallet [reservationPaid] → payment.succeeded': 'needs another tab to pay the same hold first',
};
