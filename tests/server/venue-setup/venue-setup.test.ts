/**
 * The venue set-up through the HTTP API: texts per language with English as the fallback and
 * the missing ones listed; pictures checked by content and size, resized and served for good; PDF
 * menus; services whose change moves availability and the hours in every language; a second server
 * process sees a published change on its next request; admins only; every change audited with before
 * and after; a stale copy refused. Dates come from the injected clock.
 */
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reservations } from '../../../server/db/schema';
import { createApp } from '../../../server/app';
import { publishedVenueTexts } from '../../../server/first-view-content';
import { translatorFor } from '../../../server/i18n/translator';
import { VENUES } from '../../../common/venues';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, LECLOS, UNKNOWN_ID } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';
import { MINIMAL_PDF } from '../../support/fixtures/menu-pdf';

const LOCALES = ['en', 'ja', 'ko', 'th', 'zh-Hans', 'zh-Hant'] as const;

for (const driver of testDrivers()) {
  describe(`venue set-up (${driver})`, () => {
    let { api, h, admin, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff } = accounts));
    let alaCarte: string;
    beforeAll(async () => {
      alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    });

    const content = (user: TestUser) => api.request('GET', `/admin/setup/venue/${LECLOS}/content`, { token: user.token() });
    const publishContent = (user: TestUser, body: unknown) => api.request('PUT', `/admin/setup/venue/${LECLOS}/content`, { token: user.token(), body });
    const services = (user: TestUser) => api.request('GET', `/admin/setup/venue/${LECLOS}/services`, { token: user.token() });
    const venuePage = (locale = 'en', app = api.app) =>
      Promise.resolve(app.request('/public/venue/by-domain/leclos', { headers: { 'accept-language': locale } })).then((r: Response) => r.json() as Promise<any>);
    const upload = async (user: TestUser, path: string, bytes: Uint8Array | string, contentType = 'application/octet-stream') =>
      Promise.resolve(
        api.app.request(`/admin/setup/venue/${LECLOS}/${path}`, {
          method: path.startsWith('picture') ? 'PUT' : 'POST',
          headers: { authorization: `Bearer ${await user.token()}`, 'content-type': contentType },
          body: new Blob([bytes as BlobPart]),
        }),
      ).then(async (r: Response) => ({ status: r.status, body: (await r.json()) as any }));
    const latestAudit = async (action: string) =>
      (await api.deps.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, LECLOS))).orderBy(desc(auditLog.seq)).limit(1))[0];
    const startTimes = async (date: string) => {
      const query = new URLSearchParams({ experienceId: alaCarte, numberOfGuests: '2' });
      const res = await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?${query}`, { token: (await h.newUser()).token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.timeslots as { startTime: number }[]).map((s) => s.startTime);
    };

    it('refuses guests, members and venue staff every set-up call, and changes nothing', async () => {
      for (const caller of [await h.newUser('guest'), await h.newUser('member'), leclosStaff]) {
        expect((await content(caller)).status).toBe(403);
        expect((await services(caller)).status).toBe(403);
        expect((await publishContent(caller, {})).status).toBe(403);
        expect((await upload(caller, 'menu?name=X', MINIMAL_PDF)).status).toBe(403);
      }
      expect((await api.request('GET', `/admin/setup/venue/${LECLOS}/content`)).status).toBe(401);
      expect((await api.request('GET', `/admin/setup/venue/${UNKNOWN_ID}/content`, { token: admin.token() })).status).toBe(404);
    });

    it('keeps English required, lets other languages fall back to it and lists them as missing; audited before and after', async () => {
      const read = (await content(admin)).body.data;
      expect(read.texts.en.title).toBe('Le Clos');
      // The demo data writes the venues' addresses in Japanese and Chinese; the other texts fall back.
      expect(read.missing.ja).toEqual(['title', 'description', 'introduction']);

      const noEnglish = await publishContent(admin, { ...read, texts: { ...read.texts, en: { ...read.texts.en, description: '  ' } } });
      expect(noEnglish.status).toBe(400);
      expect(noEnglish.body.field).toBe('texts.en.description');
      expect((await content(admin)).body.data.version).toBe(read.version);

      const texts = {
        en: { ...read.texts.en, description: 'Garden Brasserie', introduction: 'A brand new introduction.' },
        ja: { title: null, description: 'ガーデン・ブラッスリー', introduction: null, address: null },
      };
      const published = await publishContent(admin, { ...read, texts });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body.data.version).toBe(read.version + 1);
      expect(published.body.data.missing.ja).toEqual(['title', 'introduction', 'address']);
      expect(published.body.data.missing.ko).toHaveLength(4);

      const en = (await venuePage('en')).data;
      expect(en.desc).toBe('Garden Brasserie');
      expect(en.introduction).toBe('A brand new introduction.');
      const ja = (await venuePage('ja')).data;
      expect(ja.desc).toBe('ガーデン・ブラッスリー');
      // Not written in Japanese: the English.
      expect(ja.introduction).toBe('A brand new introduction.');
      expect((await venuePage('ko')).data.desc).toBe('Garden Brasserie');

      const entry = await latestAudit('setup.venue.change');
      expect((entry!.before as any).texts.en.introduction).toBe(read.texts.en.introduction);
      expect((entry!.after as any).texts.ja.description).toBe('ガーデン・ブラッスリー');
    });

    it("gives a language without its own text the server catalog's translation of the English, in the answers and the first views", async () => {
      const ja = translatorFor('ja');
      const seeded = VENUES.find((v) => v.domain === 'leclos')!.introduction;
      const read = (await content(admin)).body.data;
      // English texts the catalog knows (the seed's), none written in Japanese or Korean.
      const texts = { en: { ...read.texts.en, description: 'Whisky Bar', introduction: seeded } };
      expect((await publishContent(admin, { ...read, texts })).status).toBe(200);
      expect(ja._(seeded)).not.toBe(seeded);
      expect(ja._('Whisky Bar')).not.toBe('Whisky Bar');

      const answer = (await venuePage('ja')).data;
      expect(answer.desc).toBe(ja._('Whisky Bar'));
      expect(answer.introduction).toBe(ja._(seeded));
      expect((await venuePage('ko')).data.introduction).toBe(translatorFor('ko')._(seeded));
      expect((await venuePage('en')).data.introduction).toBe(seeded);

      // The first view: the changed English in the catalog's Japanese; the unchanged one keeps the build's translation.
      const firstView = (await publishedVenueTexts(api.deps.db, 'ja')).texts.values;
      expect(firstView['leclos:description']).toBe(ja._('Whisky Bar'));
      expect(firstView['leclos:introduction']).toBeUndefined();
      expect((await publishedVenueTexts(api.deps.db, 'en')).texts.values['leclos:description']).toBe('Whisky Bar');

      // A text the catalog does not know stays as written.
      const unknown = { en: { ...read.texts.en, description: 'Not In Any Catalog' } };
      expect((await publishContent(admin, { ...read, version: read.version + 1, texts: unknown })).status).toBe(200);
      expect((await venuePage('ja')).data.desc).toBe('Not In Any Catalog');
      expect((await publishedVenueTexts(api.deps.db, 'ja')).texts.values['leclos:description']).toBe('Not In Any Catalog');
    });

    it('refuses a change started from a stale copy with 409 20140, changing nothing', async () => {
      const read = (await content(admin)).body.data;
      const first = await publishContent(admin, { ...read, reservationsPhone: '+852 2111 1111' });
      expect(first.status).toBe(200);
      const stale = await publishContent(admin, { ...read, reservationsPhone: '+852 2999 9999' });
      expect(stale.status).toBe(409);
      expect(stale.body.errorCode).toBe(20140);
      expect((await content(admin)).body.data.reservationsPhone).toBe('+852 2111 1111');
      // The ETag a publish answers, sent back as If-Match, is the same rule as the body's version.
      const again = { ...read, reservationsPhone: '+852 2333 3333', version: 1 };
      const staleHeader = await api.request('PUT', `/admin/setup/venue/${LECLOS}/content`, { token: admin.token(), headers: { 'If-Match': `W/"${read.version}"` }, body: again });
      expect(staleHeader.status).toBe(409);
      const viaHeader = await api.request('PUT', `/admin/setup/venue/${LECLOS}/content`, { token: admin.token(), headers: { 'If-Match': `W/"${first.body.data.version}"` }, body: again });
      expect(viaHeader.status, JSON.stringify(viaHeader.body)).toBe(200);
      expect(viaHeader.body.data.reservationsPhone).toBe('+852 2333 3333');
    });

    it('takes a JPEG, PNG or WebP by content, resizes it and serves it for good at a hashed URL', async () => {
      const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#8a6a2f' } }).png().toBuffer();
      const res = await upload(admin, 'picture', new Uint8Array(png), 'text/plain');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.srcset).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*-1200\.webp 1200w$/);
      const file = await api.app.request(res.body.data.src);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(new Uint8Array(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 640]);
      expect((await venuePage()).data.picture.src).toBe(res.body.data.src);
      expect((await latestAudit('setup.venue.change'))!.after).toMatchObject({ picture: { src: res.body.data.src } });

      for (const other of [await sharp(png).jpeg().toBuffer(), await sharp(png).webp().toBuffer()]) {
        expect((await upload(admin, 'picture', new Uint8Array(other))).status).toBe(200);
      }
    });

    it('refuses a picture that is none by content, whatever it is called, and one over 8 MB', async () => {
      const before = (await venuePage()).data.picture;
      const html = await upload(admin, 'picture', '<html><script>alert(1)</script></html>', 'image/png');
      expect([html.status, html.body.errorCode]).toEqual([415, 20131]);
      // A PNG's signature before bytes that are no image.
      const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
      expect((await upload(admin, 'picture', fake)).body.errorCode).toBe(20131);
      const big = new Uint8Array(8 * 1024 * 1024 + 1);
      big.set([0xff, 0xd8, 0xff]);
      const tooBig = await upload(admin, 'picture', big);
      expect([tooBig.status, tooBig.body.errorCode]).toEqual([413, 20133]);
      expect((await venuePage()).data.picture).toEqual(before);
    });

    it('adds an uploaded PDF menu beside the generated ones, and refuses what is not a PDF', async () => {
      const added = await upload(admin, 'menu?name=Festive%20Menu', MINIMAL_PDF);
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const menus = (await venuePage()).data.pdfMenu.map((m: any) => m.en);
      expect(menus.map((m: any) => m.name)).toEqual(['All-Day Menu', 'Breakfast Menu', 'Supper Menu', 'Festive Menu']);
      const pdf = await api.app.request(added.body.data.url);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(await pdf.text()).toBe(MINIMAL_PDF);
      const notPdf = await upload(admin, 'menu?name=Fake', '<html></html>', 'application/pdf');
      expect([notPdf.status, notPdf.body.errorCode]).toEqual([415, 20132]);
      expect((await upload(admin, 'menu', MINIMAL_PDF)).status).toBe(400);
      expect((await latestAudit('setup.venue.change'))!.after).toEqual({ menu: added.body.data });
    });

    it('undoes an upload: the shipped picture and the generated menus again, audited; a menu never uploaded is 404', async () => {
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#553322' } }).png().toBuffer();
      expect((await upload(admin, 'picture', new Uint8Array(png))).status).toBe(200);
      const remove = (path: string) => api.request('DELETE', `/admin/setup/venue/${LECLOS}/${path}`, { token: admin.token() });
      expect((await remove('picture')).status).toBe(200);
      expect((await latestAudit('setup.venue.change'))!.after).toEqual({ picture: null });
      // No uploaded picture: the pages draw the one the app ships.
      expect((await venuePage()).data.picture).toBeUndefined();
      expect((await remove('picture')).status).toBe(200);

      expect((await upload(admin, 'menu?name=Winter%20Menu', MINIMAL_PDF)).status).toBe(201);
      expect((await venuePage()).data.pdfMenu.map((m: any) => m.en.name)).toContain('Winter Menu');
      expect((await remove('menu?name=Winter%20Menu')).status).toBe(200);
      expect((await venuePage()).data.pdfMenu.map((m: any) => m.en.name)).not.toContain('Winter Menu');
      expect((await latestAudit('setup.venue.change'))!.before).toMatchObject({ menu: { name: 'Winter Menu' } });
      expect((await remove('menu?name=Winter%20Menu')).status).toBe(404);
      expect((await api.request('DELETE', `/admin/setup/venue/${LECLOS}/picture`, { token: (await h.newUser('guest')).token() })).status).toBe(403);
    });

    it("moves lunch's last seating: availability, the hours in every language, the preview and the audit follow", async () => {
      const date = addDays(hongKongToday(api.clock.now()), 3);
      expect(await startTimes(date)).toContain(840);
      const read = (await services(admin)).body.data;
      const lunch = read.services.find((s: any) => s.name === 'Lunch');
      const changed = read.services.map((s: any) => (s.name === 'Lunch' ? { ...s, lastSeating: 780 } : s));

      // A confirmed lunch at 14:00 the change would leave outside the hours: listed, never cancelled.
      const guest = await h.newUser();
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId: alaCarte, date, startTime: 840, numberOfGuests: 2 } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect((await h.complete(guest, held.body.data._id)).status).toBe(200);
      const check = await api.request('POST', `/admin/setup/venue/${LECLOS}/services/check`, { token: admin.token(), body: { version: read.version, services: changed } });
      expect(check.status, JSON.stringify(check.body)).toBe(200);
      expect(check.body.data.affected.map((b: any) => [b._id, b.reasons])).toEqual([[held.body.data._id, ['OUTSIDE_HOURS']]]);

      const bad = await api.request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token(), body: { version: read.version, services: read.services.map((s: any) => (s.name === 'Lunch' ? { ...s, lastSeating: 500 } : s)) } });
      expect([bad.status, bad.body.field]).toEqual([400, 'services.1.lastSeating']);

      const published = await api.request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token(), body: { version: read.version, services: changed } });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body.data.affected).toHaveLength(1);
      const times = await startTimes(date);
      expect(times).toContain(780);
      expect(times).not.toContain(795);
      expect(times).not.toContain(840);
      const [kept] = await api.deps.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, held.body.data._id));
      expect(kept!.status).toBe('CONFIRMED');

      const hoursOf = async (locale: string) => (await venuePage(locale)).data.openingHours.find((p: any) => p.hours[0].times.startsWith('11:00'))?.hours[0].times;
      expect(await hoursOf('en')).toBe('11:00 am – 5:00 pm (last seating 1:00 pm)');
      for (const locale of LOCALES.filter((l) => l !== 'en')) expect(await hoursOf(locale)).toMatch(/11:00 – 17:00 .*13:00/);
      const entry = await latestAudit('setup.service.change');
      expect((entry!.before as any[]).find((s) => s.name === 'Lunch').lastSeating).toBe(lunch.lastSeating);
      expect((entry!.after as any[]).find((s) => s.name === 'Lunch').lastSeating).toBe(780);
    });

    it("sets next season's hours in advance: they take over on their first day", async () => {
      const today = hongKongToday(api.clock.now());
      const from = addDays(today, 10);
      const read = (await services(admin)).body.data;
      const lunchNow = read.services.find((s: any) => s.name === 'Lunch');
      const next = { ...lunchNow, lastSeating: 900, validFrom: from, validUntil: null };
      const body = { version: read.version, services: [...read.services.map((s: any) => (s.name === 'Lunch' ? { ...s, validUntil: addDays(from, -1) } : s)), next] };
      expect((await api.request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token(), body })).status).toBe(200);
      expect(await startTimes(addDays(from, -1))).not.toContain(900);
      expect(await startTimes(from)).toContain(900);
    });

    it('is what a second server process on the same database uses on its next request', async () => {
      // A second app with a database handle of its own: its caches are its own, as another process's are.
      const second = createApp({ ...api.deps, db: Object.create(api.deps.db) });
      expect((await venuePage('en', second)).data.desc).toBe((await venuePage('en')).data.desc);
      const read = (await content(admin)).body.data;
      const texts = { ...read.texts, en: { ...read.texts.en, description: 'Seen Everywhere' } };
      expect((await publishContent(admin, { ...read, texts })).status).toBe(200);
      expect((await venuePage('en', second)).data.desc).toBe('Seen Everywhere');
    });

    it("is what a second server process's availability offers on its next look-up", async () => {
      // The look-up answers from the set-up its process cached and reads the version in its one statement.
      const second = createApp({ ...api.deps, db: Object.create(api.deps.db) });
      const date = addDays(hongKongToday(api.clock.now()), 3);
      const token = await (await h.newUser()).token();
      const timesIn = async (app: { request: typeof second.request }) => {
        const query = new URLSearchParams({ experienceId: alaCarte, numberOfGuests: '2' });
        const res = await app.request(`/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?${query}`, { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as any).data.timeslots.map((s: { startTime: number }) => s.startTime) as number[];
      };
      const before = await timesIn(second);
      const read = (await services(admin)).body.data;
      const earlier = read.services.map((s: any) => (s.name === 'Lunch' ? { ...s, lastSeating: s.lastSeating - 15 } : s));
      expect((await api.request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token: admin.token(), body: { version: read.version, services: earlier } })).status).toBe(200);
      const after = await timesIn(second);
      expect(after).not.toEqual(before);
      expect(after).toEqual(await timesIn(api.app));
    });
  });
}
