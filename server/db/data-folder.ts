/**
 * What an embedded database's data folder holds, looked at without opening it: PGlite re-creates a
 * folder it does not recognise (a missing PG_VERSION makes it run initdb over the rest), so the server
 * must know before PGlite sees the folder.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type DataFolderState =
  | { kind: 'absent' }
  | { kind: 'empty' }
  | { kind: 'complete' }
  /** Files are there, but not all a PostgreSQL data directory needs. */
  | { kind: 'incomplete'; missing: string[] };

/** What PostgreSQL cannot start without: a folder lacking any of these is damaged, not new. */
const REQUIRED_FILES = ['PG_VERSION', 'global/pg_control', 'global/pg_filenode.map'];
const REQUIRED_FOLDERS = ['base', 'global', 'pg_wal', 'pg_xact', 'pg_multixact'];

export function inspectDataFolder(dir: string): DataFolderState {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    throw error;
  }
  if (entries.length === 0) return { kind: 'empty' };
  const missing = [
    ...REQUIRED_FILES.filter((path) => !isA(join(dir, path), 'file')),
    ...REQUIRED_FOLDERS.filter((path) => !isA(join(dir, path), 'folder')).map((path) => `${path}/`),
  ];
  // Each database is a folder of base/; template1 (base/1) at least is always there.
  if (isA(join(dir, 'base'), 'folder') && readdirSync(join(dir, 'base')).length === 0) missing.push('base/1/ (no database at all)');
  return missing.length ? { kind: 'incomplete', missing } : { kind: 'complete' };
}

function isA(path: string, kind: 'file' | 'folder'): boolean {
  try {
    const stat = statSync(path);
    return kind === 'file' ? stat.isFile() && stat.size > 0 : stat.isDirectory();
  } catch {
    return false;
  }
}
