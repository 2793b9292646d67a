// @vitest-environment jsdom
/**
 * The first-view script (src/first-view/show-first-view.ts) on a page the build wrote: the view for the
 * address shown before the first paint, and the app started after it; no view in a language the guest
 * chose against, or for an address without one, and then the app started at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageWithFirstViews } from '../../scripts/first-view-page';

const PAGE = pageWithFirstViews(
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>',
  'ja',
  {
    '/': { html: '<h1>ようこそ</h1>', title: 'ようこそ · The Club' },
    '/pages/venue-detail?domain=obe': { html: '<h1>Obe</h1>', title: 'Obe · The Club' },
    '/pages/venue': { html: '<h1>店舗</h1><img src="/first.svg" loading="eager"><img src="/later.svg" loading="lazy">', title: '店舗 · The Club' },
  },
  'assets/first-view-Q1.js',
);

/** Lays the page out as the browser has parsed it when it reaches the script, then runs the script. */
async function runScript(hash: string) {
  const parsed = new DOMParser().parseFromString(PAGE, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.head.replaceChildren(...parsed.head.childNodes);
  document.body.replaceChildren(...parsed.body.childNodes);
  history.replaceState(null, '', `/${hash}`);
  vi.resetModules();
  await import('../../src/first-view/show-first-view');
}

const root = () => document.getElementById('root')!;
/** Lets the script's promises settle and its due tasks run (the fake clock runs a 0 ms task 1 ms on). */
const settle = () => vi.advanceTimersByTimeAsync(1);
/** The next frame is painted, and the tasks queued during it have run. */
async function paintFrame() {
  await settle();
  vi.advanceTimersToNextFrame();
  await settle();
}
const appStarted = () => document.head.querySelector('script[type="module"]')?.getAttribute('src');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the first-view script', () => {
  it("shows the address's view, marked as such, and starts the app once the view is painted", async () => {
    await runScript('#/pages/venue-detail?domain=Obe');
    expect(root().innerHTML).toBe('<h1>Obe</h1>');
    expect(root().dataset.firstView).toBe('/pages/venue-detail?domain=obe');
    expect(document.title).toBe('Obe · The Club');
    expect(appStarted()).toBeUndefined();
    await settle();
    expect(appStarted()).toBeUndefined();
    await paintFrame();
    expect(appStarted()).toBe('/assets/index-AbC123.js');
  });

  it("starts the app once the view's eager pictures have loaded and been painted, not waiting for lazy ones", async () => {
    await runScript('#/pages/venue');
    await paintFrame();
    expect(appStarted()).toBeUndefined();
    root().querySelector('img[loading="eager"]')!.dispatchEvent(new Event('load'));
    await settle();
    expect(appStarted()).toBeUndefined();
    await paintFrame();
    expect(appStarted()).toBe('/assets/index-AbC123.js');
  });

  it('starts the app after 1.5 s when a picture is slow, or fails', async () => {
    await runScript('#/pages/venue');
    await vi.advanceTimersByTimeAsync(1_498);
    expect(appStarted()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2);
    expect(appStarted()).toBe('/assets/index-AbC123.js');

    await runScript('#/pages/venue');
    root().querySelector('img[loading="eager"]')!.dispatchEvent(new Event('error'));
    await paintFrame();
    expect(appStarted()).toBe('/assets/index-AbC123.js');
  });

  it('shows Home for an address with no hash', async () => {
    await runScript('');
    expect(root().innerHTML).toBe('<h1>ようこそ</h1>');
  });

  it('shows nothing to a guest who chose another language here, and starts the app at once', async () => {
    localStorage.setItem('locale', 'en');
    await runScript('#/pages/venue-detail?domain=obe');
    expect(root().childNodes).toHaveLength(0);
    expect(root().dataset.firstView).toBeUndefined();
    expect(appStarted()).toBe('/assets/index-AbC123.js');
  });

  it('shows the view to a guest who chose this language', async () => {
    localStorage.setItem('locale', 'ja');
    await runScript('#/');
    expect(root().innerHTML).toBe('<h1>ようこそ</h1>');
  });

  it('starts the app at once for an address without a view', async () => {
    await runScript('#/pages/book?domain=obe');
    expect(root().childNodes).toHaveLength(0);
    expect(appStarted()).toBe('/assets/index-AbC123.js');
  });

  it('starts the app at once in a tab in the background, which paints nothing', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await runScript('#/');
    expect(root().innerHTML).toBe('<h1>ようこそ</h1>');
    expect(appStarted()).toBe('/assets/index-AbC123.js');
  });

  it('still starts the app when storage is refused', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await runScript('#/');
    expect(root().innerHTML).toBe('<h1>ようこそ</h1>');
    await paintFrame();
    expect(appStarted()).toBe('/assets/index-AbC123.js');
  });
});
