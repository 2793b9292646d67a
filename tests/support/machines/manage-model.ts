/**
 * The manage chart's path model, for the path tests in the app (tests/machines/manage.paths.test.tsx, in
 * jsdom) and in the browser (e2e/paths/manage.paths.spec.ts): what a guest can do on a manage link's page
 * and the answers a path can arrange, the covering set of paths (every guarded branch), the branches no
 * path of the app can take, and the call each step makes as docs/PRODUCT.md §4 says.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { manageMachine, type ManageContext } from '../../../machines/manage.machine';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { isIsoDate } from '../../../common/time';
import { reservation, slotDay } from '../fixtures/booking';
import { coveringPaths } from './branches';
import { transitionCoverPaths } from './graph-coverage';
import { PAID_CHANGE_BRANCHES } from './manage-change-model';

// The model's reservation and its other day; each path books its own pair of real days in their place.
export const MODEL_DAY = '2026-12-08';
export const MODEL_OTHER_DAY = '2026-12-09';
const upcoming = reservation({ status: 'CONFIRMED', holdExpiresAt: null, date: MODEL_DAY, startTime: 720 });
const canceled = { ...upcoming, status: 'CANCELED' as const };
export const changed = { ...upcoming, startTime: 750 };
const refused = (status: number, errorCode: number, message: string) => ({ status, errorCode, message });
const SERVER_ERROR = refused(500, ERROR_CODES.INTERNAL, 'An error occurred!');
/** The quote of a change that costs nothing more (the model's booking has no deposit). */
const NO_DIFFERENCE = { amountDue: 0, paid: 0, owed: 0, difference: 0, currency: 'HKD' };
/**
 * The model's server time, two weeks before its reservation, whatever the machine's clock says: the
 * guards read the time through the answer's clock offset, so the reservation stays upcoming on any day.
 */
const MODEL_SERVER_NOW = Date.parse('2026-11-23T02:00:00Z');
const read = (found: typeof upcoming) => ({ reservation: found, clockOffsetMs: MODEL_SERVER_NOW - Date.now() });

/** What a guest can bring about on the manage link's page, and the answers a path can arrange. */
export const events = [
  { type: 'reservation.open', id: 'link' },
  { type: 'reservation.open', id: 'link', intent: 'cancel' },
  { type: 'xstate.done.actor.loadReservation', output: read(upcoming) },
  { type: 'xstate.done.actor.loadReservation', output: read(canceled) },
  { type: 'xstate.error.actor.loadReservation', error: SERVER_ERROR },
  { type: 'reservation.retry' },
  { type: 'change.start' },
  { type: 'xstate.done.actor.loadAvailability', output: slotDay() },
  { type: 'xstate.error.actor.loadAvailability', error: SERVER_ERROR },
  { type: 'change.edit', date: MODEL_OTHER_DAY, numberOfGuests: 2 },
  { type: 'change.pick', startTime: 750 },
  // "No preference": offered with the areas of every time picked (the model's areas are not the real venue's).
  { type: 'change.seat', seatingAreaId: null },
  { type: 'change.submit' },
  { type: 'xstate.done.actor.quoteChange', output: NO_DIFFERENCE },
  { type: 'xstate.error.actor.quoteChange', error: refused(409, ERROR_CODES.SELECTION_UNAVAILABLE, 'Sorry, your selection is unavailable') },
  { type: 'xstate.error.actor.quoteChange', error: refused(409, ERROR_CODES.NOT_CHANGEABLE, 'This reservation can no longer be changed') },
  { type: 'change.confirm' },
  { type: 'change.back' },
  { type: 'change.discard' },
  { type: 'xstate.done.actor.changeReservation', output: changed },
  { type: 'xstate.error.actor.changeReservation', error: refused(409, ERROR_CODES.SELECTION_UNAVAILABLE, 'Sorry, your selection is unavailable') },
  { type: 'xstate.error.actor.changeReservation', error: refused(409, ERROR_CODES.NOT_CHANGEABLE, 'This reservation can no longer be changed') },
  { type: 'cancel.start' },
  { type: 'cancel.confirm' },
  { type: 'cancel.retry' },
  { type: 'cancel.back' },
  { type: 'xstate.done.actor.cancelReservation', output: canceled },
  { type: 'xstate.error.actor.cancelReservation', error: SERVER_ERROR },
] as unknown as EventObject[];

/** Where the chart is, and every fact its guards read. */
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.intent,
    s.context.reservation && [s.context.reservation.status, s.context.reservation.date, s.context.reservation.startTime],
    s.context.draft === null ? null : [s.context.draft.date, s.context.draft.startTime, s.context.draft.seatingAreaId],
    s.context.problem?.kind ?? null,
  ]);

export type Path = ReturnType<typeof transitionCoverPaths>[number];

/** Controls the page offers only while the chart can take their event (a button shown or enabled, a listed time). */
const OFFERED_WHEN_ENABLED = ['change.start', 'cancel.start', 'change.pick', 'change.seat', 'change.submit', 'change.confirm'];

/** What a person can do: use a control the page offers, and change a field to a value it does not have. */
function doable(path: Path): boolean {
  return path.steps.every((step, i) => {
    if (i === 0) return true;
    const before = path.steps[i - 1]!.state;
    const { draft } = before.context as ManageContext;
    const event = step.event as EventObject & { date?: string; startTime?: number };
    if (OFFERED_WHEN_ENABLED.includes(event.type) && !before.can(event)) return false;
    if (event.type === 'change.edit') return event.date !== draft?.date;
    if (event.type === 'change.pick') return event.startTime !== draft?.startTime;
    // The server answers a change with the reservation as saved: the path's answer must be the draft it sends.
    if (event.type === 'xstate.done.actor.changeReservation') {
      const { date, startTime, numberOfGuests } = (event as unknown as { output: typeof changed }).output;
      return draft?.date === date && draft.startTime === startTime && draft.numberOfGuests === numberOfGuests;
    }
    return true;
  });
}

const candidates = transitionCoverPaths(manageMachine, { events, serializeState }).filter(doable);
export const { paths: MANAGE_PATHS, covered: MANAGE_COVERED } = coveringPaths(manageMachine, candidates);

/** Branches no path of the app can take, and why. */
export const UNREACHABLE: Record<string, string> = {
  'manage · reservation.translated [isOpenReservation] → (stays)':
    'a language switch mid-chart: tests/ui/manage/manage-pages.test.tsx and languages.test.tsx switch it; not a path event here',
  'manage · reservation.translated [no guard passes] → (ignored here)': 'the page reads the same reservation again, so its id always matches',
  'manage.viewing · change.start [no guard passes] → (ignored here)': 'the page offers Change only when the chart can take it',
  'manage.viewing · cancel.start [no guard passes] → (ignored here)': 'the page offers Cancel only when the chart can take it',
  'manage.changing.editing · change.pick [no guard passes] → (ignored here)': 'the Time list offers only the times the chart offers',
  'manage.changing.editing · change.seat [no guard passes] → (ignored here)': 'the form lists only the dining areas the chart offers for the time picked',
  'manage.changing.editing · change.edit [no guard passes] → (ignored here)': "the day list offers only days and the party list only sizes (the wizard's own lists)",
  'manage.changing.loadingSlots · change.edit [no guard passes] → (ignored here)': "the day list offers only days and the party list only sizes (the wizard's own lists)",
  'manage.changing.editing · change.submit [no guard passes] → (ignored here)': 'Continue is disabled until a time is picked',
  'manage.changing.reviewing · change.confirm [no guard passes] → (ignored here)': 'the review offers Save changes only for a change that costs nothing more',
  'manage.changing.reviewing · change.payCard [no guard passes] → (ignored here)': 'the review offers to pay only for a change that costs more',
  'manage.changing.reviewing · change.payWallet [no guard passes] → (ignored here)': 'the review offers the wallet only to a member, for a change that costs more',
  ...Object.fromEntries(
    PAID_CHANGE_BRANCHES.map((branch) => [
      branch,
      'a change that costs more (the link page books no deposit): the chart\'s own generated paths take it (tests/machines/manage-change.paths.test.ts), the paths of a card payment through the link page tests/ui/manage/manage-change.paths.test.tsx',
    ]),
  ),
};

export const CALLS = {
  load: { method: 'GET', path: /^\/manage\/[^/]+$/ },
  quote: { method: 'POST', path: /^\/manage\/[^/]+\/quote$/ },
  slots: { method: 'GET', path: /^\/manage\/[^/]+\/timeslot-availability\// },
  change: { method: 'PUT', path: /^\/manage\/[^/]+$/ },
  cancel: { method: 'PUT', path: /^\/manage\/[^/]+\/cancel$/ },
};
export type Call = keyof typeof CALLS;
const CALL_OF: Record<string, Call> = {
  loadReservation: 'load',
  loadAvailability: 'slots',
  quoteChange: 'quote',
  changeReservation: 'change',
  cancelReservation: 'cancel',
};

export const outcomeOf = (event: EventObject | undefined) => {
  const match = event && /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  return match ? { call: CALL_OF[match[2]!]!, done: match[1] === 'done' } : undefined;
};
/** The call the state makes (its invoked actor), which the path holds to see the state. */
export const callIn = (state: AnyMachineSnapshot) => Object.keys(state.children).map((id) => CALL_OF[id]).find(Boolean);

/**
 * The call the app makes after what the guest does or the server answers, as docs/PRODUCT.md §4 says of each (not as
 * the chart does): a read on opening or retrying, the times on starting a change or editing it to a real
 * date, and again after 'Sorry, your selection is unavailable'; the save; the cancellation.
 */
export function callAfter(event: EventObject & Record<string, unknown>): Call | undefined {
  switch (event.type) {
    case 'reservation.open':
    case 'reservation.retry':
      return 'load';
    case 'change.start':
      return 'slots';
    case 'change.edit':
      return isIsoDate(event.date as string) ? 'slots' : undefined;
    case 'change.submit':
      return 'quote';
    case 'change.confirm':
      return 'change';
    case 'cancel.confirm':
    case 'cancel.retry':
      return 'cancel';
    case 'xstate.error.actor.changeReservation':
    case 'xstate.error.actor.quoteChange':
      return (event.error as { errorCode: number }).errorCode === ERROR_CODES.SELECTION_UNAVAILABLE ? 'slots' : undefined;
    default:
      return undefined;
  }
}

/** Whether the step starts the call of the state it reaches: its invoked actor is a new one. */
export const startsCall = (before: AnyMachineSnapshot, after: AnyMachineSnapshot) =>
  Object.entries(after.children).some(([id, child]) => CALL_OF[id] && before.children[id] !== child);

export const label = (path: Path) =>
  path.steps
    .slice(1)
    .map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:') + ((s.event as { intent?: string }).intent ? `(${(s.event as { intent?: string }).intent})` : ''))
    .join(' → ');
