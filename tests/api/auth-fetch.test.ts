import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { RefreshRefused, RequestFailure } from '../../src/api/auth-fetch';
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

/** The client with a stand-in session that renews by storing `fresh-access` (counting how often it is asked). */
function setup() {
  const tokens = new TokenStore(memoryStore());
  tokens.save({ token: 'stale-access', refreshToken: 'refresh-1' });
  const server = fakeServer({ refreshWorks: true });
  const renewSession = vi.fn(async () => {
    tokens.save({ token: 'fresh-access', refreshToken: 'refresh-2' });
    return true;
  });
  const client = createApiClient({ tokens, renewSession, baseUrl: BASE, fetch: server.fetch as never });
  return { tokens, server, renewSession, client };
}

describe('the auth-aware client', () => {
  it("sends the user's language as Accept-Language, on retries and refreshes too", async () => {
    const tokens = new TokenStore(memoryStore());
    tokens.save({ token: 'stale-access', refreshToken: 'refresh-1' });
    const server = fakeServer({ refreshWorks: true });
    let locale = 'ja';
    const renewSession = async () => {
      tokens.save(await client.requestTokens(tokens.refreshToken!));
      return true;
    };
    const client = createApiClient({ tokens, renewSession, baseUrl: BASE, fetch: server.fetch as never, locale: () => locale });
    await client.GET('/user/user/me');
    locale = 'zh-Hant';
    await client.GET('/user/user/me');
    const languages = server.fetch.mock.calls.map(([request]) => (request as Request).headers.get('accept-language'));
    expect(languages).toEqual(['ja', 'ja', 'ja', 'zh-Hant']); // me (401), refresh, me again; then the next call
  });

  it('asks the session to renew on a 401, retries with the new token, and writes no token itself', async () => {
    const { client, server, tokens, renewSession } = setup();
    const { response } = await client.GET('/user/user/me');
    expect(response.status).toBe(200);
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(server.calls.retriedWith).toEqual(['Bearer fresh-access']);
    expect(server.calls.refresh).toBe(0); // the refresh is the session's to make
    expect(tokens.accessToken).toBe('fresh-access');
  });

  it('hands back the 401 when the session could not renew', async () => {
    const tokens = new TokenStore(memoryStore());
    tokens.save({ token: 'stale-access', refreshToken: 'refresh-1' });
    const server = fakeServer({ refreshWorks: false });
    const client = createApiClient({ tokens, renewSession: async () => false, baseUrl: BASE, fetch: server.fetch as never });
    const { response } = await client.GET('/user/user/me');
    expect(response.status).toBe(401);
    expect(tokens.accessToken).toBe('stale-access');
  });

  it('requestTokens: the refresh call, without a bearer token, refused as RefreshRefused', async () => {
    const server = fakeServer({ refreshWorks: true });
    const client = createApiClient({ tokens: new TokenStore(memoryStore()), renewSession: async () => false, baseUrl: BASE, fetch: server.fetch as never });
    expect(await client.requestTokens('refresh-1')).toEqual({ token: 'fresh-access', refreshToken: 'refresh-2' });
    expect((server.fetch.mock.calls[0]![0] as Request).headers.get('authorization')).toBeNull();
    await expect(client.requestTokens('refresh-0')).rejects.toBeInstanceOf(RefreshRefused);
  });

  it('holds a call until its hold is over (the first paint), then sends it', async () => {
    const server = fakeServer({ refreshWorks: true });
    let paint!: () => void;
    const painted = new Promise<void>((resolve) => (paint = resolve));
    const client = createApiClient({
      tokens: new TokenStore(memoryStore()),
      renewSession: async () => false,
      baseUrl: BASE,
      fetch: server.fetch as never,
      holdUntil: () => painted,
    });
    const answer = client.GET('/user/user/me');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.fetch).not.toHaveBeenCalled();
    paint();
    expect((await answer).response.status).toBe(401);
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the bearer token and JSON bodies', async () => {
    const tokens = new TokenStore(memoryStore());
    tokens.save({ token: 'tok', refreshToken: 'r' });
    let seen: Request | undefined;
    const client = createApiClient({
      tokens,
      renewSession: async () => false,
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
        renewSession: async () => false,
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
      renewSession: async () => false,
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
      renewSession: async () => false,
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
