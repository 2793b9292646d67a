/** One reservation in a list: where, what, when, for how many, its reference and its status. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Reservation } from '../../common/api/schemas';
import { useFormats } from '../i18n/use-formats';
import { href } from '../navigation/navigator';
import { FieldList } from './field-list';
import { shownStatus, StatusLabel } from './status-label';


export function ReservationCard({ reservation, now }: { reservation: Reservation; now: Date }) {
  const { t } = useLingui();
  const format = useFormats();
  const { venue, experience, date, startTime, numberOfGuests, uniqueId } = reservation;
  return (
    <li className="card">
      <h3 className="card__title">{venue.name}</h3>
      <p className="card__meta">{experience.name}</p>
      <FieldList
        rows={[
          [t`Date`, format.date(date, { weekday: true })],
          [t`Time`, format.time(startTime)],
          [t`Guests`, <Plural value={numberOfGuests} one="# guest" other="# guests" />],
          [t`Reference`, uniqueId],
          [t`Status`, <StatusLabel status={shownStatus(reservation, now)} />],
        ]}
      />
      <a href={href('order', { id: reservation._id })} aria-label={t`Details of reservation ${uniqueId}`}>
        <Trans>View details</Trans>
      </a>
    </li>
  );
}
