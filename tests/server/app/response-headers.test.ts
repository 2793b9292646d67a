/**
 * Headers on every answer (server/security-headers.ts): the app page's strict Content-Security-Policy,
 * a policy allowing nothing on the API's answers, framing of PDFs by the app alone, HSTS over TLS only;
 * and the API's JSON compressed above a threshold (server/json-compression.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { JSON_COMPRESSION_THRESHOLD } from '../../../server/json-compression';
import { ControllableClock, withClockDate } from '../../../server/lib/clock';
import { createTestApi, TEST_NOW, type TestApi } from '../../support/server/harness';

let root: string;
let api: TestApi;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'response-headers-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>The Club</title><script type="module" src="/assets/index-AbC123.js"></script>');
  api = await createTestApi({ staticRoot: root });
});

afterAll(async () => {
  await api?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => api.app.request(path, { headers });

/** A policy's directives by name. */
function directives(policy: string | null): Record<string, string> {
  return Object.fromEntries((policy ?? '').split(';').map((d) => d.trim().split(/\s+(.*)/s).slice(0, 2) as [string, string]));
}

const VENUE = '/public/venue/by-domain/leclos';
const MENU = '/public/menu/obe-cocktails.pdf';

describe('security headers', () => {
  it('gives the app page a strict policy: its own scripts, styles and frames only, no inline code, no plugins, no framing', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(directives(res.headers.get('content-security-policy'))).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' data:",
      'font-src': "'self'",
      'connect-src': "'self'",
      'frame-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it.each([
    ['a JSON answer', VENUE, 200],
    ['a refusal', '/public/venue/by-domain/nowhere', 404],
    ['an unknown path', '/no-such-path', 404],
    ['a bad request', '/public/venue/by-domain/', 400],
  ])('gives %s a policy that allows nothing', async (_, path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('lets only the app frame a PDF menu (its preview page)', async () => {
    const res = await get(MENU);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends HSTS only over TLS: a request that came over https, or a public address that is https', async () => {
    expect((await get('http://club.example/health')).headers.get('strict-transport-security')).toBeNull();
    expect((await get('https://club.example/health')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const behindProxy = createApp({ ...api.deps, config: { ...api.deps.config, publicBaseUrl: 'https://club.example' } });
    expect((await behindProxy.request('http://127.0.0.1/health')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('JSON compression', () => {
  it('compresses an answer above the threshold, brotli first, else gzip, and says it varies', async () => {
    const plain = await get(VENUE);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');

    for (const [acceptEncoding, coding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const res = await get(VENUE, { 'accept-encoding': acceptEncoding });
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length')).toBe(String(body.byteLength));
      expect(body.byteLength).toBeLessThan(text.length / 2);
      expect(decode(body).toString()).toBe(text);
    }
  });

  it('leaves a small answer and a PDF as they are', async () => {
    const small = await get('/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toMatchObject({ status: 200, data: { ok: true } });
    const pdf = await get(MENU, { 'accept-encoding': 'br, gzip' });
    expect(pdf.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("keeps the test clock's Date header on a compressed answer", async () => {
    const clock = new ControllableClock(TEST_NOW, { frozen: true });
    const res = await withClockDate(api.app.fetch, clock)(new Request(`http://club.example${VENUE}`, { headers: { 'accept-encoding': 'br' } }));
    expect(res.headers.get('date')).toBe(TEST_NOW.toUTCString());
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).data.domain).toBe('leclos');
  });

  it("leaves a file with an ETag on the machine's Date, which browsers count its max-age from", async () => {
    const yearsBack = new ControllableClock(new Date('2020-01-01T00:00:00Z'), { frozen: true });
    const pdf = await withClockDate(api.app.fetch, yearsBack)(new Request(`http://club.example${MENU}`));
    expect(pdf.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/);
    expect(pdf.headers.get('date')).not.toBe(yearsBack.now().toUTCString());
  });
});
