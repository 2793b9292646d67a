/** Everything about one reservation, as the order and cancel pages show it. */
import { Plural, useLingui } from '@lingui/react/macro';
import type { Reservation } from '../../machines/manage.machine';
import { FieldList } from '../components/field-list';
import { shownStatus, StatusLabel } from '../components/status-label';
import { useFormats } from '../i18n/use-formats';
import { useGuestRequestText } from '../i18n/guest-request-text';

export function ReservationDetails({ reservation, now }: { reservation: Reservation; now: Date }) {
  const { t } = useLingui();
  const format = useFormats();
  const { venue, experience, seatingArea, payment, guest } = reservation;
  const bookedFor = [guest.firstName, guest.lastName].filter(Boolean).join(' ');
  const prepaid = payment.prePaymentType !== 'NONE' && payment.amountDue > 0;
  const requests = useGuestRequestText();
  const occasion = requests.occasionLine(guest);
  const dietary = requests.dietaryLine(guest);
  return (
    <section className="card" aria-label={t`Reservation ${reservation.uniqueId}`}>
      <h2 className="card__title">{venue.name}</h2>
      <FieldList
        rows={[
          [t`Venue`, venue.name],
          [t`Experience`, experience.name],
          [t`Date`, format.date(reservation.date, { weekday: true })],
          [t`Time`, `${format.time(reservation.startTime)} – ${format.time(reservation.endTime)}`],
          [t`Guests`, <Plural value={reservation.numberOfGuests} one="# guest" other="# guests" />],
          // The seating step's own words for no area chosen.
          [t`Dining area`, seatingArea?.name ?? t`No preference`],
          [t`Reference`, reservation.uniqueId],
          Boolean(bookedFor) && [t`Name`, bookedFor],
          [t`Status`, <StatusLabel status={shownStatus(reservation, now)} />],
          prepaid && [payment.prePaymentType === 'DEPOSIT' ? t`Deposit` : t`Prepayment`, format.money(payment.amountDue)],
          Boolean(occasion) && [t`Occasion`, occasion],
          Boolean(dietary) && [t`Dietary needs`, dietary],
          Boolean(guest.notes) && [t`Special requests`, guest.notes],
          Boolean(reservation.reconfirmedAt) && [t`Reconfirmed`, format.dateTime(reservation.reconfirmedAt!)],
        ]}
      />
    </section>
  );
}
