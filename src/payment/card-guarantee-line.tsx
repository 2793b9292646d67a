/**
 * What a guaranteed booking keeps (docs/decisions/0035-card-guarantee.md), on the result and reservation
 * pages: 'Card saved · Visa •••• 4242 · fee HK$500 a guest if you do not come or cancel after …'. Nothing
 * is charged; the fee is the policy's, charged to the card only for a no-show or a late cancellation.
 */
import { useLingui } from '@lingui/react/macro';
import type { Reservation } from '../../common/api/schemas';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { cardGuaranteeKey } from '../api/query-keys';
import { useSessionUser } from '../session/session-provider';
import { FieldList } from '../components/field-list';
import { useFormats } from '../i18n/use-formats';
import { cardBrandName } from './card-brand';

export function CardGuaranteeLine({ reservation }: { reservation: Pick<Reservation, '_id' | 'payment'> }) {
  const { t } = useLingui();
  const format = useFormats();
  const userId = useSessionUser()?._id ?? '';
  const guaranteed = reservation.payment.prePaymentType === 'GUARANTEE';
  const read = useApiQuery(guaranteed && userId ? cardGuaranteeKey(userId, reservation._id) : null, () =>
    unwrap(api.GET('/user/reservation/{id}/card-guarantee', { params: { path: { id: reservation._id } } })), { showError: false });
  const guarantee = read.status === 'ready' ? read.data.data : null;
  if (!guaranteed || !guarantee) return null;
  const fee = format.money(guarantee.feePerGuest);
  const cancelBy = format.dateTime(guarantee.cancelBy);
  const last4 = guarantee.card?.last4;
  const brand = cardBrandName(guarantee.card?.brand);
  const card = last4 ? [brand, `•••• ${last4}`].filter(Boolean).join(' ') : null;
  const value =
    guarantee.status === 'SAVED'
      ? [t`Card saved`, card, t`nothing charged`, t`fee ${fee} a guest if you do not come or cancel after ${cancelBy}`].filter(Boolean).join(' · ')
      : t`No card saved yet`;
  return <FieldList rows={[[t`Card guarantee`, value]]} />;
}
