/**
 * A queue of one: work handed to `run` starts only when the work before it has finished, whatever its
 * outcome, so work that needs much memory (decoding a picture) never runs twice at once in the process.
 */
export interface OneAtATime {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The most pieces of work that have ever run at once: 1 by construction, read by the tests. */
  readonly mostAtOnce: number;
  /** How many pieces of work have started (a refusal before the queue never counts). */
  readonly started: number;
}

export function oneAtATime(): OneAtATime {
  let tail: Promise<unknown> = Promise.resolve();
  let running = 0;
  let started = 0;
  let mostAtOnce = 0;
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const turn = tail.then(async () => {
        started++;
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          return await work();
        } finally {
          running--;
        }
      });
      // The next in line waits for this one to settle, not to succeed.
      tail = turn.catch(() => undefined);
      return turn;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
    get started() {
      return started;
    },
  };
}
