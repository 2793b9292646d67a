/**
 * The first views read the set-up: after an admin changes lunch's last seating,
 * uploads a picture and adds a menu, the app's page the server hands out carries the new hour, the
 * picture's URL and widths and the menu's name in the marked places of its first views, and the same for
 * the app, without a rebuild. A club that changed nothing, or changed its services and changed them back,
 * gets the build's page as it was, in every language; a venue made later has its hours published from
 * its first services. Both databases.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { users, venues } from '../../../server/db/schema';
import { setupValues } from '../../../server/first-view-setup';
import { translatorFor } from '../../../server/i18n/translator';
import { SYSTEM_SETUP } from '../../../server/services/setup/system-setup';
import { createVenue } from '../../../server/services/venue-setup/venue-create';
import { newVenueSchema } from '../../../common/validation/venue-create-validation';
import { LOCALES } from '../../../common/locales';
import { LECLOS } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { MINIMAL_PDF } from '../../support/fixtures/menu-pdf';


/** The build's page with Le Clos's marked hours, menus and picture, as scripts/first-views.ts renders them. */
const BUILT_VIEW =
  '<template data-addresses="/pages/venue-detail?domain=leclos">' +
  '<img class="picture page__hero" data-fv="leclos:picture" src="/assets/leclos-abc.webp" alt="" width="1200" height="800" loading="eager">' +
  '<p class="hours-text" data-fv="leclos:hours">Lunch: Daily, 11:00 am – 5:00 pm</p>' +
  '<p data-fv="leclos:menus">All-Day Menu · Breakfast Menu</p></template>';
const page = `<!doctype html><html lang="en"><head><title>The Club</title></head><body><div id="root"></div>${BUILT_VIEW}</body></html>`;

for (const driver of testDrivers()) {
  describe(`the first views after a set-up change (${driver})`, () => {
    let root: string;
    let api: TestApi;
    let token: string;

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'first-view-setup-'));
      await writeFile(join(root, 'index.html'), page);
      await writeFile(join(root, 'index.en.html'), page);
      api = await createTestApi({ driver, staticRoot: root });
      const [{ id }] = (await api.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'))) as [{ id: string }];
      token = await api.tokenFor({ id, role: 'admin', venueId: null });
    });

    afterAll(async () => {
      await api?.close();
      await rm(root, { recursive: true, force: true });
    });

    const html = async () => (await api.app.request('/', { headers: { 'accept-language': 'en' } })).text();
    const upload = (path: string, bytes: Uint8Array | string) =>
      api.app.request(`/admin/setup/venue/${LECLOS}/${path}`, {
        method: path.startsWith('picture') ? 'PUT' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: new Blob([bytes as BlobPart]),
      });

    it('hands out the build’s page while nothing was changed', async () => {
      expect(await html()).toBe(page);
    });

    type Service = { name: string; lastSeating: number | null };
    /** Publishes Le Clos's services as `change` makes them from those stored. */
    const changeServices = async (change: (service: Service) => Service) => {
      const read = (await api.request('GET', `/admin/setup/venue/${LECLOS}/services`, { token })).body.data;
      const res = await api.request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token, body: { version: read.version, services: read.services.map(change) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    /** Each language's values for the first views, as the server would put them in now. */
    const valuesByLocale = async () => {
      const rows = await api.deps.db.select().from(venues);
      return Promise.all(LOCALES.map((locale) => setupValues(api.deps.db, translatorFor(locale), rows, api.deps.clock.now())));
    };

    it('hands out the build’s page after the services were changed and changed back (a later version, the same hours)', async () => {
      // The page shows the demo's services with the last seating they always had (the last start ending by their end).
      const lunch = (await api.request('GET', `/admin/setup/venue/${LECLOS}/services`, { token })).body.data.services.find((s: Service) => s.name === 'Lunch') as Service;
      expect(lunch.lastSeating).toBe(1005);
      await changeServices((s) => (s.name === 'Lunch' ? { ...s, lastSeating: 900 } : s));
      expect((await valuesByLocale()).every((values) => values['leclos:hours'] !== undefined)).toBe(true);
      await changeServices((s) => (s.name === 'Lunch' ? { ...s, lastSeating: 1005 } : s));
      expect(await html()).toBe(page);
      for (const values of await valuesByLocale()) expect(values['leclos:hours']).toBeUndefined();
    });

    it('carries the new hour, the uploaded picture and the added menu on the first paint', async () => {
      await changeServices((s) => (s.name === 'Lunch' ? { ...s, lastSeating: 780 } : s));
      const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8a6a2f' } }).png().toBuffer();
      const picture = await upload('picture', new Uint8Array(png));
      expect(picture.status).toBe(200);
      const { src, srcset } = ((await picture.json()) as { data: { src: string; srcset: string } }).data;
      expect((await upload('menu?name=Winter%20Menu', MINIMAL_PDF)).status).toBe(201);

      const served = await html();
      expect(served).toMatch(/data-fv="leclos:hours">[^<]*\nLunch: Daily 11:00 am – 5:00 pm \(last seating 1:00 pm\)\n/);
      expect(served).toContain(`<img src="${src}" srcset="${srcset}" sizes="(min-width: 768px) 50vw, min(100vw, 450px)" class="picture page__hero" data-fv="leclos:picture"`);
      expect(served).not.toContain('/assets/leclos-abc.webp');
      expect(served).toMatch(/data-fv="leclos:menus">[^<]*Winter Menu<\/p>/);
      // The app that takes the view over shows the same.
      const json = /<script type="application\/json" id="published-venue-texts">([^<]*)<\/script>/.exec(served)![1]!;
      const values = (JSON.parse(json) as { values: Record<string, string> }).values;
      expect(values['leclos:picture']).toBe(src);
      expect(values['leclos:menus']).toContain('Winter Menu');
      expect(values['leclos:hours']).toContain('last seating 1:00 pm');
    });

    it('publishes the hours of a venue made later from its first services (version 0, then 1)', async () => {
      const venue = v.parse(newVenueSchema, {
        id: '7770a1c0e4b0a1b2c3d4f001',
        domain: 'roof-fv',
        texts: { en: { title: 'The Roof', description: 'Rooftop Terrace', introduction: 'Drinks under the sky.', address: '8/F, 12 Ice House Street' } },
        reservationsPhone: '+852 2388 6209',
        reservationsEmail: 'roof.reservations@example.com',
        maxPartySize: 10,
        onlineMinGuests: 2,
        onlineMaxGuests: 8,
        requiresPhoneVerification: false,
        minLeadMinutes: 60,
        policy: { cancellationWindowHours: 24, cancellationFee: { type: 'PER_PERSON', amount: 10_000 }, feesByPartySize: [], noShowFeePerPerson: 0, minimumSpend: null, maximumPartySize: 10 },
      });
      await createVenue(api.deps, SYSTEM_SETUP, venue);
      const evening = { name: 'Evening', daysOfWeek: [3, 4, 5, 6], firstSeating: 1080, lastSeating: 1320, endsAt: 1440, intervalMinutes: 30, validFrom: null, validUntil: null };
      const put = await api.request('PUT', `/admin/setup/venue/${venue.id}/services`, { token, body: { version: 0, services: [evening] } });
      expect(put.body.data).toMatchObject({ version: 1 });
      const [en] = await valuesByLocale();
      expect(en!['roof-fv:hours']).toBe('Evening: Wed – Sat 6:00 pm – 12:00 am (last seating 10:00 pm)');
      const json = /<script type="application\/json" id="published-venue-texts">([^<]*)<\/script>/.exec(await html())![1]!;
      expect((JSON.parse(json) as { values: Record<string, string> }).values['roof-fv:hours']).toBe(en!['roof-fv:hours']);
    });
  });
}
