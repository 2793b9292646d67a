import { describe, expect, it } from 'vitest';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import { declaredTransitions, reachedStates, takenTransitions, transitionCoverPaths } from './graph-coverage';
import type { EventObject } from 'xstate';
import { sessionMachine, type LoginResult, type SessionEvent, type SessionUser } from '../../machines/session.machine';
import { allStateIds, replayPath } from './replay';

const user: SessionUser = {
  _id: '0123456789abcdef01234567',
  firstName: 'Grace',
  lastName: 'Chan',
  email: 'guest@example.com',
  role: 'guest',
  memberId: 'C000123',
};
// A token whose payload says it expires at 2030-01-01.
const token = `h.${btoa(JSON.stringify({ exp: 1893456000 }))}.s`;
const login: LoginResult = { token, refreshToken: 'r', user };

const events = [
  { type: 'login.submit', credentials: { email: 'guest@example.com', password: 'guest-pass-1' } },
  { type: 'logout' },
  { type: 'session.expired' },
  { type: 'tokens.refreshed', tokenExpiresAt: 1893456000000 },
  { type: 'session.sync', signedIn: true },
  { type: 'session.sync', signedIn: false },
  { type: 'upcoming.set', count: 2 },
  { type: 'xstate.done.actor.loadProfile', output: user },
  { type: 'xstate.error.actor.loadProfile', error: new Error('401') },
  { type: 'xstate.done.actor.logIn', output: login },
  { type: 'xstate.error.actor.logIn', error: new Error('Incorrect E-mail or Password') },
  { type: 'xstate.done.actor.loadUpcomingCount', output: 3 },
  { type: 'xstate.error.actor.loadUpcomingCount', error: new Error('network') },
  { type: 'xstate.done.actor.refreshTokens', output: { tokenExpiresAt: 1893456000000 } },
  { type: 'xstate.error.actor.refreshTokens', error: new Error('Login expired') },
  { type: 'xstate.after.refreshDelay.session.loggedIn.active' },
] as unknown as SessionEvent[];

const inputs = [{ tokenExpiresAt: null }, { tokenExpiresAt: 1893456000000 }];
const machine = sessionMachine.provide({ delays: { refreshDelay: 14 * 60_000 } });
const pathsByInput = inputs.map((input) => ({
  input,
  paths: transitionCoverPaths(machine, { input, events: events as EventObject[] }),
}));
const actorIds = ['loadProfile', 'logIn', 'loadUpcomingCount', 'refreshTokens'];

describe('session machine, paths generated with xstate/graph', () => {
  it('reaches every state and takes every transition', () => {
    const all = pathsByInput.flatMap((p) => p.paths);
    const reached = reachedStates(all);
    // `checking` is transient: it decides on entry and is passed through, never rested in.
    const restable = allStateIds(sessionMachine).filter((id) => id !== 'session.checking');
    expect(restable.filter((id) => !reached.has(id))).toEqual([]);
    const taken = takenTransitions(all);
    expect([...declaredTransitions(sessionMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });

  for (const { input, paths } of pathsByInput) {
    describe(`starting ${input.tokenExpiresAt ? 'with' : 'without'} a stored token`, () => {
      for (const path of paths) {
        const description = path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(start)';
        it(`${JSON.stringify(path.state.value)} via ${description}`, async () => {
          const actor = await replayPath(machine, path, {
            input,
            actorIds,
            delays: { refreshDelay: 14 * 60_000 },
          });
          const snapshot = actor.getSnapshot();
          if (snapshot.matches('expired')) expect(snapshot.context.notice).toBe('login-expired');
          if (snapshot.matches('loggedIn')) expect(snapshot.context.user).toEqual(user);
          actor.stop();
        });
      }
    });
  }
});

describe('session machine behaviour', () => {
  it('saves tokens on log-in and clears them on log-out', async () => {
    const calls: string[] = [];
    const actorsMachine = sessionMachine.provide({
      actions: {
        saveSession: () => void calls.push('save'),
        clearSession: () => void calls.push('clear'),
      },
    });
    const path = getShortestPaths(actorsMachine, {
      input: { tokenExpiresAt: null },
      events,
      toState: (s) => s.matches('loggedOut') && s.context.user !== null,
    });
    expect(path.length).toBeGreaterThan(0);
    const [first] = path;
    const actor = await replayPath(actorsMachine, first as StatePath<any, EventObject>, {
      input: { tokenExpiresAt: null },
      actorIds,
      delays: { refreshDelay: 14 * 60_000 },
    });
    expect(calls).toEqual(['save', 'clear']);
    actor.stop();
  });
});
