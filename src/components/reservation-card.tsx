/** One reservation in a list: where, what, when, for how many, its reference and its status. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { components } from '../api/schema';
import { effectiveStatus } from '../domain/reservation-grouping';
import { formatTime } from '../domain/time';
import { useDateFormat } from '../i18n/use-date-format';
import { pageAddress } from '../navigation/navigator';
import { StatusLabel } from './status-label';

type Reservation = components['schemas']['Reservation'];

export function ReservationCard({ reservation, now }: { reservation: Reservation; now: Date }) {
  const { t } = useLingui();
  const formatDate = useDateFormat();
  const { venue, experience, date, startTime, numberOfGuests, uniqueId } = reservation;
  return (
    <li className="card">
      <h3 className="card__title">{venue.name}</h3>
      <p className="card__meta">{experience.name}</p>
      <dl className="hours">
        <div>
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd>{formatDate(date)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Time</Trans>
          </dt>
          <dd>{formatTime(startTime)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Guests</Trans>
          </dt>
          <dd>
            <Plural value={numberOfGuests} one="# guest" other="# guests" />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Reference</Trans>
          </dt>
          <dd>{uniqueId}</dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <StatusLabel status={effectiveStatus(reservation, now)} />
          </dd>
        </div>
      </dl>
      <a href={`#${pageAddress('order', { id: reservation._id })}`} aria-label={t`Details of reservation ${uniqueId}`}>
        <Trans>View details</Trans>
      </a>
    </li>
  );
}
