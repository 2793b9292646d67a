/**
 * The host stand's data, kept live (docs/PRODUCT.md §6): read on opening, again every minute (the states
 * are the server's, by its clock), on every change the venue's event stream reports (another tablet's
 * change within a second) and after each of this tablet's own. Whether the stand is connected: the
 * last read answered, the stream is open and the browser is online; while not, actions are refused here.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useVenueEvents } from '../use-venue-events';
import { loadHostStand, type HostStand } from './stand-calls';
import { markStandData } from './stand-marks';

/** How often the stand is read again with nothing reported: the states move by the minute. */
export const STAND_REFRESH_MS = 60_000;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useHostStand(venueId: string, date: string) {
  const [stand, setStand] = useState<HostStand | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [online, setOnline] = useState(browserOnline);
  const [streamLost, setStreamLost] = useState(false);
  // One read at a time: a change asked for while one runs is read once after it, not in parallel. One
  // action brings several events (a seat is a table swap and a visit), and reads side by side on a busy
  // server each take longer than the two one after the other.
  const flight = useRef({ running: false, again: false });
  const day = useRef(`${venueId}/${date}`);
  day.current = `${venueId}/${date}`;

  const reload = useCallback(async () => {
    const f = flight.current;
    if (f.running) {
      f.again = true;
      return;
    }
    f.running = true;
    try {
      do {
        f.again = false;
        const asked = day.current;
        const [askedVenue, askedDate] = asked.split('/') as [string, string];
        try {
          const next = await loadHostStand(askedVenue, askedDate);
          // A read of the day the page has left is not shown (the new day's read follows).
          if (asked !== day.current) continue;
          markStandData();
          setStand(next);
          setError(null);
        } catch (failure) {
          if (asked === day.current) setError(failure);
        }
      } while (f.again);
    } finally {
      f.running = false;
    }
  }, []);

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
    // A new day or venue is read at once (after any read still running).
  }, [reload, venueId, date]);

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
