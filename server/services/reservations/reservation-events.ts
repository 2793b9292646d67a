/**
 * Hears the database's `reservation_events` channel (the triggers of migration 0014 announce each
 * committed change to a booking or its payments; an admin's change to a member of staff, too) and hands
 * each event to this process's subscribers, the open day-sheet streams. One LISTEN per process and database, opened with the first subscriber and
 * closed with the last: on PostgreSQL a connection of its own outside the pool (a pooled one would be
 * handed to other queries), on PGlite its own listen, which its worker thread relays (db/pglite-thread.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client';
import { logError } from '../../lib/log-error';

export const RESERVATION_EVENTS_CHANNEL = 'reservation_events';

/** A booking that changed: its venue and day (a move announces the old and the new). */
export interface ReservationEvent {
  venueId: string;
  date: string;
  reservationId: string;
}

export interface ReservationEventSubscriber {
  onEvent(event: ReservationEvent): void;
  /** The database connection that listened was lost: events may have been missed. */
  onLost(): void;
  /** An admin changed or removed this member of staff: the streams they opened end. */
  onStaffAccessChange?(userId: string): void;
  /** A venue's walk-in queue changed (services/walk-ins/walk-in-events.ts). */
  onWalkInQueue?(event: WalkInQueueEvent): void;
  /** A change held while paid, or a closure, changed the free times of a venue's days (migration 0055). */
  onAvailabilityChange?(change: AvailabilityChange): void;
  /** A set-up change was published (its version moved, docs/decisions/0017). */
  onCatalogChange?(): void;
}

/** The venue's service days, `fromDate` to `toDate`, whose free times a change touched. */
export interface AvailabilityChange {
  venueId: string;
  fromDate: string;
  toDate: string;
}

/** A party of a venue's walk-in queue that changed: added, quoted, called, seated or gone. */
export interface WalkInQueueEvent {
  venueId: string;
  date: string;
  entryId: string;
}

interface Hub {
  subscribers: Set<ReservationEventSubscriber>;
  /** The LISTEN while any subscriber is there; resolves to the way to stop it. */
  listening: Promise<() => Promise<void>> | null;
}

const hubs = new WeakMap<Db, Hub>();

function parseEvent(payload: string | undefined): ReservationEvent | null {
  try {
    const event = JSON.parse(payload ?? '') as Partial<ReservationEvent>;
    return typeof event.venueId === 'string' && typeof event.date === 'string' && typeof event.reservationId === 'string'
      ? { venueId: event.venueId, date: event.date, reservationId: event.reservationId }
      : null;
  } catch {
    return null;
  }
}

/** Hands a message of the channel to the hub's subscribers: a booking's change, or a member's access. */
function deliver(hub: Hub, payload: string | undefined): void {
  const event = parseEvent(payload);
  if (event) return hub.subscribers.forEach((s) => s.onEvent(event));
  const userId = parseStaffAccessChange(payload);
  if (userId) return hub.subscribers.forEach((s) => s.onStaffAccessChange?.(userId));
  const queued = parseWalkInQueue(payload);
  if (queued) return hub.subscribers.forEach((s) => s.onWalkInQueue?.(queued));
  const other = parseAvailabilityPayload(payload);
  if (other === 'catalog') hub.subscribers.forEach((s) => s.onCatalogChange?.());
  else if (other) hub.subscribers.forEach((s) => s.onAvailabilityChange?.(other));
}

/** Migration 0055's payloads: a venue's days whose free times changed, or 'catalog' for a published set-up change. */
function parseAvailabilityPayload(payload: string | undefined): AvailabilityChange | 'catalog' | null {
  try {
    const parsed = JSON.parse(payload ?? '') as { availabilityChanged?: Partial<AvailabilityChange>; catalogChanged?: unknown };
    if (parsed.catalogChanged !== undefined) return 'catalog';
    const e = parsed.availabilityChanged;
    return typeof e?.venueId === 'string' && typeof e.fromDate === 'string' && typeof e.toDate === 'string'
      ? { venueId: e.venueId, fromDate: e.fromDate, toDate: e.toDate }
      : null;
  } catch {
    return null;
  }
}

function parseWalkInQueue(payload: string | undefined): WalkInQueueEvent | null {
  try {
    const { walkInQueue: e } = JSON.parse(payload ?? '') as { walkInQueue?: Partial<WalkInQueueEvent> };
    return typeof e?.venueId === 'string' && typeof e.date === 'string' && typeof e.entryId === 'string' ? { venueId: e.venueId, date: e.date, entryId: e.entryId } : null;
  } catch {
    return null;
  }
}

function parseStaffAccessChange(payload: string | undefined): string | null {
  try {
    const { staffAccessChanged } = JSON.parse(payload ?? '') as { staffAccessChanged?: unknown };
    return typeof staffAccessChanged === 'string' ? staffAccessChanged : null;
  } catch {
    return null;
  }
}

/**
 * Announces, on the same channel, that a member's staff access changed; inside the change's transaction,
 * so every process hears it once it commits, and never if it rolls back.
 */
export async function announceStaffAccessChange(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${RESERVATION_EVENTS_CHANNEL}, ${JSON.stringify({ staffAccessChanged: userId })})`);
}

function isPglite(client: unknown): client is PGlite {
  return typeof (client as PGlite).listen === 'function';
}

async function listenOnPostgres(pool: pg.Pool, hub: Hub): Promise<() => Promise<void>> {
  const client = new pg.Client(pool.options);
  let stopped = false;
  client.on('notification', (message) => deliver(hub, message.payload));
  client.on('error', (error) => {
    if (stopped) return;
    logError('reservation events: the listening connection was lost', error);
    // The next subscriber listens again; the present ones are told, so their clients reconnect and re-read.
    hub.listening = null;
    [...hub.subscribers].forEach((s) => s.onLost());
  });
  await client.connect();
  await client.query(`LISTEN ${RESERVATION_EVENTS_CHANNEL}`);
  return async () => {
    stopped = true;
    await client.end().catch(() => {});
  };
}

async function listen(db: Db, hub: Hub): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    return client.listen(RESERVATION_EVENTS_CHANNEL, (payload) => deliver(hub, payload));
  }
  return listenOnPostgres(client as pg.Pool, hub);
}

/**
 * Subscribes to every committed booking change on the database; resolves once the database listens, to
 * the way to unsubscribe (the last one out stops listening).
 */
export async function subscribeToReservationEvents(db: Db, subscriber: ReservationEventSubscriber): Promise<() => Promise<void>> {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = { subscribers: new Set(), listening: null }));
  const current = hub;
  current.subscribers.add(subscriber);
  try {
    await (current.listening ??= listen(db, current));
  } catch (error) {
    current.subscribers.delete(subscriber);
    current.listening = null;
    throw error;
  }
  return async () => {
    if (!current.subscribers.delete(subscriber) || current.subscribers.size > 0) return;
    const listening = current.listening;
    current.listening = null;
    const stop = await listening?.catch(() => null);
    await stop?.();
  };
}

/** How many subscribers this process has on the database, and whether it is listening (for tests). */
export function reservationEventListeners(db: Db): { subscribers: number; listening: boolean } {
  const hub = hubs.get(db);
  return { subscribers: hub?.subscribers.size ?? 0, listening: Boolean(hub?.listening) };
}
