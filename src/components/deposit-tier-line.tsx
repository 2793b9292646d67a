/**
 * Why a party's deposit is what it is, where a larger party's tier sets it (docs/PRODUCT.md §3, payment policy: a deposit is
 * a flat amount a guest by party size): "From 5 guests the deposit is HK$300 a guest." The wizard's quote and
 * the change form's say it alike, so a guest who adds guests reads why the price rose.
 */
import { useLingui } from '@lingui/react/macro';
import { depositTierFor, type PaymentPolicy } from '../../common/money';
import { useFormats } from '../i18n/use-formats';

export function DepositTierLine({ policy, numberOfGuests }: { policy: Pick<PaymentPolicy, 'prePaymentType' | 'depositPolicy'> | undefined; numberOfGuests: number }) {
  const { t } = useLingui();
  const format = useFormats();
  const tier = policy?.prePaymentType === 'DEPOSIT' ? depositTierFor(policy.depositPolicy, numberOfGuests) : undefined;
  // A tier from one guest is the deposit of every party: nothing to explain.
  if (!tier || tier.minGuestCount <= 1) return null;
  const from = tier.minGuestCount;
  const amount = format.money(tier.price.amount);
  return <p className="muted deposit-tier">{t`From ${from} guests the deposit is ${amount} a guest.`}</p>;
}
