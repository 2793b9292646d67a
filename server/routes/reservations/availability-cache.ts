/**
 * Look-ups from memory (docs/decisions/0038-lookup-cache.md): each look-up's answer, as the bytes sent in
 * the reader's language (and compressed once per coding asked for), kept per process and database until
 * something that changes it happens. What changes it reaches every process as a notification on
 * `reservation_events` after it commits: a booking or payment of the venue's day or the days beside it
 * (the day's statement reads them), a change held while paid or a closure (migration 0055), a published
 * set-up change. The clock alone changes it at `validUntilMs` (a hold ending, a slot passing its lead
 * time, midnight), and the set-up this process read lapses on its own (`catalogStamp`). An answer is kept
 * only while the process listens, and only when nothing touching its day arrived while it was worked out.
 */
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../context';
import { addDays, daysBetween } from '../../../common/time';
import { negotiateCoding, type ContentCoding } from '../../lib/negotiation';
import { logError } from '../../lib/log-error';
import { compressors, JSON_COMPRESSION_THRESHOLD } from '../../json-compression';
import { catalogStamp } from '../../services/booking-rules/venue-catalog';
import { subscribeToReservationEvents, type ReservationEventSubscriber } from '../../services/reservations/reservation-events';

/** Beyond this many answers the oldest kept go first (a look-up's key has six parts: a bound, not a guess of use). */
const MAX_ANSWERS = 20_000;
/** A closure longer than this many days drops every answer of its venue rather than day by day. */
const MAX_DAYS_ONE_BY_ONE = 400;

/** What a look-up's answer depends on besides the database: its question and the reader's language. */
export interface LookupKey {
  venueId: string;
  date: string;
  numberOfGuests: number;
  experienceId: string;
  seatingAreaId?: string;
  membership: string;
  locale: string;
}

interface KeptAnswer {
  dayKey: string;
  computedAtMs: number;
  validUntilMs: number;
  stamp: string;
  body: Uint8Array;
  coded: Partial<Record<ContentCoding, Promise<Uint8Array>>>;
}

/** The answer worked out afresh: the JSON body's bytes and when the clock alone would change them. */
export interface FreshAnswer {
  body: Uint8Array;
  validUntilMs: number;
}

const dayKeyOf = (venueId: string, date: string) => `${venueId}|${date}`;

export class LookupCache {
  private readonly answers = new Map<string, KeptAnswer>();
  private readonly byDay = new Map<string, Set<string>>();
  /** Bumped by each change of a day; an answer worked out across a bump is not kept. */
  private readonly dayChanges = new Map<string, number>();
  /** Bumped by whatever drops everything (a set-up change, the listening connection lost). */
  private everything = 0;
  private listening = false;
  private subscription: Promise<() => Promise<void>> | null = null;
  private closed = false;
  /** Look-ups answered from memory and worked out afresh, since the cache was turned on (tests, the bench). */
  readonly counts = { kept: 0, fresh: 0 };

  constructor(private readonly db: Db) {}

  /** The answer to `key` at `nowMs`: kept, or worked out by `fresh` (and kept when it may be). */
  async answer(key: LookupKey, nowMs: number, fresh: () => Promise<FreshAnswer>): Promise<{ body: Uint8Array; coded: KeptAnswer['coded'] }> {
    this.listen();
    const id = JSON.stringify([key.venueId, key.date, key.numberOfGuests, key.experienceId, key.seatingAreaId ?? null, key.membership, key.locale]);
    const dayKey = dayKeyOf(key.venueId, key.date);
    const kept = this.answers.get(id);
    if (kept && this.listening && kept.stamp === catalogStamp(this.db) && kept.computedAtMs <= nowMs && nowMs < kept.validUntilMs) {
      this.counts.kept++;
      return kept;
    }
    if (kept) this.drop(id);
    const before = { listening: this.listening, everything: this.everything, day: this.dayChanges.get(dayKey) ?? 0, stamp: catalogStamp(this.db) };
    this.counts.fresh++;
    const answer = await fresh();
    const unchanged =
      before.listening && this.listening && !this.closed && before.stamp !== undefined && before.stamp === catalogStamp(this.db) &&
      before.everything === this.everything && before.day === (this.dayChanges.get(dayKey) ?? 0);
    const entry: KeptAnswer = { dayKey, computedAtMs: nowMs, validUntilMs: answer.validUntilMs, stamp: before.stamp ?? '', body: answer.body, coded: {} };
    if (unchanged) this.keep(id, entry);
    return entry;
  }

  /** Stops listening and forgets everything; later look-ups are worked out afresh. */
  async close(): Promise<void> {
    this.closed = true;
    this.forgetAll();
    const stop = await this.subscription?.catch(() => null);
    this.subscription = null;
    await stop?.();
  }

  private keep(id: string, entry: KeptAnswer): void {
    if (this.answers.size >= MAX_ANSWERS) this.drop(this.answers.keys().next().value!);
    this.answers.set(id, entry);
    let ids = this.byDay.get(entry.dayKey);
    if (!ids) this.byDay.set(entry.dayKey, (ids = new Set()));
    ids.add(id);
  }

  private drop(id: string): void {
    const entry = this.answers.get(id);
    if (!entry) return;
    this.answers.delete(id);
    this.byDay.get(entry.dayKey)?.delete(id);
  }

  /** A change of the venue's days `fromDate` to `toDate`: their answers, and the days beside (which their look-ups read), go. */
  private forgetDays(venueId: string, fromDate: string, toDate: string): void {
    if (daysBetween(fromDate, toDate) > MAX_DAYS_ONE_BY_ONE) return this.forgetAll();
    for (let date = addDays(fromDate, -1); date <= addDays(toDate, 1); date = addDays(date, 1)) {
      const dayKey = dayKeyOf(venueId, date);
      this.dayChanges.set(dayKey, (this.dayChanges.get(dayKey) ?? 0) + 1);
      for (const id of this.byDay.get(dayKey) ?? []) this.answers.delete(id);
      this.byDay.delete(dayKey);
    }
  }

  private forgetAll(): void {
    this.everything++;
    this.answers.clear();
    this.byDay.clear();
  }

  /** Opens the LISTEN the first time (and again after it was lost); answers are kept only once it listens. */
  private listen(): void {
    if (this.subscription || this.closed) return;
    const subscriber: ReservationEventSubscriber = {
      onEvent: (e) => this.forgetDays(e.venueId, e.date, e.date),
      onAvailabilityChange: (e) => this.forgetDays(e.venueId, e.fromDate, e.toDate),
      onCatalogChange: () => this.forgetAll(),
      onLost: () => {
        // Changes may have gone unheard: nothing kept is trusted, and the next look-up listens anew.
        this.listening = false;
        this.forgetAll();
        const lost = this.subscription;
        this.subscription = null;
        void lost?.then((stop) => stop()).catch(() => {});
      },
    };
    const subscription = subscribeToReservationEvents(this.db, subscriber);
    this.subscription = subscription;
    subscription.then(
      () => {
        if (this.subscription === subscription) this.listening = true;
      },
      (error: unknown) => {
        logError('look-up cache: could not listen for changes; look-ups are worked out afresh', error);
        if (this.subscription === subscription) this.subscription = null;
      },
    );
  }
}

const caches = new WeakMap<Db, LookupCache>();

/** Turns the cache on for `db` in this process (server/main.ts, the bench); returns the way to turn it off. */
export function enableLookupCache(db: Db): LookupCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LookupCache(db)));
  return cache;
}

/** Turns the cache off for `db` (at shutdown, before the database closes). */
export async function disableLookupCache(db: Db): Promise<void> {
  const cache = caches.get(db);
  caches.delete(db);
  await cache?.close();
}

/** The cache of `db`, when it was turned on. */
export const lookupCacheOf = (db: Db): LookupCache | undefined => caches.get(db);

/** Sends a look-up's JSON answer: compressed, once per coding, when the client accepts it and it is worth it (as json-compression.ts would). */
export async function sendLookupAnswer(c: Context<AppEnv>, answer: { body: Uint8Array; coded: KeptAnswer['coded'] }): Promise<Response> {
  const coding = answer.body.byteLength >= JSON_COMPRESSION_THRESHOLD ? negotiateCoding(c.req.header('Accept-Encoding'), ['br', 'gzip']) : undefined;
  if (!coding) return c.body(answer.body as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json' });
  const sent = await (answer.coded[coding] ??= compressors[coding](answer.body));
  c.header('Vary', 'Accept-Encoding', { append: true });
  return c.body(sent as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json', 'Content-Encoding': coding, 'Content-Length': String(sent.byteLength) });
}
