/** Book now: choose the venue to book at; each one starts the booking at its own page. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../components/page';
import { VenueCard } from '../components/venue-card';
import { CLUB_PHONE, telHref } from '../content/club';
import { VENUES, type VenueDomain } from '../../common/venues';
import type { PageProps } from '../navigation/routes';
import { href } from '../navigation/navigator';

/** One line per venue on what can be booked online (docs/PRODUCT.md §9's hours and party sizes). */
const BOOKING_NOTES: Record<VenueDomain, MessageDescriptor> = {
  leclos: msg`Breakfast on weekdays, lunch and dinner daily, and supper from Tuesday to Saturday.`,
  batard: msg`Set lunch, à la carte and the seasonal tasting menu; some menus are secured with a deposit or paid when you book.`,
  hopsze: msg`Parties of 2 to 7 guests book online; for private rooms for 8 or more, please contact our reservations team.`,
  obe: msg`Counter and lounge seats from 5:00 pm, guided whisky flights and the Members' Cask Room.`,
};

export default function BookNowPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  return (
    <Page title={t`Book now`} lead={t`Choose a venue to see its times and reserve a table.`}>
      <div className="grid-2">
        {VENUES.map((venue) => (
          <VenueCard key={venue.domain} venue={venue}>
            <p>{i18n._(BOOKING_NOTES[venue.domain])}</p>
            <a
              className="button button--primary button--block"
              href={href('book', { domain: venue.domain })}
            >
              <Trans>Book at {venue.title}</Trans>
            </a>
          </VenueCard>
        ))}
      </div>
      <p className="muted">
        <Trans>
          Online booking is for parties of up to 10 guests. For larger parties and private events, please call us on{' '}
          <a href={telHref(CLUB_PHONE)}>{CLUB_PHONE}</a>.
        </Trans>
      </p>
    </Page>
  );
}
