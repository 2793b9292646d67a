/**
 * The server's bundle, as `npm run build:server` writes it to dist/server and as the tests that start the
 * server as a process of its own bundle it (tests/support/server/server-bundle.ts): the server and its database
 * thread, as plain JavaScript beside each other, the installed packages left to node_modules.
 *   tsx scripts/build-server.ts
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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
    packages: 'external',
    outdir,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer(fileURLToPath(new URL('../dist/server', import.meta.url)));
