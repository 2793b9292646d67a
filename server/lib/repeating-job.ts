/**
 * A background job run now and then every `intervalMs` (the hold sweeper, the payment worker): one round
 * at a time, stopped by the returned function. A failed round is retried on the next tick. While the
 * database is away it says so once, and once more when a round succeeds again, rather than a stack
 * trace every tick.
 */
import { databaseUnavailableCause } from '../db/unavailable';
import { logError } from './log-error';

export function startRepeatingJob(name: string, round: () => Promise<void>, intervalMs: number): () => void {
  let running = false;
  let stopped = false;
  let waitingForDatabase = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await round();
      if (waitingForDatabase) console.warn(`${name}: the database is back; running again`);
      waitingForDatabase = false;
    } catch (err) {
      if (stopped) return;
      const unavailable = databaseUnavailableCause(err);
      if (!unavailable) logError(`${name} failed`, err);
      else if (!waitingForDatabase) console.warn(`${name}: paused while the database cannot be reached (${unavailable.message})`);
      waitingForDatabase = unavailable !== null;
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
