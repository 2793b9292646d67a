/**
 * Demo data for an empty database: the four venues with their hours (docs/PRODUCT.md §9), dining areas, tables,
 * experiences, PDF menus, and, outside production, three accounts (guest, member, admin) listed in
 * `DEMO_ACCOUNTS`, whose passwords the README publishes.
 */
import { eq, sql } from 'drizzle-orm';
import { MENU_URL_PREFIX, VENUES, MAX_PARTY_SIZE, venueByDomain, type VenueDomain } from '../../common/venues';
import { newId } from '../lib/ids';
import { hashPassword, verifyPassword } from '../lib/password';
import type { Db, Tx } from './client';
import {
  experiences,
  menus,
  seatingAreas,
  servicePeriods,
  users,
  venues,
  venueTables,
  walletEntries,
  type PrePaymentType,
  type UserRole,
  type VenuePolicy,
} from './schema';

/** The demo log-ins, for the README, tests and anyone trying the app. */
export const DEMO_ACCOUNTS = {
  guest: { email: 'guest@example.com', password: 'guest-pass-1', role: 'guest' },
  member: { email: 'member@example.com', password: 'member-pass-1', role: 'member' },
  admin: { email: 'admin@example.com', password: 'admin-pass-1', role: 'admin' },
  /** Venue staff at Le Clos: its book only. */
  host: { email: 'host@example.com', password: 'host-pass-1', role: 'staff' },
} as const satisfies Record<string, { email: string; password: string; role: UserRole }>;

/**
 * The demo accounts that still log in with the password the README publishes: a database first started
 * outside production and then run in production keeps them, and anyone could use them.
 */
export async function demoAccountsStillOpen(db: Db): Promise<string[]> {
  const open: string[] = [];
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, account.email));
    if (row && (await verifyPassword(account.password, row.passwordHash))) open.push(account.email);
  }
  return open;
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const hkd = (dollars: number) => dollars * 100;

interface PeriodSeed {
  name: string;
  days: number[];
  /** Minutes from the service day's midnight; past 1440 is after midnight. */
  start: number;
  end: number;
  interval: number;
}

interface TableSeed {
  name: string;
  min: number;
  max: number;
}

interface AreaSeed {
  name: string;
  description: string;
  tables: TableSeed[];
  /** Only members may book it (membership-rules.ts). */
  membersOnly?: boolean;
}

interface ExperienceSeed {
  name: string;
  description: string;
  duration: number;
  periods: string[];
  membersOnly?: boolean;
  type: PrePaymentType;
  /** Per guest, minor units; 0 unless a prepayment. */
  price?: number;
  /** docs/PRODUCT.md §9: divided by 1000, so 100 is 10%. */
  serviceCharge?: number;
  /** docs/PRODUCT.md §9: divided by 100000. */
  tax?: number;
  depositPolicy?: { minGuestCount: number; price: { amount: number } }[];
}

interface VenueSeed {
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
  experiences: ExperienceSeed[];
}

/** `count` tables named `{prefix}{first}`, `{prefix}{first + 1}`, ... seating `min` to `max` guests. */
function tables(prefix: string, first: number, count: number, min: number, max: number): TableSeed[] {
  return Array.from({ length: count }, (_, i) => ({ name: `${prefix}${first + i}`, min, max }));
}

// Names and descriptions are English, marked `/*i18n*/` for the server catalog; answers translate them
// when read (server/i18n/content.ts). Each is one whole literal: the extractor takes nothing built up.
const SEEDS: Record<VenueDomain, VenueSeed> = {
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
        tables: [...tables('D', 1, 5, 1, 2), ...tables('D', 6, 4, 2, 4), ...tables('D', 10, 2, 4, 6), { name: 'D12', min: 6, max: 10 }],
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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty database with the demo data, in one transaction so a failure leaves nothing behind.
 * Returns false, changing nothing, when venues already exist. Dates of the member's wallet history are
 * placed relative to `opts.now` (default: the current time). `demoAccounts: false` (production) seeds the
 * venues and their content only: no account with a published password.
 */
export async function seedDemoData(db: Db, opts: { now?: Date; demoAccounts?: boolean } = {}): Promise<boolean> {
  if (await hasVenues(db)) return false;
  const now = opts.now ?? new Date();
  // Hash outside the transaction: scrypt is slow and needs no lock.
  const hashes =
    opts.demoAccounts === false
      ? null
      : await Promise.all([
          hashPassword(DEMO_ACCOUNTS.guest.password),
          hashPassword(DEMO_ACCOUNTS.member.password),
          hashPassword(DEMO_ACCOUNTS.admin.password),
          hashPassword(DEMO_ACCOUNTS.host.password),
        ]);

  return db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL: the second waits here, then sees the venues.
    await tx.execute(sql`LOCK TABLE venues IN EXCLUSIVE MODE`);
    if (await hasVenues(tx)) return false;

    await seedVenues(tx);
    if (!hashes) return true;

    const [guestHash, memberHash, adminHash, hostHash] = hashes;
    const memberId = newId();
    const verifiedAt = now.toISOString();
    // Plain SQL rather than the Drizzle table: only the columns set here, so defaults fill the rest.
    await tx.execute(sql`
      INSERT INTO users (id, role, email, password_hash, first_name, last_name, custom_id, customer_id,
        mobile_country_code, mobile_number, active_reservation_limit, annual_reservation_limit, email_verified_at)
      VALUES
        (${newId()}, 'guest', ${DEMO_ACCOUNTS.guest.email}, ${guestHash}, 'Grace', 'Chan', NULL, 'C000123',
          '852', '91234567', NULL, NULL, ${verifiedAt}::timestamptz),
        (${memberId}, 'member', ${DEMO_ACCOUNTS.member.email}, ${memberHash}, 'Martin', 'Leung', 'M-10086', 'C000088',
          '852', '61234567', 4, 24, ${verifiedAt}::timestamptz),
        (${newId()}, 'admin', ${DEMO_ACCOUNTS.admin.email}, ${adminHash}, 'Ada', 'Wong', NULL, NULL,
          NULL, NULL, NULL, NULL, ${verifiedAt}::timestamptz)
    `);
    await tx.execute(sql`
      INSERT INTO users (id, role, venue_id, email, password_hash, first_name, last_name, email_verified_at)
      VALUES (${newId()}, 'staff', ${venueByDomain('leclos')!.value}, ${DEMO_ACCOUNTS.host.email}, ${hostHash}, 'Henry', 'Ho', ${verifiedAt}::timestamptz)
    `);

    // A few months of history so the wallet, transactions and monthly statements have something to show.
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await tx.insert(walletEntries).values([
      { id: newId(), userId: memberId, type: 'TOP_UP', amount: hkd(5000), description: /*i18n*/ 'Wallet top-up', createdAt: daysAgo(150) },
      { id: newId(), userId: memberId, type: 'CHARGE', amount: -hkd(1286), description: /*i18n*/ 'Bâtard – dinner bill', createdAt: daysAgo(120) },
      { id: newId(), userId: memberId, type: 'CHARGE', amount: -hkd(428), description: /*i18n*/ 'Obe – bar tab', createdAt: daysAgo(75) },
      { id: newId(), userId: memberId, type: 'TOP_UP', amount: hkd(2000), description: /*i18n*/ 'Wallet top-up', createdAt: daysAgo(40) },
      { id: newId(), userId: memberId, type: 'CHARGE', amount: -hkd(652), description: /*i18n*/ 'Le Clos – lunch bill', createdAt: daysAgo(12) },
    ]);
    return true;
  });
}

async function hasVenues(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: venues.id }).from(venues).limit(1);
  return rows.length > 0;
}

async function seedVenues(tx: Tx): Promise<void> {
  for (const [venueIndex, venue] of VENUES.entries()) {
    const seed = SEEDS[venue.domain];
    await tx.insert(venues).values({
      id: venue.value,
      domain: venue.domain,
      title: venue.title,
      description: venue.desc,
      address: venue.address,
      introduction: venue.introduction,
      maxPartySize: venue.maximum,
      onlineMinGuests: seed.onlineMinGuests,
      onlineMaxGuests: seed.onlineMaxGuests,
      requiresPhoneVerification: seed.requiresPhoneVerification,
      minLeadMinutes: seed.minLeadMinutes,
      policy: seed.policy,
      reservationsPhone: seed.phone,
      reservationsEmail: seed.email,
      sortOrder: venueIndex + 1,
      ...(seed.bookingDays && { guestBookingDays: seed.bookingDays.guest, memberBookingDays: seed.bookingDays.member }),
    });

    await tx.insert(servicePeriods).values(
      seed.periods.map((period, i) => ({
        id: newId(),
        venueId: venue.value,
        name: period.name,
        daysOfWeek: period.days,
        startMinute: period.start,
        endMinute: period.end,
        intervalMinutes: period.interval,
        sortOrder: i + 1,
      })),
    );

    for (const [areaIndex, area] of seed.areas.entries()) {
      const areaId = newId();
      await tx.insert(seatingAreas).values({
        id: areaId,
        venueId: venue.value,
        name: area.name,
        description: area.description,
        sortOrder: areaIndex + 1,
        membersOnly: area.membersOnly ?? false,
      });
      await tx.insert(venueTables).values(
        area.tables.map((table) => ({
          id: newId(),
          venueId: venue.value,
          seatingAreaId: areaId,
          name: table.name,
          minGuests: table.min,
          maxGuests: table.max,
        })),
      );
    }

    await tx.insert(experiences).values(
      seed.experiences.map((experience, i) => ({
        id: newId(),
        venueId: venue.value,
        name: experience.name,
        description: experience.description,
        durationMinutes: experience.duration,
        periodNames: experience.periods,
        membersOnly: experience.membersOnly ?? false,
        prePaymentType: experience.type,
        priceAmount: experience.price ?? 0,
        serviceChargePercentage: experience.serviceCharge ?? 0,
        taxPercentage: experience.tax ?? 0,
        depositPolicy: experience.depositPolicy ?? [],
        sortOrder: i + 1,
      })),
    );

    await tx.insert(menus).values(
      venue.menu.map((menu, i) => ({
        id: newId(),
        venueId: venue.value,
        name: menu.name,
        fileName: menu.url.slice(MENU_URL_PREFIX.length),
        sortOrder: i + 1,
      })),
    );
  }
}
