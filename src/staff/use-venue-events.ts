/**
 * The venue's live changes (GET /admin/venue/{venueId}/events, server-sent events). EventSource sends no
 * headers, so each connection opens with a short-lived ticket asked for with the staff token. On `ready`
 * (listening has begun: first connection or a reconnection) the sheet is read again, so nothing that
 * happened while away is missed; a dropped stream is opened again with a new ticket, waiting longer each time
 * (and at once when the browser comes back online).
 * Every part of a page that listens to one venue (the host stand and its walk-in queue, the table plan and
 * the queue) shares one connection: a tablet holds one stream, opened with the first listener and closed
 * with the last.
 */
import { useEffect, useRef } from 'react';
import { unwrap } from '../../common/api/api-error';
import { staffApi } from './staff-api';

export interface VenueEvent {
  venueId: string;
  date: string;
  reservationId: string;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** A party of the venue's walk-in queue that changed (the stream's `walk-in-queue` event). */
export interface WalkInQueueEvent {
  venueId: string;
  date: string;
  entryId: string;
}

interface VenueEventHandlers {
  onReady(): void;
  onChange(event: VenueEvent): void;
  onWalkInQueue?(event: WalkInQueueEvent): void;
  onLost?(): void;
}

/** A listener's latest handlers, read at each event so a re-render never reconnects. */
type Listener = { current: VenueEventHandlers };

/** One venue's stream and everyone listening to it on this page. */
interface VenueStream {
  listeners: Set<Listener>;
  stop(): void;
}

const streams = new Map<string, VenueStream>();

/** Parses an event's JSON for every listener; a malformed one is ignored (the next event or a reconnection brings the page up to date). */
function dispatch<T>(listeners: Set<Listener>, message: Event, call: (handlers: VenueEventHandlers, data: T) => void) {
  let data: T;
  try {
    data = JSON.parse((message as MessageEvent<string>).data) as T;
  } catch {
    return;
  }
  for (const listener of [...listeners]) call(listener.current, data);
}

function openStream(venueId: string): VenueStream {
  const listeners = new Set<Listener>();
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;
  let asking = false;

  const reconnect = () => {
    // The host stand says so: changes seen elsewhere do not reach this page until `ready` again.
    if (!stopped) for (const listener of [...listeners]) listener.current.onLost?.();
    source?.close();
    source = null;
    if (stopped) return;
    retry = setTimeout(connect, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  };

  async function connect() {
    asking = true;
    try {
      const { data } = await unwrap(staffApi.POST('/admin/venue/{venueId}/events/ticket', { params: { path: { venueId } } }));
      asking = false;
      if (stopped) return;
      source = new EventSource(`${location.origin}/admin/venue/${venueId}/events?ticket=${encodeURIComponent(data.ticket)}`);
      source.addEventListener('ready', () => {
        failures = 0;
        for (const listener of [...listeners]) listener.current.onReady();
      });
      source.addEventListener('reservation', (message) => dispatch<VenueEvent>(listeners, message, (h, event) => h.onChange(event)));
      source.addEventListener('walk-in-queue', (message) => dispatch<WalkInQueueEvent>(listeners, message, (h, event) => h.onWalkInQueue?.(event)));
      // The browser would retry with the same (soon expired) ticket: a new one is asked for instead.
      source.onerror = reconnect;
    } catch {
      asking = false;
      reconnect();
    }
  }

  // Back online, a dropped stream opens again at once rather than after its backoff: the stand's banner
  // goes as soon as changes can reach it again.
  const online = () => {
    if (source || asking || stopped) return;
    clearTimeout(retry);
    failures = 0;
    void connect();
  };
  window.addEventListener('online', online);

  void connect();
  return {
    listeners,
    stop: () => {
      stopped = true;
      window.removeEventListener('online', online);
      clearTimeout(retry);
      source?.close();
    },
  };
}

export function useVenueEvents(venueId: string, handlers: VenueEventHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    // A browser without EventSource (or a test page) reads the sheet as it stands.
    if (typeof EventSource === 'undefined') return;
    const stream = streams.get(venueId) ?? openStream(venueId);
    streams.set(venueId, stream);
    stream.listeners.add(latest);
    return () => {
      stream.listeners.delete(latest);
      if (stream.listeners.size > 0) return;
      stream.stop();
      streams.delete(venueId);
    };
  }, [venueId]);
}
