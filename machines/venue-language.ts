/**
 * The booking chart's venue content in another language. The server answers in the caller's language, so
 * after a language switch the app fetches the venue again and the chart swaps it in; the names it had
 * copied from the venue (a slot's period and dining areas, the held reservation's experience and area)
 * (and the areas' descriptions) are looked up again by id, or by the period's place in the venue's hours.
 */
// From the API's types rather than the booking chart, which imports this module: no import cycle.
import type { OfferedTimeslot } from '../common/api/offered-timeslots';
import type { Schemas, Reservation } from '../common/api/schemas';

type VenueDetail = Schemas['VenueDetail'];
type Timeslot = OfferedTimeslot;

interface VenueCopies {
  venue: VenueDetail | null;
  timeslots: Timeslot[];
  reservation: Reservation | null;
}

export function inVenueLanguage(current: VenueCopies, translated: VenueDetail): VenueCopies {
  const areas = new Map(translated.seatingAreas.map((area) => [area._id, area]));
  const areaName = (area: { _id: string; name: string }) => areas.get(area._id)?.name ?? area.name;
  const experienceName = new Map(translated.experiences.map((experience) => [experience._id, experience.name]));
  const periodName = (title: string) => {
    const index = current.venue?.openingHours.findIndex((period) => period.name === title) ?? -1;
    return translated.openingHours[index]?.name ?? title;
  };
  const reservation = current.reservation;
  return {
    venue: translated,
    timeslots: current.timeslots.map((slot) => ({
      ...slot,
      titleStr: periodName(slot.titleStr),
      seatingOptions: slot.seatingOptions.map((area) => {
        const same = areas.get(area._id);
        return same ? { ...area, name: same.name, description: same.description } : area;
      }),
    })),
    reservation: reservation && {
      ...reservation,
      experience: { ...reservation.experience, name: experienceName.get(reservation.experience._id) ?? reservation.experience.name },
      seatingArea: reservation.seatingArea && {
        ...reservation.seatingArea,
        name: areaName(reservation.seatingArea),
      },
    },
  };
}
