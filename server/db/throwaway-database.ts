/**
 * A throw-away database on a PostgreSQL server, for tests and benchmarks that must not see each other's
 * rows: created under a fresh name, migrated, and dropped again on close.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type Database } from './client';

async function asAdmin(adminUrl: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  // A pg pool says it has ended before its sockets have closed: let them go, so FORCE cuts off nobody.
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]?.n === 0) break;
    await sleep(10);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** An empty database beside the one `adminUrl` names (whose role must be allowed to create databases). */
export async function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await asAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(adminUrl, (admin) => dropDatabase(admin, name)) };
}

/** A new database beside the one `adminUrl` names, migrated; dropped again on close. */
export async function openThrowawayDatabase(adminUrl: string, options: { prefix: string; poolSize?: number }): Promise<Database> {
  const { url, drop } = await createThrowawayDatabase(adminUrl, options.prefix);
  let database: Database;
  try {
    database = await openDatabase({ url, poolSize: options.poolSize });
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        await drop();
      }
    },
  };
}
