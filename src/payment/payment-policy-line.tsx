/** One line on what an experience asks for up front: nothing, a deposit, prepayment, or a card kept (a guarantee). */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { VenueDetail } from '../../machines/booking/booking.machine';
import { useFormats } from '../i18n/use-formats';

type Experience = VenueDetail['experiences'][number];

export function PaymentPolicyLine({ experience }: { experience: Experience }) {
  const { t } = useLingui();
  const format = useFormats();
  const minutes = experience.durationMinutes;
  const duration = plural(minutes, { one: '# minute', other: '# minutes' });
  let payment: string;
  if (experience.prePaymentType === 'PREPAYMENT') {
    const price = format.money(experience.price.price.amount);
    payment = t`Prepaid: ${price} per guest, plus service charge`;
  } else if (experience.prePaymentType === 'DEPOSIT' && experience.depositPolicy.length > 0) {
    const from = format.money(Math.min(...experience.depositPolicy.map((tier) => tier.price.amount)));
    payment = t`Deposit from ${from} per guest`;
  } else if (experience.prePaymentType === 'GUARANTEE') {
    payment = t`No charge to book: a card is saved to hold the table`;
  } else {
    payment = t`No payment needed to book`;
  }
  return (
    <span className="card__meta">
      {duration} · {payment}
    </span>
  );
}
