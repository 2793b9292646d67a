/**
 * A new embedded database starts from a template: an empty database already migrated, made once per
 * PGlite version and set of migrations and kept in node_modules/.cache, where initdb and every migration
 * took several seconds (each test file's database, each first start). It is kept twice: as a PGlite
 * tarball, which a database in memory loads, and unpacked as a data folder, which a new data folder is
 * copied from. PGlite unpacks a tarball one file at a time through its WebAssembly file system, ~2 s for
 * the template's 1,265 files, where copying the unpacked folder takes ~0.2 s. Without a writable cache the
 * database is made as before.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolder, pglitePackageDir } from './cache-folder';
import { migrate, migrationNames, migrationSql } from './migrate';
import { pgliteRunner } from './pglite-runner';
import { PgliteThread } from './pglite-thread';

let made: Promise<string | undefined> | undefined;
let unpacked: Promise<string | undefined> | undefined;

/** The template's tarball, made first when missing; undefined when it cannot be kept. */
export function migratedTemplate(): Promise<string | undefined> {
  made ??= findOrMake().catch((error: Error) => {
    console.warn(`database template not kept (${error.message}): new databases are made from scratch`);
    return undefined;
  });
  return made;
}

/**
 * Fills `dataDir`, a new data folder (absent or empty), with the migrated template: false, changing
 * nothing, when there is no template folder to copy. The copy is made beside the folder and renamed into
 * place, so a start cut short leaves no half-copied database where the next start would look.
 */
export async function fillFromTemplate(dataDir: string): Promise<boolean> {
  unpacked ??= findOrUnpack().catch((error: Error) => {
    console.warn(`database template folder not kept (${error.message}): new data folders are filled from the tarball`);
    return undefined;
  });
  const folder = await unpacked;
  if (!folder) return false;
  const partial = `${dataDir}.${process.pid}.partial`;
  try {
    cpSync(folder, partial, { recursive: true });
    // An empty folder only: rmdir refuses one that holds anything.
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(partial, dataDir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return true;
}

/** The template unpacked as a data folder, made from the tarball once; undefined without a tarball. */
async function findOrUnpack(): Promise<string | undefined> {
  const tarball = await migratedTemplate();
  if (!tarball) return undefined;
  const folder = tarball.replace(/\.tar$/, '');
  if (existsSync(join(folder, 'PG_VERSION'))) return folder;
  const partial = `${folder}.${process.pid}.${Date.now()}.partial`;
  try {
    const thread = await PgliteThread.start(partial, { template: tarball });
    await thread.close();
    try {
      renameSync(partial, folder);
    } catch (error) {
      // Another process put its copy in place meanwhile: that one is used, and this one dropped.
      if (!existsSync(join(folder, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
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
