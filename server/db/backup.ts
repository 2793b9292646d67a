/**
 * Backups of the embedded database: the data folder as a PGlite tarball (`dumpDataDir`), and back. Both
 * hold the folder's lock, so neither runs beside a server on the folder. A restore never deletes data:
 * it unpacks into a new folder, checks that it is the app's database, and only then swaps it in, moving
 * a folder that held data aside (and only when told to).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { StartupRefusal } from '../lib/startup-refusal';
import { createPglite } from './client';
import { pgliteRunner } from './pglite-runner';
import { inspectDataFolder } from './data-folder';
import { lockDataFolder } from './data-folder-lock';
import { readSchemaState, schemaProblem } from './schema-state';

/** A file-name-safe time stamp, e.g. 2026-11-23T02-00-00Z. */
export const fileStamp = (at: Date) => at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

export interface BackupResult {
  path: string;
  bytes: number;
}

/** Writes the folder as a gzipped tarball to `to`, or to `backups/club-<time>.tar.gz`; never over a file. */
export async function backupDataFolder(dataDir: string, options: { now: Date; to?: string }): Promise<BackupResult> {
  const path = resolve(options.to ?? join('backups', `club-${fileStamp(options.now)}.tar.gz`));
  if (existsSync(path)) throw new StartupRefusal(`${path} exists already: nothing was written. Give another path.`);
  const lock = lockDataFolder(dataDir, 'npm run backup');
  try {
    const folder = inspectDataFolder(dataDir);
    if (folder.kind === 'absent' || folder.kind === 'empty') throw new StartupRefusal(`There is no database in ${resolve(dataDir)} to back up.`);
    if (folder.kind === 'incomplete') {
      throw new StartupRefusal(`The data folder ${resolve(dataDir)} is not a complete database (${folder.missing.join(', ')} missing): it cannot be backed up. Copy the folder as it is to keep it.`);
    }
    const pglite = await createPglite(dataDir);
    let tarball: Blob;
    try {
      tarball = await pglite.dumpDataDir('gzip');
    } finally {
      await pglite.close();
    }
    const bytes = Buffer.from(await tarball.arrayBuffer());
    mkdirSync(dirname(path), { recursive: true });
    // Written beside, then renamed: a half-written file never carries the backup's name.
    writeFileSync(`${path}.partial`, bytes);
    renameSync(`${path}.partial`, path);
    return { path, bytes: bytes.length };
  } finally {
    lock.release();
  }
}

export interface RestoreResult {
  /** Where the folder that held data was moved, when there was one. */
  movedAside: string | null;
}

/**
 * Replaces the data folder with a backup. Refuses while another process holds the folder, and when the
 * folder holds data unless `force`, which moves it aside to `<folder>.before-restore-<time>`.
 */
export async function restoreDataFolder(dataDir: string, archive: string, options: { now: Date; force: boolean }): Promise<RestoreResult> {
  const target = resolve(dataDir);
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new StartupRefusal(`There is no backup file ${resolve(archive)}.`);
  const lock = lockDataFolder(dataDir, 'npm run restore');
  try {
    const folder = inspectDataFolder(target);
    const holdsData = folder.kind === 'complete' || folder.kind === 'incomplete';
    const aside = `${target}.before-restore-${fileStamp(options.now)}`;
    if (holdsData && !options.force) {
      throw new StartupRefusal(
        `The data folder ${target} holds data: nothing was changed.\n` +
          `To replace it with the backup, run again with --force: the folder is then moved to ${aside} (not deleted).`,
      );
    }
    if (existsSync(aside)) throw new StartupRefusal(`${aside} exists already: try again in a second.`);
    const staging = `${target}.restoring-${fileStamp(options.now)}`;
    rmSync(staging, { recursive: true, force: true });
    try {
      await unpackAndCheck(archive, staging);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    if (holdsData) renameSync(target, aside);
    else if (folder.kind === 'empty') rmdirSync(target);
    renameSync(staging, target);
    return { movedAside: holdsData ? aside : null };
  } finally {
    lock.release();
  }
}

/** Unpacks the tarball into a new folder and checks it is the app's database, whole. */
async function unpackAndCheck(archive: string, folder: string): Promise<void> {
  let pglite;
  try {
    pglite = await createPglite(folder, { loadDataDir: new Blob([readFileSync(archive)]) });
  } catch (error) {
    throw new StartupRefusal(`${resolve(archive)} could not be read as a database backup (${(error as Error).message}): nothing was changed.`);
  }
  try {
    const problem = schemaProblem(await readSchemaState(pgliteRunner(pglite)));
    if (problem) throw new StartupRefusal(`${resolve(archive)} is not a backup of this app's database (${problem}): nothing was changed.`);
  } finally {
    await pglite.close();
  }
}
