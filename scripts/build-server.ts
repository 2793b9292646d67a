/**
 * The server's bundle, as `npm run build:server` writes it to dist/server and as the tests that start the
 * server as a process of its own bundle it (tests/support/server/server-bundle.ts): the server and its database
 * thread, as plain JavaScript beside each other, the installed packages left to node_modules.
 *   tsx scripts/build-server.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BundleEntry {
  /** The source file, from the project's root. */
  in: string;
  /** Its file in the bundle, without `.js`. */
  out: string;
}

/** What every server bundle holds: the server, and beside it the database thread it starts. */
export const SERVER_ENTRIES: BundleEntry[] = [
  { in: 'server/main.ts', out: 'main' },
  { in: 'server/db/pglite-worker.ts', out: 'db/pglite-worker' },
];

/**
 * Packages bundled into the server rather than loaded from node_modules: Node's ES module loader spent
 * 0.9 s and ~210 MB of RSS on drizzle-orm's 390 files (`node -e "await import('drizzle-orm/pg-core')"`:
 * 267 MB; bundled, 59 MB in 0.1 s), more than the whole server's other code, and the other ES module
 * packages loaded at start cost it another 12 MB (docs/decisions/0043-lighter-start.md). Only plain
 * JavaScript ES module packages that read no files of their own may be listed: a CommonJS one (pg, pino,
 * prom-client) would need `require` in the bundle and saved nothing measurable.
 */
const BUNDLED_PACKAGES = [
  'drizzle-orm',
  'valibot',
  'hono',
  '@hono/node-server',
  'xstate',
  'jose',
  'libphonenumber-js',
  'temporal-polyfill',
  '@lingui/core',
  '@lingui/message-utils',
];

/** Leaves every installed package to node_modules but BUNDLED_PACKAGES. */
const installedPackagesExternal: Plugin = {
  name: 'installed-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      BUNDLED_PACKAGES.some((name) => path === name || path.startsWith(`${name}/`)) ? undefined : { path, external: true },
    );
  },
};

/**
 * drizzle-orm's PGlite driver imports PGlite only to open one from a connection string, which the server
 * never asks of it (server/db/client.ts hands it the database thread), and four type numbers: in the
 * bundle that import loaded PGlite's 2 MB of code into every server, PostgreSQL's too. It gets a PGlite
 * that refuses, and the numbers, instead.
 */
const noPgliteInDrizzle: Plugin = {
  name: 'no-pglite-in-drizzle',
  setup(build) {
    build.onResolve({ filter: /^@electric-sql\/pglite$/ }, ({ importer }) =>
      /drizzle-orm[\\/]pglite[\\/]/.test(importer) ? { path: 'drizzle-pglite', namespace: 'no-pglite' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-pglite' }, () => ({
      // Its queries read `types`: PostgreSQL's own numbers of four types (pg_type's oids), which never change.
      // Any other name drizzle takes from PGlite one day fails the build, here.
      contents: `export class PGlite { constructor() { throw new Error('Open PGlite through server/db/client.ts'); } }
        export const types = { DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184, INTERVAL: 1186 };`,
      loader: 'js',
    }));
  },
};

/**
 * Every character past ASCII as a `\uXXXX` escape (a UTF-16 unit each, as a surrogate pair stays one in a
 * string, a regular expression or a comment alike). esbuild's own `charset: 'ascii'` leaves comments and
 * regular expressions as they are, and a single one of those made V8 hold the 1.9 MB bundle's source as
 * a two-byte string: 3.7 MB of the idle server's heap.
 */
export const asciiOnly = (code: string) => code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Bundles `entries` into `outdir`, two levels under the project (like dist/server): the bundle finds the
 * catalogs (`../../locales`) and migrations from where it lies.
 */
export async function bundleServer(outdir: string, entries: BundleEntry[] = SERVER_ENTRIES): Promise<void> {
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [noPgliteInDrizzle, installedPackagesExternal],
    outdir,
    logLevel: 'warning',
    write: false,
  });
  for (const file of outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, asciiOnly(file.text));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer(fileURLToPath(new URL('../dist/server', import.meta.url)));
