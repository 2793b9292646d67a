/** docs/PRODUCT.md §9's price lines for what is due now: sub-total, service charge, tax and total. */
import { useLingui } from '@lingui/react/macro';
import type { Reservation } from '../../machines/booking/booking.machine';
import { useFormats } from '../i18n/use-formats';

export function PriceBreakdown({ payment }: { payment: Reservation['payment'] }) {
  const { t } = useLingui();
  const format = useFormats();
  if (payment.amountDue === 0) return <p className="muted">{t`No payment is needed to book this table.`}</p>;
  const { subTotal, serviceCharge, tax, total } = payment.breakdown;
  const heading = payment.prePaymentType === 'DEPOSIT' ? t`Deposit` : t`Prepayment`;
  const rows: [string, number][] = [
    [t`Sub-total`, subTotal],
    ...(serviceCharge ? ([[t`Service charge`, serviceCharge]] as [string, number][]) : []),
    ...(tax ? ([[t`Tax`, tax]] as [string, number][]) : []),
  ];
  return (
    <section aria-label={heading} className="card">
      <h2 className="card__title">{heading}</h2>
      <dl className="summary">
        {rows.map(([label, amount]) => (
          <div key={label} className="summary__row">
            <dt>{label}</dt>
            <dd>{format.money(amount)}</dd>
          </div>
        ))}
        <div className="summary__row summary__row--total">
          <dt>{t`Total`}</dt>
          <dd>{format.money(total)}</dd>
        </div>
      </dl>
    </section>
  );
}
