/**
 * The worker thread that owns the embedded database (server/db/pglite-thread.ts is its client): PGlite's
 * WebAssembly PostgreSQL runs here, so a query's work never holds up the HTTP thread. Requests are run
 * one at a time in the order they came, which is what lets the client keep a transaction's statements
 * together.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { WorkerNotification, WorkerReply, WorkerRequest } from './pglite-protocol';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread only');
const port = parentPort;
let pglite: PGlite | undefined;
let query: ReturnType<typeof preparedQueries> | undefined;
let queue: Promise<void> = Promise.resolve();
/** The way to stop each channel listened to. */
const listening = new Map<string, () => Promise<void>>();

port.on('message', (request: WorkerRequest) => {
  queue = queue.then(() => handle(request));
});

async function handle(request: WorkerRequest): Promise<void> {
  let reply: WorkerReply;
  try {
    reply = { id: request.id, ok: true, result: await run(request) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: describeError(error) };
  }
  port.postMessage(reply);
}

async function run(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      pglite = await PGlite.create(request.dataDir ?? 'memory://', {
        extensions: { btree_gist, pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...request.settings],
        ...(request.template ? { loadDataDir: new Blob([await readFile(request.template)]) } : {}),
      });
      // A read prepared below is planned once, not on every EXECUTE (docs/decisions/0025-generic-plans.md).
      await pglite.exec('SET plan_cache_mode = force_generic_plan');
      query = preparedQueries(pglite);
      return null;
    case 'query':
      open();
      return query!(request.text, request.params, queryOptions(request.rowMode, request.textTypes));
    case 'exec':
      return open().exec(request.text);
    case 'dump': {
      const tarball = await open().dumpDataDir('none');
      await writeFile(request.file, new Uint8Array(await tarball.arrayBuffer()));
      return null;
    }
    case 'listen':
      if (!listening.has(request.channel)) {
        const { channel } = request;
        listening.set(channel, await open().listen(channel, (payload) => port.postMessage({ channel, payload } satisfies WorkerNotification)));
      }
      return null;
    case 'unlisten':
      await listening.get(request.channel)?.();
      listening.delete(request.channel);
      return null;
    case 'close':
      listening.clear();
      await pglite?.close();
      pglite = undefined;
      query = undefined;
      return null;
  }
}

function open(): PGlite {
  if (!pglite) throw new Error('PGlite is closed');
  return pglite;
}

/** The types whose values stay as PostgreSQL's text (what Drizzle's parsers do on the other side). */
function queryOptions(rowMode: 'object' | 'array' | undefined, textTypes: number[] | undefined): QueryOptions {
  const parsers = Object.fromEntries((textTypes ?? []).map((oid) => [oid, (value: string) => value]));
  return { rowMode, parsers };
}

/** An error as plain data: the message and the fields callers read (code, constraint, detail ...). */
function describeError(error: unknown): { message: string; fields: Record<string, string | number | boolean> } {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: error.message, fields };
}

/**
 * Plans kept between calls on the embedded database (here rather than in a module of their own: from
 * source the worker is compiled as one file, pglite-thread.ts). PGlite runs every query as an unnamed statement, so
 * PostgreSQL parses and plans it anew each time: for the availability look-up's statement that was a
 * third of its cost (0.6 of 1.9 ms). A read seen a second time is prepared once (`PREPARE`) and run with
 * `EXECUTE`, its parameters written as quoted literals, which PostgreSQL types exactly as it types an
 * unnamed statement's text parameters. Only reads whose parameters are plain values are kept, at most
 * `MAX_PREPARED` of them. PostgreSQL itself replans a kept statement when the schema changes, and a
 * prepared statement outlives a rolled-back transaction. (On PostgreSQL the driver names Drizzle's
 * prepared statements already.)
 */
const MAX_PREPARED = 500;
const READ = /^\s*(select|with)\s/i;

type Plain = string | number | bigint | boolean | null;
const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean';

/** A parameter as a literal of no type yet (or NULL), as the extended protocol's text parameters are. */
function literal(value: Plain): string {
  return value === null ? 'NULL' : `'${String(value).replace(/'/g, "''")}'`;
}

function preparedQueries(pglite: PGlite) {
  const seen = new Set<string>();
  const names = new Map<string, string>();

  async function statementFor(text: string): Promise<string | undefined> {
    const name = names.get(text);
    if (name) return name;
    if (!seen.has(text)) {
      // Reads built with their values inline are each seen once: the set is emptied before it grows large.
      if (seen.size >= 10 * MAX_PREPARED) seen.clear();
      seen.add(text);
      return undefined;
    }
    if (names.size >= MAX_PREPARED) return undefined;
    const next = `kept_${names.size + 1}`;
    try {
      await pglite.exec(`PREPARE ${next} AS ${text}`);
    } catch {
      // Inside a failed transaction, say: this call runs as before, and the next one tries again.
      return undefined;
    }
    names.set(text, next);
    return next;
  }

  return async function query<T>(text: string, params: unknown[] | undefined, options: QueryOptions): Promise<Results<T>> {
    const values = params ?? [];
    if (READ.test(text) && !text.includes(';') && values.every(isPlain)) {
      const name = await statementFor(text);
      if (name) return pglite.query<T>(values.length > 0 ? `EXECUTE ${name}(${values.map(literal).join(', ')})` : `EXECUTE ${name}`, undefined, options);
    }
    return pglite.query<T>(text, params, options);
  };
}
