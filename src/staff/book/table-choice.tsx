/**
 * The table pickers' choice of tables joined (docs/PRODUCT.md §9, tables joined): the combinations the server
 * offers staff for the party (GET /admin/venue/{venueId}/table-combinations, the rule a booking with
 * `tableIds` is checked by), shown after the single tables, and the choice as the call sends it.
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import type { components } from '../../../common/api/schema';
import { useApiQuery } from '../../api/use-api-query';
import { staffTableCombinationsKey } from '../../api/query-keys';
import { STAFF_MAX_GUESTS } from '../../../common/validation/staff-booking-validation';
import { staffApi } from '../staff-api';

type StaffCombination = components['schemas']['StaffCombination'];

// A combination's option carries its tables' ids joined by this: no id contains it.
const JOIN = '+';

const loadCombinations = async (venueId: string, guests: number): Promise<StaffCombination[]> =>
  (await unwrap(staffApi.GET('/admin/venue/{venueId}/table-combinations', { params: { path: { venueId }, query: { guests } } }))).data;

/** The tables joined staff may choose for the party (none while the party is not a size staff may book). */
export function useTableCombinations(venueId: string, guests: number): StaffCombination[] {
  const valid = Number.isInteger(guests) && guests >= 1 && guests <= STAFF_MAX_GUESTS;
  const read = useApiQuery(valid ? staffTableCombinationsKey(venueId, guests) : null, () => loadCombinations(venueId, guests), { showError: false });
  return valid && read.status === 'ready' ? read.data : [];
}

/** The combinations as options of the table picker, in a group of their own. */
export function CombinationOptions({ combinations }: { combinations: readonly StaffCombination[] }) {
  const { t } = useLingui();
  if (combinations.length === 0) return null;
  return (
    <optgroup label={t`Tables joined`}>
      {combinations.map((c) => (
        <option key={c.tableIds.join(JOIN)} value={c.tableIds.join(JOIN)}>{`${c.name} · ${c.area} (${c.minGuests}–${c.maxGuests})`}</option>
      ))}
    </optgroup>
  );
}

/** The picker's value as the call sends it: one table, tables joined, or neither (any free table). */
export function tableChoice(value: string): { tableId: string } | { tableIds: string[] } | Record<string, never> {
  if (!value) return {};
  return value.includes(JOIN) ? { tableIds: value.split(JOIN) } : { tableId: value };
}
