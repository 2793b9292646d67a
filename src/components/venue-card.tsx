/** A venue as a card: its name, its kind of place in the reader's language, and what the page adds. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { venueText } from '../content/venue-texts';
import type { Venue } from '../../common/venues';
import { venuePicture } from '../content/venue-images';
import { Picture } from './picture';
import { publishedMarker, usePublishedVenueText } from '../first-view/published-venue-texts';

export function VenueCard({
  venue,
  level = 2,
  picture,
  children,
}: {
  venue: Venue;
  /** The heading level that fits the page's outline: 2 on a list page, 3 under a section heading. */
  level?: 2 | 3;
  /** Shows the venue's picture on top: 'first' for the page's first picture (loaded at once), else lazily. */
  picture?: 'first' | 'lazy';
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const Heading = level === 2 ? 'h2' : 'h3';
  // An uploaded picture the page carries (the server put it into the first view too), else the build's.
  const published = usePublishedVenueText(venue.domain, 'picture');
  const publishedSet = usePublishedVenueText(venue.domain, 'pictureSet');
  const src = picture && (published ?? venuePicture(venue.domain));
  const description = usePublishedVenueText(venue.domain, 'description');
  return (
    <article className={src ? 'card card--pictured' : 'card'} aria-label={venue.title}>
      {src && <Picture src={src} srcSet={published && publishedSet} first={picture === 'first'} className="card__picture" marker={publishedMarker(venue.domain, 'picture')} />}
      {/* Venue names are proper names, shown as written in every language. */}
      <Heading className="card__title">{venue.title}</Heading>
      <p className="card__meta" {...publishedMarker(venue.domain, 'description')}>
        {description ?? venueText(i18n, venue.desc)}
      </p>
      {children}
    </article>
  );
}
