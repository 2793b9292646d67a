/** The four venues, each with its floor and a way to its hours, menus and booking. */
import { Trans, useLingui } from '@lingui/react/macro';
import { BookTableLink } from '../components/book-table-link';
import { Page } from '../components/page';
import { VenueCard } from '../components/venue-card';
import { venueText } from '../content/venue-texts';
import { VENUES } from '../../common/venues';
import type { PageProps } from '../navigation/routes';
import { href } from '../navigation/navigator';

export default function VenuePage(_props: PageProps) {
  const { t, i18n } = useLingui();
  return (
    <Page
      title={t`Our venues`}
      lead={t`Four venues on four floors of Aldrich House, each with its own kitchen or bar, and one reservations team.`}
      wide
    >
      <div className="grid-2 venue-grid">
        {VENUES.map((venue, index) => (
          <VenueCard key={venue.domain} venue={venue} picture={index === 0 ? 'first' : 'lazy'}>
            <p className="muted">{venue.address}</p>
            <p>{firstSentence(venueText(i18n, venue.introduction))}</p>
            <div className="actions">
              <BookTableLink venue={venue} />
              <a className="button" href={href('venue-detail', { domain: venue.domain })}>
                <Trans>Hours and menus for {venue.title}</Trans>
              </a>
            </div>
          </VenueCard>
        ))}
      </div>
    </Page>
  );
}

// A card shows a taste of the introduction; the detail page has it whole. CJK stops need no space after.
function firstSentence(text: string): string {
  const end = text.search(/[。！？]|[.!?](?=\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}
