/**
 * Test-only: counts the statements the app sends to its database, each a round trip (BEGIN and COMMIT
 * included), by wrapping the driver under Drizzle: pg's clients (each connection of the pool) or the
 * PGlite thread's messages. Nothing of this runs in production.
 */
import type { Database } from '../../../server/db/client';

export interface RoundTripCounter {
  /** Statements sent since the last `reset`. */
  readonly count: number;
  /** The statements' texts since the last `reset`, to say what a failing count was spent on. */
  readonly statements: readonly string[];
  reset(): void;
}

type Query = (...args: unknown[]) => unknown;
const textOf = (arg: unknown) => (typeof arg === 'string' ? arg : ((arg as { text?: string } | undefined)?.text ?? '?'));

export function countRoundTrips(database: Database): RoundTripCounter {
  const statements: string[] = [];
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  if (database.driver === 'postgres') {
    // Every connection of the pool, those open now and those it opens later.
    const wrap = (connection: { query: Query; __counted?: boolean }) => {
      if (connection.__counted) return;
      const query = connection.query.bind(connection);
      connection.query = (...args: unknown[]) => (statements.push(textOf(args[0])), query(...args));
      connection.__counted = true;
    };
    for (const connection of (client._clients as { query: Query }[]) ?? []) wrap(connection);
    (client as unknown as { on(event: string, listener: (c: { query: Query }) => void): void }).on('connect', wrap);
  } else {
    // The thread's one way to the worker: one message per statement.
    const send = (client.send as Query).bind(client);
    client.send = (request: { op: string; text?: string }) => {
      if (request.op === 'query' || request.op === 'exec') statements.push(request.text ?? '?');
      return send(request);
    };
  }
  return {
    get count() {
      return statements.length;
    },
    statements,
    reset: () => void statements.splice(0),
  };
}
