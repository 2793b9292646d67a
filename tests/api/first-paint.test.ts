import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_WAIT_MS, untilFirstPaint } from '../../src/api/first-paint';

/** A browser's paint timing: the page's clock, its paint entries so far, and observers to tell of new ones. */
function browserPaints(now: number, entries: string[] = []) {
  const observers: { callback: PerformanceObserverCallback; connected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private readonly self: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.self = { callback, connected: false };
      observers.push(this.self);
    }
    observe() {
      this.self.connected = true;
    }
    disconnect() {
      this.self.connected = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'now').mockReturnValue(now);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) => (entries.includes(name) ? [{ name } as PerformanceEntry] : []));
  return {
    /** The browser shows a paint: observers still connected hear of it. */
    paint(name: string) {
      entries.push(name);
      const list = { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
      for (const o of observers.filter((o) => o.connected)) o.callback(list, {} as PerformanceObserver);
    },
    connected: () => observers.filter((o) => o.connected).length,
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('untilFirstPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has nothing to wait for where the browser gives no paint timing (Node, old browsers)', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(untilFirstPaint()).toBeUndefined();
  });

  it('has nothing to wait for once the first contentful paint is on screen', () => {
    browserPaints(200, ['first-paint', 'first-contentful-paint']);
    expect(untilFirstPaint()).toBeUndefined();
  });

  it('has nothing to wait for once the page is a second old, painted or not', () => {
    browserPaints(FIRST_PAINT_WAIT_MS);
    expect(untilFirstPaint()).toBeUndefined();
  });

  it('waits for the first contentful paint, not the first paint, and stops listening then', async () => {
    vi.useFakeTimers();
    const browser = browserPaints(100);
    const waiting = untilFirstPaint()!;
    browser.paint('first-paint');
    expect(await settled(waiting)).toBe(false);
    browser.paint('first-contentful-paint');
    expect(await settled(waiting)).toBe(true);
    expect(browser.connected()).toBe(0);
  });

  it('gives up a second after the page began, for a page that cannot paint (a tab in the background)', async () => {
    vi.useFakeTimers();
    const browser = browserPaints(300);
    const waiting = untilFirstPaint()!;
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 300 - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
    expect(browser.connected()).toBe(0);
  });
});
