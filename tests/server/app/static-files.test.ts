/**
 * The built app as the server hands it out (server/static-files.ts) from a folder laid out like Vite's
 * build and precompressed as the build does it (scripts/precompress.ts): the coding by Accept-Encoding,
 * caching (immutable assets, a revalidated page), 304 on If-None-Match, and what is never served.
 */
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../scripts/precompress';
import { createTestApi, type TestApi } from '../../support/server/harness';

const PAGE = `<!doctype html><html><head><title>The Club</title><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(100)}</body></html>`;
const SCRIPT = `export const venues = ${JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Venue ${i}` })))};\n`;
const TINY = 'x';

let root: string;
let api: TestApi;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-files-'));
  await mkdir(join(root, 'assets'));
  await mkdir(join(root, '.vite'));
  await writeFile(join(root, 'index.html'), PAGE);
  await writeFile(join(root, 'assets/index-AbC123.js'), SCRIPT);
  await writeFile(join(root, 'assets/index-AbC123.js.map'), '{"version":3,"sources":["../../src/main.tsx"]}');
  await writeFile(join(root, 'assets/tiny-XyZ789.js'), TINY);
  await writeFile(join(root, '.vite/manifest.json'), '{}');
  await writeFile(join(root, 'robots.txt'), `User-agent: *\n${'Disallow: /private\n'.repeat(20)}`);
  await precompressFolder(root);
  api = await createTestApi({ staticRoot: root });
});

afterAll(async () => {
  await api?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => api.app.request(path, { headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('the build precompresses', () => {
  it('writes a brotli and a gzip copy of each text file that shrinks, none of one that would not, and none of the manifest', async () => {
    const files = await readdir(root, { recursive: true });
    expect(files).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz', 'assets/index-AbC123.js.br', 'assets/index-AbC123.js.gz']));
    expect(files.filter((f) => f.startsWith('assets/tiny-XyZ789.js.') || f.startsWith('.vite/manifest.json.'))).toEqual([]);
  });
});

describe('the coding follows Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['identity', null],
  ])('%s: %s', async (acceptEncoding, coding) => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(coding);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = await bytes(res);
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    const decoded = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
    expect(decoded.toString()).toBe(SCRIPT);
    if (coding) expect(body.byteLength).toBeLessThan(SCRIPT.length);
  });

  it('sends a file that did not shrink as it is, and without Vary (it has one form only)', async () => {
    const res = await get('/assets/tiny-XyZ789.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect((await bytes(res)).toString()).toBe(TINY);
  });
});

describe('caching', () => {
  it('keeps hashed assets for a year, unchanged, with no ETag to ask about them by', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBeNull();
  });

  it.each(['/', '/index.html'])('has the browser check %s on every use, and answers 304 while it is unchanged', async (path) => {
    const first = await get(path, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytes(first)).toString()).toBe(PAGE);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

    const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    // The stored page's policy stays: a 304 must not bring another one (Chromium would store it).
    expect(again.headers.get('content-security-policy')).toBeNull();

    // The same content whichever coding carried it.
    expect((await get(path, { 'if-none-match': etag })).status).toBe(304);
    expect((await get(path, { 'if-none-match': 'W/"something-else"' })).status).toBe(200);
  });

  it('caches other files the build copies for a short while', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('what is not served', () => {
  it.each([
    '/assets/index-AbC123.js.map',
    '/assets/index-AbC123.js.br',
    '/assets/index-AbC123.js.gz',
    '/.vite/manifest.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/no-such-file.js',
    '/assets',
  ])('%s: 404', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers the API as before beside the files', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 200, data: { ok: true } });
  });
});
