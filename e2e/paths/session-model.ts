/**
 * The session chart's paths for the browser (machines/session.machine.ts): generated with `xstate/graph`
 * over the events a test can bring about (log-ins, log-outs, another tab, tokens running out on the
 * server's clock, refreshes refused), narrowed to a small set that reaches every state.
 */
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { sessionMachine } from '../../machines/session.machine';
import { E2E_CLOCK_START } from '../support/constants';
import { allStateIds } from '../../tests/support/machines/replay';
import { branchesTaken, coveringSet, initialBranches, type Branch } from '../../tests/support/machines/branches';
import { activeStateIds, type Path } from './booking-model';
import { eventNamer } from './event-names';

const user = { _id: 'u1', firstName: 'Tess', lastName: 'Walker', email: 'tess@example.com', role: 'guest', memberId: null };
const apiError = (message: string) => new Error(message);

/** The events a browser test can bring about, by name. */
export const SESSION_EVENTS = {
  profileLoaded: { type: 'xstate.done.actor.loadProfile', output: { user, clockOffsetMs: 0 } },
  // The password typed (right or wrong) follows from the answer that comes next.
  logIn: { type: 'login.submit', credentials: { email: 'tess@example.com', password: 'password' } },
  loggedIn: { type: 'xstate.done.actor.logIn', output: { token: 'token', refreshToken: 'refresh', user, clockOffsetMs: 0 } },
  logInRefused: { type: 'xstate.error.actor.logIn', error: apiError('Incorrect E-mail or Password') },
  logOut: { type: 'logout' },
  refreshDue: { type: 'xstate.after.refreshDelay.session.loggedIn.active' },
  refreshed: { type: 'xstate.done.actor.refreshTokens', output: { token: 'token', refreshToken: 'refresh', clockOffsetMs: 0 } },
  refreshRefused: { type: 'xstate.error.actor.refreshTokens', error: apiError('Login expired') },
  // A call meets a 401: the chart refreshes (the refresh then succeeds or is refused).
  rejectedOnCall: { type: 'token.rejected' },
  signedInElsewhere: { type: 'session.sync', signedIn: true },
  signedOutElsewhere: { type: 'session.sync', signedIn: false },
} as const;

export type SessionEventName = keyof typeof SESSION_EVENTS;

const eventName = eventNamer<SessionEventName>(SESSION_EVENTS, 'session');

export interface PlannedSessionPath {
  title: string;
  path: Path;
  events: SessionEventName[];
  /** A returning visitor (tokens stored) or a new one. */
  returning: boolean;
}

/** Every state but the transient `checking`. */
export const SESSION_STATES = allStateIds(sessionMachine).filter((id) => id !== 'session.checking');

const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.notice, s.context.user !== null]);

/** Whether a person (or the test, on the server) can take the step in the browser. */
function stepRealizable(before: AnyMachineSnapshot, name: SessionEventName): boolean {
  // A person acts only while no call is held; the other tab and the server's clock likewise.
  const busy = Object.keys(before.children).some((id) => id !== 'loadUpcomingCount');
  const outcomes: SessionEventName[] = ['profileLoaded', 'loggedIn', 'logInRefused', 'refreshed', 'refreshRefused'];
  if (name === 'rejectedOnCall') {
    // While the profile loads (stored tokens that no longer work), or on a later call.
    return before.matches({ loadingProfile: 'reading' }) || (before.matches({ loggedIn: 'active' }) && !busy);
  }
  if (!outcomes.includes(name) && busy) return false;
  // The profile's call, retried with the renewed token, is no longer held: the page would run ahead of the chart.
  if (name === 'refreshed' && before.matches('loadingProfile')) return false;
  return true;
}

/** The chart's input: a returning visitor's stored token runs out 15 minutes after the server clock's start. */
const inputOf = (returning: boolean) => ({ tokenExpiresAt: returning ? Date.parse(E2E_CLOCK_START) + 15 * 60_000 : null });

function exactPath(path: Path, returning: boolean): Path {
  const machine = sessionMachine as AnyStateMachine;
  let state = getInitialSnapshot(machine, inputOf(returning)) as AnyMachineSnapshot;
  const steps = path.steps.map((step, i) => {
    if (i > 0) state = getNextSnapshot(machine, state, step.event) as AnyMachineSnapshot;
    return { event: step.event, state };
  });
  return { ...path, steps, state };
}

function candidates(returning: boolean): PlannedSessionPath[] {
  const machine = sessionMachine as AnyStateMachine;
  const events = Object.values(SESSION_EVENTS) as unknown as EventObject[];
  const input = inputOf(returning);
  const shortest = getShortestPaths(machine, { input, events, serializeState }) as Path[];
  const planned: PlannedSessionPath[] = [];
  const seen = new Set<string>();
  for (const found of shortest) {
    const names = found.steps.slice(1).map((s) => eventName(s.event));
    const path = exactPath(found, returning);
    if (!names.every((n, i) => stepRealizable(path.steps[i]!.state, n))) continue;
    const variants: { path: Path; names: SessionEventName[] }[] = [{ path, names }];
    for (const event of events) {
      if (!path.state.can(event)) continue;
      const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
      if (match && !(match[1]! in path.state.children)) continue;
      const name = eventName(event);
      if (!stepRealizable(path.state, name)) continue;
      const next = getNextSnapshot(machine, path.state, event) as AnyMachineSnapshot;
      variants.push({ path: { ...path, state: next, steps: [...path.steps, { event, state: next }] }, names: [...names, name] });
    }
    for (const v of variants) {
      const key = `${returning}:${v.names.join()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      planned.push({ title: v.names.join(' → ') || '(opens the app)', path: v.path, events: v.names, returning });
    }
  }
  return planned;
}

/** The branches a path takes, the eventless one it starts with included (tests/support/machines/branches.ts). */
export function sessionPathBranches(planned: PlannedSessionPath): Set<Branch> {
  const machine = sessionMachine as AnyStateMachine;
  return new Set([...initialBranches(machine, inputOf(planned.returning)), ...branchesTaken(machine, planned.path)]);
}

/** A small set of paths reaching every state, then taking every guarded branch the candidates take. */
export function selectSessionPaths(): PlannedSessionPath[] {
  const pool = [...candidates(true), ...candidates(false)];
  const statesOf = (p: PlannedSessionPath) => new Set(p.path.steps.flatMap((s) => activeStateIds(s.state)));
  const chosen: PlannedSessionPath[] = [];
  const reached = new Set<string>();
  const pick = (score: (p: PlannedSessionPath) => number) => {
    let best: { path: PlannedSessionPath; score: number } | undefined;
    for (const path of pool) {
      const s = score(path);
      if (s > 0 && (!best || s > best.score)) best = { path, score: s };
    }
    if (!best) return false;
    chosen.push(best.path);
    statesOf(best.path).forEach((id) => reached.add(id));
    return true;
  };
  while (pick((p) => [...statesOf(p)].filter((id) => SESSION_STATES.includes(id) && !reached.has(id)).length / (p.events.length + 1)));
  const taken = chosen.flatMap((p) => [...sessionPathBranches(p)]);
  chosen.push(...coveringSet(pool, sessionPathBranches, (p) => p.events.length, taken).chosen);
  return chosen.filter(
    (p) => !chosen.some((q) => q !== p && q.returning === p.returning && q.events.length > p.events.length && p.events.every((e, i) => q.events[i] === e)),
  );
}

// The candidates grow only by events the chart takes (`can`); the runner could send these (another tab), not yet done.
const IGNORED_NOT_GENERATED = 'an event the chart ignores here: the candidates are not extended by it';

/** Branches the browser paths do not take, and why (tests/machines/browser-paths.coverage.test.ts checks the list). */
export const SESSION_UNREACHABLE: Record<Branch, string> = {
  'session.loadingProfile · xstate.error.actor.loadProfile → session.loggedOut': 'the profile read failing otherwise than with a 401: the runner cannot drop that call',
  'session.loadingProfile.refreshing · xstate.done.actor.refreshTokens → session.loadingProfile.reading':
    'the profile call retried with the renewed token is not held, so the page runs ahead of the chart (stepRealizable)',
  'session.loggedOut · session.granted → session.loggedIn': "the sign-up e-mail's link: tests/ui cover it, the runner logs in by the form",
  'session.loggedOut · session.sync [no guard passes] → (ignored here)': IGNORED_NOT_GENERATED,
  'session.loggedIn · tokens.granted → session.loggedIn.active': 'a password change: not a path event (tests/ui change-password)',
  'session.loggedIn · session.granted → session.loggedIn': "the sign-up e-mail's link opened while logged in: not a path event",
  'session.loggedIn · session.sync [no guard passes] → (ignored here)': IGNORED_NOT_GENERATED,
  'session.loggedIn · upcoming.set → (stays)': 'sent by the reservations page, not a session path event',
  'session.loggedIn · xstate.done.actor.loadUpcomingCount → (stays)': 'the count is read on its own beside every step: not an event of the model',
  'session.loggedIn · xstate.error.actor.loadUpcomingCount → (stays)': 'the count read failing: the runner cannot drop that call',
  'session.expired · session.granted → session.loggedIn': "the sign-up e-mail's link opened after the session ran out: not a path event",
  'session.expired · session.sync [no guard passes] → (ignored here)': IGNORED_NOT_GENERATED,
};
