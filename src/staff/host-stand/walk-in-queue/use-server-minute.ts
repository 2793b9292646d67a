/**
 * The server's time, read again at each turn of the server's minute, so the queue's waits count up on
 * screen without a reload (the server's clock, docs/decisions/0003-one-clock.md).
 */
import { useEffect, useState } from 'react';
import { serverClock } from '../../../api/server-clock';

export function useServerMinute(): Date {
  const [now, setNow] = useState(() => serverClock.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = serverClock.now();
      setNow(at);
      // To the next whole minute of the server's time.
      timer = setTimeout(tick, 60_000 - (at.getTime() % 60_000));
    };
    timer = setTimeout(tick, 60_000 - (serverClock.now().getTime() % 60_000));
    const unsubscribe = serverClock.subscribe(() => setNow(serverClock.now()));
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
  return now;
}

/** Whole minutes from `since` to `now`. */
export const minutesSince = (since: string, now: Date): number => Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
