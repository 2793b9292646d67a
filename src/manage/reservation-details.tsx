/** Everything about one reservation, as the order and cancel pages show it. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Reservation } from '../../machines/manage.machine';
import { FieldList } from '../components/field-list';
import { shownStatus, StatusLabel } from '../components/status-label';
import { useFormats } from '../i18n/use-formats';
import { useGuestRequestText } from '../i18n/guest-request-text';

type Refund = NonNullable<Reservation['refunds']>[number];

export function ReservationDetails({ reservation, now }: { reservation: Reservation; now: Date }) {
  const { t } = useLingui();
  const format = useFormats();
  const { venue, experience, seatingArea, payment, guest } = reservation;
  const bookedFor = [guest.firstName, guest.lastName].filter(Boolean).join(' ');
  const prepaid = payment.prePaymentType !== 'NONE' && payment.amountDue > 0;
  // A phone booking (or a staff change's difference) leaves money owed at the venue: say so, not just the sum.
  const owedAll = payment.owed > 0 && payment.owed >= payment.amountDue;
  const owedMoney = format.money(payment.owed);
  const owedText = t`${owedMoney}, payable at the venue`;
  const requests = useGuestRequestText();
  const occasion = requests.occasionLine(guest);
  const dietary = requests.dietaryLine(guest);
  const canceled = reservation.status === 'CANCELED' || reservation.status === 'LATE_CANCELED';
  const refunds = canceled ? (reservation.refunds ?? []) : [];
  // Inside the window a cancellation keeps its fee of what was paid, as the server says (the rest came back).
  const feeKept = reservation.status === 'LATE_CANCELED' ? (reservation.feeKept ?? 0) : 0;
  /** Where a refund went: 'HK$1,496 to Visa card ending 4242', 'HK$600 to your club wallet'. */
  const refundText = ({ amount, method, cardBrand, cardLast4 }: Refund) => {
    const money = format.money(amount);
    if (method === 'WALLET') return t`${money} to your club wallet`;
    if (!cardLast4) return t`${money} to the card that paid`;
    const brand = cardBrand && cardBrand !== 'unknown' ? cardBrand[0]!.toUpperCase() + cardBrand.slice(1) : null;
    return brand ? t`${money} to ${brand} card ending ${cardLast4}` : t`${money} to the card ending ${cardLast4}`;
  };
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
          prepaid && [payment.prePaymentType === 'DEPOSIT' ? t`Deposit` : t`Prepayment`, owedAll ? owedText : format.money(payment.amountDue)],
          prepaid && payment.paid > 0 && [t`Paid`, format.money(payment.paid)],
          prepaid && payment.owed > 0 && !owedAll && [t`Still owed`, owedText],
          Boolean(occasion) && [t`Occasion`, occasion],
          Boolean(dietary) && [t`Dietary needs`, dietary],
          Boolean(guest.notes) && [t`Special requests`, guest.notes],
          Boolean(reservation.reconfirmedAt) && [t`Reconfirmed`, format.dateTime(reservation.reconfirmedAt!)],
          ...refunds.map((refund) => [t`Refunded`, refundText(refund)] as const),
          feeKept > 0 && [t`Late cancellation fee kept`, format.money(feeKept)],
        ]}
      />
      {refunds.some((refund) => refund.method === 'CARD') && (
        <p className="muted">
          <Trans>A refund to a card may take a few days to appear on its statement.</Trans>
        </p>
      )}
    </section>
  );
}
