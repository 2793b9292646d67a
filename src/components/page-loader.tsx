/**
 * Loads a page lazily (docs/PRODUCT.md §2): an indicator only after 200 ms, and after 60 s without the page a
 * view that reloads the app when tapped.
 */
import { Trans } from '@lingui/react/macro';
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { PageProps, RouteDef } from '../navigation/routes';

export const LOADING_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 60_000;

class PageTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageTimeout('page load timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const pages = new Map<RouteDef['load'], ComponentType<PageProps>>();

/**
 * Loads the first page's module at start, beside the catalog; settles once it is in (or has failed). Once
 * in, the page renders at once instead of through a lazy component: React holds content that replaces a
 * Suspense fallback for up to 300 ms, which delayed Home's first picture by that much.
 */
export function preloadPage(route: RouteDef): Promise<void> {
  return route.load().then(
    ({ default: page }) => {
      if (!pages.has(route.load)) pages.set(route.load, page);
    },
    // The page loader asks again when the page is shown, and shows the failure then.
    () => undefined,
  );
}

/** One lazy component per page module, so revisiting a page does not load it again. */
function lazyPage(route: RouteDef): ComponentType<PageProps> {
  let page = pages.get(route.load);
  if (!page) {
    page = lazy(() => withTimeout(route.load(), PAGE_TIMEOUT_MS));
    pages.set(route.load, page);
  }
  return page;
}

export function DelayedIndicator({ delayMs = LOADING_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}

export function TimeoutView() {
  return (
    <button type="button" className="timeout-view" onClick={() => location.reload()}>
      <Trans>The connection timed out, click the screen to try again.</Trans>
    </button>
  );
}

class LoadFailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <TimeoutView /> : this.props.children;
  }
}

export function PageLoader({ route, query }: { route: RouteDef; query: Record<string, string> }) {
  const Page = lazyPage(route);
  return (
    <LoadFailureBoundary>
      <Suspense fallback={<DelayedIndicator />}>
        <Page query={query} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
