/** What the guest has chosen so far: venue, experience, date, time, party and area. */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useFormats } from '../i18n/use-formats';
import { BookingContext } from './booking-context';

export function BookingSummary() {
  const { t } = useLingui();
  const format = useFormats();
  const venue = BookingContext.useSelector((s) => s.context.venue);
  const draft = BookingContext.useSelector((s) => s.context.draft);
  const reservation = BookingContext.useSelector((s) => s.context.reservation);
  if (!venue) return null;
  const experience = venue.experiences.find((e) => e._id === draft.experienceId);
  const area = venue.seatingAreas.find((a) => a._id === draft.seatingAreaId);
  const guests = draft.numberOfGuests;
  const rows: [string, string][] = [
    [t`Venue`, venue.title],
    ...(experience ? ([[t`Experience`, experience.name]] as [string, string][]) : []),
    ...(draft.date ? ([[t`Date`, format.date(draft.date, { weekday: true })]] as [string, string][]) : []),
    ...(draft.startTime !== null ? ([[t`Time`, format.time(draft.startTime)]] as [string, string][]) : []),
    ...(draft.date ? ([[t`Guests`, plural(guests, { one: '# guest', other: '# guests' })]] as [string, string][]) : []),
    ...(reservation || draft.startTime !== null
      ? ([[t`Dining area`, area?.name ?? reservation?.seatingArea?.name ?? t`No preference`]] as [string, string][])
      : []),
  ];
  return (
    <dl className="summary">
      {rows.map(([label, value]) => (
        <div key={label} className="summary__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
