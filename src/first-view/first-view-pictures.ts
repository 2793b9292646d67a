/**
 * The app replaces a first view with new elements (src/main.tsx). A picture removed before it was painted
 * never counts as the page's largest paint: the browser then takes the app's copy of it, painted only
 * after the app's code has arrived and run (simulated mobile LCP 2.0 s instead of 1.1-1.3 s, in about one
 * load of three). So the first-view script starts the app only once the view's pictures are on screen
 * (src/first-view/show-first-view.ts), but waits not for long: a slow picture must not keep a guest from
 * a working page.
 */

/** The longest the app's start waits for a first view's pictures. */
const FIRST_VIEW_PICTURE_WAIT_MS = 1_500;

/** Resolves once each eagerly loaded picture in `view` has loaded (or failed) and a frame has been painted since, or after `waitMs`. */
export function untilPicturesPainted(view: ParentNode, waitMs = FIRST_VIEW_PICTURE_WAIT_MS): Promise<void> {
  const loading = [...view.querySelectorAll('img')].filter((img) => img.getAttribute('loading') !== 'lazy' && !img.complete);
  const loaded = Promise.all(loading.map(settled));
  // A frame's callbacks run before its paint, a task queued there after it. A hidden tab paints nothing: the wait ends it.
  const painted = loaded.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  return Promise.race([painted, waited]).finally(() => clearTimeout(timer));
}

function settled(img: HTMLImageElement): Promise<void> {
  return new Promise((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
}
