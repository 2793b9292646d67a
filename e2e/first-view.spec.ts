/**
 * First views (scripts/first-views.ts): a guest arriving on Home, the venues or a venue's detail reads
 * the page in their language before the app's code has arrived; the app then takes the page over as it
 * was, nothing moving and the focus on its heading; the app's language is remembered for the server,
 * which serves the next visit's view in it; a guest who chose another language here sees no view in the
 * browser's; the view's own language menu works before the app has arrived.
 */
import type { Page, Route } from '@playwright/test';
import { expectHeading, mainHeading, openApp } from './support/app';
import { expect, test } from './support/fixtures';

test.use({ locale: 'ja-JP' });

/** Holds requests for `pattern` until released: the app's renderer, or a read. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    // A request the page abandoned meanwhile (it was loaded again) has nowhere to go.
    await route.fallback().catch(() => undefined);
  });
  return release;
}

/** The page's layout shifts so far, summed (as Cumulative Layout Shift counts them). */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { layoutShifts: number[] }).layoutShifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
}

/** Whether the page ever went without its heading after first showing one (a blank frame between view and app). */
async function watchHeadingGap(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const state: { shown: boolean; gap: boolean } = { shown: false, gap: false };
    (window as unknown as { headingGap: typeof state }).headingGap = state;
    new MutationObserver(() => {
      if (document.querySelector('#root h1')) state.shown = true;
      else if (state.shown) state.gap = true;
    }).observe(document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { headingGap: { gap: boolean } }).headingGap.gap);
}

const root = (page: Page) => page.locator('#root');

test("a Japanese guest reads a venue before the app has loaded, and the app takes it over as it was", async ({ page }) => {
  const layoutShift = await watchLayoutShifts(page);
  const headingGap = await watchHeadingGap(page);
  const releaseApp = await hold(page, '**/assets/render-app-*.js');
  const releasePage = await hold(page, '**/assets/venue-detail-*.js');
  const releaseRead = await hold(page, '**/public/venue/by-domain/**');
  await openApp(page, '/pages/venue-detail?domain=obe');

  // The first view, from the page itself, in the browser's language.
  await expectHeading(page, 'Obe');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(root(page)).toHaveAttribute('data-first-view', '/pages/venue-detail?domain=obe');
  await expect(page.getByText('ウイスキーバー', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'お席を予約する' })).toHaveAttribute('href', '#/pages/book?domain=obe');
  const picture = page.locator('main img').first();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const firstView = await root(page).innerText();
  // The guest reads on down the page while the app loads.
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  const readTo = await page.evaluate(() => scrollY);

  // The app arrives, and once the page's code is in too, renders the same page in its place.
  const appArrived = page.waitForResponse('**/assets/render-app-*.js');
  releaseApp();
  await appArrived;
  await expect(root(page)).toHaveAttribute('data-first-view');
  releasePage();
  await expect(root(page)).not.toHaveAttribute('data-first-view');
  expect(await root(page).innerText()).toBe(firstView);
  await expect(mainHeading(page)).toBeFocused();
  expect(await page.evaluate(() => scrollY), 'the focus on the heading takes the guest back up').toBe(readTo);
  expect(await layoutShift()).toBe(0);
  expect(await headingGap(), 'a frame without the page between the view and the app').toBe(false);

  // It is the app now: the menu opens, the venue's read goes out and its menus show.
  releaseRead();
  await page.getByRole('button', { name: 'メニュー' }).click();
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'メニュー', level: 2 })).toBeVisible();
  // The server serves the next visit's page in the app's language.
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'locale')?.value).toBe('ja');
});

test("the next visit's view is in the language the guest switched to", async ({ page }) => {
  await openApp(page, '/pages/venue');
  await expectHeading(page, '店舗のご案内');
  // The first view's menu is the page's own until the app has taken it over.
  await expect(root(page)).not.toHaveAttribute('data-first-view');
  await page.getByRole('combobox', { name: '言語' }).selectOption('th');
  await expectHeading(page, 'ห้องอาหารและบาร์ของเรา');

  const releaseApp = await hold(page, '**/assets/render-app-*.js');
  await page.reload();
  await expect(root(page)).toHaveAttribute('data-first-view', '/pages/venue');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expectHeading(page, 'ห้องอาหารและบาร์ของเรา');
  releaseApp();
  await expect(root(page)).not.toHaveAttribute('data-first-view');
  await expectHeading(page, 'ห้องอาหารและบาร์ของเรา');
});

test("the view's language menu works before the app has arrived: the page comes again in the language chosen", async ({ page }) => {
  const releaseApp = await hold(page, '**/assets/render-app-*.js');
  await openApp(page, '/pages/venue');
  await expect(root(page)).toHaveAttribute('data-first-view', '/pages/venue');
  await expectHeading(page, '店舗のご案内');
  await page.getByRole('banner').getByRole('combobox').selectOption('th');

  // Still before the app: the page itself, served again in Thai.
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(root(page)).toHaveAttribute('data-first-view', '/pages/venue');
  await expectHeading(page, 'ห้องอาหารและบาร์ของเรา');
  releaseApp();
  await expect(root(page)).not.toHaveAttribute('data-first-view');
  await expectHeading(page, 'ห้องอาหารและบาร์ของเรา');
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveValue('th');
});

test('a guest who chose English here sees no Japanese view, and the app in English', async ({ page }) => {
  const releaseApp = await hold(page, '**/assets/render-app-*.js');
  await openApp(page, '/', { locale: 'en' });
  await page.waitForLoadState('domcontentloaded');
  await expect(root(page)).toBeEmpty();
  releaseApp();
  await expectHeading(page, 'Welcome to The Aldrich Club');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a view in another language than the app will speak is taken away, not taken over', async ({ page, context, baseURL }) => {
  // The server goes by the cookie (Thai), the app by the browser (Japanese): nothing stored says otherwise.
  await context.addCookies([{ name: 'locale', value: 'th', url: baseURL! }]);
  const releaseApp = await hold(page, '**/assets/render-app-*.js');
  await openApp(page, '/pages/venue');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(root(page)).toBeEmpty();
  await expect(root(page)).not.toHaveAttribute('data-first-view');
  releaseApp();
  await expectHeading(page, '店舗のご案内');
});

test('a page with no first view is rendered by the app as before', async ({ page }) => {
  await openApp(page, '/pages/book-now');
  await expect(mainHeading(page)).toBeVisible();
  await expect(root(page)).not.toHaveAttribute('data-first-view');
});
