/**
 * The venues' content in the reader's language. The database keeps English, the source: what
 * server/db/seed.ts wrote (each text marked there, or in common/venues.ts, with `/*i18n*\/` so `npm run
 * extract` puts it in the server catalog) or what staff typed. Answers translate it at the API edge with the
 * request's translator, through the functions here, so handlers stay one call each:
 * `localizeReservation(c.var.i18n, dto)`.
 *
 * A text the catalog does not know (a name staff typed later, say) is shown as written: it is looked up,
 * never compiled as an ICU message, so braces or apostrophes in it cannot change it.
 */
import type { I18n } from '@lingui/core';
import type { AvailabilityDto } from '../../services/venues/availability';
import type { ReservationDto } from '../../services/reservations/reservation-dto';
import { deriveOpeningHours, ENGLISH_HOURS, type HoursFormat, type LoadedVenue, type PeriodHours, type VenueInfo } from '../../services/venues/venue-info';
import { DEFAULT_LOCALE } from '../../../common/locales';
import { catalogText, experienceText, type ExperienceOwnTexts } from '../../../common/experience-text';

/** A stored English text in the reader's language: its translation when the catalog has one, else as written. */
export const localizeText = catalogText;

/** A seating area's name and, when given, its description. */
export function localizeSeatingArea<T extends { name: string; description?: string }>(i18n: I18n, area: T): T {
  const named = { ...area, name: catalogText(i18n, area.name) };
  return area.description === undefined ? named : { ...named, description: catalogText(i18n, area.description) };
}

// ---------------------------------------------------------------------------------------------------
// Opening hours

// 1 January 2024 was a Monday: ISO weekday d is 2024-01-d.
const weekdayDate = (isoWeekday: number) => new Date(Date.UTC(2024, 0, isoWeekday));
const DASH = ' – ';

// Intl formatters are costly to build and the same for every request in a language.
const intlFormats = new Map<string, { weekday: Intl.DateTimeFormat; clock: Intl.DateTimeFormat }>();

function intlFormatsFor(locale: string) {
  let formats = intlFormats.get(locale);
  if (!formats) {
    formats = {
      weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
      clock: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }),
    };
    intlFormats.set(locale, formats);
  }
  return formats;
}

/**
 * Days and times of opening hours in the reader's language. English keeps the contract's 'Mon – Fri' and
 * '10:00 pm'. Elsewhere every day is 'Daily' in the catalog's words, three or more days in a row a range
 * of the language's short weekday names (月 – 金, 週一 – 週五), and times on the 24-hour clock (19:00), as
 * Hong Kong, Japanese, Korean, Chinese and Thai sites list hours.
 */
function hoursFormatFor(i18n: I18n): HoursFormat {
  const locale = i18n.locale;
  if (locale === DEFAULT_LOCALE) return ENGLISH_HOURS;
  const { weekday, clock } = intlFormatsFor(locale);
  const separator = /^(ja|zh)/.test(locale) ? '、' : ', ';
  const name = (day: number) => weekday.format(weekdayDate(day));
  return {
    days(days) {
      const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
      if (sorted.length === 7) return i18n._('Daily');
      const parts: string[] = [];
      // The same runs as the English `formatDays`.
      for (let i = 0; i < sorted.length; ) {
        let j = i;
        while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
        if (j - i >= 2) parts.push(`${name(sorted[i]!)}${DASH}${name(sorted[j]!)}`);
        else for (let k = i; k <= j; k++) parts.push(name(sorted[k]!));
        i = j + 1;
      }
      return parts.join(separator);
    },
    time(minutes) {
      const inDay = ((minutes % 1440) + 1440) % 1440;
      return clock.format(new Date(Date.UTC(2000, 0, 1, 0, inDay)));
    },
    lastSeating: (time) => i18n._(LAST_SEATING, { time }),
  };
}

/** After a service's times, when it has a last seating: the English is ENGLISH_HOURS's. */
const LAST_SEATING = /*i18n*/ '(last seating {time})';

/** Opening hours from service periods in the reader's language: the periods' names, days and times. */
export function localizeOpeningHours(i18n: I18n, periods: readonly PeriodHours[]): VenueInfo['openingHours'] {
  return deriveOpeningHours(periods, hoursFormatFor(i18n)).map((period) => ({ ...period, name: localizeText(i18n, period.name) }));
}

/**
 * `GET /public/venue/by-domain/{domain}`'s answer in the reader's language: the name, description,
 * introduction and address the set-up wrote in that language (each falling back to the English: the
 * catalog's translation of it, else as written), menu names, experiences, seating areas, and opening
 * hours (period names, days and times).
 */
export function localizeVenue(i18n: I18n, { info, periods, texts, experienceTexts }: LoadedVenue): VenueInfo {
  const own = texts?.get(i18n.locale);
  return {
    ...info,
    title: own?.title ?? info.title,
    desc: own?.description ?? localizeText(i18n, info.desc),
    address: own?.address ?? localizeText(i18n, info.address),
    ...(info.introduction === undefined ? {} : { introduction: own?.introduction ?? localizeText(i18n, info.introduction) }),
    // The contract keys menus by `en`; the PDF is the English menu, its label the reader's.
    pdfMenu: info.pdfMenu.map(({ en }) => ({ en: { ...en, name: localizeText(i18n, en.name) } })),
    openingHours: localizeOpeningHours(i18n, periods),
    experiences: info.experiences.map((experience) => experienceText(experience, i18n, experienceTexts?.get(experience._id))),
    seatingAreas: info.seatingAreas.map((area) => localizeSeatingArea(i18n, area)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Booking answers

/** Free time slots: each slot's service period ('Dinner'), and the seating areas they offer. */
export function localizeAvailability(i18n: I18n, availability: AvailabilityDto): AvailabilityDto {
  return {
    ...availability,
    seatingAreas: availability.seatingAreas.map((area) => localizeSeatingArea(i18n, area)),
    ...(availability.membersOnlyAreas && { membersOnlyAreas: availability.membersOnlyAreas.map((area) => localizeSeatingArea(i18n, area)) }),
    ...(availability.membersOnlyTimes && { membersOnlyTimes: availability.membersOnlyTimes.map((time) => ({ ...time, name: localizeText(i18n, time.name) })) }),
    timeslots: availability.timeslots.map((slot) => ({ ...slot, titleStr: localizeText(i18n, slot.titleStr) })),
  };
}

/**
 * A reservation: its experience's name (`experienceText`, from the set-up's own texts: `VenueCatalog.experienceTexts`)
 * and seating area's (the venue's name is kept in every language).
 */
export function localizeReservation(i18n: I18n, reservation: ReservationDto, experienceTexts: ReadonlyMap<string, ExperienceOwnTexts>): ReservationDto {
  return {
    ...reservation,
    experience: experienceText(reservation.experience, i18n, experienceTexts.get(reservation.experience._id)),
    seatingArea: reservation.seatingArea && localizeSeatingArea(i18n, reservation.seatingArea),
  };
}
