/** Step 7, for a deposit or prepayment: what is due, then payment by card. */
import { Trans, useLingui } from '@lingui/react/macro';
import { BookingContext } from '../booking/booking-context';
import { BookingStep } from '../booking/booking-step';
import { PriceBreakdown } from '../booking/price-breakdown';

export default function PaymentPage() {
  const { t } = useLingui();
  const booking = BookingContext.useActorRef();
  const reservation = BookingContext.useSelector((s) => s.context.reservation);
  const venue = BookingContext.useSelector((s) => s.context.venue);
  return (
    <BookingStep title={t`Payment`}>
      {reservation && <PriceBreakdown payment={reservation.payment} />}
      {/* Card payment arrives with the payment processor; until then the team takes it by phone. */}
      <p className="form-error" role="alert">
        <Trans>
          Online card payment is not available yet. To secure this table, please call our reservations team on{' '}
          {venue?.reservationsPhone}.
        </Trans>
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => booking.send({ type: 'route.visit', route: '/pages/confirm' })}>
          <Trans>Back to review</Trans>
        </button>
      </div>
    </BookingStep>
  );
}
