/** Step 7, for a deposit or prepayment: what is due, then payment by card or from the Club wallet. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { paymentMachine } from '../../machines/payment.machine';
import { BookingContext } from '../booking/booking-context';
import { BookingStep } from '../booking/booking-step';
import { PaymentPanel } from '../payment/payment-panel';
import { PriceBreakdown } from '../booking/price-breakdown';
import { FieldList } from '../components/field-list';
import { shownStatus, StatusLabel } from '../components/status-label';

type PaymentActor = ActorRefFrom<typeof paymentMachine>;

export default function PaymentPage() {
  const { t } = useLingui();
  const reservation = BookingContext.useSelector((s) => s.context.reservation);
  // The invoked payment chart (id 'pay'); its children map is keyed by invoke id.
  const payment = BookingContext.useSelector((s) => s.children.pay as PaymentActor | undefined);
  return (
    <BookingStep title={t`Payment`}>
      {reservation && (
        <>
          <FieldList rows={[[t`Status`, <StatusLabel status={shownStatus(reservation, new Date())} />]]} />
          <PriceBreakdown payment={reservation.payment} />
        </>
      )}
      {payment ? (
        <PaymentPanel actor={payment} />
      ) : (
        <p className="muted">
          <Trans>Nothing is waiting for payment.</Trans>
        </p>
      )}
    </BookingStep>
  );
}
