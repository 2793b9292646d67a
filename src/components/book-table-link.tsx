/** "Book a table": the way into the booking, on Home and on every venue card (at a venue: its own booking). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Venue } from '../../common/venues';
import { href } from '../navigation/navigator';

export function BookTableLink({ venue }: { venue?: Pick<Venue, 'domain' | 'title'> }) {
  const { t } = useLingui();
  if (!venue) {
    return (
      <a className="button button--primary" href={href('book-now')}>
        <Trans>Book a table</Trans>
      </a>
    );
  }
  const name = venue.title;
  return (
    // The visible words lead the accessible name, which says which venue: four such links share a page.
    <a className="button button--primary" href={href('book', { domain: venue.domain })} aria-label={t`Book a table at ${name}`}>
      <Trans>Book a table</Trans>
    </a>
  );
}
