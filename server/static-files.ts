/**
 * The built app (`dist/web`) as browsers should get it: each file in the coding they accept from the
 * variants the build wrote beside it (`.br`, `.gz`: scripts/precompress.ts), hashed assets cached for
 * good, the page revalidated on every visit (a new release must reach returning visitors at once).
 * Source maps, the build's manifest folder (`.vite/`) and the variants themselves are not served.
 */
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { getMimeType } from 'hono/utils/mime';
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from '../common/locales';
import { matchesEtag, negotiateCoding, type ContentCoding } from './lib/negotiation';

const VARIANT_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** Paths that may name a file: segments of letters, digits, `_-.` that do not start with a dot. */
const SERVABLE_PATH = /^(?:\/[\w-][\w.-]*)+$/;
const NOT_SERVED = /\.(?:map|br|gz)$/;

/** Vite names everything under /assets/ by its content's hash: a changed file is a new address. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page names the current assets: cached, but checked (a 304 when unchanged) before each use. */
export const REVALIDATE = 'no-cache';
/** Other files the build copies as they are (a favicon, robots.txt): an hour, then checked. */
export const SHORT = 'public, max-age=3600';

/** The app's page, and the same page per language with its first views (`index.ja.html`: scripts/first-views.ts). */
const APP_PAGE = /^\/index(?:\.[\w-]+)?\.html$/;

function cacheControl(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE;
  return APP_PAGE.test(path) ? REVALIDATE : SHORT;
}

interface Found {
  /** The file's path under the root. */
  path: string;
  identity: { size: number; mtimeMs: number };
  /** The language of a page per language, which the answer then varies by. */
  locale?: Locale;
}

/**
 * The app's page in the language the app will speak: the one of the last visit (its cookie, set by the
 * app), else the browser's first that we have; the build's plain page when it wrote none per language.
 */
async function appPage(c: Context, root: string): Promise<Found | undefined> {
  const remembered = getCookie(c, LOCALE_COOKIE);
  const locale = isLocale(remembered) ? remembered : localeFromAcceptLanguage(c.req.header('Accept-Language'));
  const path = `/index.${locale}.html`;
  const identity = await fileStats(join(root, path));
  return identity ? { path, identity, locale } : servable(root, '/index.html');
}

/** A file the build wrote that may be served, as asked for. */
async function servable(root: string, path: string): Promise<Found | undefined> {
  if (!SERVABLE_PATH.test(path) || NOT_SERVED.test(path)) return undefined;
  const identity = await fileStats(join(root, path));
  return identity && { path, identity };
}

async function fileStats(path: string): Promise<{ size: number; mtimeMs: number } | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the set-up published into a language's page (server/first-view-content.ts): the page as the
 * build wrote it, changed, and the version of the set-up it is of.
 */
export type PagePublisher = (locale: Locale) => Promise<{ version: number; fill(page: string): string } | null>;

export function staticFiles(root: string, publisher?: PagePublisher): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const found = c.req.path === '/' || c.req.path === '/index.html' ? await appPage(c, root) : await servable(root, c.req.path);
    if (!found) return next();
    const { path, identity, locale } = found;
    const file = join(root, path);
    // Nothing published yet: the build's page as it is, with its compressed variants.
    const published = locale && publisher ? await publisher(locale) : null;
    if (locale && published) return publishedPage(c, file, identity, locale, published);

    const variants: ContentCoding[] = [];
    for (const coding of ['br', 'gzip'] as const) if (await fileStats(file + VARIANT_SUFFIX[coding])) variants.push(coding);
    const headers: Record<string, string> = { 'Cache-Control': cacheControl(path) };
    // A hashed asset is kept a year and never asked about again (a new build names new files): an ETag on
    // it would only be bytes on every cold visit. Weak: the br, gzip and plain bytes are one content,
    // whichever coding carried it. The file's name too: a page per language must not pass for another's.
    if (headers['Cache-Control'] !== IMMUTABLE) {
      headers.ETag = `W/"${identity.size.toString(16)}-${Math.trunc(identity.mtimeMs).toString(16)}${locale ? `.${locale}` : ''}"`;
    }
    const vary = [...(variants.length > 0 ? ['Accept-Encoding'] : []), ...(locale ? ['Cookie', 'Accept-Language'] : [])];
    if (vary.length > 0) headers.Vary = vary.join(', ');
    if (headers.ETag && matchesEtag(c.req.header('If-None-Match'), headers.ETag)) return c.body(null, 304, headers);

    const coding = negotiateCoding(c.req.header('Accept-Encoding'), variants);
    const body = await readFile(coding ? file + VARIANT_SUFFIX[coding] : file);
    headers['Content-Type'] = getMimeType(path) ?? 'application/octet-stream';
    headers['Content-Length'] = String(body.byteLength);
    if (coding) headers['Content-Encoding'] = coding;
    return c.body(new Uint8Array(body), 200, headers);
  };
}

// A language's page as last filled, per coding: filled and compressed again only when the file or the set-up changes.
const filledPages = new Map<string, { key: string; bodies: Map<string, Uint8Array<ArrayBuffer>> }>();

/** A language's page with what the set-up published, compressed here (the build's variants hold the old texts). */
async function publishedPage(c: Context, file: string, identity: Found['identity'], locale: Locale, { version, fill }: NonNullable<Awaited<ReturnType<PagePublisher>>>) {
  const headers: Record<string, string> = {
    'Cache-Control': REVALIDATE,
    ETag: `W/"${identity.size.toString(16)}-${Math.trunc(identity.mtimeMs).toString(16)}.${locale}.v${version}"`,
    Vary: 'Accept-Encoding, Cookie, Accept-Language',
  };
  if (matchesEtag(c.req.header('If-None-Match'), headers.ETag!)) return c.body(null, 304, headers);
  const coding = negotiateCoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
  let entry = filledPages.get(file);
  if (!entry || entry.key !== headers.ETag) filledPages.set(file, (entry = { key: headers.ETag!, bodies: new Map() }));
  let body = entry.bodies.get(coding ?? 'identity');
  if (!body) {
    const page = Buffer.from(fill(await readFile(file, 'utf8')));
    body = Uint8Array.from(coding === 'br' ? brotliCompressSync(page) : coding === 'gzip' ? gzipSync(page, { level: 9 }) : page);
    entry.bodies.set(coding ?? 'identity', body);
  }
  headers['Content-Type'] = 'text/html; charset=utf-8';
  headers['Content-Length'] = String(body.byteLength);
  if (coding) headers['Content-Encoding'] = coding;
  return c.body(body, 200, headers);
}
