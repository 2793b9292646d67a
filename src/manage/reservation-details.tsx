/** Everything about one reservation, as the order and cancel pages show it. */
import { Plural, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Reservation } from '../../machines/manage.machine';
import { StatusLabel } from '../components/status-label';
import { formatHkd } from '../domain/money';
import { effectiveStatus } from '../domain/reservation-grouping';
import { formatTime } from '../domain/time';
import { useDateFormat } from '../i18n/use-date-format';

export function ReservationDetails({ reservation, now }: { reservation: Reservation; now: Date }) {
  const { t } = useLingui();
  const formatDate = useDateFormat();
  const { venue, experience, seatingArea, payment, guest } = reservation;
  const bookedFor = [guest.firstName, guest.lastName].filter(Boolean).join(' ');
  const rows: [string, ReactNode][] = [
    [t`Venue`, venue.name],
    [t`Experience`, experience.name],
    [t`Date`, formatDate(reservation.date)],
    [t`Time`, `${formatTime(reservation.startTime)} – ${formatTime(reservation.endTime)}`],
    [t`Guests`, <Plural key="guests" value={reservation.numberOfGuests} one="# guest" other="# guests" />],
    [t`Dining area`, seatingArea?.name ?? t`Any`],
    [t`Reference`, reservation.uniqueId],
    ...(bookedFor ? [[t`Name`, bookedFor] as [string, ReactNode]] : []),
    [t`Status`, <StatusLabel key="status" status={effectiveStatus(reservation, now)} />],
  ];
  if (payment.prePaymentType !== 'NONE' && payment.amountDue > 0) {
    rows.push([payment.prePaymentType === 'DEPOSIT' ? t`Deposit` : t`Prepayment`, formatHkd(payment.amountDue)]);
  }
  if (guest.notes) rows.push([t`Special requests`, guest.notes]);
  return (
    <section className="card" aria-label={t`Reservation ${reservation.uniqueId}`}>
      <h2 className="card__title">{venue.name}</h2>
      <dl className="hours">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
