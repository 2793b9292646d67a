/** Home, the entry page: a welcome, the four venues, the ways in (book, join, read) and where to find us. */
import { Trans, useLingui } from '@lingui/react/macro';
import { BookTableLink } from '../components/book-table-link';
import { Page } from '../components/page';
import { PageLink } from '../components/page-link';
import { Picture } from '../components/picture';
import { HOME_PICTURE } from '../content/venue-images';
import { Section } from '../components/section';
import { VenueCard } from '../components/venue-card';
import { CLUB_ADDRESS_LINES, CLUB_PHONE, CONCIERGE_EMAIL, telHref } from '../content/club';
import { VENUES } from '../../common/venues';
import type { PageProps } from '../navigation/routes';
import { href } from '../navigation/navigator';

export default function HomePage(_props: PageProps) {
  const { t } = useLingui();
  return (
    <Page
      title={t`Welcome to The Aldrich Club`}
      lead={t`A members' club in the heart of Central: four venues under one roof, from the first coffee of the morning to the last dram of the night.`}
      wide
    >
      {/* First, before the picture: on a phone the way to book is in view without scrolling. */}
      <div className="actions">
        <BookTableLink />
      </div>
      <Picture src={HOME_PICTURE} first className="page__hero" />
      <Section title={t`Our venues`}>
        <div className="grid-2 venue-grid venue-grid--four">
          {VENUES.map((venue) => (
            <VenueCard key={venue.domain} venue={venue} level={3} picture="lazy">
              <div className="actions">
                <BookTableLink venue={venue} />
              </div>
              <p>
                <a href={href('venue-detail', { domain: venue.domain })}>
                  <Trans>Discover {venue.title}</Trans>
                </a>
              </p>
            </VenueCard>
          ))}
        </div>
        <p>
          <PageLink to="venue">
            <Trans>All venues, hours and menus</Trans>
          </PageLink>
        </p>
      </Section>

      {/* Side by side on a wide screen. */}
      <div className="wide-columns">
        <Section title={t`Plan your visit`}>
          <p className="muted">
            <Trans>
              Reserve a table at any of our venues, learn how to become a member, or read what the press has said about
              the house.
            </Trans>
          </p>
          <div className="actions">
            <a className="button button--primary" href={href('book-now')}>
              <Trans>Book now</Trans>
            </a>
            <a className="button" href={href('membership')}>
              <Trans>Membership</Trans>
            </a>
            <a className="button" href={href('press')}>
              <Trans>Press</Trans>
            </a>
          </div>
        </Section>

        <Section title={t`Visit us`}>
          <address className="card">
            {CLUB_ADDRESS_LINES.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
            <span className="card__meta">
              <Trans>
                Telephone <a href={telHref(CLUB_PHONE)}>{CLUB_PHONE}</a> · E-mail{' '}
                <a href={`mailto:${CONCIERGE_EMAIL}`}>{CONCIERGE_EMAIL}</a>
              </Trans>
            </span>
          </address>
          <p className="muted">
            <Trans>
              A five-minute walk from Central MTR station (exit D2), at the corner of Ice House Street and Queen's Road
              Central. The concierge desk in the lobby is open daily from 7:30 am to 1:00 am.
            </Trans>
          </p>
        </Section>
      </div>
    </Page>
  );
}
