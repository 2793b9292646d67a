// @vitest-environment jsdom
/** The shell's rules (docs/PRODUCT.md §2): lazy pages with a late indicator and a time-out view, Back, toasts, and every route. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { pageViews } from '../../../server/db/schema';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DelayedIndicator, PageLoader, PAGE_TIMEOUT_MS } from '../../../src/components/page-loader';
import { ToastProvider, useToast, SERVER_ERROR_TOAST_MS, TOAST_MS } from '../../../src/components/toast';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { goBack, pageAddress } from '../../../src/navigation/navigator';
import { navigateHash } from '../../../src/navigation/hash-location';
import { ROUTES, type RouteDef } from '../../../src/navigation/routes';
import { findHeading, openApp, storeSession, useTestApi } from '../../support/ui/app-harness';
import { watchFetch } from '../../support/ui/fetch-watch';

function withI18n(node: React.ReactNode) {
  return <I18nProvider i18n={i18n}>{node}</I18nProvider>;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('loading a page', () => {
  beforeAll(() => activateLocale('en'));

  it('shows the loading indicator only after 200 ms', () => {
    vi.useFakeTimers();
    render(withI18n(<DelayedIndicator />));
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });

  it('after 60 s shows the time-out view, and a tap reloads the app', async () => {
    vi.useFakeTimers();
    const never: RouteDef = { name: 'slow', path: '/pages/slow', load: () => new Promise(() => {}) };
    render(withI18n(<PageLoader route={never} query={{}} />));
    await act(async () => vi.advanceTimersByTime(PAGE_TIMEOUT_MS - 1));
    expect(screen.queryByText(/connection timed out/)).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    // Let the rejected load reach the error boundary.
    await act(async () => {});
    const view = screen.getByText('The connection timed out, click the screen to try again.');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    fireEvent.click(view);
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe('navigation', () => {
  it('hands the query to the address unchanged, by page name', () => {
    expect(pageAddress('venue-detail', { domain: 'leclos', x: 'a b' })).toBe('/pages/venue-detail?domain=leclos&x=a+b');
    expect(pageAddress('home')).toBe('/pages/home');
  });

  it('goes Home on Back when the history holds a single entry', () => {
    history.replaceState(null, '', '/#/pages/press');
    goBack();
    expect(location.hash).toBe('#/pages/home');
  });

  it('goes back in the history when there is somewhere to go back to', () => {
    history.replaceState(null, '', '/#/pages/press');
    navigateHash('/pages/membership');
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    goBack();
    expect(back).toHaveBeenCalledOnce();
  });

  it('keeps one history entry per step however often the same address is asked for', () => {
    history.replaceState({ depth: 0 }, '', '/#/pages/book');
    const entries = history.length;
    navigateHash('/pages/timeslot');
    // A chart and a page both asking for the step it is on, a pushState and a replaceState.
    navigateHash('/pages/timeslot');
    navigateHash('/pages/timeslot', { replace: true });
    navigateHash('pages/timeslot');
    expect(history.length).toBe(entries + 1);
    expect(location.hash).toBe('#/pages/timeslot');
    // Another step is an entry of its own.
    navigateHash('/pages/seating');
    expect(history.length).toBe(entries + 2);
    expect(history.state).toEqual({ depth: 2 });
  });
});

describe('toasts', () => {
  function Shower({ server }: { server?: boolean }) {
    const toast = useToast();
    return (
      <button type="button" onClick={() => toast.show('Saved', server ? { tone: 'error', durationMs: SERVER_ERROR_TOAST_MS } : {})}>
        show
      </button>
    );
  }

  it.each([
    [false, TOAST_MS, 1500],
    [true, SERVER_ERROR_TOAST_MS, 3000],
  ])('a toast (server error: %s) lasts %i ms', (server, duration, expected) => {
    expect(duration).toBe(expected);
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Shower server={server} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => vi.advanceTimersByTime(duration - 1));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });
});

describe('every route of docs/PRODUCT.md §2', () => {
  const api = useTestApi();

  it('reports each page view by name and language only', async () => {
    await openApp('/pages/venue-detail?domain=leclos');
    await findHeading('Le Clos');
    await waitFor(async () => {
      const rows = await api().database.db.select().from(pageViews);
      expect(rows.some((r) => r.page === 'venue-detail' && r.locale === 'en')).toBe(true);
    });
    const rows = await api().database.db.select().from(pageViews);
    expect(rows.every((r) => /^[a-z0-9-]+$/.test(r.page))).toBe(true);
  });

  it('reports a page view only once the page has painted (its code and call stand before no first picture)', async () => {
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
    const watch = watchFetch();
    // Loaded already, so a report sent at the first render would be on its way by the time the page shows.
    await import('../../../src/api/api');
    await openApp('/pages/press');
    await findHeading(/Press/);
    expect(watch.calls('POST', '/public/analytics/page-view')).toBe(0);
    act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
    await waitFor(() => expect(watch.calls('POST', '/public/analytics/page-view')).toBe(1));
  });

  it('follows a log-in and a log-out made in another tab', async () => {
    await openApp('/pages/press');
    await findHeading(/Press/);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
    // Another tab logs in: the tokens appear in the shared storage and this tab hears of it.
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    act(() => dispatchEvent(new StorageEvent('storage', { key: 'access_token' })));
    await waitFor(() => expect(screen.queryAllByRole('link', { name: 'Log in' })).toHaveLength(0), { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    // And logs out again.
    localStorage.clear();
    act(() => dispatchEvent(new StorageEvent('storage', { key: 'access_token' })));
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0));
  });

  it("shows a refused read's server message as a toast for 3 s", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementationOnce(async () =>
      Response.json({ status: 503, errorCode: 50000, message: 'The club is closed for maintenance' }, { status: 503 }),
    );
    await openApp('/pages/venue-detail?domain=obe');
    const toast = await screen.findByText('The club is closed for maintenance', { selector: '.toast' }, { timeout: 10_000 });
    expect(toast.closest('[role="alert"]')).not.toBeNull();
  });

  it.each(ROUTES.map((route) => [route.path, route] as const))('%s renders its page', async (_, route) => {
    if (route.requiresLogin) await storeSession(api(), 'member@example.com', 'member-pass-1');
    await openApp(route.path);
    const heading = await findHeading(/./);
    expect(heading.textContent?.trim()).not.toBe('');
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('shows "Page not found" for a page name the route table does not know, never Home', async () => {
    // @ts-expect-error: an unknown page name is a type error (PageName comes from the route table)
    const address = pageAddress('no-such-page');
    expect(address).toBe('/pages/no-such-page');
    await openApp(address);
    expect(await findHeading('Page not found')).toBeTruthy();
  });
});
