/** A closed day's reason in the guest's words; the staff's own note is never shown to guests. */
import { useLingui } from '@lingui/react/macro';
import type { ClosureReason } from '../../common/validation/closure-validation';

export function useClosedDayText(): (reason: ClosureReason) => string {
  const { t } = useLingui();
  const texts: Record<ClosureReason, string> = {
    PRIVATE_EVENT: t`Closed for a private event`,
    TYPHOON: t`Closed because of a typhoon signal`,
    OTHER: t`Closed on this day`,
  };
  return (reason) => texts[reason];
}
