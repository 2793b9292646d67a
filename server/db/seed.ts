/**
 * Demo data for an empty database: the four venues with their hours (docs/PRODUCT.md §9), dining areas, tables,
 * experiences, PDF menus, and, outside production, three accounts (guest, member, admin) listed in
 * `DEMO_ACCOUNTS`, whose passwords the README publishes. The venues are created through the set-up's own
 * functions, as the system (docs/decisions/0019-one-way-in.md), from server/db/demo-venues.ts.
 */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { MENU_URL_PREFIX, VENUES, venueByDomain, type Venue } from '../../common/venues';
import { newVenueSchema } from '../../common/validation/venue-create-validation';
import { areaSchema } from '../../common/validation/setup-validation';
import { newId } from '../lib/ids';
import { hashPassword, verifyPassword } from '../lib/password';
import { createArea, createTable } from '../services/setup/floor-setup';
import { changePacing, changeTurnTimes } from '../services/setup/pacing-setup';
import { SYSTEM_SETUP, type SetupDeps } from '../services/setup/system-setup';
import { createVenue } from '../services/venue-setup/venue-create';
import { createExperience } from '../services/experience-setup/experience-setup';
import { experienceSchema } from '../../common/validation/experience-validation';
import { publishVenueServices } from '../services/venue-setup/venue-services';
import { catalogChanged } from '../services/booking-rules/venue-catalog';
import { creditWallet, debitWallet } from '../services/wallet/wallet-ledger';
import type { Db, Tx } from './client';
import { demoLayout } from './demo/demo-floor';
import { DEMO_VENUES, hkd, type ExperienceSeed, type VenueSeed } from './demo/demo-venues';
import { demoAddressTexts } from './demo/demo-venue-addresses';
import { menus, users, venues, type UserRole } from './schema';

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
  // Hashed on libuv's threads while the venues are written: scrypt's ~0.3 s for four was a fifth of a
  // first start, spent waiting. Caught here too, so a transaction that fails before awaiting it leaves no
  // unhandled rejection; its own failure is the one reported.
  const hashing =
    opts.demoAccounts === false
      ? null
      : Promise.all([
          hashPassword(DEMO_ACCOUNTS.guest.password),
          hashPassword(DEMO_ACCOUNTS.member.password),
          hashPassword(DEMO_ACCOUNTS.admin.password),
          hashPassword(DEMO_ACCOUNTS.host.password),
        ]);
  hashing?.catch(() => {});

  return db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL: the second waits here, then sees the venues.
    await tx.execute(sql`LOCK TABLE venues IN EXCLUSIVE MODE`);
    if (await hasVenues(tx)) return false;

    await seedVenues(tx, now);
    if (!hashing) return true;

    const [guestHash, memberHash, adminHash, hostHash] = await hashing;
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
    // Through the ledger, as the app writes them, in the order they happened: each bill within the balance then.
    const history = [
      { days: 150, credit: hkd(5000), description: /*i18n*/ 'Wallet top-up' },
      { days: 120, debit: hkd(1286), description: /*i18n*/ 'Bâtard – dinner bill' },
      { days: 75, debit: hkd(428), description: /*i18n*/ 'Obe – bar tab' },
      { days: 40, credit: hkd(2000), description: /*i18n*/ 'Wallet top-up' },
      { days: 12, debit: hkd(652), description: /*i18n*/ 'Le Clos – lunch bill' },
    ];
    for (const { days, credit, debit, description } of history) {
      const movement = { userId: memberId, amount: credit ?? debit!, description, now: daysAgo(days) };
      if (credit) await creditWallet(tx, 'TOP_UP', movement);
      else await debitWallet(tx, 'CHARGE', movement, () => new Error(`the demo history overdraws the wallet at ${description}`));
    }
    return true;
  });
}

async function hasVenues(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: venues.id }).from(venues).limit(1);
  return rows.length > 0;
}

/** The demo venues, each created from nothing as an admin's set-up would make it, then their experiences and menus. */
async function seedVenues(tx: Tx, now: Date): Promise<void> {
  const deps: SetupDeps = { db: tx, clock: { now: () => now } };
  for (const venue of VENUES) {
    const seed = DEMO_VENUES[venue.domain];
    const venueId = venue.value;
    await createVenue(deps, SYSTEM_SETUP, v.parse(newVenueSchema, newVenueOf(venue, seed)));
    await publishVenueServices(deps, SYSTEM_SETUP, venueId, {
      version: 0,
      services: seed.periods.map((p) => ({ name: p.name, daysOfWeek: p.days, firstSeating: p.start, lastSeating: null, endsAt: p.end, intervalMinutes: p.interval, validFrom: null, validUntil: null, membersOnly: false })),
    });
    for (const area of seed.areas) {
      const { value } = await createArea(deps, SYSTEM_SETUP, venueId, v.parse(areaSchema, { name: area.name, description: area.description, membersOnly: area.membersOnly ?? false, active: true }));
      for (const [index, table] of area.tables.entries()) {
        const layout = demoLayout(index, area.tables.length, table.max);
        await createTable(deps, SYSTEM_SETUP, venueId, { seatingAreaId: value._id, name: table.name, minGuests: table.min, maxGuests: table.max, bookable: 'ONLINE', combineGroup: table.combine ?? null, active: true, ...layout });
      }
    }
    if (seed.pacing) await changePacing(deps, SYSTEM_SETUP, venueId, { rules: seed.pacing, version: 0 });
    if (seed.turnTimes) await changeTurnTimes(deps, SYSTEM_SETUP, venueId, { rules: seed.turnTimes, version: 0 });
    await seedExperiences(tx, venueId, seed.experiences);
    await seedGeneratedMenus(tx, venue);
  }
  // Once for the whole first start: the system's changes leave it to their caller (system-setup.ts).
  await catalogChanged(tx);
}

/** What the set-up's "create venue" takes: the client's fixed venue (id, texts) with its demo rules and policy. */
function newVenueOf(venue: Venue, seed: VenueSeed): v.InferInput<typeof newVenueSchema> {
  return {
    id: venue.value,
    domain: venue.domain,
    texts: { en: { title: venue.title, description: venue.desc, introduction: venue.introduction, address: venue.address }, ...demoAddressTexts(venue.domain) },
    reservationsPhone: seed.phone,
    reservationsEmail: seed.email,
    maxPartySize: venue.maximum,
    onlineMinGuests: seed.onlineMinGuests,
    onlineMaxGuests: seed.onlineMaxGuests,
    requiresPhoneVerification: seed.requiresPhoneVerification,
    minLeadMinutes: seed.minLeadMinutes,
    bookingDays: seed.bookingDays,
    policy: seed.policy,
  };
}

/** The demo experiences, made by the set-up's own `createExperience` as an admin's form would send them. */
async function seedExperiences(tx: Tx, venueId: string, seeds: readonly ExperienceSeed[]): Promise<void> {
  for (const experience of seeds) {
    const input = v.parse(experienceSchema, {
      texts: { en: { name: experience.name, description: experience.description } },
      durationMinutes: experience.duration,
      // Any party the venue takes, on every day of its services: the experience narrows nothing.
      minGuests: experience.minGuests ?? 1,
      maxGuests: 40,
      daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
      periodNames: experience.periods,
      membersOnly: experience.membersOnly ?? false,
      active: true,
      prePaymentType: experience.type,
      priceAmount: experience.price ?? 0,
      serviceChargePercentage: experience.serviceCharge ?? 0,
      taxPercentage: experience.tax ?? 0,
      depositPolicy: experience.depositPolicy ?? [],
      policy: experience.policy ?? null,
      guestBookingDays: null,
      memberBookingDays: null,
    });
    await createExperience(tx, { venueId, ...input });
  }
}

/** The generated PDF menus (server/menus/) the client lists: demo content, not set-up, so written as rows. */
async function seedGeneratedMenus(tx: Tx, venue: Venue): Promise<void> {
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
