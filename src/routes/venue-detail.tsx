/**
 * One venue: what it is, where, its dining hours (fixed in the client until the server's come), and from
 * the server its texts, picture, opening hours and PDF menus as the set-up published them, with the way
 * to book a table.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { ApiFailure, unwrap } from '../../common/api/api-error';
import type { components } from '../../common/api/schema';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage } from '../components/form';
import { Page } from '../components/page';
import { PageLink } from '../components/page-link';
import { Picture } from '../components/picture';
import { venuePicture } from '../content/venue-images';
import { ReadStatus } from '../components/read-status';
import { Section } from '../components/section';
import { telHref } from '../content/club';
import { useFailureText } from '../i18n/message-text';
import { venueKey } from '../api/query-keys';
import { venueText } from '../content/venue-texts';
import { publishedMarker, usePublishedVenueText } from '../first-view/published-venue-texts';
import { MAX_PARTY_SIZE, venueByDomain, type Venue } from '../../common/venues';
import type { PageProps } from '../navigation/routes';
import { href } from '../navigation/navigator';

type VenueInfo = components['schemas']['VenueDetail'];

export default function VenueDetailPage({ query }: PageProps) {
  const domain = (query.domain ?? '').trim().toLowerCase();
  // A new domain is a new page: nothing of the last venue's state carries over.
  return domain ? <VenueDetail key={domain} domain={domain} /> : <VenueProblem problem="missing" />;
}

function VenueProblem({ problem }: { problem: 'missing' | 'unknown' }) {
  const { t } = useLingui();
  return (
    <Page title={t`Venue`}>
      <FormMessage
        error={problem === 'missing' ? t`Venue domain is required` : t`The venue information does not exist`}
      />
      <p>
        <PageLink to="venue">
          <Trans>See all our venues</Trans>
        </PageLink>
      </p>
    </Page>
  );
}

function VenueDetail({ domain }: { domain: string }) {
  const { t, i18n } = useLingui();
  const failureText = useFailureText();
  const local = venueByDomain(domain);
  const info = useApiQuery(
    venueKey(domain),
    () => unwrap(api.GET('/public/venue/by-domain/{domain}', { params: { path: { domain } } })),
    // The page itself says a venue is unknown: a toast would say it a second time.
    { showError: (error) => !isUnknownVenue(error) },
  );

  // What the set-up published into the page (the first view shows the same) until the server answers.
  const published = {
    desc: usePublishedVenueText(domain, 'description'),
    introduction: usePublishedVenueText(domain, 'introduction'),
    address: usePublishedVenueText(domain, 'address'),
    picture: usePublishedVenueText(domain, 'picture'),
    pictureSet: usePublishedVenueText(domain, 'pictureSet'),
    menus: usePublishedVenueText(domain, 'menus'),
    hours: usePublishedVenueText(domain, 'hours'),
  };

  if (info.status === 'error' && isUnknownVenue(info.error)) {
    return <VenueProblem problem="unknown" />;
  }
  const server = info.status === 'ready' ? info.data.data : undefined;
  // The server's texts once they come: the set-up's, in the reader's language; the client's own until then.
  const title = server?.title ?? local?.title;
  const desc = server ? server.desc : (published.desc ?? (local && venueText(i18n, local.desc)));
  const lead = desc && <span {...publishedMarker(domain, 'description')}>{desc}</span>;
  const introduction = server?.introduction ?? published.introduction ?? (local && venueText(i18n, local.introduction));
  const address = server?.address ?? published.address ?? local?.address;
  const maximum = server?.onlineMaxGuests ?? local?.maximum ?? MAX_PARTY_SIZE;

  const uploaded = server?.picture ?? (published.picture ? { src: published.picture, srcset: published.pictureSet } : undefined);
  const picture = uploaded?.src ?? venuePicture(domain);
  return (
    <Page title={title ?? t`Venue`} lead={lead} wide>
      {/* On a wide screen: the picture and what the venue is on the left, hours and menus beside it. */}
      <div className="venue-layout">
        <div className="venue-layout__main">
          {picture && <Picture src={picture} srcSet={uploaded?.srcset} first className="page__hero" marker={publishedMarker(domain, 'picture')} />}
          {introduction && <p {...publishedMarker(domain, 'introduction')}>{introduction}</p>}

          <div className="actions">
            <a className="button button--primary" href={href('book', { domain })}>
              <Trans>Book a table</Trans>
            </a>
          </div>
          <p className="muted">
            <Plural
              value={maximum}
              one="Online booking is for one guest. For a larger party, please contact our reservations team."
              other="Online booking is for parties of up to # guests. For a larger party, please contact our reservations team."
            />
          </p>

          {address && (
            <Section title={t`Address`}>
              <address {...publishedMarker(domain, 'address')}>{address}</address>
              {server && (
                <p>
                  <Trans>
                    Reservations: <a href={telHref(server.reservationsPhone)}>{server.reservationsPhone}</a> ·{' '}
                    <a href={`mailto:${server.reservationsEmail}`}>{server.reservationsEmail}</a>
                  </Trans>
                </p>
              )}
            </Section>
          )}
        </div>
        <div className="venue-layout__aside">
          {/* The hours once: the server's, which bookings follow, or the client's own until they come. */}
          {server ? <OpeningHours hours={server.openingHours} /> : local && <DiningHours venue={local} published={published.hours} />}

          <ReadStatus read={info} loading={<Trans>Loading opening hours and menus…</Trans>} failureText={failureText} />
          {server ? <Menus venueTitle={title ?? server.title} menus={server.pdfMenu} /> : local && <MenuNames venue={local} published={published.menus} />}
        </div>
      </div>
    </Page>
  );
}

const isUnknownVenue = (error: unknown) => error instanceof ApiFailure && error.status === 404;

/**
 * The hours before the server's come: as the set-up published them into the page (derived from its
 * services; the server fills the first view's marked line), else the build's own.
 */
function DiningHours({ venue, published }: { venue: Venue; published?: string }) {
  const { t, i18n } = useLingui();
  return (
    <Section title={t`Opening hours`}>
      <p className="hours-text" {...publishedMarker(venue.domain, 'hours')}>
        {published ?? venue.diningHours.map((entry) => `${venueText(i18n, entry.title)}: ${venueText(i18n, entry.desc)}`).join('\n')}
      </p>
    </Section>
  );
}

/** The menus' names before the server's list comes: as the set-up published them, else the build's. */
function MenuNames({ venue, published }: { venue: Venue; published?: string }) {
  const { t, i18n } = useLingui();
  return (
    <Section title={t`Menus`}>
      <p {...publishedMarker(venue.domain, 'menus')}>{published ?? venue.menu.map((m) => venueText(i18n, m.name)).join(' · ')}</p>
    </Section>
  );
}

function OpeningHours({ hours }: { hours: VenueInfo['openingHours'] }) {
  const { t, i18n } = useLingui();
  return (
    <Section title={t`Opening hours`}>
      {hours.length === 0 ? (
        <p className="muted">
          <Trans>Please call our reservations team for today's hours.</Trans>
        </p>
      ) : (
        <dl className="hours">
          {hours.map((period) => (
            <div key={period.name}>
              {/* Period names the client knows (Lunch, Dinner…) are translated; others show as sent. */}
              <dt>{venueText(i18n, period.name)}</dt>
              {period.hours.map((line) => (
                <dd key={line.name}>
                  {line.name}: {line.times}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}

function Menus({ venueTitle, menus }: { venueTitle: string; menus: VenueInfo['pdfMenu'] }) {
  const { t } = useLingui();
  return (
    <Section title={t`Menus`}>
      {menus.length === 0 ? (
        <p className="muted">
          <Trans>Our menus change with the season; our reservations team will gladly send you the current one.</Trans>
        </p>
      ) : (
        <ul className="list stack">
          {menus.map(({ en: menu }) => (
            <li key={menu.file.url} className="card">
              <p className="card__title">{menu.name}</p>
              <p className="card__meta">
                <a href={href('preview', { url: menu.file.url, title: `${venueTitle} – ${menu.name}` })}>
                  {t`View ${menu.name}`}
                </a>
                {' · '}
                <a href={menu.file.url} download>
                  {t`Download ${menu.name} (PDF)`}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
