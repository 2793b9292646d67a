/**
 * Where what is made once is kept between runs: node_modules/.cache/club-reservations, found from PGlite's
 * package (the database template, and the database thread's code when run from source).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** PGlite's package folder (the one holding its package.json). */
export function pglitePackageDir(): string {
  let packageDir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(packageDir, 'package.json'))) packageDir = dirname(packageDir);
  return packageDir;
}

/** The cache folder (it may not exist yet). */
export function cacheFolder(): string {
  return join(dirname(dirname(pglitePackageDir())), '.cache', 'club-reservations');
}
