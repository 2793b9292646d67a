/**
 * Who is using an embedded database's data folder: a lock file beside it (`.data.lock` for `.data`) that
 * the server, and the backup, restore and create-admin commands, hold while they have the folder open.
 * Two PGlite processes on one folder would corrupt it, and a restore under a running server would be lost.
 *
 * A process that dies without removing its lock leaves it stale: the lock names its process id and, on
 * Linux, that process's start time, so a dead process or a reused id is told from a live holder.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StartupRefusal } from '../lib/startup-refusal';

export interface DataFolderLock {
  readonly path: string;
  release(): void;
}

interface LockContent {
  pid: number;
  /** The process's start time as the kernel counts it, when it can be read (Linux). */
  started: string | null;
  holder: string;
  since: string;
}

export const lockPathOf = (dataDir: string) => `${resolve(dataDir)}.lock`;

/**
 * Takes the folder's lock for `holder` ('the server', 'npm run backup', ...), or refuses when a live
 * process holds it.
 */
export function lockDataFolder(dataDir: string, holder: string): DataFolderLock {
  const path = lockPathOf(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  const mine: LockContent = { pid: process.pid, started: processStart(process.pid), holder, since: new Date().toISOString() };
  for (let attempt = 0; !tryCreate(path, mine); attempt++) {
    const current = readLock(path);
    if (current && isRunning(current)) {
      throw new StartupRefusal(
        `The data folder ${resolve(dataDir)} is in use by ${current.holder} (process ${current.pid}, since ${current.since}).\n` +
          `Stop it first. If no such process is running, delete ${path} and try again.`,
      );
    }
    if (attempt > 0) throw new StartupRefusal(`Another process is taking the lock ${path} at this moment: try again.`);
    // Left behind by a process that has ended.
    unlinkSync(path);
  }
  const release = () => {
    process.off('exit', release);
    const current = readLock(path);
    if (current?.pid === mine.pid && current.started === mine.started) rmSync(path, { force: true });
  };
  // A process.exit() anywhere still gives the folder back.
  process.on('exit', release);
  return { path, release };
}

/** Creates the lock file with `content`; false when it exists already. */
function tryCreate(path: string, content: LockContent): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(content));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(path: string): LockContent | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockContent;
  } catch {
    return null;
  }
}

function isRunning(lock: LockContent): boolean {
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The id may have been given to another process since (after a restart, a container's pid 1).
  const started = processStart(lock.pid);
  return !(lock.started && started && started !== lock.started);
}

/** Field 22 of /proc/<pid>/stat (start time since boot), or null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
