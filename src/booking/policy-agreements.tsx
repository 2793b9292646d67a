/**
 * The booking's policies (its experience's own, else the venue's) the guest agrees to before confirming (docs/PRODUCT.md §5, §9), their placeholders filled
 * from the venue's policy values: cancellation window and fee, fees by party size, no-show fee, minimum
 * spend and maximum party size. Only what applies to the booking: without a payment up front there is no
 * card to charge, so no fee or no-show clause is shown or agreed to (issue 13).
 */
import { useLingui } from '@lingui/react/macro';
import type { VenueDetail } from '../../machines/booking.machine';
import { useFormats } from '../i18n/use-formats';
import { policyOf } from '../../common/experience-policy';

export type AgreementKey = 'cancellationPolicy' | 'noShowPolicy' | 'minimumSpendPolicy' | 'reservationPolicy';

export interface PolicyAgreement {
  key: AgreementKey;
  text: string;
  /** Shown when the guest has not ticked it. */
  required: string;
}

export function usePolicyAgreements(venue: VenueDetail, experienceId: string | null, numberOfGuests: number, paidUpFront: boolean): PolicyAgreement[] {
  const { t } = useLingui();
  const format = useFormats();
  // The experience's own policy when it has one, else the venue's: the texts are written from its values.
  const policy = policyOf(venue, venue.experiences.find((e) => e._id === experienceId));
  const hours = policy.cancellationWindowHours;
  const fee =
    policy.cancellationFee.type === 'PERCENTAGE'
      ? t`${policy.cancellationFee.amount}% of the total`
      : t`${format.money(policy.cancellationFee.amount)} per person`;
  const tier = [...policy.feesByPartySize]
    .sort((a, b) => b.minGuestCount - a.minGuestCount)
    // A tier for parties of one is the plain fee again: only larger parties' tiers add anything.
    .find((f) => f.minGuestCount > 1 && f.minGuestCount <= numberOfGuests);
  const tierText = tier ? ' ' + t`For parties of ${tier.minGuestCount} or more, the fee is ${format.money(tier.amount)} per person.` : '';
  const noShow = format.money(policy.noShowFeePerPerson);
  const maximum = policy.maximumPartySize;

  const cancellationRequired = t`Please agree to cancellation policy`;
  const agreements: PolicyAgreement[] = paidUpFront
    ? [
        {
          key: 'cancellationPolicy',
          text: t`Cancellation policy: cancellations within ${hours} hours of the reservation are charged ${fee}.` + tierText,
          required: cancellationRequired,
        },
        {
          key: 'noShowPolicy',
          text: t`No-show policy: if the party does not arrive, a fee of ${noShow} per person is charged.`,
          required: t`Please agree to the no-show policy`,
        },
      ]
    : [
        {
          key: 'cancellationPolicy',
          text: t`Cancellation policy: please cancel at least ${hours} hours before your reservation, so that we can offer the table to other guests.`,
          required: cancellationRequired,
        },
      ];
  if (policy.minimumSpend) {
    const amount = format.money(policy.minimumSpend.amount);
    agreements.push({
      key: 'minimumSpendPolicy',
      text:
        policy.minimumSpend.type === 'PER_PERSON'
          ? t`Minimum spend: ${amount} per person.`
          : t`Minimum spend: ${amount} for the table.`,
      required: t`Please agree to the minimum spend policy`,
    });
  }
  agreements.push({
    key: 'reservationPolicy',
    text: t`Reservation policy: tables are held for 15 minutes after the booked time. For parties of more than ${maximum} guests, please contact our reservations team.`,
    required: t`Please agree to the reservation policy`,
  });
  return agreements;
}
