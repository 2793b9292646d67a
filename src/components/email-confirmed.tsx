/** Where the sign-up e-mail's link lands once it worked: the address is confirmed and the guest is logged in. */
import { Trans, useLingui } from '@lingui/react/macro';
import { href } from '../navigation/navigator';
import { FormMessage } from './form';
import { Page } from './page';

export function EmailConfirmed() {
  const { t } = useLingui();
  return (
    // The heading takes the focus (Page), so a screen reader says it at once.
    <Page title={t`E-mail address confirmed`}>
      <FormMessage success={t`Thank you: your e-mail address is confirmed, and you are logged in.`} />
      <div className="actions">
        <a className="button button--primary" href={href('book-now')}>
          <Trans>Book a table</Trans>
        </a>
        <a className="button" href={href('home')}>
          <Trans>Home</Trans>
        </a>
      </div>
    </Page>
  );
}
