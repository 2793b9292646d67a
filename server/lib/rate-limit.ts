/**
 * A small in-memory sliding-window limiter, keyed by string and judged by the injected clock. One lives
 * per app instance (create it in a routes factory), so tests start from a clean slate.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../context';
import { tooManyRequests } from './errors';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export interface RateLimitOptions {
  /** Attempts allowed inside one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Seconds until `key` may try again; 0 while it is under the limit. Counts nothing. */
  retryAfter(key: string, now: Date): number;
  /** Counts one attempt for `key`. */
  hit(key: string, now: Date): void;
  /** Takes back the latest attempt of `key`: it turned out not to be one worth counting. */
  forgive(key: string): void;
  /** Forgets `key` (e.g. after a successful log-in). */
  reset(key: string): void;
}

// Sweep stale keys only now and then, when the map has grown, so memory stays bounded under a flood.
const SWEEP_ABOVE = 10_000;

/** A limiter allowing `limit` attempts per key in any window of `windowMs`. */
export function createRateLimiter({ limit, windowMs }: RateLimitOptions): RateLimiter {
  const attempts = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const kept = (attempts.get(key) ?? []).filter((t) => t > now - windowMs);
    if (kept.length) attempts.set(key, kept);
    else attempts.delete(key);
    return kept;
  };

  return {
    retryAfter(key, now) {
      const t = now.getTime();
      const kept = recent(key, t);
      if (kept.length < limit) return 0;
      // The oldest attempt that still counts decides when a slot frees up.
      const oldest = kept[kept.length - limit]!;
      return Math.max(1, Math.ceil((oldest + windowMs - t) / 1000));
    },
    hit(key, now) {
      const t = now.getTime();
      if (attempts.size > SWEEP_ABOVE) for (const k of [...attempts.keys()]) recent(k, t);
      const kept = recent(key, t);
      kept.push(t);
      // Only the latest `limit` attempts can ever matter.
      attempts.set(key, kept.slice(-limit));
    },
    forgive(key) {
      const kept = attempts.get(key);
      kept?.pop();
      if (kept && kept.length === 0) attempts.delete(key);
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}

/** A named set of limiters, as one area of the app keeps them. */
export type RateLimiters<Names extends string> = Record<Names, RateLimiter>;

/** One limiter for each entry of a table of options, under the same names. */
export function createRateLimiters<Names extends string>(options: Record<Names, RateLimitOptions>): RateLimiters<Names> {
  const entries = Object.entries<RateLimitOptions>(options).map(([name, o]) => [name, createRateLimiter(o)] as const);
  return Object.fromEntries(entries) as RateLimiters<Names>;
}

/** Throws 429 (with Retry-After) when any of the limiter/key pairs is over its limit. Counts nothing. */
export function assertNotLimited(c: Context<AppEnv>, checks: ReadonlyArray<readonly [RateLimiter, string]>): void {
  const now = c.get('deps').clock.now();
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfter(key, now)));
  if (wait > 0) {
    // The error handler builds the response on this same context, so the header survives the throw.
    c.header('Retry-After', String(wait));
    throw tooManyRequests();
  }
}

/** Counts one attempt for each pair, after checking none is over its limit (429 with Retry-After if one is). */
export function consumeRateLimit(c: Context<AppEnv>, checks: ReadonlyArray<readonly [RateLimiter, string]>): void {
  assertNotLimited(c, checks);
  const now = c.get('deps').clock.now();
  for (const [limiter, key] of checks) limiter.hit(key, now);
}

/** The caller's address from the Node socket; 'local' when there is none (in-process test requests). */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}
