/**
 * The booking's policies (its experience's own, else the venue's) the guest agrees to before confirming
 * (docs/PRODUCT.md §5, §9), written by `policyTexts` (policy-texts.ts) from the policy's values for the
 * booking's party: only what applies to the booking.
 */
import { useLingui } from '@lingui/react';
import type { VenueDetail } from '../../machines/booking/booking.machine';
import { useFormats } from '../i18n/use-formats';
import { policyOf } from '../../common/experience-policy';
import { policyTexts, type PolicyAgreement } from './policy-texts';

export type { AgreementKey } from './policy-texts';

export function usePolicyAgreements(venue: VenueDetail, experienceId: string | null, numberOfGuests: number, paidUpFront: boolean): PolicyAgreement[] {
  const { i18n } = useLingui();
  const format = useFormats();
  // The experience's own policy when it has one, else the venue's: the texts are written from its values.
  return policyTexts(i18n, format.money, policyOf(venue, venue.experiences.find((e) => e._id === experienceId)), { numberOfGuests, paidUpFront });
}
