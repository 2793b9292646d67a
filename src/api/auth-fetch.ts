/**
 * The fetch under the typed client: adds the bearer token, enforces the 30 s time-out, and on a 401
 * refreshes once (one refresh shared by every request waiting on it), then retries each request once.
 */
import type { ServerClock } from './server-clock';
import type { TokenPair, TokenStore } from './token-store';

/** SPEC §7/§9: calls time out after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
const REFRESH_PATH = '/user/authentication/refresh-token';

/** A call that got no answer: it timed out, or the network failed. */
export class RequestFailure extends Error {
  constructor(readonly kind: 'timeout' | 'network') {
    super(kind);
  }
}

export interface AuthFetchOptions {
  tokens: TokenStore;
  /** Told when a refresh fails: the session is over ('Login expired'). */
  onSessionExpired: () => void;
  /** Told of rotated tokens, e.g. so the session machine can schedule the next refresh. */
  onTokensRefreshed?: (tokens: TokenPair) => void;
  /** Learns the server's time from the Date header of every answer, as it arrives. */
  serverClock?: Pick<ServerClock, 'learn'>;
  baseUrl?: string;
  /** The user's language, sent as Accept-Language so the server answers and mails in it. */
  locale?: () => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface AuthFetch {
  (request: Request): Promise<Response>;
  /** Rotates the tokens now; joins a refresh already on its way. Resolves false when it failed. */
  refresh(): Promise<boolean>;
}

export function createAuthFetch(options: AuthFetchOptions): AuthFetch {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let refreshing: Promise<boolean> | null = null;

  async function send(request: Request): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new RequestFailure('timeout')), timeoutMs);
    request.signal?.addEventListener('abort', () => controller.abort(request.signal.reason));
    const outgoing = new Request(request, { signal: controller.signal });
    const locale = options.locale?.();
    if (locale) outgoing.headers.set('accept-language', locale);
    try {
      const response = await doFetch(outgoing);
      options.serverClock?.learn(response.headers.get('date'));
      return response;
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof RequestFailure) throw controller.signal.reason;
      if (request.signal?.aborted) throw error;
      throw new RequestFailure('network');
    } finally {
      clearTimeout(timer);
    }
  }

  function withToken(request: Request, token: string | null): Request {
    const copy = new Request(request);
    if (token) copy.headers.set('authorization', `Bearer ${token}`);
    return copy;
  }

  async function refresh(): Promise<boolean> {
    const refreshToken = options.tokens.refreshToken;
    if (!refreshToken) return false;
    try {
      const response = await send(
        new Request(`${options.baseUrl ?? ''}${REFRESH_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
        }),
      );
      if (!response.ok) return false;
      const body = (await response.json()) as { data: TokenPair };
      options.tokens.save(body.data);
      options.onTokensRefreshed?.(body.data);
      return true;
    } catch {
      return false;
    }
  }

  /** Every 401 arriving while a refresh is on its way waits for that same refresh. */
  function sharedRefresh(): Promise<boolean> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  const authFetch = async (request: Request): Promise<Response> => {
    // Keep an untouched copy: a body can be read once, and the retry needs it again.
    const original = request.clone();
    const token = options.tokens.accessToken;
    const response = await send(withToken(request, token));
    if (response.status !== 401 || !token || new URL(request.url).pathname === REFRESH_PATH) return response;

    // Another request may have refreshed already while this one was on its way.
    const current = options.tokens.accessToken;
    const renewed = current !== token ? true : await sharedRefresh();
    if (!renewed) {
      options.tokens.clear();
      options.onSessionExpired();
      return response;
    }
    return send(withToken(original, options.tokens.accessToken));
  };
  return Object.assign(authFetch, { refresh: sharedRefresh });
}
