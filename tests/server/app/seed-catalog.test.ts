/**
 * The demo venues as the first start makes them through the set-up's own functions (server/db/seed.ts,
 * docs/decisions/0019-one-way-in.md): their rules, services, dining areas, tables, pacing and turn
 * times are held to a committed snapshot, since every test and browser journey counts on them; an edit
 * of server/db/demo-venues.ts shows here as a diff to review (`npx vitest run -u` to accept it). Row ids
 * other than the venues' are made afresh each time, so the snapshot names areas and tables instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/db/seed';
import { auditLog } from '../../../server/db/schema';
import { catalogVersion, readCatalog, type CatalogVenue } from '../../../server/services/booking-rules/venue-catalog';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';

/** One venue's set-up without the ids made at seeding, in the order the catalog reads it. */
function setupOf(entry: CatalogVenue) {
  const { venue } = entry;
  const areaName = new Map(entry.areas.map((a) => [a.id, a.name]));
  return {
    venue,
    services: entry.periods.map(({ id: _id, venueId: _venue, ...period }) => period),
    areas: entry.areas.map(({ id, venueId: _venue, ...area }) => ({
      ...area,
      // One line per table keeps the snapshot readable: name, covers, who books it, layout, version.
      tables: entry.tables
        .filter((t) => t.seatingAreaId === id)
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
        .map((t) =>
          [
            `${t.name} ${t.minGuests}-${t.maxGuests}`,
            t.bookable,
            t.active ? 'active' : 'inactive',
            `group ${t.combineGroup ?? '-'}`,
            `${t.shape} at ${t.x ?? '-'},${t.y ?? '-'} ${t.width}x${t.height} turned ${t.rotation}`,
            `v${t.version}`,
          ].join(' | '),
        ),
    })),
    tablesOutsideAreas: entry.tables.filter((t) => !areaName.has(t.seatingAreaId)).map((t) => t.name),
    pacing: { rules: entry.pacing, version: entry.pacingVersion },
    turnTimes: { rules: entry.turnTimes, version: entry.turnTimesVersion },
  };
}

describe.each(testDrivers())('the seeded demo catalog on %s', (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ driver });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('is the committed snapshot: venues, services, dining areas, tables, pacing and turn times', async () => {
    const catalog = await readCatalog(api.deps.db);
    const venues = [...catalog.venues.values()].map(setupOf);
    // Days of the week on one line each: [1,2,3] as "1,2,3".
    const dense = (_key: string, value: unknown) => (Array.isArray(value) && value.length && value.every((n) => typeof n === 'number') ? value.join(',') : value);
    await expect(JSON.stringify(venues, dense, 2) + '\n').toMatchFileSnapshot('./seed-catalog.snapshot.json');
  });

  it('was made by the system: nothing in the audit log, and the catalog announced once', async () => {
    expect(await api.deps.db.select().from(auditLog)).toEqual([]);
    // Migration 0025's 1, raised once by the seed.
    expect(await catalogVersion(api.deps.db)).toBe(2);
  });

  it('is made once when two first starts seed the same empty database at once', async () => {
    const fresh = await createTestApi({ driver, seed: false });
    try {
      const now = fresh.clock.now();
      const seeded = await Promise.all([seedDemoData(fresh.deps.db, { now }), seedDemoData(fresh.deps.db, { now })]);
      expect(seeded.sort()).toEqual([false, true]);
      // One set: the same catalog as a database seeded alone, nothing twice.
      const setups = async (db: TestApi['deps']['db']) => [...(await readCatalog(db)).venues.values()].map(setupOf);
      expect(await setups(fresh.deps.db)).toEqual(await setups(api.deps.db));
    } finally {
      await fresh.close();
    }
  });
});
