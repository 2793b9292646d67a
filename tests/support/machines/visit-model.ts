/**
 * The visit chart's path model, for the path tests on the server (tests/server/staff/visit-paths.test.ts) and
 * in the browser on the day sheet (e2e/paths/visit.paths.spec.ts): the events a host can bring about, the
 * covering set of paths (every state, every guarded branch), the branches no path takes, and where docs/PRODUCT.md's
 * front-of-house rules put each action.
 */
import { getSimplePaths } from 'xstate/graph';
import { visitMachine, type VisitEvent, type VisitState } from '../../../machines/visit.machine';
import type { VisitAction } from '../../../common/validation/staff-validation';
import { branchesTaken, coveringPaths } from './branches';
import { transitionCoverPaths } from './graph-coverage';

/** The model's booked start; each path books a real one and moves its clock as the path says. */
export const VISIT_MODEL_INPUT = { startsAtMs: Date.UTC(2026, 11, 1, 4, 30) };

// The events a host can bring about: arrival and seating at the start, a no-show once the start has
// passed, a cancellation before it, a finish undone while its table is free, a no-show undone that day.
const atStart = VISIT_MODEL_INPUT.startsAtMs;
const events = [
  { type: 'visit.arrive', nowMs: atStart },
  { type: 'visit.undoArrival' },
  { type: 'visit.seat', nowMs: atStart },
  { type: 'visit.finish' },
  { type: 'visit.undoFinish', nowMs: atStart },
  { type: 'visit.noShow', nowMs: Number.MAX_SAFE_INTEGER },
  { type: 'visit.undoNoShow', nowMs: atStart },
  { type: 'visit.cancel', nowMs: 0 },
] as VisitEvent[];

export const ACTION_OF_EVENT: Record<VisitEvent['type'], VisitAction> = {
  'visit.arrive': 'arrive',
  'visit.undoArrival': 'undo-arrival',
  'visit.seat': 'seat',
  'visit.finish': 'finish',
  'visit.undoFinish': 'undo-finish',
  'visit.noShow': 'no-show',
  'visit.undoNoShow': 'undo-no-show',
  'visit.cancel': 'cancel',
};

/** Where each host action leaves the booking, as docs/PRODUCT.md's front-of-house rules say (not as the chart does). */
export const STATE_AFTER: Record<VisitEvent['type'], VisitState> = {
  'visit.arrive': 'arrived',
  'visit.undoArrival': 'confirmed',
  'visit.seat': 'seated',
  'visit.finish': 'finished',
  'visit.undoFinish': 'seated',
  'visit.noShow': 'noShow',
  'visit.undoNoShow': 'confirmed',
  'visit.cancel': 'cancelled',
};

/** Branches no generated path takes (a simple path never stays put), and where they are tested. */
export const VISIT_NOT_GENERATED: Record<string, string> = {
  'visit.confirmed · visit.noShow [no guard passes] → (ignored here)': 'a no-show before the start: 409 in tests/server/staff/staff.test.ts',
  'visit.confirmed · visit.cancel [no guard passes] → (ignored here)': 'a staff cancellation after the start: 409 in tests/server/staff/staff.test.ts',
  'visit.confirmed · visit.arrive [no guard passes] → (ignored here)': 'an arrival too early or after the service: 409 in tests/server/staff/visit-window.test.ts',
  'visit.confirmed · visit.seat [no guard passes] → (ignored here)': 'seating too early or after the service: 409 in tests/server/staff/visit-window.test.ts',
  'visit.finished · visit.undoFinish [no guard passes] → (ignored here)': 'a finish undone once the table is taken: 409 in tests/server/staff/visit-window.test.ts',
  'visit.noShow · visit.undoNoShow [no guard passes] → (ignored here)': 'a no-show undone after its service day: 409 in tests/server/staff/no-show-undo.test.ts',
};

// Every simple path from the start to each state: every way through the chart once; and, since a simple
// path never comes back to a state, the few more that take the branches leading back (an arrival undone).
const simplePaths = getSimplePaths(visitMachine, { input: VISIT_MODEL_INPUT, events });
export const VISIT_PATHS = [
  ...simplePaths,
  ...coveringPaths(
    visitMachine,
    transitionCoverPaths(visitMachine, { input: VISIT_MODEL_INPUT, events }),
    simplePaths.flatMap((p) => [...branchesTaken(visitMachine, p)]),
  ).paths,
];

export type VisitPath = (typeof VISIT_PATHS)[number];

/** A path's events after the start, in order. */
export const visitSteps = (path: VisitPath) => path.steps.filter((s) => (s.event.type as string) !== 'xstate.init');

/** A path's name: its events, or the state it stays in. */
export const visitPathLabel = (path: VisitPath) => visitSteps(path).map((s) => s.event.type).join(' → ') || 'confirmed';
