/**
 * The server's bundle, as `npm run build:server` writes it to dist/server and as the tests that start the
 * server as a process of its own bundle it (tests/support/server/server-bundle.ts): the server and its database
 * thread, as plain JavaScript beside each other, the installed packages left to node_modules.
 *   tsx scripts/build-server.ts
 */
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
 * 267 MB; bundled, 59 MB in 0.1 s), more than the whole server's other code. Only plain JavaScript
 * packages that read no files of their own may be listed.
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];

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
 * Bundles `entries` into `outdir`, two levels under the project (like dist/server): the bundle finds the
 * catalogs (`../../locales`) and migrations from where it lies.
 */
export async function bundleServer(outdir: string, entries: BundleEntry[] = SERVER_ENTRIES): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [installedPackagesExternal],
    outdir,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer(fileURLToPath(new URL('../dist/server', import.meta.url)));
