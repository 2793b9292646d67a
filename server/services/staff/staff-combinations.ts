/**
 * The tables joined staff may choose for a party by hand (docs/PRODUCT.md §9, tables joined): the combinations
 * `fittingCombinations` gives staff, the very rule a phone booking or a move with `tableIds` is checked
 * by (staff-bookings.ts), so the picker offers nothing the server refuses for its shape. None when a
 * single table seats the party. Read only; whether they are free is the booking's to find.
 */
import type { DbOrTx } from '../../db/client';
import { combinationName, fittingCombinations } from '../booking-rules/table-fit';
import { loadVenueCatalog, venueOf } from '../booking-rules/venue-catalog';

interface StaffCombination {
  tableIds: string[];
  name: string;
  seatingAreaId: string;
  area: string;
  minGuests: number;
  maxGuests: number;
}

export async function staffCombinations(db: DbOrTx, venueId: string, numberOfGuests: number): Promise<StaffCombination[]> {
  const entry = venueOf(await loadVenueCatalog(db), venueId);
  return fittingCombinations(entry, numberOfGuests, null, 'staff').map((c) => ({
    tableIds: c.tables.map((t) => t.id),
    name: combinationName(c.tables.map((t) => t.name)),
    seatingAreaId: c.seatingAreaId,
    area: entry.areas.find((a) => a.id === c.seatingAreaId)?.name ?? '',
    minGuests: c.minGuests,
    maxGuests: c.maxGuests,
  }));
}
