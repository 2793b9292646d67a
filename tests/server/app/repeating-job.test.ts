/** Background jobs say once that the database is away, and once that it is back, not every tick. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from '../../../server/db/unavailable';
import { jobRoundsFinished, startRepeatingJob } from '../../../server/lib/repeating-job';
import { log } from '../../../server/observability/logger';
import { captureLog, type CapturedLog } from '../../support/server/log-capture';

let captured: CapturedLog;
beforeEach(() => {
  captured = captureLog();
});
afterEach(() => {
  captured.restore();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
const linesAt = (level: string) => captured.lines.filter((line) => line.level === level);

describe('a repeating job', () => {
  it('logs an outage once, and its end once, over many failed rounds', async () => {
    vi.useFakeTimers();
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
    expect(linesAt('error')).toEqual([]);
    expect(linesAt('warn').map((line) => line.msg)).toEqual([
      'test job: paused while the database cannot be reached (connect ECONNREFUSED)',
      'test job: the database is back; running again',
    ]);
  });

  it('logs every other failure, and runs no round after it is stopped', async () => {
    vi.useFakeTimers();
    let rounds = 0;
    const stop = startRepeatingJob('test job', async () => {
      rounds++;
      throw new Error('a bug');
    }, 1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);

    expect(rounds).toBe(3);
    expect(linesAt('error')).toHaveLength(3);
    expect(linesAt('error')[0]).toMatchObject({ msg: 'test job failed', job: 'test job', error: expect.stringMatching(/^Error: a bug/) });
  });

  it('names its job and round on every line the round writes, a new id each round', async () => {
    vi.useFakeTimers();
    const stop = startRepeatingJob('outbox sender', async () => {
      await Promise.resolve();
      log().info('sent one');
    }, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    stop();
    const lines = captured.lines.filter((line) => line.msg === 'sent one');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatchObject({ job: 'outbox sender', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(lines[0]!.requestId).not.toBe(lines[1]!.requestId);
  });

  it('lets a shutdown wait for the round running when it was stopped', async () => {
    let finish!: () => void;
    let finished = false;
    const stop = startRepeatingJob('payment worker', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      finished = true;
    }, 60_000);
    stop();
    const waited = jobRoundsFinished().then(() => finished);
    finish();
    expect(await waited).toBe(true);
  });
});
