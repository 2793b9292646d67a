/** The booking result: confirmed, with its reference, its calendar file and what to do next. */
import { Trans, useLingui } from '@lingui/react/macro';
import { BookingContext } from '../booking/booking-context';
import { BookingStep } from '../booking/booking-step';
import { PaymentReceipt } from '../payment/payment-receipt';
import { CardGuaranteeLine } from '../payment/card-guarantee-line';
import { AddToCalendar } from '../manage/add-to-calendar';
import { href } from '../navigation/navigator';

export default function ResultPage() {
  const { t } = useLingui();
  const booking = BookingContext.useActorRef();
  const reservation = BookingContext.useSelector((s) => (s.matches('completed') ? s.context.reservation : null));
  if (!reservation) {
    return (
      <BookingStep title={t`Booking result`}>
        <p>
          <Trans>There is no completed booking to show.</Trans>
        </p>
      </BookingStep>
    );
  }
  const reference = reservation.uniqueId;
  return (
    <BookingStep title={t`Your table is confirmed`} lead={t`Reference ${reference}`}>
      <p>
        <Trans>We have sent the confirmation to {reservation.guest.email}. We look forward to welcoming you.</Trans>
      </p>
      <PaymentReceipt reservation={reservation} />
      <CardGuaranteeLine reservation={reservation} />
      <div className="actions">
        <a className="button button--primary" href={href('order', { id: reservation._id })}>
          <Trans>View reservation</Trans>
        </a>
        <AddToCalendar reservationId={reservation._id} reference={reference} />
        <button
          type="button"
          className="button"
          onClick={() => booking.send({ type: 'booking.restart' })}
        >
          <Trans>Make another booking</Trans>
        </button>
      </div>
    </BookingStep>
  );
}
