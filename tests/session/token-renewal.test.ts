/**
 * One refresh path: a call refused with a 401 asks the session chart, which refreshes once for every call
 * waiting, stores the new pair, and the calls are retried; a refused refresh ends the session. The chart
 * runs with the app's token actions over an in-memory store, the client against a pretend server.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { outputOf } from '../../machines/actor-event';
import { grantOf, sessionMachine, type LoadedProfile, type SessionUser, type TokenGrant } from '../../machines/session.machine';
import { createApiClient } from '../../src/api/client';
import { memoryStore, TokenStore } from '../../src/api/token-store';
import { renewThroughSession } from '../../src/session/session-renewal';

const BASE = 'http://api.test';
const user: SessionUser = { _id: 'u1', firstName: 'Grace', lastName: 'Chan', email: 'guest@example.com', role: 'guest', memberId: null };
/** An access token whose payload says it runs out in an hour (the chart schedules its refresh from it). */
const tokenNamed = (name: string) => `${name}.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;

function fakeServer({ refreshWorks }: { refreshWorks: boolean }) {
  const fresh = tokenNamed('fresh');
  const calls = { refresh: 0, me: 0 };
  let releaseRefresh: () => void = () => {};
  const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
  const fetch = vi.fn(async (request: Request) => {
    if (new URL(request.url).pathname === '/user/authentication/refresh-token') {
      calls.refresh++;
      // Held until every call has met its 401, so they all wait on this one refresh.
      await refreshHeld;
      if (!refreshWorks) return Response.json({ status: 401, message: 'Login expired' }, { status: 401 });
      return Response.json({ status: 200, data: { token: fresh, refreshToken: 'refresh-2' } });
    }
    calls.me++;
    if (request.headers.get('authorization') !== `Bearer ${fresh}`) return Response.json({ status: 401, message: 'Login expired' }, { status: 401 });
    return Response.json({ status: 200, data: user });
  });
  return { fetch, calls, fresh, releaseRefresh };
}

async function setup(refreshWorks: boolean) {
  const store = new TokenStore(memoryStore());
  store.save({ token: tokenNamed('stale'), refreshToken: 'refresh-1' });
  const server = fakeServer({ refreshWorks });
  const machine = sessionMachine.provide({
    actors: {
      loadProfile: fromPromise<LoadedProfile>(async () => ({ user, clockOffsetMs: 0 })),
      loadUpcomingCount: fromPromise<number, { userId: string }>(async () => 0),
      refreshTokens: fromPromise<TokenGrant>(async () => ({ ...(await client.requestTokens(store.refreshToken!)), clockOffsetMs: 0 })),
    },
    actions: {
      saveTokens: ({ event }) => store.save(grantOf(event)),
      cacheProfile: ({ event }) => store.saveUser(outputOf<LoadedProfile>(event).user),
      clearSession: () => store.clear(),
    },
  });
  const session = createActor(machine, { input: { tokenExpiresAt: Date.now() + 3_600_000 } }).start();
  await waitFor(session, (s) => s.matches({ loggedIn: 'active' }));
  const renewSession = vi.fn(() => renewThroughSession(session));
  const client = createApiClient({ tokens: store, renewSession, baseUrl: BASE, fetch: server.fetch as never });
  return { store, server, session, client, renewSession };
}

describe('renewing the tokens through the session chart', () => {
  it.each([2, 20])('%i calls meeting a 401 at once cause one refresh, then each is retried once', async (calls) => {
    const { store, server, session, client, renewSession } = await setup(true);
    const answers = Array.from({ length: calls }, () => client.GET('/user/user/me'));
    // Every call has met its 401 and asked the session before the refresh answers.
    await vi.waitFor(() => expect(renewSession).toHaveBeenCalledTimes(calls));
    expect(session.getSnapshot().matches({ loggedIn: 'refreshing' })).toBe(true);
    server.releaseRefresh();
    const results = await Promise.all(answers);
    expect(results.map((r) => r.response.status)).toEqual(Array(calls).fill(200));
    expect(server.calls.refresh).toBe(1);
    expect(server.calls.me).toBe(2 * calls);
    expect(store.accessToken).toBe(server.fresh);
    expect(store.refreshToken).toBe('refresh-2');
    expect(session.getSnapshot().matches({ loggedIn: 'active' })).toBe(true);
    session.stop();
  });

  it('a refused refresh ends the session: tokens cleared, the calls answered 401, Login expired', async () => {
    const { store, server, session, client, renewSession } = await setup(false);
    const answers = Array.from({ length: 3 }, () => client.GET('/user/user/me'));
    await vi.waitFor(() => expect(renewSession).toHaveBeenCalledTimes(3));
    server.releaseRefresh();
    const results = await Promise.all(answers);
    expect(results.map((r) => r.response.status)).toEqual([401, 401, 401]);
    expect(server.calls.refresh).toBe(1);
    expect(store.accessToken).toBeNull();
    expect(session.getSnapshot().matches('expired')).toBe(true);
    expect(session.getSnapshot().context.notice).toBe('login-expired');
    session.stop();
  });
});
