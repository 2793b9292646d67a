/** How the staff console names a closure's reason and what it closes. */
import { useLingui } from '@lingui/react/macro';
import type { Closure, ClosureList } from './use-closures';

export function useClosureLabels() {
  const { t } = useLingui();
  const reasons: Record<Closure['reason'], string> = {
    PRIVATE_EVENT: t`Private event`,
    TYPHOON: t`Typhoon signal`,
    OTHER: t`Other`,
  };
  return {
    reasons,
    /** 'Whole venue', the dining area's name, or the service's. */
    scope(closure: Closure, list: ClosureList): string {
      if (closure.scope === 'AREA') return list.seatingAreas.find((a) => a._id === closure.seatingAreaId)?.name ?? t`Dining area`;
      if (closure.scope === 'SERVICE') return list.services.find((s) => s.name === closure.periodName)?.title ?? closure.periodName ?? '';
      return t`Whole venue`;
    },
  };
}
