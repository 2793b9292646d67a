/**
 * The page's first paint comes before any call: a call that leaves while the first page's code and picture
 * are still on their way takes network and main-thread time from them, and a guest sees a blank page for
 * longer. Only the first second of a page's life is held; after that, or once the first contentful paint
 * is on screen, calls leave at once.
 * It asks the browser each time rather than keeping what it learnt.
 */

/** A page that cannot paint (a tab opened in the background) still loads its data after this long. */
export const FIRST_PAINT_WAIT_MS = 1_000;

/** A promise of the first contentful paint, or undefined when there is nothing (more) to wait for. */
export function untilFirstPaint(): Promise<void> | undefined {
  const left = FIRST_PAINT_WAIT_MS - performance.now();
  if (left <= 0 || !paintTimingSupported() || painted()) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    // The entry is queued once the frame is presented: later than a frame callback or a timer after it.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = setTimeout(done, left);
  });
}

const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;

// Node's PerformanceObserver (under the unit tests' DOM) knows no paint entries.
const paintTimingSupported = () =>
  typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
