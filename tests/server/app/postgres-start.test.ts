/**
 * The start-up decision on PostgreSQL (DATABASE_URL): seed only an empty database, migrate a healthy one,
 * and refuse a database with tables but no schema_migrations, or one missing tables schema_migrations
 * says were made.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startDatabase, type StartedDatabase } from '../../../server/db/start-database';
import { createThrowawayDatabase } from '../../../server/db/throwaway-database';
import { StartupRefusal } from '../../../server/lib/startup-refusal';
import { TEST_NOW } from '../../support/server/harness';

const adminUrl = process.env.TEST_DATABASE_URL;
const options = { now: TEST_NOW, demoAccounts: true };
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const drop of drops) await drop();
});

async function emptyDatabase(): Promise<string> {
  const { url, drop } = await createThrowawayDatabase(adminUrl!, 'start');
  drops.push(drop);
  return url;
}

async function sql(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function startAndClose(url: string): Promise<StartedDatabase> {
  const database = await startDatabase({ url }, options);
  await database.close();
  return database;
}

async function refusal(url: string): Promise<string> {
  const error = await startDatabase({ url, connectionTimeoutMs: 2_000 }, options).then(
    (database) => database.close().then(() => new Error('started')),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(StartupRefusal);
  return (error as Error).message;
}

describe.skipIf(!adminUrl)('starting on PostgreSQL', () => {
  it('seeds an empty database, and only once', async () => {
    const url = await emptyDatabase();
    expect((await startAndClose(url)).seeded).toBe(true);
    await sql(url, "UPDATE venues SET title = 'Obe (kept)' WHERE domain = 'obe'");
    expect((await startAndClose(url)).seeded).toBe(false);
    expect(await sql(url, "SELECT title FROM venues WHERE domain = 'obe'")).toEqual([{ title: 'Obe (kept)' }]);
  });

  it('refuses a database holding tables but no schema_migrations, and leaves it as it was', async () => {
    const url = await emptyDatabase();
    await sql(url, "CREATE TABLE ledger (id int); INSERT INTO ledger VALUES (1)");
    const message = await refusal(url);
    expect(message).toContain('holds tables (ledger) but no schema_migrations');
    expect(message).toContain('Nothing was changed.');
    expect(message).not.toContain('postgres@');
    expect(await sql(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).toEqual([{ tablename: 'ledger' }]);
  });

  it('refuses a database missing tables that schema_migrations says were made', async () => {
    const url = await emptyDatabase();
    await startAndClose(url);
    await sql(url, 'DROP TABLE wallet_entries, menus CASCADE');
    expect(await refusal(url)).toContain('tables are missing that schema_migrations says were made: menus, wallet_entries');
  });

  it('says so when the server cannot be reached', async () => {
    const url = new URL(adminUrl!);
    url.port = '1';
    expect(await refusal(url.toString())).toMatch(/cannot be reached: .*ECONNREFUSED|cannot be reached/);
  });
});
