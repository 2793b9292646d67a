/**
 * The fetch under the typed client: adds the bearer token, enforces the 30 s time-out, and on a 401 asks
 * the session to renew the tokens (the session chart refreshes once for every request waiting on it),
 * then retries each request once. It never writes the tokens itself.
 */
import { untilFirstPaint } from './first-paint';
import type { ServerClock } from './server-clock';
import type { TokenPair, TokenReader } from './token-store';

/** docs/PRODUCT.md §7/§9: calls time out after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
const REFRESH_PATH = '/user/authentication/refresh-token';

/** A call that got no answer: it timed out, or the network failed. */
export class RequestFailure extends Error {
  constructor(readonly kind: 'timeout' | 'network') {
    super(kind);
  }
}

/** The refresh call refused the refresh token: the session is over ('Login expired'). */
export class RefreshRefused extends Error {
  constructor() {
    super('Login expired');
  }
}

export interface AuthFetchOptions {
  tokens: TokenReader;
  /** Asks the session to renew a rejected access token; resolves whether a fresh one is now stored. */
  renewSession: () => Promise<boolean>;
  /** Learns the server's time from the Date header of every answer, as it arrives. */
  serverClock?: Pick<ServerClock, 'learn'>;
  baseUrl?: string;
  /** The user's language, sent as Accept-Language so the server answers and mails in it. */
  locale?: () => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** What a call waits for before it leaves, if anything: by default the page's first paint. */
  holdUntil?: () => Promise<void> | undefined;
}

export interface AuthFetch {
  (request: Request): Promise<Response>;
  /** The refresh call itself, for the session chart: a new pair for the refresh token, stored by the caller. */
  requestTokens(refreshToken: string): Promise<TokenPair>;
}

export function createAuthFetch(options: AuthFetchOptions): AuthFetch {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function send(request: Request): Promise<Response> {
    const hold = (options.holdUntil ?? untilFirstPaint)();
    if (hold) await hold;
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

  async function requestTokens(refreshToken: string): Promise<TokenPair> {
    const response = await send(
      new Request(`${options.baseUrl ?? ''}${REFRESH_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      }),
    );
    if (!response.ok) throw new RefreshRefused();
    const body = (await response.json()) as { data: TokenPair };
    return { token: body.data.token, refreshToken: body.data.refreshToken };
  }

  const authFetch = async (request: Request): Promise<Response> => {
    // Keep an untouched copy: a body can be read once, and the retry needs it again.
    const original = request.clone();
    const token = options.tokens.accessToken;
    const response = await send(withToken(request, token));
    if (response.status !== 401 || !token || new URL(request.url).pathname === REFRESH_PATH) return response;

    // Another request may have had the tokens renewed while this one was on its way.
    const renewed = options.tokens.accessToken !== token || (await options.renewSession());
    if (!renewed) return response;
    return send(withToken(original, options.tokens.accessToken));
  };
  return Object.assign(authFetch, { requestTokens });
}
