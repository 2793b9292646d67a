/**
 * A venue as `GET /public/venue/by-domain/{domain}` returns it: the venue row with its menus, experiences,
 * seating areas, and opening hours derived from its service periods (the one source of truth for hours).
 */
import { windowsOf } from '../../../common/membership-rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experiences, experienceTexts, menus, seatingAreas, servicePeriods, venues, venueTexts } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { formatTime } from '../../../common/time';
import { hongKongToday } from '../../../common/time';
import { MENU_URL_PREFIX } from '../../../common/venues';
import { groupExperienceTexts, type ExperienceOwnTexts } from '../../../common/experience-text';
import { venuePictureOf } from '../venue-setup/venue-pictures';
import { catalogVersion } from '../booking-rules/venue-catalog';
import { periodsValidOn, type ValidityRange } from '../booking-rules/service-validity';

/** The `data` of `GET /public/venue/by-domain/{domain}`. */
export type VenueInfo = Schema<'VenueDetail'>;

/** docs/PRODUCT.md §3: one service period (e.g. 'Breakfast') and its hours by days. */
export type OpeningHours = VenueInfo['openingHours'][number];

/** A service period as far as opening hours care. */
export interface PeriodHours {
  name: string;
  /** ISO weekdays, 1 Monday ... 7 Sunday. */
  daysOfWeek: readonly number[];
  startMinute: number;
  endMinute: number;
  /** The last start offered, shown beside the times when set. */
  lastSeatingMinute?: number | null;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const DASH = ' – ';

/**
 * Names a set of ISO weekdays: 'Daily', 'Mon – Fri', 'Wed', 'Sat, Sun', 'Mon, Tue, Sun'. The week runs
 * Monday to Sunday without wrapping, as the venues print their hours.
 */
export function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'Daily';
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const first = DAY_NAMES[sorted[i]! - 1]!;
    const last = DAY_NAMES[sorted[j]! - 1]!;
    // Three or more days in a row read as a range; two stay a list ('Sat, Sun').
    if (j - i >= 2) parts.push(`${first}${DASH}${last}`);
    else for (let k = i; k <= j; k++) parts.push(DAY_NAMES[sorted[k]! - 1]!);
    i = j + 1;
  }
  return parts.join(', ');
}

/** How opening hours write a set of days and a time of day: docs/PRODUCT.md §9's English by default. */
export interface HoursFormat {
  days(days: readonly number[]): string;
  time(minutes: number): string;
  /** '(last seating 2:30 pm)' after a service's times. */
  lastSeating(time: string): string;
}

/** 'Mon – Fri', '10:00 pm': the contract's examples. */
export const ENGLISH_HOURS: HoursFormat = { days: formatDays, time: formatTime, lastSeating: (time) => `(last seating ${time})` };

/**
 * Opening hours from service periods, in the order given: one entry per period name, and within it one
 * line per group of days that share the same times (a day with several ranges lists them all). Names are
 * the periods' own; `format` writes the days and times (server/routes/localisation/content.ts has one per language).
 */
export function deriveOpeningHours(periods: readonly PeriodHours[], format: HoursFormat = ENGLISH_HOURS): OpeningHours[] {
  const byName = new Map<string, Map<number, { start: number; end: number; last: number | null }[]>>();
  for (const period of periods) {
    let days = byName.get(period.name);
    if (!days) byName.set(period.name, (days = new Map()));
    for (const day of period.daysOfWeek) {
      const ranges = days.get(day) ?? [];
      ranges.push({ start: period.startMinute, end: period.endMinute, last: period.lastSeatingMinute ?? null });
      days.set(day, ranges);
    }
  }
  return [...byName].map(([name, days]) => {
    // Group days by the exact text of their times, kept in the order of each group's first weekday.
    const groups = new Map<string, number[]>();
    for (const day of [...days.keys()].sort((a, b) => a - b)) {
      const times = days
        .get(day)!
        .slice()
        .sort((a, b) => a.start - b.start || a.end - b.end)
        .map((r) => `${format.time(r.start)}${DASH}${format.time(r.end)}${r.last === null ? '' : ` ${format.lastSeating(format.time(r.last))}`}`)
        .filter((t, i, all) => all.indexOf(t) === i)
        .join(', ');
      groups.set(times, [...(groups.get(times) ?? []), day]);
    }
    return { name, hours: [...groups].map(([times, groupDays]) => ({ name: format.days(groupDays), times })) };
  });
}

/**
 * A venue as stored, in English: the answer, and the service periods its opening hours come from, so
 * they can be written again in the reader's language (`localizeVenue` in server/routes/localisation/content.ts).
 */
export interface LoadedVenue {
  info: VenueInfo;
  periods: PeriodHours[];
  /** The venue's texts in the languages beside English, by locale; a null field falls back to English. */
  texts?: Map<string, VenueTexts>;
  /** Its experiences' own texts beside English, by experience id (common/experience-text.ts). */
  experienceTexts?: Map<string, ExperienceOwnTexts>;
}

/** A venue's texts in one language as the set-up wrote them (null: not written). */
export interface VenueTexts {
  title: string | null;
  description: string | null;
  introduction: string | null;
  address: string | null;
}

async function loadVenueInfo(db: Db, domain: string): Promise<LoadedVenue | null> {
  const [venue] = await db.select().from(venues).where(eq(venues.domain, domain)).limit(1);
  if (!venue) return null;
  const [periodRows, menuRows, experienceRows, areaRows, textRows, picture] = await Promise.all([
    db
      .select()
      .from(servicePeriods)
      .where(eq(servicePeriods.venueId, venue.id))
      .orderBy(asc(servicePeriods.sortOrder), asc(servicePeriods.startMinute)),
    db.select().from(menus).where(eq(menus.venueId, venue.id)).orderBy(asc(menus.sortOrder), asc(menus.name)),
    db
      .select()
      .from(experiences)
      // Retired experiences are not offered; their bookings still name them.
      .where(and(eq(experiences.venueId, venue.id), eq(experiences.active, true)))
      .orderBy(asc(experiences.sortOrder), asc(experiences.name)),
    db
      .select()
      .from(seatingAreas)
      .where(eq(seatingAreas.venueId, venue.id))
      .orderBy(asc(seatingAreas.sortOrder), asc(seatingAreas.name)),
    db.select().from(venueTexts).where(eq(venueTexts.venueId, venue.id)),
    venuePictureOf(db, venue.id),
  ]);
  const info: VenueInfo = {
    _id: venue.id,
    domain: venue.domain,
    title: venue.title,
    desc: venue.description,
    address: venue.address,
    introduction: venue.introduction,
    ...(picture ? { picture } : {}),
    maximum: venue.maxPartySize,
    onlineMinGuests: venue.onlineMinGuests,
    onlineMaxGuests: venue.onlineMaxGuests,
    requiresPhoneVerification: venue.requiresPhoneVerification,
    reservationsPhone: venue.reservationsPhone,
    reservationsEmail: venue.reservationsEmail,
    policy: venue.policy,
    pdfMenu: menuRows.map((m) => ({ en: { name: m.name, file: { url: `${MENU_URL_PREFIX}${m.fileName}` } } })),
    openingHours: deriveOpeningHours(periodRows),
    experiences: experienceRows.map((e) => ({
      _id: e.id,
      name: e.name,
      description: e.description,
      durationMinutes: e.durationMinutes,
      membersOnly: e.membersOnly,
      minGuests: e.minGuests,
      maxGuests: e.maxGuests,
      daysOfWeek: e.daysOfWeek,
      policy: e.policy,
      ...windowsOf(venue, e),
      prePaymentType: e.prePaymentType,
      price: {
        price: { amount: e.priceAmount },
        serviceChargePercentage: e.serviceChargePercentage,
        taxPercentage: e.taxPercentage,
      },
      depositPolicy: e.depositPolicy.map((tier) => ({
        minGuestCount: tier.minGuestCount,
        price: { amount: tier.price.amount },
      })),
    })),
    seatingAreas: areaRows.map((a) => ({ _id: a.id, name: a.name, description: a.description, membersOnly: a.membersOnly })),
  };
  const ownTexts = experienceRows.length
    ? await db.select().from(experienceTexts).where(inArray(experienceTexts.experienceId, experienceRows.map((e) => e.id)))
    : [];
  return {
    info,
    periods: periodRows,
    texts: new Map(textRows.map((row) => [row.locale, row])),
    experienceTexts: groupExperienceTexts(ownTexts),
  };
}

/** The venue as guests read it on `date`: only the services valid that day, in its hours. */
function onDate(venue: LoadedVenue, date: string): LoadedVenue {
  const periods = periodsValidOn(venue.periods as (PeriodHours & ValidityRange)[], date);
  return { ...venue, periods, info: { ...venue.info, openingHours: deriveOpeningHours(periods) } };
}

/** How long a cached venue is trusted, so an edit made by another process shows within a minute. */
export const VENUE_CACHE_TTL_MS = 60_000;

interface CacheEntry {
  loadedAt: number;
  /** The catalog version it was read at: a published change reads it again (venue-catalog.ts). */
  version: number;
  value: Promise<LoadedVenue | null>;
}

// Keyed by database so two apps in one process (tests, say) never see each other's venues.
const cache = new WeakMap<Db, Map<string, CacheEntry>>();

/**
 * The venue with `domain` (already normalised: trimmed, lower case), in English, or null for an unknown
 * one; answers go through `localizeVenue` (server/routes/localisation/content.ts). Found
 * venues are cached per database for `VENUE_CACHE_TTL_MS`, or until a set-up change is published;
 * unknown names are not, so random names cannot grow the cache. Its hours are those valid on `now`'s day.
 */
export async function getVenueInfo(db: Db, domain: string, now: Date): Promise<LoadedVenue | null> {
  const today = hongKongToday(now);
  const version = await catalogVersion(db);
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(domain);
  if (hit && hit.version === version && now.getTime() - hit.loadedAt < VENUE_CACHE_TTL_MS && now.getTime() >= hit.loadedAt) {
    const venue = await hit.value;
    return venue && onDate(venue, today);
  }

  const value = loadVenueInfo(db, domain);
  const entries = perDb;
  entries.set(domain, { loadedAt: now.getTime(), version, value });
  // Only drop our own entry: a newer load may have replaced it meanwhile.
  const forget = () => {
    if (entries.get(domain)?.value === value) entries.delete(domain);
  };
  try {
    const venue = await value;
    if (!venue) forget();
    return venue && onDate(venue, today);
  } catch (err) {
    forget();
    throw err;
  }
}
