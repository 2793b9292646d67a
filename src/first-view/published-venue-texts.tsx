/**
 * A venue text as the set-up published it: the server puts the changed ones into the page
 * (server/first-view-content.ts) and into the first views, marked by `data-fv`, so the first paint and
 * the app show the same text without a rebuild. Without one, the text the app was built with.
 */
import { useLingui } from '@lingui/react/macro';
import { PUBLISHED_TEXTS_ELEMENT_ID, type PublishedField, type PublishedTexts } from '../../common/published-venue-texts';

let published: PublishedTexts | null | undefined;

function publishedTexts(): PublishedTexts | null {
  if (published === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(PUBLISHED_TEXTS_ELEMENT_ID);
    try {
      published = element?.textContent ? (JSON.parse(element.textContent) as PublishedTexts) : null;
    } catch {
      published = null;
    }
  }
  return published;
}

/** The published text in the reader's language, if the page carries one. */
export function usePublishedVenueText(domain: string, field: PublishedField): string | undefined {
  const { i18n } = useLingui();
  const texts = publishedTexts();
  return texts?.locale === i18n.locale ? texts.values[`${domain}:${field}`] : undefined;
}

/** The marker the server finds the element by in a first view. */
export const publishedMarker = (domain: string, field: PublishedField) => ({ 'data-fv': `${domain}:${field}` });
