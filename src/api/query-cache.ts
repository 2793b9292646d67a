/**
 * The app's one cache of read answers. A read is named by a typed key (its kind first, then what picks the
 * answer: `['reservation', userId, id]`); callers asking for a key while its request is on its way share
 * that request, and its answer is kept for a short while, so remounts (StrictMode, back and forth) do not
 * call twice. A change makes reads stale by key: `invalidate(['reservation'])` forgets every reservation.
 */

/** A read's key: its kind, then the parts that pick the answer. */
export type CacheKey = readonly [kind: string, ...parts: (string | number)[]];

export interface QueryCacheOptions {
  /** How long an answer is served without asking again. */
  freshMs: number;
  now?: () => number;
  /** Keeps answers apart per scope, e.g. the language the server answered in. */
  scope?: () => string;
}

interface Pending {
  key: CacheKey;
  promise: Promise<unknown>;
}

export class QueryCache<Key extends CacheKey = CacheKey> {
  private readonly answers = new Map<string, { key: CacheKey; at: number; value: unknown }>();
  private readonly inFlight = new Map<string, Pending>();

  constructor(private readonly options: QueryCacheOptions) {}

  /** The answer for `key`: a fresh kept one, the request already on its way, or a new request by `load`. */
  fetch<T>(key: Key, load: () => Promise<T>): Promise<T> {
    const id = this.idOf(key);
    const now = this.options.now ?? Date.now;
    const kept = this.answers.get(id);
    if (kept && now() - kept.at < this.options.freshMs) return Promise.resolve(kept.value as T);
    const pending = this.inFlight.get(id);
    if (pending) return pending.promise as Promise<T>;
    const entry: Pending = { key, promise: Promise.resolve() };
    entry.promise = load()
      .then((value) => {
        // An answer invalidated while on its way is handed to its callers but not kept.
        if (this.inFlight.get(id) === entry) this.answers.set(id, { key, at: now(), value });
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(id) === entry) this.inFlight.delete(id);
      });
    this.inFlight.set(id, entry);
    return entry.promise as Promise<T>;
  }

  /**
   * Forgets the answers (and detaches the requests on their way) whose key starts with one of the
   * prefixes; no prefix forgets everything.
   */
  invalidate(...prefixes: readonly CacheKey[]): void {
    const stale = (key: CacheKey) => prefixes.length === 0 || prefixes.some((prefix) => prefix.every((part, i) => key[i] === part));
    for (const [id, { key }] of this.answers) if (stale(key)) this.answers.delete(id);
    for (const [id, { key }] of this.inFlight) if (stale(key)) this.inFlight.delete(id);
  }

  private idOf(key: CacheKey): string {
    return JSON.stringify([this.options.scope?.() ?? '', ...key]);
  }
}
