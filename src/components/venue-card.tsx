/** A venue as a card: its name, its kind of place in the reader's language, and what the page adds. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { venueText } from '../content/venue-texts';
import type { Venue } from '../domain/venues';

export function VenueCard({
  venue,
  level = 2,
  children,
}: {
  venue: Venue;
  /** The heading level that fits the page's outline: 2 on a list page, 3 under a section heading. */
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="card" aria-label={venue.title}>
      {/* Venue names are proper names, shown as written in every language. */}
      <Heading className="card__title">{venue.title}</Heading>
      <p className="card__meta">{venueText(i18n, venue.desc)}</p>
      {children}
    </article>
  );
}
