/**
 * The venues' texts as published in the set-up, put into the first views the build rendered (decision
 * 0006), so a new description shows on the first paint without a rebuild. The build marks each such
 * element `data-fv="{domain}:{field}"` (src/first-view/published-venue-texts.tsx); the page also carries
 * the values as JSON, so the app that takes the view over shows the same.
 *
 * A language gets the set-up's own text when one is written; else, once the English was changed from the
 * build's, the server catalog's translation of the new English (the English itself when the catalog has
 * none); else nothing, and the build's translation stays.
 */
import type { Db } from './db/client';
import type { PagePublisher } from './static-files';
import { venues, venueTexts } from './db/schema';
import { catalogVersion } from './services/booking-rules/venue-catalog';
import { PUBLISHED_TEXTS_ELEMENT_ID, PUBLISHED_TEXT_FIELDS, type PublishedTexts } from '../common/published-venue-texts';
import { VENUES } from '../common/venues';
import type { Locale } from '../common/locales';
import { localizeText } from './routes/localisation/content';
import { translatorFor } from './i18n/translator';
import { setupValues, withPublishedPictures } from './first-view-setup';
import type { Clock } from './lib/clock';
import { hongKongToday } from '../common/time';

const BUILT: Record<string, Record<string, string>> = Object.fromEntries(
  VENUES.map((v) => [v.domain, { description: v.desc, introduction: v.introduction, address: v.address }]),
);

const cache = new WeakMap<Db, { version: number; today: string; byLocale: Map<Locale, PublishedTexts> }>();

/**
 * The texts, hours, picture and menus to put into a language's first views, and the catalog version they
 * are of (read again on a new day too: the hours are those of the services valid that day).
 */
export async function publishedVenueTexts(db: Db, locale: Locale, now: Date = new Date()): Promise<{ version: number; texts: PublishedTexts }> {
  const version = await catalogVersion(db);
  const today = hongKongToday(now);
  let entry = cache.get(db);
  if (!entry || entry.version !== version || entry.today !== today) cache.set(db, (entry = { version, today, byLocale: new Map() }));
  let texts = entry.byLocale.get(locale);
  if (!texts) {
    texts = await readTexts(db, locale, now);
    entry.byLocale.set(locale, texts);
  }
  return { version, texts };
}

async function readTexts(db: Db, locale: Locale, now: Date): Promise<PublishedTexts> {
  const venueRows = await db.select().from(venues);
  const textRows = await db.select().from(venueTexts);
  const texts: PublishedTexts = { locale, values: {} };
  const i18n = translatorFor(locale);
  for (const venue of venueRows) {
    const own = textRows.find((r) => r.venueId === venue.id && r.locale === locale);
    const english: Record<string, string> = { description: venue.description, introduction: venue.introduction, address: venue.address };
    for (const field of PUBLISHED_TEXT_FIELDS) {
      const value = own?.[field] ?? (locale === 'en' || english[field] !== BUILT[venue.domain]?.[field] ? localizeText(i18n, english[field]!) : undefined);
      if (value !== undefined && value !== BUILT[venue.domain]?.[field]) texts.values[`${venue.domain}:${field}`] = value;
    }
  }
  Object.assign(texts.values, await setupValues(db, i18n, venueRows, now));
  return texts;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const MARKED = /(<([a-z]+)\b[^>]*\bdata-fv="([a-z0-9-]+:[a-z]+)"[^>]*>)([^<]*)(<\/\2>)/g;

/** The page with each marked element's text replaced by the published one, and the values as JSON for the app. */
export function withPublishedTexts(page: string, texts: PublishedTexts): string {
  if (Object.keys(texts.values).length === 0) return page;
  const filled = withPublishedPictures(page, texts.values).replace(MARKED, (whole, open: string, _tag, key: string, _text, close: string) => {
    const value = texts.values[key];
    return value === undefined ? whole : `${open}${escapeHtml(value)}${close}`;
  });
  const json = JSON.stringify(texts).replace(/</g, '\\u003c');
  return filled.replace('<div id="root"></div>', `<div id="root"></div><script type="application/json" id="${PUBLISHED_TEXTS_ELEMENT_ID}">${json}</script>`);
}

/** The set-up's texts for server/static-files.ts to put into each language's page. */
export const pagePublisher =
  (db: Db, clock?: Clock): PagePublisher =>
  async (locale) => {
    const { version, texts } = await publishedVenueTexts(db, locale, clock?.now());
    return Object.keys(texts.values).length === 0 ? null : { version, fill: (page) => withPublishedTexts(page, texts) };
  };
