import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Playwright cannot download its browsers here: use Debian's Chromium when it is installed.
const systemChromium = '/usr/bin/chromium';

// Each run writes its traces to a folder of its own: runs at once in one working tree (several people,
// one checkout) would otherwise clear each other's. The workers inherit the id from the main process.
process.env.E2E_RUN_ID ??= String(process.pid);

/**
 * Browser tests against the real server, which e2e/support/global-setup.ts builds and starts (see
 * e2e/README.md). Two workers by default (E2E_WORKERS to change), each with a server of its own: the
 * tests of one worker share its server and its clock, which some of them move.
 *
 * Which size runs a spec: `*.spec.ts` at the phone size only, `*.tablet.spec.ts` at the tablet size
 * only, `*.sizes.spec.ts` at both.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/run-${process.env.E2E_RUN_ID}`,
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    // Each test gets its own client address on the server's relay (e2e/support/fixtures.ts).
    // A failed test keeps its trace (each action's DOM snapshot, the network, the console) and a screenshot
    // of the page as it failed. The trace's filmstrip is not recorded: the browser encoded it for every
    // test, passing or not, and that was about a sixth of the run's CPU (e2e/journeys: 75 CPU s, 64.5 without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    timezoneId: 'Asia/Hong_Kong',
    launchOptions: existsSync(systemChromium)
      ? {
          executablePath: systemChromium,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        }
      : {},
  },
  projects: [
    {
      name: 'phone',
      testMatch: '**/*.spec.ts',
      testIgnore: '**/*.tablet.spec.ts',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    },
    {
      name: 'tablet',
      testMatch: ['**/*.sizes.spec.ts', '**/*.tablet.spec.ts'],
      use: {
        browserName: 'chromium',
        viewport: { width: 820, height: 1180 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
