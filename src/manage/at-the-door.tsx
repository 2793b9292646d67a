/**
 * What a guest needs at the door, under the reservation's details: the venue's address in the reader's
 * language (the set-up's own text for that language, else the English), a map link, the venue's phone
 * and, for a booking still ahead, the time until which cancelling is free.
 */
import { useLingui } from '@lingui/react/macro';
import type { Reservation } from '../../machines/manage.machine';
import { unwrap } from '../../common/api/api-error';
import { policyOf } from '../../common/experience-policy';
import { effectiveStatus } from '../../common/reservation-grouping';
import { telHref } from '../../common/club-contact';
import { api } from '../api/api';
import { venueKey } from '../api/query-keys';
import { useApiQuery } from '../api/use-api-query';
import { FieldList } from '../components/field-list';
import { Section } from '../components/section';
import { useFormats } from '../i18n/use-formats';
import { lateFromOf } from './cancellation-terms';

/** A search for the venue on a map, by its name and address as the reader sees them. */
function mapHref(name: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`;
}

export function AtTheDoor({ reservation, now }: { reservation: Reservation; now: Date }) {
  const { t } = useLingui();
  const format = useFormats();
  const domain = reservation.venue.domain;
  // The same read (and key, per language) as the venue pages and the cancellation's terms.
  const venue = useApiQuery(venueKey(domain), () => unwrap(api.GET('/public/venue/by-domain/{domain}', { params: { path: { domain } } })));
  // The details above stand on their own: while this loads, or if it fails, nothing is said here.
  if (venue.status !== 'ready') return null;
  const info = venue.data.data;
  const ahead = effectiveStatus(reservation, now) === 'CONFIRMED';
  const cancelBy = lateFromOf(reservation, policyOf(info, info.experiences.find((e) => e._id === reservation.experience._id)));
  return (
    <Section title={t`At the venue`} card>
      <FieldList
        rows={[
          [t`Address`, <address>{info.address}</address>],
          [
            t`Map`,
            <a href={mapHref(info.title, info.address)} target="_blank" rel="noopener noreferrer">
              {t`Open the map`}
            </a>,
          ],
          [t`Venue phone`, <a href={telHref(info.reservationsPhone)}>{info.reservationsPhone}</a>],
          ahead && [t`Free cancellation until`, cancelBy > now ? format.dateTime(cancelBy) : t`Passed: cancelling now is late`],
        ]}
      />
    </Section>
  );
}
