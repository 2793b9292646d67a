/**
 * The pictures the app ships for its venues and Home (drawn by scripts/venue-art.ts). `?no-inline` keeps
 * each a file of its own, fetched only by the pages that show it, never folded into the JavaScript.
 */
import batard from '../assets/venues/batard.svg?no-inline';
import home from '../assets/venues/home.svg?no-inline';
import hopsze from '../assets/venues/hopsze.svg?no-inline';
import leclos from '../assets/venues/leclos.svg?no-inline';
import obe from '../assets/venues/obe.svg?no-inline';

/** Every picture's drawn size (3:2), so the page keeps its room before it loads. */
export const PICTURE_WIDTH = 1200;
export const PICTURE_HEIGHT = 800;

const VENUE_PICTURES: Readonly<Record<string, string>> = { leclos, batard, hopsze, obe };

export const HOME_PICTURE = home;

/** A venue's picture by its domain; none for a venue the app has no picture of. */
export function venuePicture(domain: string): string | undefined {
  return VENUE_PICTURES[domain];
}
