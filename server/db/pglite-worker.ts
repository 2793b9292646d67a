/**
 * The worker thread that owns the embedded database (server/db/pglite-thread.ts is its client): PGlite's
 * WebAssembly PostgreSQL runs here, so a query's work never holds up the HTTP thread. Requests are run
 * one at a time in the order they came, which is what lets the client keep a transaction's statements
 * together.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { WorkerNotification, WorkerReply, WorkerRequest } from './pglite-protocol';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread only');
const port = parentPort;
let pglite: PGlite | undefined;
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
        ...(request.template ? { loadDataDir: new Blob([await readFile(request.template)]) } : {}),
      });
      return null;
    case 'query':
      return open().query(request.text, request.params, queryOptions(request.rowMode, request.textTypes));
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
