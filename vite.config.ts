/// <reference types="vitest/config" />
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import { firstViews } from './scripts/first-views.js';
import { precompress } from './scripts/precompress.js';
import { preloadAppChunk } from './scripts/preload-app-chunk.js';

/** Every file hashes passwords at a test cost (see the file). */
const PASSWORD_HASH_COST = 'tests/setup/password-hash-cost.ts';
/** The test files that mock a module (vi.mock). */
const MOCKING_FILES = 'tests/server/staff/staff-book.test.ts';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3000);
// Paths the API answers; in development Vite forwards them to the API server.
const apiPrefixes = ['/public', '/user', '/admin', '/guest', '/payments', '/dev', '/health'];

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui(), preloadAppChunk(), firstViews(), precompress()],
  // No source maps: the served folder would publish the source (`npx vite` keeps them in development).
  build: {
    outDir: 'dist/web',
    sourcemap: false,
    manifest: true,
    // Small modules shared by the shell and lazy pages are copied into the chunks that use them rather than
    // each becoming a file of its own: Home's first visit went from 32 requests to 22 (e2e/cold-visit.spec.ts).
    // Each copy registers under the module's one name in rolldown's runtime, and the first to run is the one
    // instance every chunk gets: a module's state (a React context, page-loader's map) is never doubled.
    rolldownOptions: { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096 } } } },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, `http://127.0.0.1:${apiPort}`])),
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    environment: 'node',
    // The server's log stays quiet in the tests unless asked for (LOG_LEVEL=info npx vitest run ...).
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    globalSetup: ['tests/global-setup.ts'],
    // Vitest leaves a core free by default, so a 2-core CI machine ran one file at a time; much of a file's
    // time is waiting (on PostgreSQL, a spawned server, a worker thread), so two side by side fill both.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each test file's PGlite lives a few seconds: V8's optimizing recompile of PostgreSQL's WebAssembly
    // (on background threads) cost more CPU than it saved (five server and UI files: 61-72 CPU s down to 49-51).
    // Node 25 and later have a localStorage of their own (empty without --localstorage-file), which stood
    // in front of jsdom's in the app's tests: they get jsdom's, as in a browser.
    execArgv: ['--liftoff-only', ...(Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-experimental-webstorage'] : [])],
    projects: [
      {
        // The node test files run one after another in each worker process, each on its modules evaluated
        // afresh (tests/setup/fresh-modules.ts): a process, vitest and the installed packages started for
        // every file took a third of their CPU (16 server files: 65 CPU s, 46 shared).
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/**/*.test.ts'],
          // It mocks a module, and a mock would outlive it in a shared process.
          exclude: [MOCKING_FILES],
          isolate: false,
          setupFiles: ['tests/setup/fresh-modules.ts', PASSWORD_HASH_COST],
        },
      },
      {
        // The app's tests (a page in jsdom) and files that mock modules: each in a process of its own.
        extends: true,
        test: { name: 'isolated', include: ['tests/**/*.test.tsx', MOCKING_FILES], setupFiles: [PASSWORD_HASH_COST] },
      },
    ],
  },
});
