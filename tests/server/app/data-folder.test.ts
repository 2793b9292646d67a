/**
 * The start-up decision on an embedded data folder: create and seed only an absent or empty folder,
 * keep a healthy one, and refuse, touching nothing, a folder that is damaged or is not the app's.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, createPglite } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { lockPathOf } from '../../../server/db/data-folder-lock';
import { users, venues } from '../../../server/db/schema';
import { startDatabase } from '../../../server/db/start-database';
import { StartupRefusal } from '../../../server/lib/startup-refusal';
import { snapshotFolder } from '../../support/server/folder-snapshot';
import { TEST_NOW } from '../../support/server/harness';

const options = { now: TEST_NOW, demoAccounts: true };
let root: string;
/** A folder the first start created, seeded and changed, then stopped: the healthy original of the copies below. */
let healthy: string;
let firstSeeded: boolean;
let usersAfterChange: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'club-data-'));
  healthy = join(root, 'healthy');
  const first = await startDatabase({ dataDir: healthy }, options);
  firstSeeded = first.seeded;
  await first.db.update(venues).set({ title: 'Le Clos (renamed)' }).where(eq(venues.domain, 'leclos'));
  await first.db.delete(users).where(eq(users.email, 'guest@example.com'));
  usersAfterChange = (await first.db.select().from(users)).length;
  await first.close();
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A copy of the healthy folder, damaged by `damage`. */
function damagedCopy(name: string, damage: (dir: string) => void): string {
  const dir = join(root, name);
  cpSync(healthy, dir, { recursive: true });
  damage(dir);
  return dir;
}

async function refusal(dataDir: string): Promise<StartupRefusal> {
  const error = await startDatabase({ dataDir }, options).then(
    (database) => database.close().then(() => new Error('started')),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(StartupRefusal);
  return error as StartupRefusal;
}

describe('starting on a data folder', () => {
  it('creates and seeds a new folder, then keeps its data and never seeds again', async () => {
    expect(firstSeeded).toBe(true);
    expect(usersAfterChange).toBeGreaterThan(0);
    expect(existsSync(lockPathOf(healthy)), 'the lock is given back').toBe(false);

    const second = await startDatabase({ dataDir: healthy }, options);
    try {
      expect(second.seeded).toBe(false);
      const [venue] = await second.db.select().from(venues).where(eq(venues.domain, 'leclos'));
      expect(venue?.title).toBe('Le Clos (renamed)');
      const rows = await second.db.select().from(users);
      expect(rows).toHaveLength(usersAfterChange);
      expect(rows.map((u) => u.email)).not.toContain('guest@example.com');
    } finally {
      await second.close();
    }
  });

  it('fills an empty folder from the template folder, leaving nothing beside it but the folder', async () => {
    const parent = join(root, 'empty-parent');
    const dir = join(parent, 'data');
    mkdirSync(dir, { recursive: true });
    const database = await startDatabase({ dataDir: dir }, options);
    try {
      expect(database.seeded).toBe(true);
      expect(await database.db.select().from(venues)).toHaveLength(4);
    } finally {
      await database.close();
    }
    // The copy was made beside the folder and renamed into it: no partial copy is left where it was made.
    expect(readdirSync(parent)).toEqual(['data']);
  });

  it('seeds a folder whose first start stopped between migrating and seeding', async () => {
    const dir = join(root, 'cut-short');
    // Made as a first start makes it (from the migrated template, then migrated), not by initdb and every migration.
    const migratedOnly = await connectDatabase({ dataDir: dir, fresh: true });
    await migrate(migratedOnly.runner);
    await migratedOnly.close();

    const database = await startDatabase({ dataDir: dir }, options);
    try {
      expect(database.seeded).toBe(true);
      expect(await database.db.select().from(venues)).toHaveLength(4);
    } finally {
      await database.close();
    }
  });

  it('creates and seeds an empty folder', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    const database = await startDatabase({ dataDir: dir }, options);
    await database.close();
    expect(database.seeded).toBe(true);
  });

  it.each(['PG_VERSION', 'global/pg_control'])('refuses a folder without %s, and changes no file', async (file) => {
    const dir = damagedCopy(`without-${file.replace('/', '-')}`, (d) => rmSync(join(d, file)));
    const before = snapshotFolder(dir);
    const error = await refusal(dir);
    expect(error.message).toContain(`is not a complete database: ${file} is missing`);
    expect(error.message).toContain('npm run restore -- backups/<file>.tar.gz --force');
    expect(error.message).toMatch(/move the folder away \(mv .+ .+\.damaged\)/);
    expect(snapshotFolder(dir)).toEqual(before);
    expect(existsSync(lockPathOf(dir))).toBe(false);
  });

  it('refuses a folder of files that is no database at all, and changes nothing', async () => {
    const dir = join(root, 'notes');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'not a database');
    const error = await refusal(dir);
    expect(error.message).toContain('PG_VERSION, global/pg_control, global/pg_filenode.map, base/');
    expect(snapshotFolder(dir)).toEqual({ 'notes.txt': expect.any(String) });
  });

  it('refuses a folder PGlite cannot open, and changes no file', async () => {
    const dir = damagedCopy('garbled-control', (d) => writeFileSync(join(d, 'global/pg_control'), Buffer.alloc(8192, 7)));
    const before = snapshotFolder(dir);
    const error = await refusal(dir);
    expect(error.message).toContain('could not be opened');
    expect(error.message).toContain('npm run restore');
    expect(error.message).toContain(`mv ${dir} ${dir}.damaged`);
    expect(snapshotFolder(dir)).toEqual(before);
  });

  it("refuses a database without the app's tables, and one missing a table its migrations made", async () => {
    const bare = join(root, 'bare');
    await (await createPglite(bare)).close();
    expect((await refusal(bare)).message).toContain("holds none of the app's tables");

    const lost = damagedCopy('lost-table', () => {});
    const pglite = await createPglite(lost);
    await pglite.exec('DROP TABLE menus');
    await pglite.close();
    expect((await refusal(lost)).message).toContain('tables are missing that schema_migrations says were made: menus');
  });

  it('refuses a folder another process holds, and takes over a lock its dead holder left', async () => {
    const running = await startDatabase({ dataDir: healthy }, options);
    try {
      expect((await refusal(healthy)).message).toMatch(/is in use by the server \(process \d+/);
    } finally {
      await running.close();
    }
    // No process has this id (above the kernel's pid_max).
    writeFileSync(lockPathOf(healthy), JSON.stringify({ pid: 99_999_999, started: '1', holder: 'the server', since: TEST_NOW.toISOString() }));
    const next = await startDatabase({ dataDir: healthy }, options);
    await next.close();
    expect(next.seeded).toBe(false);
  });
});
