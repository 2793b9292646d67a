import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { RequestFailure } from '../../src/api/auth-fetch';
import { ServerClock } from '../../src/api/server-clock';
import { memoryStore, TokenStore } from '../../src/api/token-store';

const BASE = 'http://api.test';

/** A pretend server: only `validToken` is accepted; refresh swaps `refresh-1` for the valid pair. */
function fakeServer(options: { refreshWorks: boolean }) {
  let validToken = 'fresh-access';
  const calls = { refresh: 0, me: 0, retriedWith: [] as string[] };
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/user/authentication/refresh-token') {
      calls.refresh++;
      const body = (await request.json()) as { refreshToken: string };
      await new Promise((r) => setTimeout(r, 5));
      if (!options.refreshWorks || body.refreshToken !== 'refresh-1') {
        return Response.json({ status: 401, errorCode: 40102, message: 'Login expired' }, { status: 401 });
      }
      validToken = 'fresh-access';
      return Response.json({ status: 200, data: { token: validToken, refreshToken: 'refresh-2' } });
    }
    calls.me++;
    const auth = request.headers.get('authorization');
    if (auth !== `Bearer ${validToken}`) {
      return Response.json({ status: 401, errorCode: 40102, message: 'Login expired' }, { status: 401 });
    }
    calls.retriedWith.push(auth);
    return Response.json({ status: 200, data: { _id: 'u1' } });
  });
  return { fetch, calls };
}

function setup(refreshWorks: boolean) {
  const tokens = new TokenStore(memoryStore());
  tokens.save({ token: 'stale-access', refreshToken: 'refresh-1' });
  const server = fakeServer({ refreshWorks });
  const onSessionExpired = vi.fn();
  const client = createApiClient({ tokens, onSessionExpired, baseUrl: BASE, fetch: server.fetch as never });
  return { tokens, server, onSessionExpired, client };
}

describe('the auth-aware client', () => {
  it("sends the user's language as Accept-Language, on retries and refreshes too", async () => {
    const tokens = new TokenStore(memoryStore());
    tokens.save({ token: 'stale-access', refreshToken: 'refresh-1' });
    const server = fakeServer({ refreshWorks: true });
    let locale = 'ja';
    const client = createApiClient({ tokens, onSessionExpired: vi.fn(), baseUrl: BASE, fetch: server.fetch as never, locale: () => locale });
    await client.GET('/user/user/me');
    locale = 'zh-Hant';
    await client.GET('/user/user/me');
    const languages = server.fetch.mock.calls.map(([request]) => (request as Request).headers.get('accept-language'));
    expect(languages).toEqual(['ja', 'ja', 'ja', 'zh-Hant']); // me (401), refresh, me again; then the next call
  });

  it('sends 20 requests that all get 401 through exactly one refresh and one retry each', async () => {
    const { client, server, tokens } = setup(true);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.GET('/user/user/me')));
    expect(results.every((r) => r.response.status === 200)).toBe(true);
    expect(server.calls.refresh).toBe(1);
    expect(server.calls.me).toBe(40); // 20 rejected, 20 retried
    expect(tokens.accessToken).toBe('fresh-access');
    expect(tokens.refreshToken).toBe('refresh-2');
  });

  it('clears the tokens and reports the end of the session when the refresh fails', async () => {
    const { client, server, tokens, onSessionExpired } = setup(false);
    const results = await Promise.all(Array.from({ length: 5 }, () => client.GET('/user/user/me')));
    expect(results.every((r) => r.response.status === 401)).toBe(true);
    expect(server.calls.refresh).toBe(1);
    expect(tokens.accessToken).toBeNull();
    expect(tokens.refreshToken).toBeNull();
    expect(onSessionExpired).toHaveBeenCalled();
  });

  it('sends the bearer token and JSON bodies', async () => {
    const tokens = new TokenStore(memoryStore());
    tokens.save({ token: 'tok', refreshToken: 'r' });
    let seen: Request | undefined;
    const client = createApiClient({
      tokens,
      onSessionExpired: () => {},
      baseUrl: BASE,
      fetch: (async (r: Request) => {
        seen = r;
        return Response.json({ status: 200, message: 'ok' });
      }) as never,
    });
    await client.POST('/user/user/change-password', { body: { oldPassword: 'a', newPassword: 'bbbbbbb' } });
    expect(seen?.headers.get('authorization')).toBe('Bearer tok');
    expect(seen?.headers.get('content-type')).toContain('application/json');
    expect(await seen?.json()).toEqual({ oldPassword: 'a', newPassword: 'bbbbbbb' });
  });

  it("reports a call with no answer in 30 s as 'timeout'", async () => {
    vi.useFakeTimers();
    try {
      const tokens = new TokenStore(memoryStore());
      const client = createApiClient({
        tokens,
        onSessionExpired: () => {},
        baseUrl: BASE,
        fetch: ((r: Request) =>
          new Promise((_, reject) => r.signal.addEventListener('abort', () => reject(r.signal.reason)))) as never,
      });
      const pending = client.GET('/user/user/me').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(30_000);
      const error = await pending;
      expect(error).toBeInstanceOf(RequestFailure);
      expect((error as Error).message).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a network failure as a failure', async () => {
    const client = createApiClient({
      tokens: new TokenStore(memoryStore()),
      onSessionExpired: () => {},
      baseUrl: BASE,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as never,
    });
    const error = await client.GET('/user/user/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailure);
    expect((error as RequestFailure).kind).toBe('network');
  });

  it("learns the server's clock from each answer's Date header, refused or not", async () => {
    let device = Date.parse('2026-11-23T02:10:00.400Z');
    const serverClock = new ServerClock(() => device);
    const answers = [
      // Ten minutes behind the device, to the second, as the header says it.
      new Response('{}', { status: 401, headers: { date: 'Mon, 23 Nov 2026 02:00:00 GMT' } }),
      new Response('{}', { status: 200 }),
      new Response('{}', { status: 200, headers: { date: 'Mon, 23 Nov 2026 02:05:00 GMT' } }),
    ];
    const client = createApiClient({
      tokens: new TokenStore(memoryStore()),
      onSessionExpired: () => {},
      baseUrl: BASE,
      serverClock,
      fetch: (async () => answers.shift()) as never,
    });
    await client.GET('/user/user/me');
    expect(serverClock.offsetMs).toBe(-(10 * 60_000 + 400));
    expect(serverClock.now().toISOString()).toBe('2026-11-23T02:00:00.000Z');
    // An answer without the header leaves the clock as it was.
    device += 1_000;
    await client.GET('/user/user/me');
    expect(serverClock.now().toISOString()).toBe('2026-11-23T02:00:01.000Z');
    await client.GET('/user/user/me');
    expect(serverClock.now().toISOString()).toBe('2026-11-23T02:05:00.000Z');
  });
});
