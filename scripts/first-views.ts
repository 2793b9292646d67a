/**
 * First views: the page a guest arrives on is on screen before the app's code has arrived. Once the
 * build is written, Home, the venues and each venue's detail are rendered in every language by the app
 * itself, and a page per language (`index.<locale>.html`, which the server picks: server/static-files.ts)
 * holds them, with the script that shows the one for the address in the hash and then starts the app
 * (src/first-view/show-first-view.ts), which replaces it with the same page (src/main.tsx). Pages that need
 * the server to show anything (a booking step, an account) have none. The work is scripts/write-first-views.ts.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const WRITER = fileURLToPath(new URL('./write-first-views.ts', import.meta.url));

/** The Vite plugin: writes the first views once the build is written, before it is precompressed. */
export function firstViews(): Plugin {
  return {
    name: 'first-views',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'pre',
      async handler(options) {
        if (options.dir) await promisify(execFile)(process.execPath, ['--import', 'tsx', WRITER, options.dir]);
      },
    },
  };
}
