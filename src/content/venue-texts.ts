/**
 * Translations for the venue texts fixed in `common/venues.ts` (desc, introduction, dining hours).
 * That module is shared with the server and stays plain English; here each text becomes a Lingui message,
 * so the catalogs carry them and pages show them in the reader's language.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// Keyed by the English text of venues.ts; a test checks every venue text has an entry.
const VENUE_TEXTS: ReadonlyMap<string, MessageDescriptor> = new Map([
  // Descriptions (docs/PRODUCT.md §3)
  ['All-day Dining', msg`All-day Dining`],
  ['French Contemporary', msg`French Contemporary`],
  ['Chinese', msg`Chinese`],
  ['Whisky Bar', msg`Whisky Bar`],
  // Introductions
  [
    "Le Clos is the club's living room: a bright, walled-garden brasserie on the ground floor that opens for breakfast and stays lively until late. The kitchen turns out rotisserie chicken, market salads and Cantonese comfort dishes side by side, with a wine list built around growers from Burgundy and the Rhône.",
    msg`Le Clos is the club's living room: a bright, walled-garden brasserie on the ground floor that opens for breakfast and stays lively until late. The kitchen turns out rotisserie chicken, market salads and Cantonese comfort dishes side by side, with a wine list built around growers from Burgundy and the Rhône.`,
  ],
  [
    'Bâtard brings a light, modern hand to classic French cooking, drawing on Japanese seafood, Brittany butter and vegetables from farms in the New Territories. The seasonal tasting menu changes with the market, and the sommelier keeps a deep cellar of grower Champagne and white Burgundy.',
    msg`Bâtard brings a light, modern hand to classic French cooking, drawing on Japanese seafood, Brittany butter and vegetables from farms in the New Territories. The seasonal tasting menu changes with the market, and the sommelier keeps a deep cellar of grower Champagne and white Burgundy.`,
  ],
  [
    'Hop Sze serves heritage Cantonese cooking with the care of a family kitchen: wok-fried dishes with real wok hei, slow-braised soups and roast meats from our own charcoal oven. Dinner is served in two seatings, and our private rooms welcome larger celebrations.',
    msg`Hop Sze serves heritage Cantonese cooking with the care of a family kitchen: wok-fried dishes with real wok hei, slow-braised soups and roast meats from our own charcoal oven. Dinner is served in two seatings, and our private rooms welcome larger celebrations.`,
  ],
  [
    'Obe is a quiet, wood-panelled bar at the top of the house with more than three hundred whiskies, from Islay and Speyside to rare Japanese single malts. Sit at the counter for a guided flight, or settle into the lounge with a highball and a plate of bar snacks.',
    msg`Obe is a quiet, wood-panelled bar at the top of the house with more than three hundred whiskies, from Islay and Speyside to rare Japanese single malts. Sit at the counter for a guided flight, or settle into the lounge with a highball and a plate of bar snacks.`,
  ],
  // Dining hours: titles
  ['Breakfast', msg`Breakfast`],
  ['Lunch', msg`Lunch`],
  ['Dinner', msg`Dinner`],
  ['Supper', msg`Supper`],
  ['Dinner – First Seating', msg`Dinner – First Seating`],
  ['Dinner – Second Seating', msg`Dinner – Second Seating`],
  ['Online Reservations', msg`Online Reservations`],
  ['Private Rooms', msg`Private Rooms`],
  ['Monday, Tuesday & Sunday', msg`Monday, Tuesday & Sunday`],
  ['Wednesday to Saturday', msg`Wednesday to Saturday`],
  // Dining hours: descriptions
  ['Monday to Friday, 8:00 am – 11:00 am', msg`Monday to Friday, 8:00 am – 11:00 am`],
  ['Daily, 11:00 am – 5:00 pm', msg`Daily, 11:00 am – 5:00 pm`],
  ['Daily, 5:00 pm – 10:00 pm', msg`Daily, 5:00 pm – 10:00 pm`],
  ['Tuesday to Saturday, 10:00 pm – 1:00 am', msg`Tuesday to Saturday, 10:00 pm – 1:00 am`],
  ['Daily, 12:00 pm – 3:30 pm', msg`Daily, 12:00 pm – 3:30 pm`],
  ['Daily, 6:00 pm – 11:00 pm', msg`Daily, 6:00 pm – 11:00 pm`],
  ['Daily, 6:00 pm – 8:00 pm', msg`Daily, 6:00 pm – 8:00 pm`],
  ['Daily, 8:30 pm – 10:30 pm', msg`Daily, 8:30 pm – 10:30 pm`],
  ['For parties of 2 to 7 guests', msg`For parties of 2 to 7 guests`],
  [
    'For parties of 8 or more, please contact our reservations team',
    msg`For parties of 8 or more, please contact our reservations team`,
  ],
  ['5:00 pm – 12:00 am', msg`5:00 pm – 12:00 am`],
  ['5:00 pm – 2:00 am', msg`5:00 pm – 2:00 am`],
]);

/** Whether a venue text has a message (for the test that keeps this table in step with venues.ts). */
export function hasVenueText(text: string): boolean {
  return VENUE_TEXTS.has(text);
}

/** A venue text in the active language; an unknown text is shown as written. */
export function venueText(i18n: I18n, text: string): string {
  const descriptor = VENUE_TEXTS.get(text);
  return descriptor ? i18n._(descriptor) : text;
}
