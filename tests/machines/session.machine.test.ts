import { afterEach, describe, expect, it, vi } from 'vitest';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import { createActor, fromPromise, type EventObject } from 'xstate';
import {
  REFRESH_AHEAD_MS,
  sessionMachine,
  type LoginResult,
  type SessionEvent,
  type TokenGrant,
  type SessionUser,
} from '../../machines/session.machine';
import { replayPath } from '../support/machines/replay';

const user: SessionUser = {
  _id: '0123456789abcdef01234567',
  firstName: 'Grace',
  lastName: 'Chan',
  email: 'guest@example.com',
  role: 'guest',
  memberId: 'C000123',
};
/** An access token whose payload says it runs out at `expiresAt` (ms since epoch, whole seconds). */
const tokenExpiring = (expiresAt: number) => `h.${btoa(JSON.stringify({ exp: Math.floor(expiresAt / 1000) }))}.s`;
// The behaviour tests replay on a fixed refresh delay: what the token says is only carried along.
const expiresAt = Date.parse('2026-11-23T02:15:00Z');
const login: LoginResult = { token: tokenExpiring(expiresAt), refreshToken: 'r', user, clockOffsetMs: 0 };

const events = [
  { type: 'login.submit', credentials: { email: 'guest@example.com', password: 'guest-pass-1' } },
  { type: 'logout' },
  { type: 'token.rejected' },
  { type: 'tokens.granted', grant: { token: login.token, refreshToken: 'r2', clockOffsetMs: 0 } },
  { type: 'session.granted', login },
  { type: 'session.sync', signedIn: true },
  { type: 'session.sync', signedIn: false },
  { type: 'upcoming.set', count: 2 },
  { type: 'xstate.done.actor.loadProfile', output: { user, clockOffsetMs: 0 } },
  { type: 'xstate.error.actor.loadProfile', error: new Error('401') },
  { type: 'xstate.done.actor.logIn', output: login },
  { type: 'xstate.error.actor.logIn', error: new Error('Incorrect E-mail or Password') },
  { type: 'xstate.done.actor.loadUpcomingCount', output: 3 },
  { type: 'xstate.error.actor.loadUpcomingCount', error: new Error('network') },
  { type: 'xstate.done.actor.refreshTokens', output: { token: login.token, refreshToken: 'r2', clockOffsetMs: 0 } },
  { type: 'xstate.error.actor.refreshTokens', error: new Error('Login expired') },
  { type: 'xstate.after.refreshDelay.session.loggedIn.active' },
] as unknown as SessionEvent[];

const actorIds = ['loadProfile', 'logIn', 'loadUpcomingCount', 'refreshTokens'];

// The chart's generated paths drive the real app: session.paths.test.tsx (jsdom) and e2e/paths/session.paths.spec.ts.
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

describe("session machine, on the server's clock", () => {
  const TOKEN_MS = 15 * 60_000;
  const serverStart = Date.parse('2026-11-23T02:00:00Z');
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const [device, skewMs] of [
    ['10 minutes fast', 10 * 60_000],
    ['10 minutes slow', -10 * 60_000],
  ] as const) {
    it(`on a device ${device}, refreshes once, a minute before the token runs out on the server, and no more`, async () => {
      vi.useFakeTimers({ now: serverStart + skewMs });
      // Every answer tells the device the server's time: the offset is the same each time.
      const clockOffsetMs = -skewMs;
      const serverNow = () => Date.now() + clockOffsetMs;
      const refreshedAt: number[] = [];
      const machine = sessionMachine.provide({
        actors: {
          logIn: fromPromise(async () => ({ ...login, token: tokenExpiring(serverNow() + TOKEN_MS), clockOffsetMs })),
          loadUpcomingCount: fromPromise(async () => 0),
          refreshTokens: fromPromise<TokenGrant>(async () => {
            refreshedAt.push(serverNow());
            return { token: tokenExpiring(serverNow() + TOKEN_MS), refreshToken: 'r2', clockOffsetMs };
          }),
        },
      });
      const actor = createActor(machine, { input: { tokenExpiresAt: null } }).start();
      actor.send({ type: 'login.submit', credentials: { email: user.email, password: 'guest-pass-1' } });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ loggedIn: 'active' })).toBe(true);

      const firstDue = serverStart + TOKEN_MS - REFRESH_AHEAD_MS;
      await vi.advanceTimersByTimeAsync(firstDue - serverNow() - 1_000);
      expect(refreshedAt, 'nothing before it is due').toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(refreshedAt).toEqual([firstDue]);
      // The new token lasts another 15 minutes: nothing until a minute before it runs out.
      await vi.advanceTimersByTimeAsync(TOKEN_MS - REFRESH_AHEAD_MS - 1_000);
      expect(refreshedAt).toEqual([firstDue]);
      expect(actor.getSnapshot().matches({ loggedIn: 'active' })).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(refreshedAt).toEqual([firstDue, firstDue + TOKEN_MS - REFRESH_AHEAD_MS]);
      actor.stop();
    });
  }
});
