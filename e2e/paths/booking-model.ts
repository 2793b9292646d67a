/**
 * The booking chart's paths for the browser: generated with `xstate/graph` from machines/booking/booking.machine.ts
 * over the events a test can make happen in a real browser against the real server, then narrowed to a
 * small set that together reach every state. Each path gets a plan: the venue, experience, party and
 * time that make the server answer the way the path says (a deposit due, a venue that texts a code, a
 * members-only menu, a table someone else takes...).
 */
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import { bookingMachine } from '../../machines/booking/booking.machine';
import { fixtureClockOffsetMs, guest, reservation, slots, venue as hopSzeFixture } from '../../tests/support/fixtures/booking';
import { branchesTaken, coveringSet, type Branch } from '../../tests/support/machines/branches';
import { allStateIds } from '../../tests/support/machines/replay';
import { eventNamer } from './event-names';

export type Path = StatePath<AnyMachineSnapshot, EventObject>;

const apiError = (errorCode: number, message = `error ${errorCode}`) => ({ errorCode, message });
const guestContact = { firstName: guest.firstName, lastName: guest.lastName, email: guest.email, mobileCountryCode: guest.mobileCountryCode, mobileNumber: guest.mobileNumber };

// Stand-ins for the server's answers: only what the chart's guards read matters for the traversal; the
// browser gets the real answers, which the plan arranges to match.
const verifyingVenue = hopSzeFixture;
const plainVenue = { ...hopSzeFixture, domain: 'leclos', requiresPhoneVerification: false, onlineMinGuests: 1, onlineMaxGuests: 10 };
const SLOT = 1110;
const choiceSlots = [{ ...slots[0]!, startTime: SLOT }];
const singleSlots = [{ ...slots[1]!, startTime: SLOT }];
const free = { reservation: reservation(), clockOffsetMs: fixtureClockOffsetMs() };
const paid = {
  reservation: reservation({
    payment: { prePaymentType: 'DEPOSIT', amountDue: 40000, currency: 'HKD', breakdown: { subTotal: 40000, serviceCharge: 0, tax: 0, total: 40000 }, paid: 40000, owed: 0 },
  }),
  clockOffsetMs: fixtureClockOffsetMs(),
};
// A card guarantee (docs/decisions/0035-card-guarantee.md): nothing due, a card saved.
const guaranteed = {
  reservation: reservation({
    payment: { prePaymentType: 'GUARANTEE', amountDue: 0, currency: 'HKD', breakdown: { subTotal: 0, serviceCharge: 0, tax: 0, total: 0 }, paid: 0, owed: 0 },
  }),
  clockOffsetMs: fixtureClockOffsetMs(),
};

/** The events a browser test can bring about, by name; each is a user action or an outcome the test arranges. */
export const EVENTS = {
  start: { type: 'booking.start', domain: 'venue' },
  venueLoaded: { type: 'xstate.done.actor.loadVenue', output: plainVenue },
  verifyingVenueLoaded: { type: 'xstate.done.actor.loadVenue', output: verifyingVenue },
  venueMissing: { type: 'xstate.error.actor.loadVenue', error: apiError(20103, 'The venue information does not exist') },
  pickExperience: { type: 'experience.pick', experienceId: 'experience' },
  search: { type: 'search.submit', date: 'date', numberOfGuests: 2 },
  searchTooLarge: { type: 'search.submit', date: 'date', numberOfGuests: 11 },
  slotsWithChoice: { type: 'xstate.done.actor.loadTimeslots', output: { open: true, timeslots: choiceSlots } },
  slotsOneArea: { type: 'xstate.done.actor.loadTimeslots', output: { open: true, timeslots: singleSlots } },
  notServed: { type: 'xstate.done.actor.loadTimeslots', output: { open: false, timeslots: [] } },
  fullyBooked: { type: 'xstate.done.actor.loadTimeslots', output: { open: true, timeslots: [] } },
  searchRefused: { type: 'xstate.error.actor.loadTimeslots', error: apiError(20104, 'Reservations open 90 days in advance.') },
  pickSlot: { type: 'slot.pick', startTime: SLOT },
  pickSeating: { type: 'seating.pick', seatingAreaId: null },
  held: { type: 'xstate.done.actor.createReservation', output: free },
  heldWithDeposit: { type: 'xstate.done.actor.createReservation', output: paid },
  heldWithGuarantee: { type: 'xstate.done.actor.createReservation', output: guaranteed },
  taken: { type: 'xstate.error.actor.createReservation', error: apiError(20102, 'Sorry, your selection is unavailable') },
  membersOnly: { type: 'xstate.error.actor.createReservation', error: apiError(1010101, 'Not a Club member') },
  profileLoaded: { type: 'xstate.done.actor.loadGuestProfile', output: guest },
  submitDetails: { type: 'details.submit', guest },
  // The phone verification chart done: the guest typed the code texted to them (its own paths are in
  // tests/machines/phone-verification.machine.test.ts).
  verified: { type: 'xstate.done.actor.verifyPhone', output: { mobileCountryCode: guest.mobileCountryCode, mobileNumber: guest.mobileNumber, code: '123456' } },
  // The guest-identity chart done at the details step before logging in: the visitor logged in on the log-in
  // page, or continued as a guest by a texted code that opened their session (its own paths, a refused
  // session among them, are in tests/machines/guest-identity.machine.test.ts).
  logIn: { type: 'xstate.done.actor.identity', output: { by: 'account', member: false } },
  continueAsGuest: { type: 'xstate.done.actor.identity', output: { by: 'code', guest: { ...guest, ...guestContact }, codeBy: 'SMS' } },
  agree: { type: 'confirm.submit', agreements: { cancellationPolicy: true } },
  paid: { type: 'xstate.done.actor.pay', output: { paymentId: 'payment', method: 'CARD' } },
  // The card guarantee chart done: the guest saved a card (its own paths, a declined card and 3-D Secure among
  // them, are in tests/machines/card-guarantee.machine.test.ts).
  cardSaved: { type: 'xstate.done.actor.saveCard', output: { card: { brand: 'visa', last4: '4242' } } },
  confirmed: { type: 'xstate.done.actor.completeReservation', output: reservation({ status: 'CONFIRMED', holdExpiresAt: null }) },
  lapsedMeanwhile: { type: 'xstate.error.actor.completeReservation', error: apiError(10202) },
  overlapping: { type: 'xstate.error.actor.completeReservation', error: apiError(10208) },
  holdExpires: { type: 'xstate.after.holdExpiry.booking.holding.hold.running' },
  reload: { type: 'hold.resume' },
  visitExperience: { type: 'route.visit', route: '/pages/experience' },
  visitBook: { type: 'route.visit', route: '/pages/book' },
  visitTimeslot: { type: 'route.visit', route: '/pages/timeslot' },
  visitSeating: { type: 'route.visit', route: '/pages/seating' },
  visitProfile: { type: 'route.visit', route: '/pages/profile' },
  visitConfirm: { type: 'route.visit', route: '/pages/confirm' },
  released: { type: 'xstate.done.actor.releaseReservation' },
  restart: { type: 'booking.restart' },
} as const;

export type EventName = keyof typeof EVENTS;

/** The call docs/PRODUCT.md §3 says follows these, whatever the chart does: a changed target or a flipped guard is caught. */
export const BOOKING_CALL_AFTER: Partial<Record<EventName, string>> = {
  // 'Sorry, your selection is unavailable': back to the times, read afresh.
  taken: 'loadTimeslots',
};

/** Where docs/PRODUCT.md puts the booking after these, whatever the chart says: a changed target is caught. */
export const BOOKING_STATE_AFTER: Partial<Record<EventName, string>> = {
  holdExpires: 'expired',
  lapsedMeanwhile: 'expired',
  overlapping: 'warning',
  membersOnly: 'warning',
};

/** The events that are only a held call's answer arriving: the runners (browser and jsdom) let that call through. */
export const BOOKING_ANSWER_OF: Partial<Record<EventName, string>> = {
  venueLoaded: 'loadVenue',
  verifyingVenueLoaded: 'loadVenue',
  venueMissing: 'loadVenue',
  slotsWithChoice: 'loadTimeslots',
  slotsOneArea: 'loadTimeslots',
  notServed: 'loadTimeslots',
  fullyBooked: 'loadTimeslots',
  searchRefused: 'loadTimeslots',
  held: 'createReservation',
  heldWithDeposit: 'createReservation',
  heldWithGuarantee: 'createReservation',
  membersOnly: 'createReservation',
  profileLoaded: 'loadGuestProfile',
  confirmed: 'completeReservation',
  released: 'releaseReservation',
};

/** The name of one of EVENTS (paths carry copies of the objects). */
export const eventName = eventNamer<EventName>(EVENTS, 'browser');

/** Snapshots differ by where they are and by every fact a guard reads (as in the unit tests). */
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.venue?.requiresPhoneVerification ?? null,
    (s.context.reservation?.payment.amountDue ?? 0) > 0,
    s.context.reservation?.payment.prePaymentType === 'GUARANTEE',
    s.context.loggedIn,
    s.context.phoneVerified,
    s.context.guest !== null,
    s.context.timeslots.length > 0,
    (s.context.timeslots[0]?.seatingOptions.length ?? 0) > 1,
    s.context.draft.experienceId !== null,
    s.context.draft.startTime !== null,
    s.context.verifiedGuest,
  ]);

// ---- plans: what the browser test arranges so the real server answers as the path says ----

/** A venue, experience, party and time, and which of the path's outcomes they can produce. */
export interface Scenario {
  name: string;
  domain: 'leclos' | 'hopsze';
  experience: string;
  guests: number;
  /** The time picked, and another one when someone else took the first. */
  time: string;
  otherTime: string;
  /** The table only this party fits, which someone else can take (single-area scenarios). */
  onlyTable?: { times: string[] };
  /** A weekday (ISO) the experience is served on, and one it is not (to search a day it is closed). */
  servedWeekday?: number;
  closedWeekday?: number;
  membersOnly?: boolean;
  verifies: boolean;
  deposit: boolean;
  /** A card guarantee: nothing paid, a card saved. */
  guarantee?: boolean;
  seatingChoice: boolean;
}

/** Real menus of the demo venues (server/db/seed.ts) that give each combination of outcomes. */
export const SCENARIOS: Scenario[] = [
  { name: 'Le Clos à la carte, 2 guests', domain: 'leclos', experience: 'À la Carte', guests: 2, time: '12:30 pm', otherTime: '3:00 pm', verifies: false, deposit: false, seatingChoice: true },
  { name: 'Le Clos rotisserie deposit, 2 guests', domain: 'leclos', experience: 'Rotisserie Sharing Menu', guests: 2, time: '12:30 pm', otherTime: '3:00 pm', verifies: false, deposit: true, seatingChoice: true },
  { name: "Le Clos chef's counter (card guarantee), 2 guests", domain: 'leclos', experience: "Chef's Counter", guests: 2, time: '6:00 pm', otherTime: '8:00 pm', verifies: false, deposit: false, guarantee: true, seatingChoice: true },
  { name: 'Le Clos à la carte, 9 guests (one table)', domain: 'leclos', experience: 'À la Carte', guests: 9, time: '12:30 pm', otherTime: '3:00 pm', onlyTable: { times: [] }, verifies: false, deposit: false, seatingChoice: false },
  { name: 'Le Clos rotisserie deposit, 9 guests (one table)', domain: 'leclos', experience: 'Rotisserie Sharing Menu', guests: 9, time: '12:30 pm', otherTime: '3:30 pm', onlyTable: { times: [] }, verifies: false, deposit: true, seatingChoice: false },
  { name: "Le Clos members' supper club, 2 guests", domain: 'leclos', experience: "Members' Supper Club", guests: 2, time: '10:00 pm', otherTime: '11:00 pm', servedWeekday: 2, closedWeekday: 1, membersOnly: true, verifies: false, deposit: true, seatingChoice: true },
  { name: 'Hop Sze dinner, 2 guests', domain: 'hopsze', experience: 'À la Carte Dinner', guests: 2, time: '6:00 pm', otherTime: '8:30 pm', verifies: true, deposit: false, seatingChoice: true },
  { name: 'Hop Sze suckling pig deposit, 2 guests', domain: 'hopsze', experience: 'Roast Suckling Pig Feast', guests: 2, time: '6:00 pm', otherTime: '8:30 pm', verifies: true, deposit: true, seatingChoice: true },
  { name: 'Hop Sze dinner, 7 guests (one table)', domain: 'hopsze', experience: 'À la Carte Dinner', guests: 7, time: '6:00 pm', otherTime: '8:30 pm', onlyTable: { times: ['6:00 pm', '8:30 pm'] }, verifies: true, deposit: false, seatingChoice: false },
  { name: 'Hop Sze suckling pig deposit, 7 guests (one table)', domain: 'hopsze', experience: 'Roast Suckling Pig Feast', guests: 7, time: '6:00 pm', otherTime: '8:30 pm', onlyTable: { times: ['6:00 pm', '8:30 pm'] }, verifies: true, deposit: true, seatingChoice: false },
];

/** A path with what it needs: whether the visitor starts logged in, and the scenario (none for a missing venue). */
export interface PlannedPath {
  /** A readable title: the events in order. */
  title: string;
  path: Path;
  events: EventName[];
  startsLoggedIn: boolean;
  scenario: Scenario | null;
}

/** The scenario that makes every outcome of the path happen, or null when no demo venue can. */
export function planFor(events: EventName[]): Scenario | null | undefined {
  const has = (name: EventName) => events.includes(name);
  if (has('venueMissing') && !has('venueLoaded') && !has('verifyingVenueLoaded')) return null;
  return SCENARIOS.find((s) => {
    if (has('venueLoaded') && s.verifies) return false;
    if (has('verifyingVenueLoaded') && !s.verifies) return false;
    if (has('venueMissing')) return false;
    if (has('heldWithDeposit') && !s.deposit) return false;
    if (has('held') && (s.deposit || s.guarantee)) return false;
    if (has('heldWithGuarantee') !== Boolean(s.guarantee)) return false;
    // The overlapping booking is made at a lunch elsewhere (the runners' Bâtard set lunch); the guarantee is a dinner.
    if (has('overlapping') && s.guarantee) return false;
    if (has('slotsWithChoice') && !s.seatingChoice) return false;
    if (has('slotsOneArea') && s.seatingChoice) return false;
    if (has('taken') && !s.onlyTable) return false;
    if (has('fullyBooked') && !(s.onlyTable && s.onlyTable.times.length > 0)) return false;
    if (has('notServed') && s.closedWeekday === undefined) return false;
    // Members only, up front (docs/PRODUCT.md §6): the fresh guest a path books as is refused a members-only
    // menu on the experience step, so the server's refusal at the hold never comes (a rule test takes it).
    if (has('membersOnly') || s.membersOnly) return false;
    // A guest verified by a code: the new session reads the profile at once (the menu), so the details step's
    // read is answered from that, never seen on its way; the held steps after it are the logged-in paths'
    // (and e2e/journeys/members-and-guests.spec.ts books one to the end).
    if (has('continueAsGuest') && has('profileLoaded')) return false;
    return true;
  });
}

/** Every state of the chart except the transient `checkingLogin`, which no snapshot rests in, and those out of the paths' reach. */
export const TRANSIENT_STATES = ['booking.draft.checkingLogin'];
/** States the browser paths do not rest in, and why (each taken by a rule test instead). */
export const BOOKING_STATES_OUT_OF_REACH: Record<string, string> = {
  'booking.draft.awaitingSession':
    'a search made while a stored session is still being checked: the paths start with the session known (a visitor, or logged in first), and the check takes too little time to search inside; tests/machines/booking-session-wait.test.ts takes it',
};
export const BOOKING_STATES = allStateIds(bookingMachine).filter((id) => !TRANSIENT_STATES.includes(id) && !(id in BOOKING_STATES_OUT_OF_REACH));

/** The ids of the states active in a snapshot. */
export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot as unknown as { _nodes: { id: string }[] })._nodes.map((n) => n.id);
}

/** `stateId:eventType` of the declared transitions a step takes. */
export function stepTransitions(before: AnyMachineSnapshot, event: EventObject): string[] {
  return (before as unknown as { _nodes: { id: string; transitions: Map<string, unknown> }[] })._nodes
    .filter((n) => n.transitions.has(event.type))
    .map((n) => `${n.id}:${event.type}`);
}

/** The transitions a path takes (its first step is the initial snapshot). */
export function pathTransitions(path: Path): string[] {
  return path.steps.flatMap((step, i) => (i === 0 ? [] : stepTransitions(path.steps[i - 1]!.state, step.event)));
}

/** The confirm step's button, by what the held booking asks next: a card saved, a payment, or nothing. */
export function confirmLabel(s: AnyMachineSnapshot): string {
  const payment = (s.context as { reservation: { payment: { prePaymentType: string; amountDue: number } } | null }).reservation?.payment;
  if (payment?.prePaymentType === 'GUARANTEE') return 'Continue to save a card';
  return (payment?.amountDue ?? 0) > 0 ? 'Continue to payment' : 'Confirm reservation';
}

/** The charts the booking chart invokes (by invoke id): pages a person acts on, not calls to wait for. */
export const CHILD_CHARTS = ['pay', 'saveCard', 'verifyPhone', 'identity'];

const USER_ACTIONS: EventName[] = [
  'start', 'pickExperience', 'search', 'searchTooLarge', 'pickSlot', 'pickSeating', 'submitDetails', 'agree', 'holdExpires', 'reload', 'visitExperience', 'visitBook', 'visitTimeslot', 'visitSeating', 'visitProfile', 'visitConfirm', 'restart',
];

/**
 * Whether a browser can take the step: a person acts only while no call of the chart is on its way (the
 * payment and phone verification charts aside: each is the page the person acts on), the wizard starts afresh only from where the
 * app lets `?domain=` start it, and a search's answer follows from the date that search chose.
 */
function stepRealizable(before: AnyMachineSnapshot, name: EventName, previous: EventName | undefined): boolean {
  const busy = Object.keys(before.children).some((id) => !CHILD_CHARTS.includes(id));
  if (USER_ACTIONS.includes(name) && busy) return false;
  switch (name) {
    case 'start':
      return before.matches('idle') || before.matches('completed');
    case 'searchRefused':
    case 'notServed':
    case 'fullyBooked':
      return previous === 'search';
    case 'slotsWithChoice':
      return previous !== 'taken';
    default:
      return true;
  }
}

function realizable(path: Path, events: EventName[]): boolean {
  return events.every((name, i) => stepRealizable(path.steps[i]!.state, name, events[i - 1]));
}

/**
 * The path's snapshots recomputed from its own events: the traversal keeps one snapshot per serialized
 * state, whose context may come from another path to it (a different warning, say), and the page shows
 * this path's.
 */
function exactPath(path: Path, startsLoggedIn: boolean): Path {
  const machine = bookingMachine as AnyStateMachine;
  let state = getInitialSnapshot(machine, { loggedIn: startsLoggedIn }) as AnyMachineSnapshot;
  const steps = path.steps.map((step, i) => {
    if (i > 0) state = getNextSnapshot(machine, state, step.event) as AnyMachineSnapshot;
    if (JSON.stringify(state.value) !== JSON.stringify(step.state.value)) {
      throw new Error(`Replaying ${step.event.type} gave ${JSON.stringify(state.value)}, not ${JSON.stringify(step.state.value)}`);
    }
    return { event: step.event, state };
  });
  return { ...path, steps, state };
}

function candidates(startsLoggedIn: boolean): PlannedPath[] {
  const machine = bookingMachine as AnyStateMachine;
  const events = Object.values(EVENTS) as unknown as EventObject[];
  const shortest = getShortestPaths(machine, { input: { loggedIn: startsLoggedIn }, events, serializeState }) as Path[];
  // Each shortest path, and each one step further by every event its end accepts (as transitionCoverPaths
  // does in the unit tests), with the snapshots recomputed from the path's own events (see exactPath).
  const planned: PlannedPath[] = [];
  const seen = new Set<string>();
  const keep = (path: Path, names: EventName[]) => {
    const key = names.join();
    if (seen.has(key)) return;
    seen.add(key);
    const scenario = planFor(names);
    if (scenario === undefined) return;
    planned.push({ title: names.join(' → '), path, events: names, startsLoggedIn, scenario });
  };
  for (const found of shortest) {
    const names = found.steps.slice(1).map((s) => eventName(s.event));
    if (!realizable(found, names)) continue;
    const path = exactPath(found, startsLoggedIn);
    keep(path, names);
    for (const event of events) {
      if (!path.state.can(event) || !actorEventApplies(path.state, event)) continue;
      const name = eventName(event);
      if (!stepRealizable(path.state, name, names[names.length - 1])) continue;
      const next = getNextSnapshot(machine, path.state, event) as AnyMachineSnapshot;
      keep({ ...path, state: next, steps: [...path.steps, { event, state: next }], weight: path.weight + 1 }, [...names, name]);
    }
  }
  return planned;
}

/**
 * The path of these events from the chart's start, as the traversal would give it: for a browser test that
 * walks one fixed way in (the selection's paths change whenever the chart or the scenarios do).
 */
export function plannedPathOf(events: EventName[], startsLoggedIn: boolean): PlannedPath {
  const machine = bookingMachine as AnyStateMachine;
  let state = getInitialSnapshot(machine, { loggedIn: startsLoggedIn }) as AnyMachineSnapshot;
  const steps: Path['steps'] = [{ event: { type: 'xstate.init' }, state }];
  for (const name of events) {
    const event = EVENTS[name] as EventObject;
    state = getNextSnapshot(machine, state, event) as AnyMachineSnapshot;
    steps.push({ event, state });
  }
  return { title: events.join(' → '), path: { state, steps, weight: events.length }, events, startsLoggedIn, scenario: planFor(events) ?? null };
}

/** A done or error event of an invoked actor makes sense only while that actor runs. */
function actorEventApplies(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
  return !match || match[1]! in snapshot.children;
}

/** The branches a path takes (tests/support/machines/branches.ts). */
export const bookingPathBranches = (planned: PlannedPath): Set<Branch> => branchesTaken(bookingMachine as AnyStateMachine, planned.path);

/**
 * A small set of realizable paths that together reach every state: greedily the path that reaches the
 * most states not yet reached per step it takes, then the fewest that take every guarded branch the
 * candidates take.
 */
export function selectBookingPaths(): PlannedPath[] {
  // A visitor who logs in (or continues as a verified guest) on the way only for those states; returning visitors otherwise.
  const pool = [...candidates(true), ...candidates(false).filter((p) => p.events.includes('logIn') || p.events.includes('continueAsGuest'))];
  const statesOf = (p: PlannedPath) => new Set(p.path.steps.slice(1).flatMap((s) => activeStateIds(s.state)));
  const chosen: PlannedPath[] = [];
  const reached = new Set<string>();
  for (;;) {
    let best: { path: PlannedPath; score: number } | undefined;
    for (const path of pool) {
      const fresh = [...statesOf(path)].filter((id) => BOOKING_STATES.includes(id) && !reached.has(id)).length;
      if (fresh === 0) continue;
      const score = fresh / path.events.length;
      if (!best || score > best.score || (score === best.score && path.events.length < best.path.events.length)) best = { path, score };
    }
    if (!best) break;
    chosen.push(best.path);
    statesOf(best.path).forEach((id) => reached.add(id));
  }
  const taken = chosen.flatMap((p) => [...bookingPathBranches(p)]);
  chosen.push(...coveringSet(pool, bookingPathBranches, (p) => p.events.length, taken).chosen);
  // The guest-identity chart's two ways out (an account, a guest whose code opened a session) are one done
  // event here: each is walked through its pages in the app all the same.
  for (const outcome of ['logIn', 'continueAsGuest'] as const) {
    if (chosen.some((p) => p.events.includes(outcome))) continue;
    const shortest = pool.filter((p) => p.events.includes(outcome)).sort((p, q) => p.events.length - q.events.length)[0];
    if (shortest) chosen.push(shortest);
  }
  // A path that is the start of another adds nothing.
  return chosen.filter(
    (p) => !chosen.some((q) => q !== p && q.startsLoggedIn === p.startsLoggedIn && q.events.length > p.events.length && p.events.every((e, i) => q.events[i] === e)),
  );
}

/** Why the booking chart's own branches that pass events on to the guest-identity chart are not path events. */
const IN_IDENTITY =
  "the details step's events are passed on to the guest-identity chart, which the runners go through as one step (logIn, continueAsGuest); its own generated paths take each of its branches (tests/machines/guest-identity.machine.test.ts)";

/** Branches the browser paths do not take, and why (tests/machines/browser-paths.coverage.test.ts checks the list). */
export const BOOKING_UNREACHABLE: Record<Branch, string> = {
  'booking · session.changed → (stays)': 'the runner logs in only where the wizard asks for it (loginRequired); elsewhere the event only notes the flag',
  'booking · session.checking → (stays)': 'the app says so at its start or after a reload while a stored session is checked, before any path event; tests/machines/booking-session-wait.test.ts takes it',
  'booking.draft.dateParty · search.submit [sessionUnknown] → booking.draft.awaitingSession': 'a search made while a stored session is still being checked: the paths start with the session known; tests/machines/booking-session-wait.test.ts takes it',
  'booking.draft.awaitingSession · session.changed → booking.draft.dateParty': 'a search made while a stored session is still being checked: the paths start with the session known; tests/machines/booking-session-wait.test.ts takes it',
  'booking.draft.awaitingSession · xstate.after.SESSION_WAIT.booking.draft.awaitingSession → booking.draft.dateParty':
    'a session check that gives no word for 10 seconds; tests/machines/booking-session-wait.test.ts takes it with a fake clock',
  'booking · venue.translated [isCurrentVenue] → (stays)': 'a language switch mid-booking is not a path event; rule test "swaps in the venue in the guest\'s new language"',
  'booking · venue.translated [no guard passes] → (ignored here)': 'the app translates only the venue it shows, so the ids always match',
  'booking · hold.take → booking.holding': 'a waitlist offer taken: the waitlist flow, not one of these paths (booking.machine.test.ts takes it from every state)',
  'booking.draft · booking.start → booking.loadingVenue': 'the app starts the wizard afresh (?domain=) only from idle or completed pages, as stepRealizable says',
  'booking.draft · route.visit [no guard passes] → (ignored here)': 'the runner visits only the steps the wizard links to; rule test "refuses a typed address that skips a step"',
  'booking.draft.loadingSlots · xstate.done.actor.loadTimeslots [closedByStaff] → booking.draft.dateParty':
    'a staff closure of the day: the runner has no staff log-in to make one (the staff console tests close days)',
  'booking.draft.loadingSlots · xstate.error.actor.loadTimeslots [isPartyTooLarge] → booking.warning':
    "the chart refuses a party outside the venue's online range before it searches (searchTooLarge), so the server's 20101 never comes",
  'booking.draft.dateParty · search.submit [membersFirst] → booking.draft.dateParty':
    'a day only members may book yet is a Bâtard rule (guests 30 days ahead), and the path scenarios book Le Clos and Hop Sze (90 days for everyone); rule test "says from when guests may book a day members already can" and e2e/journeys/members-and-guests.spec.ts take it',
  'booking.draft.dateParty · search.submit [partyOutsideExperience] → booking.draft.dateParty':
    "the path scenarios choose party sizes their experience takes (Hop Sze's suckling pig feast is for two or more); tests/machines/booking-experience-party.test.ts takes it",
  'booking.draft.loadingSlots · xstate.done.actor.loadTimeslots [membersOnlyDay] → booking.draft.dateParty':
    'member-only times are set by an admin on the services form, and no demo service is members-only (the path scenarios stay open to guests); rule test "says members can book the day’s times when a guest’s search finds nothing but members’ services" and tests/server/booking-rules/members-only-times.test.ts take it',
  'booking.draft.creating · xstate.error.actor.createReservation [isMembersOnlyTime] → booking.draft.loadingSlots':
    'a guest is never offered a members’ time, so a hold is refused for one only when an admin made the service members-only between the search and the hold; rule test "gives the reason and reads the times again when a hold is refused for a members’ time" takes it',
  'booking.draft.experience · experience.pick [membersOnlyForGuest] → (stays)':
    'the experience step offers a guest no pick of a members-only experience (src/routes/experience.tsx); tests/machines/booking-members-only.test.ts and tests/ui/booking/members-only-experience.test.tsx take it',
  'booking.draft.loadingSlots · xstate.done.actor.loadTimeslots [dayClosed] → booking.draft.dateParty':
    "the only demo menu served on some weekdays only is Le Clos's members' supper club, which the paths' fresh guest is refused on the experience step; tests/machines/booking.paths.test.tsx's rule tests and tests/ui/booking/problem-text.test.tsx take 'No Availability'",
  'booking.draft.creating · xstate.error.actor.createReservation [isWarningCode] → booking.warning':
    'a hold refused with a warning code (not a member): a guest is refused a members-only experience on the experience step first; tests/machines/booking-members-only.test.ts takes the refusal at the hold',
  'booking.draft.identifying · identify.login → (stays)': IN_IDENTITY,
  'booking.draft.identifying · identify.guest → (stays)': IN_IDENTITY,
  'booking.draft.identifying · session.changed → (stays)': IN_IDENTITY,
  'booking.draft.identifying · route.visit [visits(/pages/profile)] → (stays)': IN_IDENTITY,
  'booking.draft.identifying · route.visit [no guard passes] → (ignored here)': 'the runner visits only the steps the wizard links to',
  'booking.draft.creating · xstate.error.actor.createReservation → booking.draft.timeslot':
    'a hold refused for another reason than the known codes (a dropped connection): Gates cannot yet drop a call in the booking runner',
  'booking.holding · booking.exit → booking.releasing': 'leaving the held steps for another page: not a path event; rule test "gives the table up when the guest goes back into the draft"',
  'booking.holding · route.visit [no guard passes] → (ignored here)': 'the runner visits only the steps the wizard links to',
  'booking.holding.step.created.prefilling · xstate.error.actor.loadGuestProfile → booking.holding.step.created.details':
    'the profile read failing while the hold stands: the runner cannot drop that call',
  'booking.completing · xstate.error.actor.completeReservation [isMobileCode] → booking.holding.step.created.details':
    'the server asks for a verified mobile only when the venue started verifying after the hold: no demo venue changes mid-path',
  'booking.completing · xstate.error.actor.completeReservation → booking.holding.step.created.confirm': 'an unknown refusal of the completion: the runner cannot drop that call',
  'booking.expired · booking.start → booking.loadingVenue': 'the expired page links back into the venue, not to a fresh ?domain= start',
  'booking.warning · booking.start → booking.loadingVenue': 'the warning page links back into the venue, not to a fresh ?domain= start',
  'booking.warning · route.visit [no guard passes] → (ignored here)': 'the warning page offers no step of the wizard to visit',
  'booking.releasing · route.visit [visitsDraft] → (stays)':
    'a visit while the table is given up: a person acts only once no call is on its way; tests/ui/booking/wizard-addresses.test.tsx presses Back twice in a row',
  'booking.releasing · route.visit [no guard passes] → (ignored here)': 'a visit while the table is given up: a person acts only once no call is on its way',
  'booking.releasing · xstate.error.actor.releaseReservation → booking.draft.timeslot': 'the release call failing: the runner cannot drop that call',
};
