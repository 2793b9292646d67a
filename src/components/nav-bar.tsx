/** The custom navigation bar on every page (docs/PRODUCT.md §2), showing where the user is. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { NavLabel, RouteDef } from '../navigation/routes';
import { goBack, href, type PageName } from '../navigation/navigator';
import { SessionContext, useIsLoggedIn, useSessionUser } from '../session/session-provider';
import { LanguageSwitch } from './language-switch';
import { CLUB_NAME } from './page';
import { useLoginHref } from './login-href';

export function NavBar({ current }: { current: RouteDef | undefined }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const loggedIn = useIsLoggedIn();
  // The wallet and its statements are a club member's: a guest would only be refused there.
  const member = useSessionUser()?.role === 'member';
  const session = SessionContext.useActorRef();
  const items: { label: NavLabel; text: string; page: PageName }[] = [
    { label: 'home', text: t`Home`, page: 'home' },
    { label: 'venues', text: t`Venues`, page: 'venue' },
    { label: 'membership', text: t`Membership`, page: 'membership' },
    { label: 'press', text: t`Press`, page: 'press' },
    { label: 'book-now', text: t`Book now`, page: 'book-now' },
    ...(loggedIn ? [{ label: 'reservations' as const, text: t`My reservations`, page: 'order' as const }] : []),
    ...(loggedIn && member ? [{ label: 'wallet' as const, text: t`Wallet`, page: 'wallet' as const }] : []),
    ...(loggedIn ? [] : [{ label: 'login' as const, text: t`Log in`, page: 'login' as const }]),
  ];
  const isHome = current?.nav === 'home';
  const loginHref = useLoginHref(current);

  return (
    <header className="topbar">
      <div className="topbar__inner">
        {!isHome && (
          <button type="button" onClick={goBack} aria-label={t`Back`}>
            ‹
          </button>
        )}
        <a className="topbar__brand" href={href('home')}>
          {CLUB_NAME}
        </a>
        <LanguageSwitch />
        <button
          type="button"
          className="topbar__menu"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
        >
          {t({ message: 'Menu', context: 'site navigation' })}
        </button>
      </div>
      <nav id="site-nav" className="nav" aria-label={t`Main`} hidden={!open}>
        <ul className="nav__list">
          {items.map((item) => (
            <li key={item.label}>
              <a
                className="nav__link"
                href={item.page === 'login' ? loginHref : href(item.page)}
                aria-current={current?.nav === item.label ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {item.text}
              </a>
            </li>
          ))}
          {loggedIn && (
            // The guest's own data (download, erasure), where their account is.
            <li>
              <a className="nav__link" href={href('my-data')} aria-current={current?.name === 'my-data' ? 'page' : undefined} onClick={() => setOpen(false)}>
                {t`My data`}
              </a>
            </li>
          )}
          {loggedIn && (
            <li>
              <a
                className="nav__link"
                href={href('message-preferences')}
                aria-current={current?.name === 'message-preferences' ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {t`Text messages`}
              </a>
            </li>
          )}
          {loggedIn && (
            <li>
              <button
                type="button"
                className="nav__link"
                onClick={() => {
                  setOpen(false);
                  session.send({ type: 'logout' });
                }}
              >
                {t`Log out`}
              </button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
