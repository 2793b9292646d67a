/**
 * The four venues as the client knows them without asking the server (docs/PRODUCT.md §3 "Venue (fixed in the
 * client)"). The server seeds its `venues` rows from the same ids, domains and titles, so the two agree.
 * Imported by the browser bundle: no Node imports here.
 */

/** docs/PRODUCT.md §9: the largest party bookable at any venue; larger parties contact the reservations team. */
export const MAX_PARTY_SIZE = 10;

/** The venue slugs of docs/PRODUCT.md §3's table. */
export type VenueDomain = 'leclos' | 'batard' | 'hopsze' | 'obe';

/** A PDF menu: `url` is served by the server at `/public/menu/{fileName}`. */
export interface VenueMenuLink {
  name: string;
  url: string;
}

/** One line of a venue's dining hours, e.g. `{ title: 'Lunch', desc: 'Daily, 12:00 pm – 3:30 pm' }`. */
export interface DiningHoursEntry {
  title: string;
  desc: string;
}

/** A venue's fixed client-side data, field names as in docs/PRODUCT.md §3. */
export interface Venue {
  title: string;
  domain: VenueDomain;
  /** The venue id: 24 hex characters, the same as the server's `venues.id`. */
  value: string;
  desc: string;
  address: string;
  menu: readonly VenueMenuLink[];
  maximum: number;
  introduction: string;
  diningHours: readonly DiningHoursEntry[];
}

/** Where the server serves menu PDFs; the seed strips this prefix to get each menu's file name. */
export const MENU_URL_PREFIX = '/public/menu/';

const menuUrl = (fileName: string) => `${MENU_URL_PREFIX}${fileName}`;

// One building in Central; each venue on its own floor.
const BUILDING = 'Aldrich House, 12 Ice House Street, Central, Hong Kong';

/**
 * The four venues in display order. The descriptions and menu names the server seeds and serves are
 * marked `/*i18n*\/` for its catalog (the app translates its own copies in src/content/venue-texts.ts).
 */
export const VENUES: readonly Venue[] = [
  {
    title: 'Le Clos',
    domain: 'leclos',
    value: '6650a1c0e4b0a1b2c3d40001',
    desc: /*i18n*/ 'All-day Dining',
    address: `G/F, ${BUILDING}`,
    menu: [
      { name: /*i18n*/ 'All-Day Menu', url: menuUrl('leclos-all-day.pdf') },
      { name: /*i18n*/ 'Breakfast Menu', url: menuUrl('leclos-breakfast.pdf') },
      { name: /*i18n*/ 'Supper Menu', url: menuUrl('leclos-supper.pdf') },
    ],
    maximum: MAX_PARTY_SIZE,
    introduction:
      /*i18n*/ "Le Clos is the club's living room: a bright, walled-garden brasserie on the ground floor that opens for breakfast and stays lively until late. The kitchen turns out rotisserie chicken, market salads and Cantonese comfort dishes side by side, with a wine list built around growers from Burgundy and the Rhône.",
    diningHours: [
      { title: 'Breakfast', desc: 'Monday to Friday, 8:00 am – 11:00 am' },
      { title: 'Lunch', desc: 'Daily, 11:00 am – 5:00 pm' },
      { title: 'Dinner', desc: 'Daily, 5:00 pm – 10:00 pm' },
      { title: 'Supper', desc: 'Tuesday to Saturday, 10:00 pm – 1:00 am' },
    ],
  },
  {
    title: 'Bâtard',
    domain: 'batard',
    value: '6650a1c0e4b0a1b2c3d40002',
    desc: /*i18n*/ 'French Contemporary',
    address: `2/F, ${BUILDING}`,
    menu: [
      { name: /*i18n*/ 'Tasting Menu', url: menuUrl('batard-tasting.pdf') },
      { name: /*i18n*/ 'À la Carte', url: menuUrl('batard-a-la-carte.pdf') },
    ],
    maximum: MAX_PARTY_SIZE,
    introduction:
      /*i18n*/ 'Bâtard brings a light, modern hand to classic French cooking, drawing on Japanese seafood, Brittany butter and vegetables from farms in the New Territories. The seasonal tasting menu changes with the market, and the sommelier keeps a deep cellar of grower Champagne and white Burgundy.',
    diningHours: [
      { title: 'Lunch', desc: 'Daily, 12:00 pm – 3:30 pm' },
      { title: 'Dinner', desc: 'Daily, 6:00 pm – 11:00 pm' },
    ],
  },
  {
    title: 'Hop Sze',
    domain: 'hopsze',
    value: '6650a1c0e4b0a1b2c3d40003',
    desc: /*i18n*/ 'Chinese',
    address: `3/F, ${BUILDING}`,
    menu: [
      { name: /*i18n*/ 'Dim Sum Lunch', url: menuUrl('hopsze-lunch.pdf') },
      { name: /*i18n*/ 'Dinner Menu', url: menuUrl('hopsze-dinner.pdf') },
    ],
    maximum: MAX_PARTY_SIZE,
    introduction:
      /*i18n*/ 'Hop Sze serves heritage Cantonese cooking with the care of a family kitchen: wok-fried dishes with real wok hei, slow-braised soups and roast meats from our own charcoal oven. Dinner is served in two seatings, and our private rooms welcome larger celebrations.',
    diningHours: [
      { title: 'Lunch', desc: 'Daily, 12:00 pm – 3:30 pm' },
      { title: 'Dinner – First Seating', desc: 'Daily, 6:00 pm – 8:00 pm' },
      { title: 'Dinner – Second Seating', desc: 'Daily, 8:30 pm – 10:30 pm' },
      { title: 'Online Reservations', desc: 'For parties of 2 to 7 guests' },
      { title: 'Private Rooms', desc: 'For parties of 8 or more, please contact our reservations team' },
    ],
  },
  {
    title: 'Obe',
    domain: 'obe',
    value: '6650a1c0e4b0a1b2c3d40004',
    desc: /*i18n*/ 'Whisky Bar',
    address: `6/F, ${BUILDING}`,
    menu: [
      { name: /*i18n*/ 'Whisky List', url: menuUrl('obe-whisky.pdf') },
      { name: /*i18n*/ 'Cocktails & Bar Bites', url: menuUrl('obe-cocktails.pdf') },
    ],
    maximum: MAX_PARTY_SIZE,
    introduction:
      /*i18n*/ 'Obe is a quiet, wood-panelled bar at the top of the house with more than three hundred whiskies, from Islay and Speyside to rare Japanese single malts. Sit at the counter for a guided flight, or settle into the lounge with a highball and a plate of bar snacks.',
    diningHours: [
      { title: 'Monday, Tuesday & Sunday', desc: '5:00 pm – 12:00 am' },
      { title: 'Wednesday to Saturday', desc: '5:00 pm – 2:00 am' },
    ],
  },
];

/** The venue with the given domain (slug), or undefined for an unknown one. */
export function venueByDomain(domain: string): Venue | undefined {
  return VENUES.find((venue) => venue.domain === domain);
}
