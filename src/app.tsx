/** The app: providers, the hash router, and the shell every page sits in. */
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Router, useLocation, useSearch } from 'wouter';
import { NavBar } from './components/nav-bar';
import { PageLoader } from './components/page-loader';
import { FailureToasts } from './components/failure-toasts';
import { ToastProvider } from './components/toast';
import { i18n } from './i18n/i18n';
import { useHashPath, useHashSearch } from './navigation/hash-location';
import { parseQuery } from './navigation/navigator';
import { routeByPath } from './navigation/routes';
import { useLoginGuard, usePageViews } from './navigation/shell-effects';
import { SessionProvider } from './session/session-provider';
import { NotFound } from './components/not-found';
import { BookingBoundary } from './booking/booking-boundary';

function Shell() {
  const [path] = useLocation();
  const search = useSearch();
  const route = routeByPath(path);
  const query = parseQuery(search);
  const allowed = useLoginGuard(route, path, search);
  usePageViews(route);
  // The staff console brings its own navigation (src/staff/staff-shell.tsx).
  const staffArea = route?.area === 'staff';

  return (
    <div className={staffArea ? 'app app--staff' : 'app'}>
      <button
        type="button"
        className="skip-link"
        onClick={() => document.querySelector<HTMLElement>('.page__title')?.focus()}
      >
        <Trans>Skip to content</Trans>
      </button>
      {!staffArea && <NavBar current={route} />}
      <main id="main" className="main">
        {!route ? <NotFound /> : allowed ? <PageLoader key={route.path} route={route} query={query} /> : null}
      </main>
    </div>
  );
}

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <SessionProvider>
        <ToastProvider>
          <FailureToasts>
            <Router hook={useHashPath} searchHook={useHashSearch}>
              <BookingBoundary>
                <Shell />
              </BookingBoundary>
            </Router>
          </FailureToasts>
        </ToastProvider>
      </SessionProvider>
    </I18nProvider>
  );
}
