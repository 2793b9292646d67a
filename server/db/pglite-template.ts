/**
 * A new embedded database starts from a template: an empty database already migrated, as a PGlite
 * tarball, made once per PGlite version and set of migrations and kept in node_modules/.cache. Loading it
 * takes under a second where initdb and every migration took several (each test file's database, each
 * first start). Without a writable cache the database is made as before.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolder, pglitePackageDir } from './cache-folder';
import { migrate, migrationNames, migrationSql } from './migrate';
import { pgliteRunner } from './pglite-runner';
import { PgliteThread } from './pglite-thread';

let made: Promise<string | undefined> | undefined;

/** The template's file, made first when missing; undefined when it cannot be kept. */
export function migratedTemplate(): Promise<string | undefined> {
  made ??= findOrMake().catch((error: Error) => {
    console.warn(`database template not kept (${error.message}): new databases are made from scratch`);
    return undefined;
  });
  return made;
}

async function findOrMake(): Promise<string> {
  const { cacheDir, key } = templateIdentity();
  const file = join(cacheDir, `pglite-template-${key}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  // Written beside and renamed into place: another process making it at once never reads half a file.
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  const thread = await PgliteThread.start(undefined);
  try {
    await migrate(pgliteRunner(thread));
    await thread.dumpDataDir(partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
    await thread.close();
  }
  return file;
}

/** Where templates are kept, and the name that changes with PGlite's version and with any migration. */
function templateIdentity(): { cacheDir: string; key: string } {
  const hash = createHash('sha256').update(readFileSync(join(pglitePackageDir(), 'package.json')));
  for (const name of migrationNames()) hash.update(name).update(migrationSql(name));
  return { cacheDir: cacheFolder(), key: hash.digest('hex').slice(0, 16) };
}
