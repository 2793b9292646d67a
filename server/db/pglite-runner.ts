/** Raw SQL on PGlite, in this thread or on its own: what the migrations and the schema checks run through. */
import type { PGlite } from '@electric-sql/pglite';
import type { SqlRunner } from './migrate';
import type { PgliteThread } from './pglite-thread';

// One process: no lock is needed between migrators.
export function pgliteRunner(client: Pick<PGlite, 'exec' | 'query'> | PgliteThread): SqlRunner {
  return {
    exec: async (text) => void (await client.exec(text)),
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as Record<string, unknown>[],
    withLock: (fn) => fn(),
  };
}
