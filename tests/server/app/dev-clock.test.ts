import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControllableClock, clockFromEnv, systemClock } from '../../../server/lib/clock';
import { createTestApi, TEST_NOW, type TestApi } from '../../support/server/harness';

describe('ControllableClock', () => {
  it('runs at the real rate from its start, jumps, and stands still when frozen', () => {
    let real = 1_000;
    const clock = new ControllableClock(TEST_NOW, { real: () => real });
    real += 500;
    expect(clock.now().getTime()).toBe(TEST_NOW.getTime() + 500);
    clock.advance(60_000);
    expect(clock.now().getTime()).toBe(TEST_NOW.getTime() + 60_500);
    clock.setFrozen(true);
    real += 10_000;
    expect(clock.state()).toEqual({ now: new Date(TEST_NOW.getTime() + 60_500), frozen: true });
    clock.set(TEST_NOW);
    expect(clock.now()).toEqual(TEST_NOW);
    clock.setFrozen(false);
    real += 1;
    expect(clock.now().getTime()).toBe(TEST_NOW.getTime() + 1);
  });

  it('is used only when TEST_CLOCK asks for it outside production', () => {
    expect(clockFromEnv({}, false)).toBe(systemClock);
    expect(clockFromEnv({ TEST_CLOCK: '1' }, true)).toBe(systemClock);
    const clock = clockFromEnv({ TEST_CLOCK: TEST_NOW.toISOString(), TEST_CLOCK_FROZEN: '1' }, false);
    expect(clock.now()).toEqual(TEST_NOW);
    expect(() => clockFromEnv({ TEST_CLOCK: 'soon' }, false)).toThrow(/TEST_CLOCK/);
  });
});

describe('/dev/clock', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('does not exist unless the app runs on the test clock', async () => {
    expect((await api.request('GET', '/dev/clock')).status).toBe(404);
    expect((await api.request('POST', '/dev/clock', { body: { advanceMs: 1 } })).status).toBe(404);
  });

  it('reads and moves the test clock', async () => {
    const fake = api.deps.clock;
    const clock = new ControllableClock(TEST_NOW, { frozen: true });
    api.deps.clock = clock;
    try {
      expect((await api.request('GET', '/dev/clock')).body.data).toEqual({ now: TEST_NOW.toISOString(), frozen: true });
      const moved = await api.request('POST', '/dev/clock', { body: { at: '2026-11-24T02:00:00Z', advanceMs: 90_000 } });
      expect(moved.body.data).toEqual({ now: '2026-11-24T02:01:30.000Z', frozen: true });
      expect((await api.request('POST', '/dev/clock', { body: { advanceMs: 1.5 } })).status).toBe(400);
      expect((await api.request('POST', '/dev/clock', { body: { at: 'tomorrow' } })).status).toBe(400);
      const running = await api.request('POST', '/dev/clock', { body: { frozen: false } });
      expect(running.body.data.frozen).toBe(false);
    } finally {
      api.deps.clock = fake;
    }
  });
});
