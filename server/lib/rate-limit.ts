/**
 * Rate limits counted in the database (`rate_limits`), so every server process sharing it sees the same
 * counts, judged by the injected clock. Two kinds: a fixed number of attempts per window, and waits that
 * double with each attempt past a free few (log-in failures). An attempt is counted by one atomic upsert
 * that refuses to count it while its key must wait, so a burst of parallel attempts is counted one by one
 * and none slips past the check.
 */
import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from './errors';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * At most `limit` attempts per key in a window of `windowMs` opened by the key's first attempt. (Fixed
 * windows: a key may get up to twice the limit across the turn of a window; the price of one row per key.)
 */
export interface WindowLimit {
  /** The limit's name in the table: keep it stable, rows are found by it. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * The first `free` attempts pass at once; after the n-th (n >= free) the key waits
 * `firstDelayMs * 2^(n - free)`, at most `maxDelayMs`. The count is forgotten `forgetMs` after its last
 * attempt.
 */
export interface BackoffLimit {
  name: string;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

export type Limit = WindowLimit | BackoffLimit;

/** One attempt to count against a limit for a key. */
export interface LimitCheck {
  limit: Limit;
  key: string;
  /** False counts the attempt but lets it through even while the key must wait. */
  enforce?: boolean;
}

/** The wait after the n-th counted attempt, in ms. */
export function backoffDelayMs(limit: BackoffLimit, n: number): number {
  if (n < limit.free) return 0;
  // The exponent is capped so a very long count cannot overflow; the cap on the delay bites long before.
  return Math.min(limit.maxDelayMs, limit.firstDelayMs * 2 ** Math.min(n - limit.free, 40));
}

const isBackoff = (limit: Limit): limit is BackoffLimit => 'free' in limit;
const sameRow = ({ limit, key }: LimitCheck) => and(eq(rateLimits.name, limit.name), eq(rateLimits.key, key));
const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;
const plusMs = (date: SQL, ms: SQL | number): SQL => sql`(${date} + make_interval(secs => (${ms})::float8 / 1000))`;

// Thrown inside the counting transaction so the attempts counted before the refusal are taken back too.
class Refusal extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

/** Counts one attempt of `check` at `now`; false (counting nothing) while the key must wait. */
async function countAttempt(db: DbOrTx, { limit, key, enforce = true }: LimitCheck, now: Date): Promise<boolean> {
  const r = rateLimits;
  const nowSql = at(now);
  const stale = sql`${r.expiresAt} <= ${nowSql}`;
  // The count after this attempt; a stale row starts again from one.
  const hits = sql`(CASE WHEN ${stale} THEN 1 ELSE ${r.hits} + 1 END)`;
  let first: { blockedUntil: Date | null; expiresAt: Date };
  let next: { blockedUntil: SQL; expiresAt: SQL };
  if (isBackoff(limit)) {
    const delayMs = sql`LEAST(${limit.maxDelayMs}::float8, CASE WHEN ${hits} < ${limit.free}::int THEN 0
      ELSE ${limit.firstDelayMs}::float8 * power(2::float8, LEAST(${hits} - ${limit.free}::int, 40)) END)`;
    first = { blockedUntil: new Date(now.getTime() + backoffDelayMs(limit, 1)), expiresAt: new Date(now.getTime() + limit.forgetMs) };
    next = { blockedUntil: plusMs(nowSql, delayMs), expiresAt: at(first.expiresAt) };
  } else {
    const windowEnd = new Date(now.getTime() + limit.windowMs);
    const expiresAt = sql`(CASE WHEN ${stale} THEN ${at(windowEnd)} ELSE ${r.expiresAt} END)`;
    first = { blockedUntil: limit.limit <= 1 ? windowEnd : null, expiresAt: windowEnd };
    next = { blockedUntil: sql`(CASE WHEN ${hits} >= ${limit.limit}::int THEN ${expiresAt} END)`, expiresAt };
  }
  const counted = await db
    .insert(r)
    .values({ name: limit.name, key, hits: 1, ...first })
    .onConflictDoUpdate({
      target: [r.name, r.key],
      set: { hits, ...next, priorBlockedUntil: sql`(CASE WHEN ${stale} THEN NULL ELSE ${r.blockedUntil} END)` },
      // Postgres locks the row before judging this, so parallel attempts are judged one after another.
      setWhere: enforce ? sql`(${stale} OR ${r.blockedUntil} IS NULL OR ${r.blockedUntil} <= ${nowSql})` : undefined,
    })
    .returning({ hits: r.hits });
  return counted.length > 0;
}

/** Seconds until every one of `checks` may try again (at least 1). */
async function secondsToWait(db: DbOrTx, checks: LimitCheck[], now: Date): Promise<number> {
  let until = now.getTime();
  for (const check of checks) {
    const [row] = await db.select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(sameRow(check));
    until = Math.max(until, row?.blockedUntil?.getTime() ?? 0);
  }
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** The rate limits of one app instance; the counts themselves live in the database. */
export class RateLimits {
  private nextSweepAt = 0;

  constructor(private readonly sweepEveryMs = 10 * MINUTE_MS) {}

  /**
   * Counts one attempt for each check, or, when any enforced one must wait, none: then throws 429 with
   * Retry-After (seconds until all of them may try again).
   */
  async take(c: Context<AppEnv>, checks: LimitCheck[]): Promise<void> {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    await this.sweep(db, now);
    // Rows are locked in one order, so two requests counting the same keys never wait on each other in a circle.
    const rank = (c: LimitCheck) => `${c.limit.name}\n${c.key}`;
    const ordered = [...checks].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
    try {
      await db.transaction(async (tx) => {
        const refused: LimitCheck[] = [];
        for (const check of ordered) if (!(await countAttempt(tx, check, now))) refused.push(check);
        if (refused.length > 0) throw new Refusal(await secondsToWait(tx, refused, now));
      });
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      // The error handler builds the response on this same context, so the header survives the throw.
      c.header('Retry-After', String(err.retryAfterSeconds));
      throw tooManyRequests();
    }
  }

  /**
   * Takes back one attempt of each check: it turned out not to be one worth counting (a right password,
   * an SMS not sent). The key's wait is what it was before that attempt. (Had a parallel attempt been
   * counted since, the wait is the one that attempt earns in its place.)
   */
  async giveBack(c: Context<AppEnv>, checks: LimitCheck[]): Promise<void> {
    const { db } = c.get('deps');
    for (const check of checks) {
      await db
        .update(rateLimits)
        .set({ hits: sql`GREATEST(${rateLimits.hits} - 1, 0)`, blockedUntil: sql`${rateLimits.priorBlockedUntil}` })
        .where(sameRow(check));
    }
  }

  /** Forgets a key's count (e.g. after the right password). */
  async clear(c: Context<AppEnv>, check: LimitCheck): Promise<void> {
    await c.get('deps').db.delete(rateLimits).where(sameRow(check));
  }

  // Rows past their expiry count for nothing; they are deleted now and then, by whichever process is asked.
  private async sweep(db: DbOrTx, now: Date): Promise<void> {
    if (now.getTime() < this.nextSweepAt) return;
    this.nextSweepAt = now.getTime() + this.sweepEveryMs;
    await db.delete(rateLimits).where(lte(rateLimits.expiresAt, now));
  }
}
