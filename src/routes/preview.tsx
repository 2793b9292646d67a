/**
 * A PDF menu shown inside the app, with download and new-tab links. Only the club's own menus
 * (same origin, under /public/menu/) are shown, so the page cannot be used to frame another site.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { FormMessage } from '../components/form';
import { Page } from '../components/page';
import { MENU_URL_PREFIX } from '../../common/venues';
import type { PageProps } from '../navigation/routes';
import { href } from '../navigation/navigator';

// The server's own rule for menu file names (server/routes/public), so nothing else gets through.
const MENU_FILE_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.pdf$/;
const TITLE_MAX = 120;

/** The path of a club menu, or null for anything else (another host, another path, a query or fragment). */
function menuPath(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, location.origin);
  } catch {
    return null;
  }
  if (url.origin !== location.origin || url.search || url.hash) return null;
  if (!url.pathname.startsWith(MENU_URL_PREFIX)) return null;
  return MENU_FILE_NAME.test(url.pathname.slice(MENU_URL_PREFIX.length)) ? url.pathname : null;
}

export default function PreviewPage({ query }: PageProps) {
  const { t } = useLingui();
  const src = menuPath(query.url);
  const title = (query.title ?? '').trim().slice(0, TITLE_MAX) || t`Menu`;

  if (!src) {
    return (
      <Page title={t`Menu preview`}>
        <FormMessage
          error={
            query.url
              ? t`This address is not one of the club's menus, so it cannot be shown here.`
              : t`No menu was chosen. Please pick one from a venue's page.`
          }
        />
        <p>
          <a href={href('venue')}>
            <Trans>See our venues and their menus</Trans>
          </a>
        </p>
      </Page>
    );
  }

  return (
    <Page title={title}>
      <iframe
        title={title}
        src={src}
        style={{
          display: 'block',
          width: '100%',
          height: '75vh',
          border: '1px solid var(--line)',
          borderRadius: 'var(--radius)',
          background: 'var(--card)',
        }}
      />
      <p className="muted">
        <Trans>If the menu does not appear, open it in a new tab or download it.</Trans>
      </p>
      <div className="actions">
        <a className="button button--primary" href={src} download>
          <Trans>Download PDF</Trans>
        </a>
        <a className="button" href={src} target="_blank" rel="noopener noreferrer">
          <Trans>Open in new tab</Trans>
        </a>
      </div>
    </Page>
  );
}
