/**
 * Writes the first views into the built app (scripts/first-views.ts runs this once the build is written):
 * renders them (scripts/first-view-capture.ts), bundles the first-view script, and writes a page per
 * language. A process of its own, since the capture makes the app's globals its own.
 *   node --import tsx scripts/write-first-views.ts dist/web
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '../common/locales';
import { captureFirstViews } from './first-view-capture';
import { firstViewPage, pageWithFirstViews } from './first-view-page';

const SHOW_SCRIPT = fileURLToPath(new URL('../src/first-view/show-first-view.ts', import.meta.url));

/** The first-view script as a classic script (it runs before anything else), named by its content's hash. */
async function writeShowScript(webDir: string): Promise<string> {
  const result = await build({ entryPoints: [SHOW_SCRIPT], bundle: true, format: 'iife', minify: true, target: 'es2020', write: false });
  const code = result.outputFiles[0]!.contents;
  const file = `assets/first-view-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  await writeFile(join(webDir, file), code);
  return file;
}

const webDir = process.argv[2];
if (!webDir) throw new Error('usage: write-first-views.ts <built web folder>');
const [views, scriptFile, page] = await Promise.all([captureFirstViews(webDir), writeShowScript(webDir), readFile(join(webDir, 'index.html'), 'utf8')]);
await Promise.all(LOCALES.map((locale) => writeFile(join(webDir, firstViewPage(locale)), pageWithFirstViews(page, locale, views[locale], scriptFile))));
// The app's timers, started by the capture, would keep the process alive.
process.exit(0);
