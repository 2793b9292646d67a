/**
 * The venue texts the server puts into the app's page (server/first-view-content.ts), which the first
 * views and then the app show (src/first-view/published-venue-texts.tsx). Browser-safe.
 */

/** The fields a venue's page and cards show that the set-up may change. */
export const PUBLISHED_TEXT_FIELDS = ['description', 'introduction', 'address'] as const;
export type PublishedTextField = (typeof PUBLISHED_TEXT_FIELDS)[number];

/**
 * What else the set-up publishes into the first views (docs/decisions/0017-catalog-version.md): the hours
 * derived from its services (one line per service and days), the uploaded picture (its URL and its widths)
 * and the menus' names, under the same `{domain}:{field}` keys.
 */
export const PUBLISHED_SETUP_FIELDS = ['hours', 'menus', 'picture', 'pictureSet'] as const;
export type PublishedField = PublishedTextField | (typeof PUBLISHED_SETUP_FIELDS)[number];

/** How wide a picture is drawn: the phone layout's column (at most 450), or half the wide layout. */
export const PICTURE_SIZES = '(min-width: 768px) 50vw, min(100vw, 450px)';

/** The id of the page's JSON element holding them. */
export const PUBLISHED_TEXTS_ELEMENT_ID = 'published-venue-texts';

/** The page's language, and the texts that differ from the build's, by `{domain}:{field}`. */
export interface PublishedTexts {
  locale: string;
  values: Record<string, string>;
}
