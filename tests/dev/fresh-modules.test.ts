/**
 * The shared worker processes' set-up (tests/setup/fresh-modules.ts): what one file left stubbed or faked
 * is put back before the next file, which starts on the real timers, globals and environment.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the set-up before each file of a shared process', () => {
  it('puts back the timers, globals and environment variables a file before it left faked', async () => {
    const realFetch = globalThis.fetch;
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => 'stubbed');
    vi.stubEnv('LEFT_BY_A_FILE', 'yes');

    vi.resetModules();
    await import('../setup/fresh-modules');

    expect(vi.isFakeTimers()).toBe(false);
    expect(globalThis.fetch).toBe(realFetch);
    expect(process.env.LEFT_BY_A_FILE).toBeUndefined();
  });
});
