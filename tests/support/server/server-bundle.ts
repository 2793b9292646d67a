/**
 * The server bundled as `npm run build:server` bundles it (scripts/build-server.ts), with the create-admin
 * command beside it, for tests that start it as a process of its own. Plain JavaScript starts in a third of
 * the CPU time that tsx took: tsx compiled the server's import graph again in each process, and again in
 * its database thread.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, SERVER_ENTRIES } from '../../../scripts/build-server';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The commands a bundle holds, by the name of their file in it. */
export type BundledCommand = 'main' | 'create-admin';

export interface ServerBundle {
  /** The file to run with `node` for a command. */
  entry(command: BundledCommand): string;
  remove(): void;
}

/** Bundles the server into `dist/<name>-<pid>` (removed by `remove`), the commands beside the database thread they start. */
export async function buildServerBundle(name: string): Promise<ServerBundle> {
  const outdir = join(root, 'dist', `${name}-${process.pid}`);
  rmSync(outdir, { recursive: true, force: true });
  await bundleServer(outdir, [...SERVER_ENTRIES, { in: 'server/cli/create-admin.ts', out: 'create-admin' }]);
  return {
    entry: (command) => join(outdir, `${command}.js`),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
