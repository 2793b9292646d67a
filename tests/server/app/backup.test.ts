/** npm run backup / restore of the embedded database: the earlier data comes back, and nothing is lost on the way. */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataFolder, restoreDataFolder } from '../../../server/db/backup';
import { venues } from '../../../server/db/schema';
import { startDatabase } from '../../../server/db/start-database';
import { StartupRefusal } from '../../../server/lib/startup-refusal';
import { TEST_NOW } from '../../support/server/harness';

let root: string;
let dataDir: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'club-backup-'));
  dataDir = join(root, '.data');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const start = () => startDatabase({ dataDir }, { now: TEST_NOW, demoAccounts: true });

async function venueTitle(): Promise<string | undefined> {
  const database = await start();
  try {
    const [venue] = await database.db.select().from(venues).where(eq(venues.domain, 'obe'));
    return venue?.title;
  } finally {
    await database.close();
  }
}

async function setVenueTitle(title: string): Promise<void> {
  const database = await start();
  try {
    await database.db.update(venues).set({ title }).where(eq(venues.domain, 'obe'));
  } finally {
    await database.close();
  }
}

describe('backup and restore', () => {
  it('backs up, and a restore after a change brings the earlier data back, moving the changed folder aside', async () => {
    await setVenueTitle('Obe, as backed up');
    const archive = join(root, 'backups', 'before-change.tar.gz');
    const backup = await backupDataFolder(dataDir, { now: TEST_NOW, to: archive });
    expect(backup.path).toBe(archive);
    expect(statSync(archive).size).toBe(backup.bytes);
    await expect(backupDataFolder(dataDir, { now: TEST_NOW, to: archive }), 'never over a file').rejects.toThrow(/exists already/);

    await setVenueTitle('Obe, changed later');

    // A folder that holds data is replaced only when told.
    await expect(restoreDataFolder(dataDir, archive, { now: TEST_NOW, force: false })).rejects.toThrow(/holds data: nothing was changed[\s\S]*--force/);
    expect(await venueTitle()).toBe('Obe, changed later');

    const { movedAside } = await restoreDataFolder(dataDir, archive, { now: TEST_NOW, force: true });
    expect(await venueTitle()).toBe('Obe, as backed up');
    expect(movedAside).toBe(`${dataDir}.before-restore-2026-11-23T02-00-00Z`);
    expect(existsSync(join(movedAside!, 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('refuses to restore while a server has the folder, and refuses a file that is no backup of the app', async () => {
    const archive = join(root, 'backups', 'latest.tar.gz');
    await backupDataFolder(dataDir, { now: TEST_NOW, to: archive });
    const running = await start();
    try {
      const refusal = restoreDataFolder(dataDir, archive, { now: new Date(TEST_NOW.getTime() + 60_000), force: true });
      await expect(refusal).rejects.toBeInstanceOf(StartupRefusal);
      await expect(refusal).rejects.toThrow(/is in use by the server/);
      await expect(backupDataFolder(dataDir, { now: TEST_NOW, to: join(root, 'backups', 'busy.tar.gz') })).rejects.toThrow(/is in use by the server/);
    } finally {
      await running.close();
    }

    const junk = join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not a tarball');
    await expect(restoreDataFolder(dataDir, junk, { now: new Date(TEST_NOW.getTime() + 120_000), force: true })).rejects.toThrow(
      /could not be read as a database backup|is not a backup of this app's database/,
    );
    expect(readdirSync(root).filter((name) => name.includes('.restoring-')), 'the unpacked junk is cleared away').toEqual([]);
    expect(await venueTitle()).toBe('Obe, as backed up');
  }, 120_000);
});
