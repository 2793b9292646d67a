/**
 * The venue texts the server puts into the app's page (server/first-view-content.ts), which the first
 * views and then the app show (src/first-view/published-venue-texts.tsx). Browser-safe.
 */

/** The fields a venue's page and cards show that the set-up may change. */
export const PUBLISHED_TEXT_FIELDS = ['description', 'introduction', 'address'] as const;
export type PublishedTextField = (typeof PUBLISHED_TEXT_FIELDS)[number];

/** The id of the page's JSON element holding them. */
export const PUBLISHED_TEXTS_ELEMENT_ID = 'published-venue-texts';

/** The page's language, and the texts that differ from the build's, by `{domain}:{field}`. */
export interface PublishedTexts {
  locale: string;
  values: Record<string, string>;
}
