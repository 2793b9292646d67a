/**
 * Service period names reach guests (the venue's opening hours, the time slots' headings): they are
 * guest-facing names, with the days given beside them, never an internal name such as 'Evening (Sun–Tue)'.
 * Migration 0007 renames them in a database seeded before it.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experiences, servicePeriods } from '../../../server/db/schema';
import { VENUE_CACHE_TTL_MS } from '../../../server/services/venues/venue-info';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { OBE } from '../../support/server/fixtures';
import { VENUES } from '../../../common/venues';

// A name that carries days or a bracketed aside is written for the team, not the guest.
const INTERNAL_NAME = /\(|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/;

describe.each(testDrivers())('service period names on %s', (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ driver });
  });
  afterAll(async () => {
    await api?.close();
  });

  const openingHours = async (domain: string) =>
    (await api.request('GET', `/public/venue/by-domain/${domain}`)).body.data.openingHours as { name: string }[];
  // The server keeps a venue for a minute: past that, it reads what the database now holds.
  const afterCache = () => api.clock.set(new Date(api.clock.now().getTime() + VENUE_CACHE_TTL_MS + 1));

  it('are guest-facing in every venue\'s opening hours', async () => {
    for (const { domain } of VENUES) {
      for (const period of await openingHours(domain)) expect(period.name).not.toMatch(INTERNAL_NAME);
    }
  });

  it('are made guest-facing by migration 0007 in a database seeded before it', async () => {
    const { db } = api.deps;
    const periods = await db.select().from(servicePeriods).where(eq(servicePeriods.venueId, OBE));
    // As the seed wrote them before the migration.
    for (const period of periods) {
      const old = period.daysOfWeek.includes(3) ? 'Late Night (Wed–Sat)' : 'Evening (Sun–Tue)';
      await db.update(servicePeriods).set({ name: old }).where(eq(servicePeriods.id, period.id));
    }
    await db
      .update(experiences)
      .set({ periodNames: ['Evening (Sun–Tue)', 'Late Night (Wed–Sat)'] })
      .where(eq(experiences.venueId, OBE));
    afterCache();
    expect((await openingHours('obe')).map((p) => p.name)).toEqual(['Evening (Sun–Tue)', 'Late Night (Wed–Sat)']);

    const migration = readFileSync(new URL('../../../server/db/migrations/0001-0020/0010_guest_facing_period_names.sql', import.meta.url), 'utf8');
    for (const statement of migration.replace(/--.*$/gm, '').split(';').filter((s) => s.trim())) {
      await db.execute(sql.raw(statement));
    }
    afterCache();
    expect(await openingHours('obe')).toEqual([
      {
        name: 'Evening',
        hours: [
          { name: 'Mon, Tue, Sun', times: '5:00 pm – 12:00 am' },
          { name: 'Wed – Sat', times: '5:00 pm – 2:00 am' },
        ],
      },
    ]);
    const offered = await db.select({ periodNames: experiences.periodNames }).from(experiences).where(eq(experiences.venueId, OBE));
    expect(offered.every((e) => e.periodNames.join() === 'Evening')).toBe(true);
  });
});
