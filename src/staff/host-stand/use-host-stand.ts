/**
 * The host stand's data, kept live (docs/PRODUCT.md §6): read on opening, again every minute (the states
 * are the server's, by its clock), on every change the venue's event stream reports (another tablet's
 * change within a second) and after each of this tablet's own. Whether the stand is connected: the
 * last read answered, the stream is open and the browser is online; while not, actions are refused here.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useVenueEvents } from '../use-venue-events';
import { loadHostStand, type HostStand } from './stand-calls';

/** How often the stand is read again with nothing reported: the states move by the minute. */
export const STAND_REFRESH_MS = 60_000;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useHostStand(venueId: string, date: string) {
  const [stand, setStand] = useState<HostStand | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [online, setOnline] = useState(browserOnline);
  const [streamLost, setStreamLost] = useState(false);
  const reading = useRef(0);

  const reload = useCallback(async () => {
    const read = ++reading.current;
    try {
      const next = await loadHostStand(venueId, date);
      // An older read answering late never replaces a newer one.
      if (read !== reading.current) return;
      setStand(next);
      setError(null);
    } catch (failure) {
      if (read === reading.current) setError(failure);
    }
  }, [venueId, date]);

  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), STAND_REFRESH_MS);
    const up = () => {
      setOnline(true);
      void reload();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [reload]);

  useVenueEvents(venueId, {
    onReady: () => {
      setStreamLost(false);
      void reload();
    },
    onChange: (event) => event.date === date && void reload(),
    onLost: () => setStreamLost(true),
  });

  return { stand, error, reload, connected: online && !streamLost && error === null };
}
