import { Trans, useLingui } from '@lingui/react/macro';
import { href } from '../navigation/navigator';
import { Page } from './page';

export function NotFound() {
  const { t } = useLingui();
  return (
    <Page title={t`Page not found`}>
      <p>
        <a href={href('home')}>
          <Trans>Back to Home</Trans>
        </a>
      </p>
    </Page>
  );
}
