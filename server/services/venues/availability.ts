/**
 * Time-slot availability: a look-up costs one statement (the day's busy intervals, the covers at a paced
 * venue, the closures of the day and the set-up's version) and in-memory matching against the cached venue set-up. Creating and changing a reservation reuse the same slot rules
 * (slot-schedule.ts, table-fit.ts) so a slot is bookable exactly when it is offered.
 */
import type { Db } from '../../db/client';
import type { Schema } from '../../lib/api-types';
import { addDays, formatDate, formatTime, hongKongToday, serviceDayStartMs } from '../../../common/time';
import { loadDayBusy } from '../booking-rules/busy-intervals';
import { checkSelection, type Selection } from '../booking-rules/selection-checks';
import { isBookableInTime, scheduledSlots, servicesOn, type ScheduledSlot } from '../booking-rules/slot-schedule';
import { fittingCombinations, fittingTables, groupBusy, isCombinationFree, isTableFree } from '../booking-rules/table-fit';
import { catalogVersion, lastVenueCatalog, venueCatalogAt, type VenueCatalog, type VenueRow } from '../booking-rules/venue-catalog';
import { membersOnlyPeriods, openSlots, type Membership } from '../booking-rules/membership-rules';
import { closuresOn, stayClosure } from '../booking-rules/closures';
import { coversStarting } from '../booking-rules/pacing-covers';
import { noCovers, pacingBreach } from '../booking-rules/pacing';

export interface AvailabilityQuery extends Selection {
  seatingAreaId?: string;
}

export type AvailabilityDto = Schema<'Availability'>;

/**
 * The free time slots of an experience on a service day for a party: scheduled, after the lead time,
 * outside closures, and with a free fitting table; each lists the seating areas that still have one.
 * When closures leave nothing of a day the experience is served, `closure` gives the reason. A guest
 * (`membership`) is answered under the guests' window, without the members' areas and the times of
 * members' services, which `membersOnlyAreas` and `membersOnlyTimes` name so the page can say why.
 *
 * One round trip: the answer is worked out from the set-up this process cached, and the day's statement
 * reads the set-up's version beside the bookings. When a change was published since (in any process),
 * it is worked out again from the set-up at that version, so a published change is used on the next
 * request as everywhere else (docs/decisions/0017).
 */
export async function getAvailability(db: Db, query: AvailabilityQuery, now: Date, membership: Membership = 'guest'): Promise<AvailabilityDto> {
  return (await getAvailabilityUntil(db, query, now, membership)).result;
}

/** An answer and the moment it lapses by the clock alone: `validUntilMs` (decision 0038's cache keeps it until then, or until a change). */
export interface TimedAvailability {
  result: AvailabilityDto;
  validUntilMs: number;
}

/** `getAvailability`'s answer with the moment the clock alone would change it (`lapsesAt`). */
export async function getAvailabilityUntil(db: Db, query: AvailabilityQuery, now: Date, membership: Membership = 'guest'): Promise<TimedAvailability> {
  const last = await lastVenueCatalog(db);
  const answer = await availabilityFrom(db, last.catalog, query, now, membership).catch(async (refusal: unknown) => {
    // A refusal from the cached set-up (a venue or experience added since) stands only if nothing was published.
    if ((await catalogVersion(db)) === last.version) throw refusal;
    return undefined;
  });
  if (answer?.catalogVersion === last.version) return answer;
  const version = answer?.catalogVersion ?? (await catalogVersion(db));
  return availabilityFrom(db, await venueCatalogAt(db, version), query, now, membership);
}

/**
 * The first moment after `now` at which the same bookings give another answer: Hong Kong's next midnight
 * (the booking windows count from today), the next scheduled slot to pass its lead time, or the end of the
 * first hold still running on the days read.
 */
function lapsesAt(venue: VenueRow, scheduled: ScheduledSlot[], nextHoldEndMs: number | null, now: Date): number {
  let until = serviceDayStartMs(addDays(hongKongToday(now), 1));
  const leadMs = venue.minLeadMinutes * 60_000;
  for (const slot of scheduled) {
    const closesAt = slot.startMs - leadMs;
    if (closesAt > now.getTime() && closesAt < until) until = closesAt;
  }
  return nextHoldEndMs !== null && nextHoldEndMs < until ? nextHoldEndMs : until;
}

async function availabilityFrom(
  db: Db,
  catalog: VenueCatalog,
  query: AvailabilityQuery,
  now: Date,
  membership: Membership,
): Promise<TimedAvailability & { catalogVersion: number }> {
  const { entry, experience } = checkSelection(catalog, query, now, 'guest', membership);

  const result: AvailabilityDto = {
    venueId: entry.venue.id,
    experienceId: experience.id,
    date: query.date,
    dateStr: formatDate(query.date),
    numberOfGuests: query.numberOfGuests,
    open: false,
    seatingAreas: [],
    timeslots: [],
  };
  const served = scheduledSlots(entry, experience, query.date, query.numberOfGuests);
  // Whether the experience is served that day at all: 'No Availability' when not, 'No time slot available' when full.
  result.open = served.length > 0;
  const scheduled = openSlots(served, membership);
  const membersTimes = membersOnlyPeriods(served, membership);
  if (membersTimes.length > 0) {
    result.membersOnlyTimes = membersTimes.map((p) => ({
      name: p.name,
      startTime: p.startMinute,
      startTimeStr: formatTime(p.startMinute),
      endTime: p.endMinute,
      endTimeStr: formatTime(p.endMinute),
    }));
  }
  const fitting = fittingTables(entry, query.numberOfGuests, query.seatingAreaId, 'guest', membership);
  if (membership === 'guest') {
    const kept = entry.areas.filter((a) => a.membersOnly);
    if (kept.length > 0) result.membersOnlyAreas = kept.map((a) => ({ _id: a.id, name: a.name, description: a.description }));
  }
  // A party no single table seats may sit at tables joined (docs/PRODUCT.md §9, tables joined).
  const joined = fittingCombinations(entry, query.numberOfGuests, query.seatingAreaId, 'guest', membership);
  const candidates = fitting.length + joined.length === 0 ? [] : scheduled.filter((s) => isBookableInTime(entry.venue, s, now));

  // One statement reads the day's bookings over the slots that may be offered, the covers (at a venue that
  // paces a service), the closures and the set-up's version. With no slot to look at, it reads an empty
  // stretch of the day: the closures and the version still count.
  const paced = entry.pacing.length > 0 && candidates.length > 0;
  const [fromMs, toMs] = candidates.length > 0 ? [Math.min(...candidates.map((s) => s.startMs)), Math.max(...candidates.map((s) => s.endMs))] : [0, 0];
  const day = await loadDayBusy(db, entry.venue.id, query.date, fromMs, toMs, now, { covers: paced });
  const closed = closuresOn(day.closures, query.date);
  const tables = fitting.filter((t) => !closed.areas.has(t.seatingAreaId));
  const services = servicesOn(entry, query.date);
  const combinations = joined.filter((c) => !closed.areas.has(c.seatingAreaId));
  const closure =
    scheduled.length === 0 ? undefined
    : scheduled.every((s) => stayClosure(closed, services, s)) ? stayClosure(closed, services, scheduled[0]!)
    : fitting.length > 0 && tables.length === 0 ? closed.areas.get(fitting[0]!.seatingAreaId)
    : undefined;
  const seats = tables.length + combinations.length;
  if (closure) result.closure = { reason: closure.reason };
  const slots = seats === 0 ? [] : candidates.filter((s) => !stayClosure(closed, services, s));
  const validUntilMs = lapsesAt(entry.venue, scheduled, day.nextHoldEndMs, now);
  if (slots.length === 0) return { result, catalogVersion: day.catalogVersion, validUntilMs };
  const busy = groupBusy(day.busy);
  const covers = paced ? coversStarting(entry, query.date, day.covers) : noCovers();
  const offered = new Set<string>();
  for (const slot of slots) {
    if (pacingBreach(entry.pacing, covers, slot.period, slot.startTime, query.numberOfGuests)) continue;
    const areaIds = new Set<string>();
    for (const table of tables) {
      if (!areaIds.has(table.seatingAreaId) && isTableFree(busy, table.id, slot.startMs, slot.endMs)) areaIds.add(table.seatingAreaId);
    }
    for (const combination of combinations) {
      if (!areaIds.has(combination.seatingAreaId) && isCombinationFree(busy, combination, slot.startMs, slot.endMs)) areaIds.add(combination.seatingAreaId);
    }
    if (areaIds.size === 0) continue;
    result.timeslots.push({
      startTime: slot.startTime,
      startTimeStr: formatTime(slot.startTime),
      duration: slot.duration,
      titleStr: slot.period.name,
      seatingOptions: entry.areas.filter((a) => areaIds.has(a.id)).map((a) => a.id),
    });
    for (const id of areaIds) offered.add(id);
  }
  // Each area is described once, not in every slot that offers it.
  result.seatingAreas = entry.areas.filter((a) => offered.has(a.id)).map((a) => ({ _id: a.id, name: a.name, description: a.description }));
  return { result, catalogVersion: day.catalogVersion, validUntilMs };
}
