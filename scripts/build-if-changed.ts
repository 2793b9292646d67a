/**
 * `npm start`'s build step: builds the app and the server (`npm run build`) only when what they are built
 * from changed since the last build this script made. Its stamp, dist/build-inputs.sha256, is the hash
 * of every file of the project but those no build reads (node_modules, dist, tests, e2e, docs, the data
 * and output folders, Markdown), read from the disk: a new folder of sources counts without being listed
 * here, and so do files not yet committed. The stamp is removed before building and written once the
 * build has succeeded, so a failed or cut-short build is built again on the next start.
 *   tsx scripts/build-if-changed.ts            build when needed
 *   tsx scripts/build-if-changed.ts --hash     print the sources' hash
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** Top-level folders no build reads: installed packages, outputs, tests, documentation, CI. */
const SKIPPED_TOP = new Set(['node_modules', 'dist', '.git', '.ci', 'tests', 'e2e', 'docs', 'test-results', 'playwright-report', 'backups', '.tmp']);
/** Files no build reads, wherever they are. */
const SKIPPED_FILE = /\.(md|log)$/;

/** Where the hash of the last successful build's inputs is kept, under `root`. */
export const stampFile = (root: string) => join(root, 'dist', 'build-inputs.sha256');
/** What a build leaves that `npm start` needs. */
const OUTPUTS = ['dist/web/index.html', 'dist/server/main.js'];

/** The project's files a build may read, as paths from `root` with '/', sorted. */
export function buildInputs(root: string, dir = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    // Installed packages and data folders (.data, the tests' .data.*) at any depth.
    if (entry.name === 'node_modules' || entry.name.startsWith('.data')) continue;
    if (!dir && SKIPPED_TOP.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...buildInputs(root, path));
    else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) files.push(path.split(sep).join('/'));
  }
  return files.sort();
}

/** One hash of the inputs' paths and contents. */
export function buildInputsHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of buildInputs(root)) hash.update(`${file}\0`).update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

/**
 * Runs `build` unless the last one was of these very inputs and its outputs are there; says which it did.
 * `build` answers whether it succeeded: only then is the stamp written.
 */
export function buildIfChanged(root: string, build: () => boolean): 'up-to-date' | 'built' | 'failed' {
  const hash = buildInputsHash(root);
  const stamp = stampFile(root);
  const previous = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
  if (previous === hash && OUTPUTS.every((file) => existsSync(join(root, file)))) return 'up-to-date';
  rmSync(stamp, { force: true });
  if (!build()) return 'failed';
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(stamp, `${hash}\n`);
  return 'built';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--hash')) {
    console.log(buildInputsHash(projectRoot));
  } else {
    const started = performance.now();
    const outcome = buildIfChanged(projectRoot, () => {
      console.log('build: the sources changed since the last build (or there is none): npm run build');
      return spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' }).status === 0;
    });
    if (outcome === 'failed') process.exit(1);
    if (outcome === 'up-to-date') console.log(`build: dist is up to date with the sources (checked in ${Math.round(performance.now() - started)} ms)`);
  }
}
