/**
 * The four demo venues' set-up as plain data (docs/PRODUCT.md §9's hours): services, dining areas and
 * tables, experiences, online party sizes, lead times, booking windows and policies. server/db/seed.ts
 * creates them at first start through the set-up's own functions (docs/decisions/0019-one-way-in.md);
 * tests/server/app/seed-catalog.test.ts holds what they make to a snapshot.
 */
import { MAX_PARTY_SIZE, type VenueDomain } from '../../../common/venues';
import type { PacingRule, PrePaymentType, TurnTimeRule, VenuePolicy } from '../schema';

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
/** Hong Kong dollars in minor units. */
export const hkd = (dollars: number) => dollars * 100;

/** A service without a last seating: each stay it offers ends by `end`. */
export interface PeriodSeed {
  name: string;
  days: number[];
  /** Minutes from the service day's midnight; past 1440 is after midnight. */
  start: number;
  end: number;
  interval: number;
}

export interface TableSeed {
  name: string;
  min: number;
  max: number;
  /** The set-up's combine group: tables of one group and area may be joined for a party (docs/PRODUCT.md §9, tables joined). */
  combine?: string;
}

export interface AreaSeed {
  name: string;
  description: string;
  tables: TableSeed[];
  /** Only members may book it (membership-rules.ts). */
  membersOnly?: boolean;
}

export interface ExperienceSeed {
  name: string;
  description: string;
  duration: number;
  periods: string[];
  /** The fewest guests it is for (1 unless said): a dish for the table needs a table of some size. */
  minGuests?: number;
  membersOnly?: boolean;
  type: PrePaymentType;
  /** Per guest, minor units; 0 unless a prepayment. */
  price?: number;
  /** docs/PRODUCT.md §9: divided by 1000, so 100 is 10%. */
  serviceCharge?: number;
  /** docs/PRODUCT.md §9: divided by 100000. */
  tax?: number;
  depositPolicy?: { minGuestCount: number; price: { amount: number } }[];
  /** Its own policy rather than the venue's: a card guarantee names its fee (docs/decisions/0035-card-guarantee.md). */
  policy?: VenuePolicy;
}

export interface VenueSeed {
  onlineMinGuests: number;
  onlineMaxGuests: number;
  requiresPhoneVerification: boolean;
  minLeadMinutes: number;
  policy: VenuePolicy;
  phone: string;
  email: string;
  /** Days ahead guests and members may book; 90 for both when not given (the migration's default). */
  bookingDays?: { guest: number; member: number };
  periods: PeriodSeed[];
  areas: AreaSeed[];
  /** Pacing limits and turn times by service; the demo venues have none, so each stay is its experience's length. */
  pacing?: PacingRule[];
  turnTimes?: TurnTimeRule[];
  experiences: ExperienceSeed[];
}

/** `count` tables named `{prefix}{first}`, `{prefix}{first + 1}`, ... seating `min` to `max` guests. */
function tables(prefix: string, first: number, count: number, min: number, max: number): TableSeed[] {
  return Array.from({ length: count }, (_, i) => ({ name: `${prefix}${first + i}`, min, max }));
}

// Names and descriptions are English, marked `/*i18n*/` for the server catalog; answers translate them
// when read (server/routes/localisation/content.ts). Each is one whole literal: the extractor takes nothing built up.
/** The demo set-up of each venue; its id, titles and texts are common/venues.ts's `VENUES`. */
export const DEMO_VENUES: Record<VenueDomain, VenueSeed> = {
  leclos: {
    onlineMinGuests: 1,
    onlineMaxGuests: MAX_PARTY_SIZE,
    requiresPhoneVerification: false,
    minLeadMinutes: 60,
    policy: {
      cancellationWindowHours: 24,
      cancellationFee: { type: 'PER_PERSON', amount: hkd(200) },
      feesByPartySize: [
        { minGuestCount: 1, amount: hkd(200) },
        { minGuestCount: 6, amount: hkd(300) },
      ],
      noShowFeePerPerson: hkd(300),
      minimumSpend: null,
      maximumPartySize: MAX_PARTY_SIZE,
    },
    phone: '+852 2388 6201',
    email: 'leclos.reservations@example.com',
    periods: [
      { name: /*i18n*/ 'Breakfast', days: [1, 2, 3, 4, 5], start: 480, end: 660, interval: 15 },
      { name: /*i18n*/ 'Lunch', days: ALL_DAYS, start: 660, end: 1020, interval: 15 },
      { name: /*i18n*/ 'Dinner', days: ALL_DAYS, start: 1020, end: 1320, interval: 15 },
      // 10 pm to 1 am, on the service day it starts.
      { name: /*i18n*/ 'Supper', days: [2, 3, 4, 5, 6], start: 1320, end: 1500, interval: 15 },
    ],
    areas: [
      {
        name: /*i18n*/ 'Dining Room',
        description: /*i18n*/ 'The main room under the skylight, with banquettes along the garden wall.',
        // The banquette's two six-tops join for a party of up to 12 (a party of 8 when D12 is taken): the host stand's join.
        tables: [...tables('D', 1, 5, 1, 2), ...tables('D', 6, 4, 2, 4), ...tables('D', 10, 2, 4, 6).map((t) => ({ ...t, combine: 'long' })), { name: 'D12', min: 6, max: 10 }],
      },
      {
        name: /*i18n*/ 'Garden Terrace',
        description: /*i18n*/ 'Covered outdoor tables among the olive trees.',
        tables: [...tables('T', 1, 3, 1, 2), ...tables('T', 4, 2, 2, 4), { name: 'T6', min: 5, max: 8 }],
      },
      {
        name: /*i18n*/ 'Bar Counter',
        description: /*i18n*/ 'Counter seats facing the open kitchen, good for one or two.',
        tables: tables('B', 1, 2, 1, 2),
      },
    ],
    experiences: [
      {
        name: /*i18n*/ 'À la Carte',
        description: /*i18n*/ 'Order from the full menu at the table. No payment is taken when you book.',
        duration: 90,
        periods: ['Breakfast', 'Lunch', 'Dinner', 'Supper'],
        type: 'NONE',
      },
      {
        name: /*i18n*/ 'Rotisserie Sharing Menu',
        description: /*i18n*/ 'A whole rotisserie chicken and porchetta carved at the table with seasonal sides and dessert, HK$588 per guest. A deposit secures the booking and is deducted from the bill.',
        duration: 120,
        periods: ['Lunch', 'Dinner'],
        type: 'DEPOSIT',
        depositPolicy: [
          { minGuestCount: 1, price: { amount: hkd(200) } },
          { minGuestCount: 6, price: { amount: hkd(300) } },
        ],
      },
      {
        name: /*i18n*/ "Members' Supper Club",
        description: /*i18n*/ 'A four-course late supper with a glass of Champagne, for club members and their guests. Prepaid when you book.',
        duration: 90,
        periods: ['Supper'],
        membersOnly: true,
        type: 'PREPAYMENT',
        price: hkd(488),
        serviceCharge: 100,
      },
      {
        name: /*i18n*/ "Chef's Counter",
        description: /*i18n*/ 'Six courses cooked in front of you at the kitchen counter, ordered on the night. Nothing is paid when you book: a card is saved, and HK$500 a guest is charged only if you do not come or cancel late.',
        duration: 120,
        periods: ['Dinner'],
        type: 'GUARANTEE',
        // The guest reads this fee before saving the card: the experience's own, never the venue's.
        policy: {
          cancellationWindowHours: 24,
          cancellationFee: { type: 'PER_PERSON', amount: hkd(500) },
          feesByPartySize: [],
          noShowFeePerPerson: hkd(500),
          minimumSpend: null,
          maximumPartySize: MAX_PARTY_SIZE,
        },
      },
    ],
  },
  batard: {
    onlineMinGuests: 1,
    onlineMaxGuests: MAX_PARTY_SIZE,
    requiresPhoneVerification: false,
    minLeadMinutes: 120,
    policy: {
      cancellationWindowHours: 48,
      cancellationFee: { type: 'PERCENTAGE', amount: 50 },
      feesByPartySize: [
        { minGuestCount: 1, amount: hkd(500) },
        { minGuestCount: 5, amount: hkd(800) },
      ],
      noShowFeePerPerson: hkd(1000),
      minimumSpend: { type: 'PER_PERSON', amount: hkd(888) },
      maximumPartySize: MAX_PARTY_SIZE,
    },
    phone: '+852 2388 6202',
    email: 'batard.reservations@example.com',
    // The demo of booking rules by membership: members book three months ahead, guests one.
    bookingDays: { guest: 30, member: 90 },
    periods: [
      { name: /*i18n*/ 'Lunch', days: ALL_DAYS, start: 720, end: 930, interval: 15 },
      { name: /*i18n*/ 'Dinner', days: ALL_DAYS, start: 1080, end: 1380, interval: 15 },
    ],
    areas: [
      {
        name: /*i18n*/ 'Dining Room',
        description: /*i18n*/ 'Linen-clad tables beneath the vaulted ceiling.',
        tables: [...tables('D', 1, 5, 1, 2), ...tables('D', 6, 4, 2, 4), ...tables('D', 10, 2, 4, 6)],
      },
      {
        name: /*i18n*/ 'Salon',
        description: /*i18n*/ 'A quieter room off the cellar, for larger parties.',
        tables: [{ name: 'S1', min: 5, max: 8 }, { name: 'S2', min: 6, max: 10 }],
      },
      {
        name: /*i18n*/ 'The Cellar',
        description: /*i18n*/ 'A table for members among the wine racks, below the dining room.',
        tables: [{ name: 'C1', min: 2, max: 6 }],
        membersOnly: true,
      },
    ],
    experiences: [
      {
        name: /*i18n*/ 'Set Lunch',
        description: /*i18n*/ 'Three courses chosen from the set lunch menu, HK$488 per guest, settled at the table.',
        duration: 105,
        periods: ['Lunch'],
        type: 'NONE',
      },
      {
        name: /*i18n*/ 'À la Carte',
        description: /*i18n*/ 'The full à la carte menu. A deposit per guest secures the table and is deducted from the bill.',
        duration: 120,
        periods: ['Lunch', 'Dinner'],
        type: 'DEPOSIT',
        depositPolicy: [
          { minGuestCount: 1, price: { amount: hkd(300) } },
          { minGuestCount: 5, price: { amount: hkd(500) } },
        ],
      },
      {
        name: /*i18n*/ 'Tasting Menu',
        description: /*i18n*/ 'Eight courses following the season, served to the whole table. Prepaid when you book.',
        duration: 150,
        periods: ['Dinner'],
        type: 'PREPAYMENT',
        price: hkd(1688),
        serviceCharge: 100,
        tax: 0,
      },
      {
        name: /*i18n*/ "Chef's Table",
        description: /*i18n*/ 'An extended tasting menu with wine pairing at the kitchen pass, cooked and served by the chef. For club members; prepaid when you book.',
        duration: 180,
        periods: ['Dinner'],
        membersOnly: true,
        type: 'PREPAYMENT',
        price: hkd(2888),
        serviceCharge: 100,
      },
    ],
  },
  hopsze: {
    onlineMinGuests: 2,
    onlineMaxGuests: 7,
    requiresPhoneVerification: true,
    minLeadMinutes: 120,
    policy: {
      cancellationWindowHours: 24,
      cancellationFee: { type: 'PER_PERSON', amount: hkd(200) },
      feesByPartySize: [
        { minGuestCount: 2, amount: hkd(200) },
        { minGuestCount: 5, amount: hkd(300) },
      ],
      noShowFeePerPerson: hkd(300),
      minimumSpend: { type: 'TOTAL', amount: hkd(1000) },
      maximumPartySize: MAX_PARTY_SIZE,
    },
    phone: '+852 2388 6203',
    email: 'hopsze.reservations@example.com',
    periods: [
      { name: /*i18n*/ 'Lunch', days: ALL_DAYS, start: 720, end: 930, interval: 15 },
      // Fixed seatings: with a 120-minute experience each offers exactly one slot.
      { name: /*i18n*/ 'Dinner – First Seating', days: ALL_DAYS, start: 1080, end: 1200, interval: 120 },
      { name: /*i18n*/ 'Dinner – Second Seating', days: ALL_DAYS, start: 1230, end: 1350, interval: 120 },
    ],
    // The private rooms (8 or more) are booked through the reservations team, so they have no tables here.
    areas: [
      {
        name: /*i18n*/ 'Main Dining Room',
        description: /*i18n*/ 'Round tables with lazy Susans, around the roast-meat counter.',
        tables: [...tables('M', 1, 4, 2, 2), ...tables('M', 5, 4, 2, 4), ...tables('M', 9, 3, 4, 6), { name: 'M12', min: 5, max: 7 }],
      },
      {
        name: /*i18n*/ 'Window Booths',
        description: /*i18n*/ 'Booths along the window overlooking Ice House Street.',
        tables: [...tables('W', 1, 2, 2, 4), { name: 'W3', min: 4, max: 6 }],
      },
    ],
    experiences: [
      {
        name: /*i18n*/ 'Dim Sum Lunch',
        description: /*i18n*/ 'Dim sum made to order and the lunch menu. No payment is taken when you book.',
        duration: 90,
        periods: ['Lunch'],
        type: 'NONE',
      },
      {
        name: /*i18n*/ 'À la Carte Dinner',
        description: /*i18n*/ 'The full dinner menu in the first or second seating. No payment is taken when you book.',
        duration: 120,
        periods: ['Dinner – First Seating', 'Dinner – Second Seating'],
        type: 'NONE',
      },
      {
        name: /*i18n*/ 'Roast Suckling Pig Feast',
        description: /*i18n*/ 'A whole roast suckling pig with a banquet of Cantonese dishes, pre-ordered for the table. A deposit per guest is taken when you book.',
        duration: 120,
        periods: ['Dinner – First Seating', 'Dinner – Second Seating'],
        // Its deposit starts at two guests, so the set-up's rule (a tier from the fewest guests) holds.
        minGuests: 2,
        type: 'DEPOSIT',
        depositPolicy: [
          { minGuestCount: 2, price: { amount: hkd(300) } },
          { minGuestCount: 5, price: { amount: hkd(500) } },
        ],
      },
      {
        name: /*i18n*/ 'Heritage Tasting Menu',
        description: /*i18n*/ 'Nine heritage Cantonese courses, from double-boiled soup to charcoal-roasted goose. Prepaid when you book.',
        duration: 120,
        periods: ['Dinner – First Seating', 'Dinner – Second Seating'],
        type: 'PREPAYMENT',
        price: hkd(1288),
        serviceCharge: 100,
      },
    ],
  },
  obe: {
    onlineMinGuests: 1,
    onlineMaxGuests: MAX_PARTY_SIZE,
    requiresPhoneVerification: false,
    minLeadMinutes: 60,
    policy: {
      cancellationWindowHours: 12,
      cancellationFee: { type: 'PER_PERSON', amount: hkd(100) },
      feesByPartySize: [
        { minGuestCount: 1, amount: hkd(100) },
        { minGuestCount: 5, amount: hkd(200) },
      ],
      noShowFeePerPerson: hkd(200),
      minimumSpend: { type: 'PER_PERSON', amount: hkd(300) },
      maximumPartySize: MAX_PARTY_SIZE,
    },
    phone: '+852 2388 6204',
    email: 'obe.reservations@example.com',
    periods: [
      // One name guests read, with the days beside it: the opening hours list its two sets of hours.
      { name: /*i18n*/ 'Evening', days: [1, 2, 7], start: 1020, end: 1440, interval: 30 },
      // 5 pm to 2 am, on the service day it starts.
      { name: 'Evening', days: [3, 4, 5, 6], start: 1020, end: 1560, interval: 30 },
    ],
    areas: [
      {
        name: /*i18n*/ 'Bar Counter',
        description: /*i18n*/ 'Stools at the long oak counter, in front of the bartenders.',
        tables: tables('C', 1, 6, 1, 2),
      },
      {
        name: /*i18n*/ 'Lounge',
        description: /*i18n*/ 'Leather armchairs and booths by the fireplace.',
        tables: [...tables('L', 1, 4, 2, 4), ...tables('L', 5, 2, 4, 6)],
      },
      {
        name: /*i18n*/ 'Cask Room',
        description: /*i18n*/ "A private room lined with the club's own casks, for groups.",
        tables: [{ name: 'K1', min: 6, max: 10 }],
      },
    ],
    experiences: [
      {
        name: /*i18n*/ 'Bar Seating',
        description: /*i18n*/ 'A seat at the counter or in the lounge. No payment is taken when you book.',
        duration: 120,
        periods: ['Evening'],
        type: 'NONE',
      },
      {
        name: /*i18n*/ 'Whisky Flight',
        description: /*i18n*/ 'Four drams chosen by our whisky ambassador, guided at the counter, with bar bites. Prepaid when you book.',
        duration: 90,
        periods: ['Evening'],
        type: 'PREPAYMENT',
        price: hkd(680),
        serviceCharge: 100,
      },
      {
        name: /*i18n*/ "Members' Cask Room",
        description: /*i18n*/ "The Cask Room for a private tasting from the club's own casks. For club members; a deposit per guest is taken when you book and deducted from the bill.",
        duration: 150,
        periods: ['Evening'],
        membersOnly: true,
        type: 'DEPOSIT',
        depositPolicy: [
          { minGuestCount: 1, price: { amount: hkd(500) } },
          { minGuestCount: 6, price: { amount: hkd(800) } },
        ],
      },
    ],
  },
};
