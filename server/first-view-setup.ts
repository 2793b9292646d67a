/**
 * The set-up's hours, picture and menus for the first views (issue 24, point 3), beside the venue texts
 * of first-view-content.ts: a language's values by `{domain}:{field}`, each only when it is not what the
 * build rendered (hours once the set-up changed the services, a picture once one was uploaded, menus whose
 * names differ from the build's), so a club that changed nothing keeps the build's page as it is.
 */
import type { I18n } from '@lingui/core';
import type { Db } from './db/client';
import type { venues } from './db/schema';
import { localizeVenue } from './i18n/content';
import { getVenueInfo } from './services/venues/venue-info';
import { VENUES } from '../common/venues';
import { PICTURE_SIZES } from '../common/published-venue-texts';

type VenueRow = typeof venues.$inferSelect;

const BUILT_MENUS = new Map<string, string>(VENUES.map((v) => [v.domain, v.menu.map((m) => m.name).join('\n')]));

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
    // Version 1 is the services as first created: the build's hours still hold.
    if (venue.servicesVersion > 1) values[key('hours')] = hoursText(info.openingHours);
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
