/**
 * The policy texts a guest agrees to (docs/PRODUCT.md §5, §9), written from a policy's values: its
 * cancellation window and fee, the fee of the party's size tier, the no-show fee, the minimum spend and
 * the largest party. One writer for the booking's policy step and the preview the admin reads while
 * setting an experience's policy up, so the two never say different things. Its texts are in the flows'
 * catalog and the staff console's (lingui.config.ts), so a guest's first page never downloads them.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { components } from '../../common/api/schema';
import { feeTierFor } from '../../common/late-cancellation-fee';

type Policy = components['schemas']['VenuePolicy'];

export type AgreementKey = 'cancellationPolicy' | 'noShowPolicy' | 'minimumSpendPolicy' | 'reservationPolicy';

export interface PolicyAgreement {
  key: AgreementKey;
  text: string;
  /** Shown when the guest has not ticked it. */
  required: string;
}

/**
 * A card guarantee's terms in words (docs/decisions/0035-card-guarantee.md), read on the policy step and
 * again beside the card form: one fee for both (the no-show fee per guest, `noShow` as formatted), so the
 * guest reads one sum before saving the card. `cancelBy` is the last moment to cancel free of charge, as
 * the guest reads it; null where no booking is known (the window is said in hours).
 */
export function guaranteeTermsText(i18n: I18n, { noShow, hours, cancelBy }: { noShow: string; hours: number; cancelBy: string | null }): string {
  return cancelBy
    ? i18n._(msg`No charge now. ${noShow} a guest if you do not come or cancel after ${cancelBy}.`)
    : i18n._(msg`No charge now. ${noShow} a guest if you do not come or cancel within ${hours} hours of the reservation.`);
}

/**
 * The texts for a party of `numberOfGuests`. Only what applies: without a payment up front there is no
 * card to charge, so no fee or no-show clause is shown or agreed to; a card guarantee states its one fee.
 */
export function policyTexts(
  i18n: I18n,
  money: (minor: number) => string,
  policy: Policy,
  {
    numberOfGuests,
    paidUpFront,
    guarantee = null,
  }: {
    numberOfGuests: number;
    paidUpFront: boolean;
    /**
     * A card guarantee (docs/decisions/0035-card-guarantee.md): the guest saves a card and pays nothing now;
     * `cancelBy` is the last moment to cancel free of charge, as the guest reads it (null where no booking
     * is known yet, as in the set-up's preview: the window is said in hours).
     */
    guarantee?: { cancelBy: string | null } | null;
  },
): PolicyAgreement[] {
  const hours = policy.cancellationWindowHours;
  const fee =
    policy.cancellationFee.type === 'PERCENTAGE'
      ? i18n._(msg`${policy.cancellationFee.amount}% of the total`)
      : i18n._(msg`${money(policy.cancellationFee.amount)} per person`);
  // The tier the fee charged on cancelling reads too (common/late-cancellation-fee.ts).
  const tier = feeTierFor(policy, numberOfGuests);
  const tierText = tier ? ' ' + i18n._(msg`For parties of ${tier.minGuestCount} or more, the fee is ${money(tier.amount)} per person.`) : '';
  const noShow = money(policy.noShowFeePerPerson);
  const maximum = policy.maximumPartySize;

  const cancellationRequired = i18n._(msg`Please agree to cancellation policy`);
  const guaranteeTerms = (cancelBy: string | null) => guaranteeTermsText(i18n, { noShow, hours, cancelBy });
  const agreements: PolicyAgreement[] = guarantee
    ? [
        {
          key: 'cancellationPolicy',
          text: i18n._(msg`Card guarantee: your card is saved to hold the table.`) + ' ' + guaranteeTerms(guarantee.cancelBy),
          required: cancellationRequired,
        },
      ]
    : paidUpFront
    ? [
        {
          key: 'cancellationPolicy',
          text: i18n._(msg`Cancellation policy: cancellations within ${hours} hours of the reservation are charged ${fee}.`) + tierText,
          required: cancellationRequired,
        },
        {
          key: 'noShowPolicy',
          text: i18n._(msg`No-show policy: if the party does not arrive, a fee of ${noShow} per person is charged.`),
          required: i18n._(msg`Please agree to the no-show policy`),
        },
      ]
    : [
        {
          key: 'cancellationPolicy',
          text: i18n._(msg`Cancellation policy: please cancel at least ${hours} hours before your reservation, so that we can offer the table to other guests.`),
          required: cancellationRequired,
        },
      ];
  if (policy.minimumSpend) {
    const amount = money(policy.minimumSpend.amount);
    agreements.push({
      key: 'minimumSpendPolicy',
      text: policy.minimumSpend.type === 'PER_PERSON' ? i18n._(msg`Minimum spend: ${amount} per person.`) : i18n._(msg`Minimum spend: ${amount} for the table.`),
      required: i18n._(msg`Please agree to the minimum spend policy`),
    });
  }
  agreements.push({
    key: 'reservationPolicy',
    text: i18n._(msg`Reservation policy: tables are held for 15 minutes after the booked time. For parties of more than ${maximum} guests, please contact our reservations team.`),
    required: i18n._(msg`Please agree to the reservation policy`),
  });
  return agreements;
}
