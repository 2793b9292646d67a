/**
 * The venue's live changes (GET /admin/venue/{venueId}/events, server-sent events). EventSource sends no
 * headers, so each connection opens with a short-lived ticket asked for with the staff token. On `ready`
 * (listening has begun: first connection or a reconnection) the sheet is read again, so nothing that
 * happened while away is missed; a dropped stream is opened again with a new ticket, waiting longer each time
 * (and at once when the browser comes back online).
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

export function useVenueEvents(
  venueId: string,
  handlers: { onReady(): void; onChange(event: VenueEvent): void; onWalkInQueue?(event: WalkInQueueEvent): void; onLost?(): void },
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    // A browser without EventSource (or a test page) reads the sheet as it stands.
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    let asking = false;

    const reconnect = () => {
      // The host stand says so: changes seen elsewhere do not reach this page until `ready` again.
      if (!stopped) latest.current.onLost?.();
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
          latest.current.onReady();
        });
        source.addEventListener('reservation', (message) => {
          try {
            latest.current.onChange(JSON.parse((message as MessageEvent<string>).data) as VenueEvent);
          } catch {
            // A malformed event is ignored; the next one or a reconnection brings the sheet up to date.
          }
        });
        source.addEventListener('walk-in-queue', (message) => {
          try {
            latest.current.onWalkInQueue?.(JSON.parse((message as MessageEvent<string>).data) as WalkInQueueEvent);
          } catch {
            // As a booking's: the next event or a reconnection brings the queue up to date.
          }
        });
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
    return () => {
      stopped = true;
      window.removeEventListener('online', online);
      clearTimeout(retry);
      source?.close();
    };
  }, [venueId]);
}
