/**
 * Opens the database: embedded PGlite (a data folder, or memory for tests) by default, PostgreSQL when a
 * URL is given. Both are driven through the same Drizzle API and the same migrations.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { migrate, type SqlRunner } from './migrate';
import { pgliteRunner } from './pglite-runner';
import { fillFromTemplate, migratedTemplate } from './pglite-template';
import { PGLITE_SETTINGS, PgliteThread } from './pglite-thread';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and calls waiting for one (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** A database reached but not yet migrated, with the raw SQL runner that inspects and migrates it. */
export interface ConnectedDatabase extends Database {
  runner: SqlRunner;
}

export type DatabaseOptions =
  /** `connectionTimeoutMs`: how long a new connection may take before the call fails (default 5 s). */
  | { url: string; poolSize?: number; connectionTimeoutMs?: number }
  /** A folder for the data, or undefined for an in-memory database; `fresh`: the folder is absent or empty. */
  | { dataDir?: string; fresh?: boolean };

/**
 * A PGlite with the extensions the migrations use, on a data folder (memory when none); `loadDataDir`
 * fills a new folder from a tarball of `dumpDataDir()` (a backup). Loaded here, on first use: a server on
 * PostgreSQL never holds PGlite's code (docs/decisions/0043-lighter-start.md).
 */
export async function createPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const [{ PGlite }, { btree_gist }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(dataDir ?? 'memory://', { extensions: { btree_gist, pg_trgm }, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS], ...options });
}

/** Opens and migrates. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { runner, ...database } = await connectDatabase(options);
  try {
    await migrate(runner);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Opens without migrating, so the caller can look at what is there first. */
export async function connectDatabase(options: DatabaseOptions): Promise<ConnectedDatabase> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that does not answer fails the call (503) instead of leaving it waiting.
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
      // Plan a prepared statement (and a PL/pgSQL function's queries) once per connection: their
      // parameters are ids, days and times, which every plan treats alike, and planning them afresh on
      // each call cost more than running them (docs/decisions/0025-generic-plans.md).
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // An idle connection dropped by the server (restart, admin command) must not bring the process down;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const runner: SqlRunner = {
      exec: async (text) => void (await pool.query(text)),
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      withLock: async (fn) => {
        // Several server processes may start at once on one PostgreSQL: one migrates, the others wait.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(715417)');
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(715417)').catch(() => {});
          client.release();
        }
      },
    };
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      driver: 'postgres',
      runner,
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // On a worker thread of its own, so the database's work never holds up the HTTP thread; a new one
  // starts from the migrated template rather than from initdb: a new folder as a copy of the template's
  // folder, a database in memory (or a folder where no template folder can be kept) from its tarball.
  const copied = options.dataDir !== undefined && options.fresh === true && (await fillFromTemplate(options.dataDir));
  const template = (options.dataDir === undefined || options.fresh) && !copied ? await migratedTemplate() : undefined;
  const client = await PgliteThread.start(options.dataDir, { template });
  return {
    db: drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db,
    driver: 'pglite',
    runner: pgliteRunner(client),
    close: () => client.close(),
  };
}
