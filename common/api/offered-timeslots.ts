/**
 * The availability answer names each slot's dining areas by id and describes them once; the app holds
 * each slot with its areas resolved, as the seating step shows them.
 */
import type { Schemas } from './schemas';

/** A free time with the dining areas that have a table then. */
export type OfferedTimeslot = Omit<Schemas['Timeslot'], 'seatingOptions'> & { seatingOptions: Schemas['SeatingArea'][] };

export function offeredTimeslots(availability: Pick<Schemas['Availability'], 'seatingAreas' | 'timeslots'>): OfferedTimeslot[] {
  const areas = new Map(availability.seatingAreas.map((area) => [area._id, area]));
  return availability.timeslots.map((slot) => ({
    ...slot,
    seatingOptions: slot.seatingOptions.flatMap((id) => areas.get(id) ?? []),
  }));
}

/** The free times with their areas, and the services only members may book (none answering a member): as the change form offers a day. */
export function offeredDay(availability: Pick<Schemas['Availability'], 'seatingAreas' | 'timeslots' | 'membersOnlyTimes'>) {
  return { timeslots: offeredTimeslots(availability), membersOnlyTimes: availability.membersOnlyTimes ?? [] };
}
