/**
 * The booking wizard's addresses as a property: the chart's generated browser paths (booking-model.ts)
 * with, at every step a person can act on, one or two of Back, Forward, a typed address of a wizard page
 * or a link to another venue's step. Each mixed path is replayed on the chart (pure snapshots) with the
 * address bar the app keeps in step with it (src/booking/booking-route-sync.tsx: the address follows each
 * move of the chart; a new address is a `route.visit`, and a refused one puts the chart's step back), and
 * after each step the page shown must be coherent (docs/PRODUCT.md §2: "No dead ends"): the address is the
 * chart's step, that page's main action is taken, a step the guest can reach is the one shown, and never a
 * later step than the one asked for.
 */
import { getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { bookingMachine } from '../../machines/booking/booking.machine';
import { BOOKING_PAGES, bookingPath, LOGIN_PAGE_PATH, type BookingPage } from '../../machines/booking-pages';
import { routeOf } from '../../machines/route-of';
import { BOOKING_ANSWER_OF, BOOKING_CALL_AFTER, BOOKING_STATE_AFTER, CHILD_CHARTS, EVENTS, selectBookingPaths, type EventName, type PlannedPath } from './booking-model';

/** What a person does to the address: the browser's Back and Forward, typing a wizard page's address, or following a link to another venue's step. */
export type AddressOp = { kind: 'back' } | { kind: 'forward' } | { kind: 'type'; page: BookingPage } | { kind: 'link'; page: 'experience' | 'book' };

/** The wizard's steps in the order a guest takes them (a card guarantee's card step in the payment's place). */
export const STEP_ORDER: readonly BookingPage[] = ['experience', 'book', 'timeslot', 'seating', 'profile', 'verify', 'confirm', 'payment', 'card'];
/** A step's place in that order: the payment and the card are one place, either the one or the other. */
const stepRank = (page: BookingPage) => STEP_ORDER.indexOf(page === 'card' ? 'payment' : page);

const PAGE_OF_PATH = new Map<string, BookingPage>(Object.entries(BOOKING_PAGES).map(([page, { path }]) => [path, page as BookingPage]));
const machine = bookingMachine as AnyStateMachine;

/** The address bar and its history, and the chart beside it. */
export interface Browser {
  entries: string[];
  at: number;
  snapshot: AnyMachineSnapshot;
}

export const addressOf = (browser: Browser) => browser.entries[browser.at]!;

/** The calls' answers a settled page gets (the first listed in EVENTS for each call): a person acts once none is on its way. */
const ANSWER: Record<string, EventObject> = Object.fromEntries(
  (Object.entries(BOOKING_ANSWER_OF) as [EventName, string][]).reverse().map(([name, call]) => [call, EVENTS[name] as EventObject]),
);

const callsRunning = (snapshot: AnyMachineSnapshot) => Object.keys(snapshot.children).filter((id) => !CHILD_CHARTS.includes(id));
const isWizardPage = (path: string) => PAGE_OF_PATH.has(path);

function push(browser: Browser, path: string) {
  browser.entries = [...browser.entries.slice(0, browser.at + 1), path];
  browser.at = browser.entries.length - 1;
}

/** A chart event, and the address following its move as the route sync's subscription does. */
export function chartEvent(browser: Browser, event: EventObject) {
  const before = routeOf(browser.snapshot);
  browser.snapshot = getNextSnapshot(machine, browser.snapshot, event);
  const route = routeOf(browser.snapshot);
  const at = addressOf(browser);
  if (route === before || !route || route === at) return;
  if (route === LOGIN_PAGE_PATH || isWizardPage(at) || at === LOGIN_PAGE_PATH) push(browser, route);
}

/** The calls on their way answered, as a person waits for them. */
export function settle(browser: Browser) {
  for (let turn = 0; turn < 10; turn++) {
    const [call] = callsRunning(browser.snapshot);
    if (!call) return;
    chartEvent(browser, ANSWER[call]!);
  }
}

/** The address is now `path` (typed, Back or Forward): the route sync asks the chart, and puts its step back when refused. */
export function addressMoved(browser: Browser, path: string) {
  const snapshot = browser.snapshot;
  const current = routeOf(snapshot);
  if (!isWizardPage(path)) {
    if (snapshot.matches('holding') && path !== LOGIN_PAGE_PATH) browser.snapshot = getNextSnapshot(machine, snapshot, { type: 'booking.exit' });
    return;
  }
  if (current === path || snapshot.matches('idle') || current === LOGIN_PAGE_PATH) return;
  browser.snapshot = getNextSnapshot(machine, snapshot, { type: 'route.visit', route: path });
  const after = routeOf(browser.snapshot);
  if (after && after !== path && after !== LOGIN_PAGE_PATH) browser.entries[browser.at] = after;
}

const START_ELSEWHERE = { type: 'booking.start', domain: 'another' } as EventObject;

/** Performs `op` and returns the address it asked for; null when the browser cannot (nothing to go back or forward to). */
export function perform(browser: Browser, op: AddressOp): string | null {
  let asked = bookingPath(op.kind === 'back' || op.kind === 'forward' ? 'book' : op.page);
  if (op.kind === 'back' || op.kind === 'forward') {
    const to = browser.at + (op.kind === 'back' ? -1 : 1);
    if (to < 0 || to >= browser.entries.length) return null;
    const moved = browser.entries[to] !== addressOf(browser);
    browser.at = to;
    asked = addressOf(browser);
    if (moved) addressMoved(browser, asked);
  } else {
    push(browser, bookingPath(op.page));
    addressMoved(browser, addressOf(browser));
    // The page opened with another venue's `?domain=` starts the booking there (src/booking/use-start-from-query.ts).
    if (op.kind === 'link' && browser.snapshot.can(START_ELSEWHERE)) chartEvent(browser, START_ELSEWHERE);
  }
  settle(browser);
  return asked;
}

/** The page's main action and whether the chart takes it (a page an invoked chart runs: that chart runs). */
const MAIN_ACTION: Record<BookingPage, (s: AnyMachineSnapshot) => boolean> = {
  experience: (s) => s.can(EVENTS.pickExperience),
  book: (s) => s.can(EVENTS.search),
  timeslot: (s) => s.can(EVENTS.pickSlot),
  seating: (s) => s.can(EVENTS.pickSeating),
  profile: (s) => s.can(EVENTS.submitDetails) || 'identity' in s.children,
  verify: (s) => 'verifyPhone' in s.children,
  confirm: (s) => s.can(EVENTS.agree),
  payment: (s) => 'pay' in s.children,
  card: (s) => 'saveCard' in s.children,
  result: (s) => s.can(EVENTS.restart),
  warning: (s) => s.can(EVENTS.restart),
};

/** Whether docs/PRODUCT.md §2 lets the guest be on `page` now, from what they have chosen (not from the chart's transitions). */
export function reachable(s: AnyMachineSnapshot, page: BookingPage): boolean {
  const inSteps = s.matches('draft') || s.matches('holding');
  const { draft, timeslots, venue } = s.context as { draft: { experienceId: string | null; startTime: number | null }; timeslots: { startTime: number; seatingOptions: unknown[] }[]; venue: unknown };
  switch (page) {
    case 'experience':
      return inSteps && venue !== null;
    case 'book':
      return inSteps && draft.experienceId !== null;
    case 'timeslot':
      return inSteps && timeslots.length > 0;
    case 'seating':
      return inSteps && (timeslots.find((slot) => slot.startTime === draft.startTime)?.seatingOptions.length ?? 0) > 1;
    case 'profile':
      return s.matches('holding');
    case 'confirm':
      return s.matches({ holding: { step: { created: 'confirm' } } }) || s.matches({ holding: { step: 'awaitingPayment' } }) || s.matches({ holding: { step: 'awaitingCard' } });
    case 'payment':
      return s.matches({ holding: { step: 'awaitingPayment' } });
    case 'card':
      return s.matches({ holding: { step: 'awaitingCard' } });
    default:
      // The verification asks for a code again only from the details; the result and warning follow an answer.
      return false;
  }
}

/** What is wrong with the page shown, or null: the property. `asked` is the page an address op asked for, `before` the chart then. */
export function deadEnd(browser: Browser, asked?: { page: BookingPage; before: AnyMachineSnapshot }): string | null {
  const s = browser.snapshot;
  const address = addressOf(browser);
  const route = routeOf(s);
  if (s.matches('idle') || !isWizardPage(address) || route === LOGIN_PAGE_PATH) return null;
  if (route !== address) return `the address is ${address} but the chart is at ${route} (${JSON.stringify(s.value)})`;
  const page = PAGE_OF_PATH.get(address)!;
  if (!MAIN_ACTION[page](s)) return `the main action of ${page} does nothing in ${JSON.stringify(s.value)}`;
  if (!asked || !STEP_ORDER.includes(asked.page)) return null;
  const inSteps = (x: AnyMachineSnapshot) => x.matches('draft') || x.matches('holding');
  if (reachable(asked.before, asked.page) && page !== asked.page) return `${asked.page} could be reached, but ${page} is shown`;
  if (inSteps(asked.before) && inSteps(s) && stepRank(page) > stepRank(asked.page)) return `${asked.page} was asked for, but the later ${page} is shown`;
  return null;
}

/** Where docs/PRODUCT.md puts the booking after a path's own event, and the call it makes: wrong, the path is wrong whatever the pages do. */
export function misplaced(browser: Browser, name: EventName, before: AnyMachineSnapshot): string | null {
  const s = browser.snapshot;
  const state = BOOKING_STATE_AFTER[name];
  if (state && !s.matches(state)) return `after ${name} the booking should be ${state}, not ${JSON.stringify(s.value)}`;
  const call = BOOKING_CALL_AFTER[name];
  if (call && !(call in s.children && !(call in before.children))) return `after ${name} the call ${call} should be made`;
  return null;
}

/** The ops a mixed path takes at a step: each alone, and Back or a typed address followed by each. */
export function opSequences(): AddressOp[][] {
  const singles: AddressOp[] = [
    { kind: 'back' },
    { kind: 'forward' },
    ...(Object.keys(BOOKING_PAGES) as BookingPage[]).map((page): AddressOp => ({ kind: 'type', page })),
    { kind: 'link', page: 'experience' },
    { kind: 'link', page: 'book' },
  ];
  return [...singles.map((op) => [op]), ...singles.flatMap((first) => singles.map((second) => [first, second]))];
}

export const opName = (op: AddressOp) => (op.kind === 'back' || op.kind === 'forward' ? op.kind : `${op.kind} ${op.page}`);

/** A spine path's browser at each of its steps, with the problems met on the way (the path's own events). */
export interface SpineStep {
  browser: Browser;
  /** Whether a person can act here: no call of the chart on its way. */
  settled: boolean;
  problem: string | null;
  event: EventName;
}

const clone = (browser: Browser): Browser => ({ ...browser, entries: [...browser.entries] });

/** Replays a generated path in the browser model: typed addresses as the runners type them, other events on the chart. */
export function replaySpine(plan: PlannedPath): SpineStep[] {
  let browser: Browser = { entries: ['/pages/home'], at: 0, snapshot: plan.path.steps[0]!.state };
  const steps: SpineStep[] = [];
  plan.events.forEach((name, i) => {
    const event = plan.path.steps[i + 1]!.event;
    const before = browser.snapshot;
    browser = clone(browser);
    if (name === 'start') {
      push(browser, bookingPath('experience'));
      addressMoved(browser, addressOf(browser));
      chartEvent(browser, event);
    } else if (event.type === 'route.visit') {
      push(browser, (event as unknown as { route: string }).route);
      addressMoved(browser, addressOf(browser));
    } else {
      chartEvent(browser, event);
    }
    const settled = callsRunning(browser.snapshot).length === 0;
    steps.push({ browser, settled, event: name, problem: misplaced(browser, name, before) ?? (settled ? deadEnd(browser) : null) });
  });
  return steps;
}

/** One mixed path: a spine's prefix, then the ops; the first dead end met, or null, and the browser it ends in. */
export function replayMixed(start: Browser, ops: AddressOp[]): { problem: string | null; performed: boolean; browser: Browser } {
  const browser = clone(start);
  for (const op of ops) {
    const before = browser.snapshot;
    const address = perform(browser, op);
    if (address === null) return { problem: null, performed: false, browser };
    // A link to another venue starts afresh: only coherence is asked of it.
    const page = op.kind === 'link' ? undefined : PAGE_OF_PATH.get(address);
    const problem = deadEnd(browser, page && { page, before });
    if (problem) return { problem: `${ops.map(opName).join(', ')}: ${problem}`, performed: true, browser };
  }
  return { problem: null, performed: true, browser };
}

/** The generated spines: the browser's path set. */
export const bookingSpines = (): PlannedPath[] => selectBookingPaths();
