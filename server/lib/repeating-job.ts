/**
 * A background job run now and then every `intervalMs` (the hold sweeper, the payment worker): one round
 * at a time, stopped by the returned function. A failed round is retried on the next tick. While the
 * database is away it says so once, and once more when a round succeeds again, rather than a stack
 * trace every tick. Each round runs under an id of its own, which every log line it writes carries
 * (server/observability/log-context.ts), and a shutdown waits for the rounds running (`jobRoundsFinished`).
 */
import { randomUUID } from 'node:crypto';
import { databaseUnavailableCause } from '../db/unavailable';
import { log } from '../observability/logger';
import { withLogContext } from '../observability/log-context';
import { logError } from './log-error';

// The rounds running now, in every job of the process: a shutdown lets each finish its step.
const roundsRunning = new Set<Promise<void>>();

/** Resolves once every round running now (in any job) has finished. */
export async function jobRoundsFinished(): Promise<void> {
  await Promise.all([...roundsRunning]);
}

export function startRepeatingJob(name: string, round: () => Promise<void>, intervalMs: number): () => void {
  let running = false;
  let stopped = false;
  let waitingForDatabase = false;
  const runRound = async () => {
    try {
      await round();
      if (waitingForDatabase) log().warn(`${name}: the database is back; running again`);
      waitingForDatabase = false;
    } catch (err) {
      if (stopped) return;
      const unavailable = databaseUnavailableCause(err);
      if (!unavailable) logError(`${name} failed`, err);
      else if (!waitingForDatabase) log().warn(`${name}: paused while the database cannot be reached (${unavailable.message})`);
      waitingForDatabase = unavailable !== null;
    }
  };
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    const done = withLogContext({ job: name, requestId: randomUUID() }, runRound).finally(() => {
      running = false;
      roundsRunning.delete(done);
    });
    roundsRunning.add(done);
    await done;
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
