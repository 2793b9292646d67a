/** What the shell does around every page: the log-in requirement and page-view reporting. */
import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import { untilFirstPaint } from '../api/first-paint';
import { reportPageView } from '../api/page-view-report';
import { SessionContext } from '../session/session-provider';
import { redirectTo } from './navigator';
import type { RouteDef } from './routes';
import type { Locale } from '../../common/locales';

/**
 * Sends a logged-out user from a page that needs log-in to the log-in page, which brings them back;
 * likewise when the session expires under them. Returns whether the page may show.
 */
export function useLoginGuard(route: RouteDef | undefined, path: string, search: string): boolean {
  const state = SessionContext.useSelector((s) =>
    s.matches('loggedIn') ? 'in' : s.matches('checking') || s.matches('loadingProfile') ? 'checking' : s.matches('expired') ? 'expired' : 'out',
  );
  const needsLogin = Boolean(route?.requiresLogin);
  useEffect(() => {
    const here = search ? `${path}?${search}` : path;
    const isLoginPage = route?.nav === 'login';
    if (state === 'expired' && !isLoginPage) redirectTo('login', { redirect: here, expired: 1 });
    else if (state === 'out' && needsLogin) redirectTo('login', { redirect: here });
  }, [state, needsLogin, path, search, route]);
  return !needsLogin || state === 'in';
}

/** Reports each page view by page name and language only: no query, no user (no personal data). */
export function usePageViews(route: RouteDef | undefined): void {
  const { i18n } = useLingui();
  const name = route?.name;
  useEffect(() => {
    if (!name) return;
    // After the page has painted: the report's call must not stand before the page's first picture.
    // The first paint can still be on its way to the screen after its frame: the code waits for it to be shown.
    return afterNextPaint(() => {
      void (untilFirstPaint() ?? Promise.resolve())
        .then(() => reportPageView({ page: name, locale: i18n.locale as Locale }))
        .catch(() => {
          // Analytics must never disturb the guest.
        });
    });
    // A language switch is not a new view: the locale is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name]);
}

/** Runs `task` once the next frame has painted (a frame's callback runs before its paint, a timer after); returns the cancel. */
function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
