/**
 * One JSON line per request (method, route pattern, status, duration, request id, the caller's account when
 * known), and the request's id: the one a trusted proxy sent in `X-Request-Id` (so a line here matches the
 * proxy's), or a new one, echoed in the answer's `X-Request-Id` and carried by every log line the request
 * writes (log-context.ts). Never a body, a header's value, the query string or the path's values: the
 * route's pattern stands for the path (`/user/reservation/:id`), so a token in a link never reaches the log.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppConfig, AppEnv } from '../context';
import { peerIsTrustedProxy } from '../lib/client-address';
import { log } from './logger';
import { addToLogContext, withLogContext } from './log-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// What a proxy's id may look like (a UUID, a trace id): anything else is replaced, so a header cannot write
// a line break or a megabyte into the log.
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The route pattern a request was answered by: `static` for the app's files (served by middleware), and
 * `unmatched` for a path nothing answered. Never the path itself, whose values are unbounded.
 */
function routePattern(c: Context<AppEnv>, status: number): string {
  // Middleware is registered for every method ('ALL'); the last route with a method is the handler's.
  const handler = matchedRoutes(c).findLast((route) => route.method !== 'ALL');
  return handler?.path ?? (status === 404 ? 'unmatched' : 'static');
}

export interface RequestObserver {
  (request: { method: string; route: string; status: number; seconds: number }): void;
}

/** The request id and the request's log line; `observe` hears of each answered request too (the metrics). */
export function requestLog(config: Pick<AppConfig, 'trustedProxies'>, observe?: RequestObserver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = c.req.header(REQUEST_ID_HEADER);
    const requestId = sent && ACCEPTED_REQUEST_ID.test(sent) && peerIsTrustedProxy(c, config.trustedProxies) ? sent : randomUUID();
    const started = performance.now();
    await withLogContext({ requestId }, async () => {
      try {
        await next();
      } finally {
        const auth = c.get('auth');
        if (auth) addToLogContext({ userId: auth.id });
        const durationMs = Math.round((performance.now() - started) * 10) / 10;
        // An error thrown past the app's handler has no answer yet: it will be a 500.
        const status = c.finalized ? c.res.status : 500;
        const route = routePattern(c, status);
        if (c.finalized) c.res.headers.set(REQUEST_ID_HEADER, requestId);
        log().info({ method: c.req.method, route, status, durationMs }, 'request');
        observe?.({ method: c.req.method, route, status, seconds: durationMs / 1000 });
      }
    });
  };
}
