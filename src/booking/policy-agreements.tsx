/**
 * The booking's policies (its experience's own, else the venue's) the guest agrees to before confirming
 * (docs/PRODUCT.md §5, §9), written by `policyTexts` (policy-texts.ts) from the policy's values for the
 * booking's party: only what applies to the booking.
 */
import { useLingui } from '@lingui/react';
import type { VenueDetail } from '../../machines/booking/booking.machine';
import { useFormats } from '../i18n/use-formats';
import { policyOf } from '../../common/experience-policy';
import { serviceDateTime } from '../../common/time';
import { policyTexts, type PolicyAgreement } from './policy-texts';

export type { AgreementKey } from './policy-texts';

/**
 * `booking` is the held booking's service day and start (null before one is held): a guaranteed
 * experience's texts name the last moment to cancel free of charge (its start less the policy's window).
 */
export function usePolicyAgreements(
  venue: VenueDetail,
  experienceId: string | null,
  booking: { numberOfGuests: number; start: { date: string; startTime: number } | null },
  paidUpFront: boolean,
): PolicyAgreement[] {
  const { i18n } = useLingui();
  const format = useFormats();
  const experience = venue.experiences.find((e) => e._id === experienceId);
  // The experience's own policy when it has one, else the venue's: the texts are written from its values.
  const policy = policyOf(venue, experience);
  const startMs = booking.start ? serviceDateTime(booking.start.date, booking.start.startTime).getTime() : null;
  const cancelBy = startMs === null ? null : format.dateTime(new Date(startMs - policy.cancellationWindowHours * 3_600_000));
  const guarantee = experience?.prePaymentType === 'GUARANTEE' ? { cancelBy } : null;
  return policyTexts(i18n, format.money, policy, { numberOfGuests: booking.numberOfGuests, paidUpFront, guarantee });
}
