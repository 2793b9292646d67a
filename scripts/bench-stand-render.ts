/**
 * What the host stand's page costs to draw on a 200-booking night (docs/PRODUCT.md §6; the night of
 * stand-night.ts, at 7:30 pm on the server's clock): the app built, served with the API on PGlite, and
 * the stand opened by Le Clos's host at 1024×768 in Debian's Chromium, launched as the browser tests
 * launch it (playwright.config.ts). Each of RELOADS (12) reloads reads the page's measure from the
 * stand's answer arriving to the floor and the list painted (src/staff/host-stand/stand-marks.ts), with
 * the long tasks of that stretch; the first reload warms the caches and is not counted. Also times one
 * minute's read again (the page's minute tick) on the page as it stands. `npm run bench:stand`. A
 * benchmark, not a test: nothing is asserted; the target is a p95 under 300 ms.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { chromium } from '@playwright/test';
import config from '../playwright.config';
import { STAND_MARKS } from '../src/staff/host-stand/stand-marks';
import { createTestApi } from '../tests/support/server/harness';
import { freePort } from './free-port';
import { seedStandNight } from './stand-night';

const RELOADS = Number(process.env.RELOADS ?? 12);
const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = process.env.WEB_DIR ?? join(root, 'dist', `bench-stand-${process.pid}`);
if (!process.env.WEB_DIR) {
  mkdirSync(webDir, { recursive: true });
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the app failed (vite build)');
}

const api = await createTestApi({ driver: 'pglite', staticRoot: webDir });
const { day } = await seedStandNight(api);
const port = await freePort();
const server = serve({ fetch: api.app.fetch, port, hostname: '127.0.0.1' });
const browser = await chromium.launch(config.use?.launchOptions);

try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 }, timezoneId: 'Asia/Hong_Kong', baseURL: `http://127.0.0.1:${port}` });
  // The host logs in on the way to the stand (the log-in sends them on to it), and again whenever the
  // page is sent back to the log-in: the server's clock stands still at 7:30 pm while the browser's runs.
  const logInIfAsked = async () => {
    if (!page.url().includes('/pages/staff/login')) return;
    await page.getByLabel('E-mail').fill('host@example.com');
    await page.getByLabel('Password', { exact: true }).fill('host-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/staff\/host-stand/);
  };
  await page.goto(`/#/pages/staff/host-stand?venue=leclos&date=${day}`);
  await page.waitForURL(/staff\/(login|host-stand)/);
  await logInIfAsked();

  /** Until the page has measured a render (`count` of them), then the last one and the long tasks since the answer. */
  const nextRender = async (count: number) => {
    await page
      .waitForFunction(([name, n]) => performance.getEntriesByName(name as string).length >= (n as number), [STAND_MARKS.render, count] as const, { timeout: 60_000 })
      .catch(async (error: unknown) => {
        throw new Error(`the stand drew nothing measured at ${page.url()}: ${(await page.locator('main').innerText().catch(() => '')).slice(0, 300)}`, { cause: error });
      });
    return page.evaluate(([render, data]) => {
      const measure = performance.getEntriesByName(render).at(-1)!;
      const answered = performance.getEntriesByName(data).at(-1)!.startTime;
      const long = ((window as unknown as { longTasks?: PerformanceEntry[] }).longTasks ?? []).filter((task) => task.startTime + task.duration > answered);
      return { ms: measure.duration, longTasks: long.map((task) => Math.round(task.duration)) };
    }, [STAND_MARKS.render, STAND_MARKS.data] as const);
  };
  // The long tasks the page runs, kept from its start (a PerformanceObserver buffers the ones before it too).
  await page.addInitScript(() => {
    const kept: PerformanceEntry[] = [];
    (window as unknown as { longTasks: PerformanceEntry[] }).longTasks = kept;
    new PerformanceObserver((list) => kept.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  });

  const renders: { ms: number; longTasks: number[] }[] = [];
  for (let i = 0; i <= RELOADS; i++) {
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await logInIfAsked();
    const render = await nextRender(1);
    // The first load compiles the app's code and fills the caches: not counted.
    if (i > 0) renders.push(render);
  }
  // The minute's tick: the same page reads the stand again and draws what changed.
  const ticks: number[] = [];
  for (let i = 1; i <= RELOADS; i++) {
    // Back online reads the stand again at once, as the minute's timer does (use-host-stand.ts).
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    ticks.push((await nextRender(i + 1)).ms);
  }

  const drawn = { tables: await page.locator('.stand-table').count(), parties: await page.locator('.stand-party').count() };
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const pick = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)]!;
  const ms = renders.map((r) => r.ms);
  console.log(
    `host stand render at 1024×768, ${drawn.tables} tables and ${drawn.parties} parties drawn: answer to floor and list painted p50 ${pick(ms, 0.5).toFixed(0)} ms, p95 ${pick(ms, 0.95).toFixed(0)} ms over ${ms.length} reloads ` +
      `(target < 300 ms); a read again on the open page p50 ${pick(ticks, 0.5).toFixed(0)} ms, p95 ${pick(ticks, 0.95).toFixed(0)} ms`,
  );
  console.log(`long tasks after the answer, per reload (ms): ${renders.map((r) => `[${r.longTasks.join(', ')}]`).join(' ')}`);
} finally {
  await browser.close();
  server.close();
  await api.close();
  if (!process.env.WEB_DIR) rmSync(webDir, { recursive: true, force: true });
}
