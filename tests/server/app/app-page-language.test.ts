/**
 * The app's page in the language the app will speak (server/static-files.ts): the build's page per
 * language with its first views (scripts/first-views.ts), picked by the cookie the app sets, else by
 * Accept-Language; the plain page for a language the build wrote none for. Each answer says what it
 * varies by, and a revalidation never passes one language's page off as another's.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../support/server/harness';

const page = (lang: string) => `<!doctype html><html lang="${lang}"><head><title>The Club</title></head><body><div id="root"></div></body></html>`;

let root: string;
let api: TestApi;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'app-page-'));
  await writeFile(join(root, 'index.html'), page('plain'));
  // Same length, same time: only the name tells them apart.
  const writtenAt = new Date('2026-11-20T02:00:00Z');
  for (const locale of ['en', 'ja', 'th']) {
    const file = join(root, `index.${locale}.html`);
    await writeFile(file, page(locale));
    await utimes(file, writtenAt, writtenAt);
  }
  api = await createTestApi({ staticRoot: root });
});

afterAll(async () => {
  await api?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => api.app.request(path, { headers });
const langOf = async (res: Response) => /<html lang="([^"]*)">/.exec(await res.text())?.[1]?.trim();

describe("the app's page", () => {
  it.each([
    [{}, 'en'],
    [{ 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' }, 'ja'],
    [{ 'accept-language': 'fr-FR, th;q=0.7' }, 'th'],
    [{ cookie: 'locale=th', 'accept-language': 'ja' }, 'th'],
    [{ cookie: 'other=1; locale=ja' }, 'ja'],
    [{ cookie: 'locale=xx', 'accept-language': 'ja' }, 'ja'],
    [{ cookie: 'locale=../../etc', 'accept-language': 'th' }, 'th'],
    [{ cookie: 'locale=ko' }, 'plain'],
    [{ 'accept-language': 'zh-HK' }, 'plain'],
  ])('%o: %s', async (headers, lang) => {
    for (const path of ['/', '/index.html']) {
      const res = await get(path, headers);
      expect(res.status).toBe(200);
      expect(await langOf(res)).toBe(lang);
    }
  });

  it('varies by the cookie and Accept-Language, and is checked on every use', async () => {
    // Thai: the demo data publishes no Thai text of its own (Japanese has the venues' addresses), so this is
    // the build's page as it is, with no variant compressed on the fly.
    const res = await get('/', { 'accept-language': 'th' });
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const plain = await get('/', { cookie: 'locale=ko' });
    expect(plain.headers.get('vary')).toBeNull();
  });

  it("answers 304 to its own language's tag only", async () => {
    const ja = (await get('/', { cookie: 'locale=ja' })).headers.get('etag')!;
    const th = (await get('/', { cookie: 'locale=th' })).headers.get('etag')!;
    expect(ja).not.toBe(th);
    expect((await get('/', { cookie: 'locale=ja', 'if-none-match': ja })).status).toBe(304);
    const switched = await get('/', { cookie: 'locale=th', 'if-none-match': ja });
    expect(switched.status).toBe(200);
    expect(await langOf(switched)).toBe('th');
  });
});

describe("the app's page after a set-up change", () => {
  it('carries the published description in its first views and for the app, at once, in every coding', async () => {
    const marked = (lang: string) =>
      page(lang).replace('<div id="root"></div>', '<div id="root"></div><template data-addresses="/"><p class="card__meta" data-fv="leclos:description">All-day Dining</p></template>');
    await writeFile(join(root, 'index.en.html'), marked('en'));
    const before = await get('/');
    expect(await before.text()).toContain('data-fv="leclos:description">All-day Dining</p>');

    const [{ id }] = (await api.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'))) as [{ id: string }];
    const token = api.tokenFor({ id, role: 'admin', venueId: null });
    const stored = (await api.request('GET', '/admin/setup/venue/6650a1c0e4b0a1b2c3d40001/content', { token })).body.data;
    const texts = { ...stored.texts, en: { ...stored.texts.en, description: 'Garden <Brasserie>' } };
    expect((await api.request('PUT', '/admin/setup/venue/6650a1c0e4b0a1b2c3d40001/content', { token, body: { ...stored, texts } })).status).toBe(200);

    const after = await get('/', { 'accept-encoding': 'br' });
    expect(after.headers.get('content-encoding')).toBe('br');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const html = brotliDecompressSync(Buffer.from(await after.arrayBuffer())).toString('utf8');
    expect(html).toContain('data-fv="leclos:description">Garden &lt;Brasserie&gt;</p>');
    expect(html).toContain('<script type="application/json" id="published-venue-texts">{"locale":"en","values":{"leclos:description":"Garden \\u003cBrasserie>"}}</script>');
  });
});
