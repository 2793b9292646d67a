/**
 * Home and the venue pages with their pictures: shipped with the app (hashed assets), sized so nothing
 * moves as they load, the page's first picture loaded at once and first, the rest lazily; phone first
 * (one column no wider than 450 px, nothing scrolls sideways), and on a desktop a layout that uses the
 * screen instead of a narrow column.
 */
import type { Page } from '@playwright/test';
import { expectHeading, openApp } from './support/app';
import { expect, test } from './support/fixtures';

interface Shown {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
}

/** The pictures in the page's main part, in page order. */
async function pictures(page: Page): Promise<Shown[]> {
  return page.locator('main img').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((img) => ({
      src: new URL(img.src).pathname,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      fetchPriority: img.getAttribute('fetchpriority'),
    })),
  );
}

/** The first picture is eager with high priority; every other waits until it is near (lazy). All are sized. */
function expectLoadingOrder(shown: Shown[], count: number) {
  expect(shown).toHaveLength(count);
  for (const [index, picture] of shown.entries()) {
    expect(picture.src).toMatch(/^\/assets\/[\w-]+\.svg$/);
    expect([picture.width, picture.height]).toEqual(['1200', '800']);
    expect(picture.loading).toBe(index === 0 ? 'eager' : 'lazy');
    expect(picture.fetchPriority).toBe(index === 0 ? 'high' : null);
  }
}

/** Every picture in view has loaded (and drawn: an SVG that failed to load has no natural width). */
async function expectDrawn(page: Page) {
  await expect
    .poll(() =>
      page.locator('main img').evaluateAll((images) =>
        (images as HTMLImageElement[]).filter((img) => img.loading === 'eager').every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
/**
 * Where the element is drawn. Polled: the first view's markup gives way to the app's as it starts, and
 * for that moment the element has no box.
 */
async function box(page: Page, selector: string, index = 0) {
  const element = page.locator(selector).nth(index);
  let drawn: Awaited<ReturnType<typeof element.boundingBox>> = null;
  await expect.poll(async () => (drawn = await element.boundingBox()) !== null).toBe(true);
  return drawn!;
}

test.describe('on a phone', () => {
  test('the venue list shows each venue with its picture, the first at once', async ({ page }) => {
    await openApp(page, '/pages/venue');
    await expectHeading(page, 'Our venues');
    expectLoadingOrder(await pictures(page), 4);
    await expectDrawn(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect((await box(page, 'main')).width).toBeLessThanOrEqual(450);
  });

  test("Home leads with the house's picture, then the venues'", async ({ page }) => {
    await openApp(page, '/pages/home');
    await expectHeading(page, 'Welcome to The Aldrich Club');
    expectLoadingOrder(await pictures(page), 5);
    await expectDrawn(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  test("a venue's page leads with its picture", async ({ page }) => {
    await openApp(page, '/pages/venue-detail?domain=obe');
    await expectHeading(page, 'Obe');
    expectLoadingOrder(await pictures(page), 1);
    await expectDrawn(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the venue list spreads over the screen, not a narrow column', async ({ page }) => {
    await openApp(page, '/pages/venue');
    await expectHeading(page, 'Our venues');
    await expectDrawn(page);
    expect((await box(page, 'main')).width).toBeGreaterThan(1000);
    const [first, second] = [await box(page, 'main article', 0), await box(page, 'main article', 1)];
    // Side by side, each wide enough for its picture to lead.
    expect(second.y).toBe(first.y);
    expect(first.width).toBeGreaterThan(450);
  });

  test("Home shows the four venues in a row under the house's picture", async ({ page }) => {
    await openApp(page, '/pages/home');
    await expectHeading(page, 'Welcome to The Aldrich Club');
    await expectDrawn(page);
    const tops = await page.locator('main article').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect((await box(page, 'main img')).width).toBeGreaterThan(1000);
  });

  test("a venue's page puts its hours and menus beside the picture and the introduction", async ({ page }) => {
    await openApp(page, '/pages/venue-detail?domain=leclos');
    await expectHeading(page, 'Le Clos');
    await expect(page.getByRole('region', { name: 'Menus' })).toBeVisible();
    // The hours come with the venue's read, which can land after the menus (twice in CI on a loaded machine).
    const hoursRegion = page.getByRole('region', { name: 'Opening hours' });
    await expect(hoursRegion).toBeVisible();
    const picture = await box(page, 'main img');
    const hours = (await hoursRegion.boundingBox())!;
    expect(hours.x).toBeGreaterThan(picture.x + picture.width);
    expect(hours.y).toBeLessThan(picture.y + picture.height);
    expect((await box(page, 'main')).width).toBeGreaterThan(1000);
  });

  test('nothing moves as a wide page and its pictures load (layout shift under 0.1)', async ({ page }) => {
    await page.addInitScript(() => {
      const record = window as unknown as { layoutShift: number };
      record.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) record.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const [address, heading] of [
      ['/pages/venue', 'Our venues'],
      ['/pages/home', 'Welcome to The Aldrich Club'],
    ] as const) {
      await openApp(page, address);
      await expectHeading(page, heading);
      await expectDrawn(page);
      expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.1);
    }
  });

  test('a form stays a readable column on a wide screen', async ({ page }) => {
    await openApp(page, '/pages/login');
    await expectHeading(page, 'Log in');
    expect((await box(page, 'main > .page')).width).toBeLessThanOrEqual(720);
  });
});
