/**
 * Before the suite: when no TEST_DATABASE_URL is given and a PostgreSQL server is installed, start a
 * throw-away one so the server tests run on PostgreSQL as well as PGlite.
 */
import { startTestPostgres, type TestPostgres } from '../scripts/postgres-for-tests';

let postgres: TestPostgres | undefined;

export async function setup() {
  if (process.env.TEST_DATABASE_URL || process.env.TEST_POSTGRES === 'off') return;
  postgres = await startTestPostgres();
  if (postgres) process.env.TEST_DATABASE_URL = postgres.url;
  else console.warn('No PostgreSQL server installed: server tests run on PGlite only.');
}

export async function teardown() {
  postgres?.stop();
}
