/**
 * The set-up's hours, picture and menus for the first views (docs/decisions/0006-first-views.md), beside the venue texts
 * of first-view-content.ts: a language's values by `{domain}:{field}`, each only when it is not what the
 * build rendered (hours that differ from the build's, a picture once one was uploaded, menus whose names
 * differ from the build's), so a club that changed nothing keeps the build's page as it is.
 */
import type { I18n } from '@lingui/core';
import type { Db } from './db/client';
import type { venues } from './db/schema';
import { DEMO_VENUES } from './db/demo/demo-venues';
import { localizeOpeningHours, localizeVenue } from './routes/localisation/content';
import { getVenueInfo, type PeriodHours } from './services/venues/venue-info';
import { lastSeatingOf } from './services/venue-setup/venue-services';
import { VENUES } from '../common/venues';
import { PICTURE_SIZES } from '../common/published-venue-texts';

type VenueRow = typeof venues.$inferSelect;

const BUILT_MENUS = new Map<string, string>(VENUES.map((v) => [v.domain, v.menu.map((m) => m.name).join('\n')]));

type ServiceHours = PeriodHours & { intervalMinutes: number };

/**
 * The services the build's hours describe: the demo venues' as the first start creates them
 * (server/db/demo-venues.ts). The build writes those hours by hand, so the set-up's hours are compared
 * with these services' hours derived the same way, not with the build's words, and not by the services'
 * version (changed and changed back is the build's again; a venue made later has no built hours).
 */
const BUILT_SERVICES = new Map<string, ServiceHours[]>(
  Object.entries(DEMO_VENUES).map(([domain, seed]) => [
    domain,
    seed.periods.map((p) => ({ name: p.name, daysOfWeek: p.days, startMinute: p.start, endMinute: p.end, lastSeatingMinute: null, intervalMinutes: p.interval })),
  ]),
);

/**
 * The hours to compare, each service with the last seating the set-up page shows for one without
 * (`lastSeatingOf`): the demo's services published again unchanged store it, and are still the build's.
 */
const comparedHours = (i18n: I18n, services: readonly ServiceHours[]) =>
  hoursText(localizeOpeningHours(i18n, services.map((s) => ({ ...s, lastSeatingMinute: lastSeatingOf(s) }))));

/** The hours as one line per service and days ("Lunch: Every day 11:00 am – 5:00 pm"), as the first view shows them. */
const hoursText = (hours: { name: string; hours: { name: string; times: string }[] }[]) =>
  hours.flatMap((period) => period.hours.map((line) => `${period.name}: ${line.name} ${line.times}`)).join('\n');

export async function setupValues(db: Db, i18n: I18n, venueRows: readonly VenueRow[], now: Date): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const venue of venueRows) {
    const loaded = await getVenueInfo(db, venue.domain, now);
    if (!loaded) continue;
    const info = localizeVenue(i18n, loaded);
    const key = (field: string) => `${venue.domain}:${field}`;
    const built = BUILT_SERVICES.get(venue.domain);
    // The loaded periods are the venue's service rows valid now (getVenueInfo), interval included.
    if (!built || comparedHours(i18n, loaded.periods as ServiceHours[]) !== comparedHours(i18n, built)) values[key('hours')] = hoursText(info.openingHours);
    if (info.picture) {
      values[key('picture')] = info.picture.src;
      values[key('pictureSet')] = info.picture.srcset;
    }
    if (loaded.info.pdfMenu.map((m) => m.en.name).join('\n') !== BUILT_MENUS.get(venue.domain)) {
      values[key('menus')] = info.pdfMenu.map((m) => m.en.name).join(' · ');
    }
  }
  return values;
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const MARKED_PICTURE = /<img\b[^>]*\bdata-fv="([a-z0-9-]+):picture"[^>]*>/g;

/** Each marked picture with the uploaded one's URL and widths (the build's `srcset` and `sizes` replaced). */
export function withPublishedPictures(page: string, values: Readonly<Record<string, string>>): string {
  return page.replace(MARKED_PICTURE, (img, domain: string) => {
    const src = values[`${domain}:picture`];
    if (src === undefined) return img;
    const set = values[`${domain}:pictureSet`];
    const rest = img.replace(/\s(?:src|srcset|sizes)="[^"]*"/g, '').replace(/^<img\b/, '');
    const widths = set ? ` srcset="${escapeAttribute(set)}" sizes="${PICTURE_SIZES}"` : '';
    return `<img src="${escapeAttribute(src)}"${widths}${rest}`;
  });
}
