/**
 * `npm run size`: the gzipped JavaScript each route loads, from Vite's build manifest: the entry and
 * its static imports, the app's renderer chunk and the English start catalog, and the page's lazy chunk
 * with its imports, plus the English flows catalog for a booking, managing or paying page (`flowPage`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { LOCALES } from '../common/locales';
import { FIRST_VIEW_PAGE_BUDGET_BYTES, firstViewPage } from './first-view-page';
import { APP_CHUNK_SOURCE } from './preload-app-chunk';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const HOME_BUDGET_KB = 100;
const PAGE_BUDGET_KB = FIRST_VIEW_PAGE_BUDGET_BYTES / 1024;
const dist = 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gzipped = new Map<string, number>();
const gzipSize = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipped.get(file)!;
};

/** A chunk's file and every chunk it imports statically. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, into);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const startFiles = closure('locales/en.po', closure(APP_CHUNK_SOURCE, closure(entryKey)));
const routeSource = readFileSync('src/navigation/routes.ts', 'utf8');
const pages = [...new Set([...routeSource.matchAll(/import\('\.\.\/routes\/([\w-]+)'\)/g)].map((m) => m[1]!))];
const flowPages = new Set([...routeSource.matchAll(/flowPage\(\(\) => import\('\.\.\/routes\/([\w-]+)'\)/g)].map((m) => m[1]!));

const rows = pages.map((page) => {
  const files = closure(`src/routes/${page}.tsx`, flowPages.has(page) ? closure('locales/flows/en.po', new Set(startFiles)) : new Set(startFiles));
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  return { page, kb: bytes / 1024 };
});

console.log('route'.padEnd(22), 'JS loaded (KB gzip)');
for (const { page, kb } of rows.sort((a, b) => b.kb - a.kb)) console.log(page.padEnd(22), kb.toFixed(1));
const home = rows.find((r) => r.page === 'home')!;
// A returning visitor with a stored session also loads the session chart at start.
const withSession = closure('src/session/session-actor.ts', closure('src/routes/home.tsx', new Set(startFiles)));
const withSessionKb = [...withSession].reduce((sum, file) => sum + gzipSize(file), 0) / 1024;
console.log(`\nhome: ${home.kb.toFixed(1)} KB gzip (budget ${HOME_BUDGET_KB} KB); with a stored session: ${withSessionKb.toFixed(1)} KB`);
const languagePages = LOCALES.map((locale) => ({ locale, kb: brotliCompressSync(readFileSync(join(dist, firstViewPage(locale)))).length / 1024 }));
console.log(`the page with its first views (KB brotli, budget ${PAGE_BUDGET_KB} KB): ${languagePages.map((p) => `${p.locale} ${p.kb.toFixed(1)}`).join(', ')}`);
if (home.kb > HOME_BUDGET_KB) {
  console.error('Home is over its budget.');
  process.exit(1);
}
if (languagePages.some((page) => page.kb > PAGE_BUDGET_KB)) {
  console.error("A language's page is over its budget.");
  process.exit(1);
}
