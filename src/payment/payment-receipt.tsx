/** The result page's word on what was paid and how: 'Deposit paid HK$600 · Visa card ending 4242'. */
import { useLingui } from '@lingui/react/macro';
import type { Reservation } from '../../machines/booking/booking.machine';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { paymentKey } from '../api/query-keys';
import { useSessionUser } from '../session/session-provider';
import { FieldList } from '../components/field-list';
import { useFormats } from '../i18n/use-formats';
import { BookingContext } from '../booking/booking-context';
import { cardBrandName } from './card-brand';

export function PaymentReceipt({ reservation }: { reservation: Reservation }) {
  const { t } = useLingui();
  const format = useFormats();
  const paid = BookingContext.useSelector((s) => (s.context.paid?.reservationId === reservation._id ? s.context.paid : null));
  const paymentId = paid?.paymentId ?? null;
  const userId = useSessionUser()?._id ?? '';
  // The payment's own record has the card's brand and last four digits; its failure leaves the amount alone shown.
  const payment = useApiQuery(paymentId ? paymentKey(userId, paymentId) : null, () => unwrap(api.GET('/user/payment/{id}', { params: { path: { id: paymentId! } } })), {
    showError: false,
  });
  if (reservation.payment.prePaymentType === 'NONE' || reservation.payment.amountDue <= 0) return null;

  const record = payment.status === 'ready' ? payment.data.data : null;
  const amount = format.money(record?.amount ?? reservation.payment.amountDue);
  const method = record?.method ?? paid?.method ?? null;
  let how: string | null = null;
  if (method === 'WALLET') how = t`from your club wallet`;
  else if (record?.cardLast4) {
    const last4 = record.cardLast4;
    const brand = cardBrandName(record.cardBrand);
    how = brand ? t`by ${brand} card ending ${last4}` : t`by card ending ${last4}`;
  } else if (method === 'CARD') how = t`by card`;
  const label = reservation.payment.prePaymentType === 'DEPOSIT' ? t`Deposit paid` : t`Prepayment paid`;
  return <FieldList rows={[[label, how ? `${amount} ${how}` : amount]]} />;
}
