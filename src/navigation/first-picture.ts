/**
 * The picture a page shows first (its largest paint), named here so the start can fetch it beside the
 * page's code instead of after the page has rendered (src/main.tsx).
 */
import { HOME_PICTURE, venuePicture } from '../content/venue-images';
import { VENUES } from '../../common/venues';
import type { PageName } from './routes';

export function firstPicture(page: PageName, query: Readonly<Record<string, string>>): string | undefined {
  switch (page) {
    case 'index':
    case 'home':
      return HOME_PICTURE;
    case 'venue':
      return VENUES[0] && venuePicture(VENUES[0].domain);
    case 'venue-detail':
      return venuePicture((query.domain ?? '').trim().toLowerCase());
    default:
      return undefined;
  }
}

/** Asks for a picture at high priority now; the page's <img> of the same address then finds it loaded. */
export function preloadPicture(src: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.fetchPriority = 'high';
  document.head.append(link);
}
