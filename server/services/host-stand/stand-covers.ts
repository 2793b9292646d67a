/**
 * The pacing limit the stand's covers per 15 minutes stand against (docs/decisions/0016-versioned-setup.md,
 * pacing): the covers per slot of the service a quarter hour falls in, on the service day.
 */
import type { CatalogVenue } from '../booking-rules/venue-catalog';
import { servicesOn } from '../booking-rules/slot-schedule';

/** The most covers that may start in the slot at `startTime` (minutes of the service day), or null with no limit. */
export function pacingLimitAt(entry: CatalogVenue, date: string, startTime: number): number | null {
  const period = servicesOn(entry, date).find((p) => p.startMinute <= startTime && startTime < p.endMinute);
  if (!period) return null;
  return entry.pacing.find((r) => r.periodName === period.name)?.maxCoversPerSlot ?? null;
}
