/**
 * The browser tests' `test` and `expect`: Playwright's, with the running server (`server`), both clocks
 * in step (`clocks`), and a page whose clock starts at the server's time. Import them from here:
 *
 *   import { test, expect } from './support/fixtures';
 *
 * Each test is its own client: it reaches the server at its own loopback address (127.w.x.y), so rate
 * limits by address (sign-ups, SMS codes, page views) count its requests alone, as for a real visitor.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { watchCspViolations } from './csp';
import { TestServer } from './server-api';
import { workerServer } from './worker-server';

export { expect };

/** The server's clock and the page's, moved together. */
export interface Clocks {
  /** The server's time now. */
  now(): Promise<Date>;
  /**
   * Moves both clocks forward by `ms`: the server first (it releases lapsed holds and runs its payment
   * jobs before answering), then the page, whose due timers (the hold's expiry, the token refresh)
   * fire once. Returns the server's new time.
   */
  advance(ms: number): Promise<Date>;
  /** Moves both clocks forward to `at` (never back: other state on the shared server only moves forward). */
  advanceTo(at: Date): Promise<Date>;
}

interface Fixtures {
  /** The running server as this test's client: clock, outbox, API calls, sign-ups. */
  server: TestServer;
  /** Both clocks (needs a page clock: the one `pageClock` installs, or one the test installs itself). */
  clocks: Clocks;
  /**
   * Whether the page's clock is installed at the server's time before the test opens a page (default
   * true). Without it the page's own clock is the machine's (or one the test installs, e.g. minutes off);
   * the app still runs on the server's, learned from the Date header of its answers.
   */
  pageClock: boolean;
}

let clientsMade = 0;

/** A loopback address no other test of this run uses: 127.<worker>.<n / 254>.<n % 254 + 1>. */
function clientAddress(workerIndex: number): string {
  const n = clientsMade++;
  return `127.${1 + (workerIndex % 254)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
}

export const test = base.extend<Fixtures>({
  pageClock: [true, { option: true }],

  baseURL: async ({}, use, testInfo) => {
    await use(`http://${clientAddress(testInfo.workerIndex)}:${workerServer().port}`);
  },

  server: async ({ baseURL }, use) => {
    await use(new TestServer(baseURL!, workerServer().mailDir));
  },

  page: async ({ page, server, pageClock }, use) => {
    if (pageClock) await page.clock.install({ time: (await server.clock()).now });
    const cspViolations = watchCspViolations(page);
    await use(page);
    expect(cspViolations(), 'the page broke its Content-Security-Policy').toEqual([]);
  },

  clocks: async ({ page, server }, use) => {
    const advance = async (ms: number) => {
      const { now } = await server.setClock({ advanceMs: ms });
      await page.clock.fastForward(ms);
      return now;
    };
    await use({
      now: async () => (await server.clock()).now,
      advance,
      advanceTo: async (at) => {
        const ms = at.getTime() - (await server.clock()).now.getTime();
        if (ms < 0) throw new Error(`advanceTo ${at.toISOString()}: that is in the server's past`);
        return advance(ms);
      },
    });
  },
});

/** Minutes as milliseconds, for `clocks.advance`. */
export const minutes = (n: number) => n * 60_000;

export type { Page };
