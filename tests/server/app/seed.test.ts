import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client';
import {
  experiences,
  menus,
  servicePeriods,
  users,
  venues,
  venueTables,
  walletEntries,
} from '../../../server/db/schema';
import { DEMO_ACCOUNTS, seedDemoData } from '../../../server/db/seed';
import { verifyPassword } from '../../../server/lib/password';
import { renderMenuPdf } from '../../../server/menus/menu-pdf';
import { MENU_URL_PREFIX, VENUES } from '../../../common/venues';
import { BATARD, HOPSZE, LECLOS, OBE } from '../../support/server/fixtures';
const NOW = new Date('2025-06-15T04:00:00Z');

let database: Database;
let firstSeed: boolean;

beforeAll(async () => {
  database = await openDatabase({});
  firstSeed = await seedDemoData(database.db, { now: NOW });
}, 30_000);

afterAll(async () => {
  await database?.close();
});

describe('seedDemoData', () => {
  it('seeds an empty database once and leaves a seeded one alone', async () => {
    expect(firstSeed).toBe(true);
    const before = await database.db.select().from(users);
    expect(await seedDemoData(database.db, { now: NOW })).toBe(false);
    expect(await database.db.select().from(users)).toHaveLength(before.length);
  });

  it('creates the four venues with their fixed ids and domains', async () => {
    const rows = await database.db.select().from(venues).orderBy(venues.sortOrder);
    expect(rows.map((v) => [v.domain, v.id])).toEqual([
      ['leclos', LECLOS],
      ['batard', BATARD],
      ['hopsze', HOPSZE],
      ['obe', OBE],
    ]);
    expect(rows.map((v) => v.title)).toEqual(VENUES.map((v) => v.title));
    expect(rows.every((v) => v.maxPartySize === 10 && v.policy.maximumPartySize === 10)).toBe(true);
  });

  it('requires phone verification only at the Chinese restaurant', async () => {
    const rows = await database.db.select().from(venues);
    expect(rows.filter((v) => v.requiresPhoneVerification).map((v) => v.domain)).toEqual(['hopsze']);
  });

  it('runs supper and the bar past midnight on the days of docs/PRODUCT.md §9', async () => {
    const periods = await database.db.select().from(servicePeriods);
    const at = (venueId: string) => periods.filter((p) => p.venueId === venueId);

    const supper = at(LECLOS).find((p) => p.name === 'Supper');
    expect(supper).toMatchObject({ daysOfWeek: [2, 3, 4, 5, 6], startMinute: 1320, endMinute: 1500 });
    const breakfast = at(LECLOS).find((p) => p.name === 'Breakfast');
    expect(breakfast).toMatchObject({ daysOfWeek: [1, 2, 3, 4, 5], startMinute: 480, endMinute: 660 });

    const bar = at(OBE).map((p) => [p.daysOfWeek, p.startMinute, p.endMinute]);
    expect(bar).toEqual(
      expect.arrayContaining([
        [[1, 2, 7], 1020, 1440],
        [[3, 4, 5, 6], 1020, 1560],
      ]),
    );
    expect(bar).toHaveLength(2);
  });

  it('gives the Chinese restaurant two one-slot dinner seatings and no table over 7', async () => {
    const periods = (await database.db.select().from(servicePeriods)).filter((p) => p.venueId === HOPSZE);
    const first = periods.find((p) => p.name === 'Dinner – First Seating');
    const second = periods.find((p) => p.name === 'Dinner – Second Seating');
    expect(first).toMatchObject({ startMinute: 1080, endMinute: 1200 });
    expect(second).toMatchObject({ startMinute: 1230, endMinute: 1350 });

    const dinners = (await database.db.select().from(experiences)).filter(
      (e) => e.venueId === HOPSZE && e.periodNames.some((n) => n.startsWith('Dinner')),
    );
    expect(dinners.length).toBeGreaterThan(0);
    for (const seating of [first!, second!]) {
      for (const experience of dinners) {
        // The availability rule: slots from start, by interval, while start + duration <= end.
        const slots: number[] = [];
        for (let t = seating.startMinute; t + experience.durationMinutes <= seating.endMinute; t += seating.intervalMinutes) {
          slots.push(t);
        }
        expect(slots).toEqual([seating.startMinute]);
      }
    }

    const tables = await database.db.select().from(venueTables).where(eq(venueTables.venueId, HOPSZE));
    expect(tables.length).toBeGreaterThan(0);
    expect(Math.max(...tables.map((t) => t.maxGuests))).toBeLessThanOrEqual(7);
    expect(Math.min(...tables.map((t) => t.minGuests))).toBeGreaterThanOrEqual(2);
  });

  it('has a table for every online party size at every venue', async () => {
    const rows = await database.db.select().from(venues);
    const tables = await database.db.select().from(venueTables);
    for (const venue of rows) {
      for (let guests = venue.onlineMinGuests; guests <= venue.onlineMaxGuests; guests++) {
        const fits = tables.some((t) => t.venueId === venue.id && t.minGuests <= guests && guests <= t.maxGuests);
        expect(fits, `${venue.domain} for ${guests}`).toBe(true);
      }
    }
  });

  it('offers a booking without payment at every venue, and prepayment, deposit and members-only elsewhere', async () => {
    const all = await database.db.select().from(experiences);
    for (const venue of VENUES) {
      const free = all.filter((e) => e.venueId === venue.value && e.prePaymentType === 'NONE' && !e.membersOnly);
      expect(free.length, venue.domain).toBeGreaterThan(0);
      expect(free.every((e) => e.priceAmount === 0)).toBe(true);
    }
    const prepaid = all.filter((e) => e.prePaymentType === 'PREPAYMENT');
    expect(prepaid.length).toBeGreaterThan(0);
    expect(prepaid.every((e) => e.priceAmount > 0)).toBe(true);
    expect(all.some((e) => e.prePaymentType === 'DEPOSIT' && e.depositPolicy.length >= 2)).toBe(true);
    expect(all.some((e) => e.membersOnly)).toBe(true);

    // Every experience runs in periods its venue has.
    const periods = await database.db.select().from(servicePeriods);
    for (const experience of all) {
      const names = periods.filter((p) => p.venueId === experience.venueId).map((p) => p.name);
      expect(names, experience.name).toEqual(expect.arrayContaining(experience.periodNames));
    }
  });

  it('lets each demo account log in with its listed password', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [user] = await database.db.select().from(users).where(eq(users.email, account.email));
      expect(user?.role).toBe(account.role);
      expect(await verifyPassword(account.password, user!.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong-password', user!.passwordHash)).toBe(false);
    }
  });

  it('gives the member a club id, limits and a positive wallet balance', async () => {
    const [member] = await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.member.email));
    expect(member).toMatchObject({ customId: 'M-10086', activeReservationLimit: 4, annualReservationLimit: 24 });
    const entries = await database.db.select().from(walletEntries).where(eq(walletEntries.userId, member!.id));
    const balance = entries.reduce((sum, e) => sum + e.amount, 0);
    expect(balance).toBeGreaterThan(0);
    expect(entries.every((e) => e.createdAt < NOW)).toBe(true);
  });

  it('seeds a menu for every menu url of the client, and renders each as a PDF', async () => {
    const rows = await database.db.select().from(menus);
    const urls = VENUES.flatMap((v) => v.menu.map((m) => m.url));
    expect(rows.map((m) => `${MENU_URL_PREFIX}${m.fileName}`).sort()).toEqual([...urls].sort());
    for (const menu of rows) {
      const pdf = await renderMenuPdf(menu.fileName);
      expect(pdf?.subarray(0, 5).toString('latin1'), menu.fileName).toBe('%PDF-');
      expect(pdf!.length).toBeGreaterThan(1000);
    }
    expect(renderMenuPdf('no-such-menu.pdf')).toBeNull();
  });

  it('renders the same bytes for the same menu every time', async () => {
    const [a, b] = await Promise.all([renderMenuPdf('batard-tasting.pdf'), renderMenuPdf('batard-tasting.pdf')]);
    expect(a!.equals(b!)).toBe(true);
  });
});
