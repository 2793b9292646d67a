/** Background jobs say once that the database is away, and once that it is back, not every tick. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from '../../server/db/unavailable';
import { startRepeatingJob } from '../../server/lib/repeating-job';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a repeating job', () => {
  it('logs an outage once, and its end once, over many failed rounds', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    let rounds = 0;
    const stop = startRepeatingJob('test job', async () => {
      rounds++;
      if (down) throw new Error('query failed', { cause: new DatabaseUnavailableError('connect ECONNREFUSED') });
    }, 1_000);
    await vi.advanceTimersByTimeAsync(10_000);
    down = false;
    await vi.advanceTimersByTimeAsync(3_000);
    stop();

    expect(rounds).toBe(14);
    expect(error).not.toHaveBeenCalled();
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'test job: paused while the database cannot be reached (connect ECONNREFUSED)',
      'test job: the database is back; running again',
    ]);
  });

  it('logs every other failure, and runs no round after it is stopped', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let rounds = 0;
    const stop = startRepeatingJob('test job', async () => {
      rounds++;
      throw new Error('a bug');
    }, 1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);

    expect(rounds).toBe(3);
    expect(error).toHaveBeenCalledTimes(3);
    expect(String(error.mock.calls[0]![0])).toMatch(/^test job failed: /);
  });
});
