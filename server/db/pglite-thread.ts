/**
 * The embedded database on a worker thread of its own (pglite-worker.ts), behind the part of PGlite's API
 * that Drizzle, the migrations and the day sheet's live stream use (query, exec, transaction, listen, close). PGlite runs PostgreSQL in
 * WebAssembly on the thread that calls it: on the HTTP thread every query stalled every request.
 *
 * PGlite has one connection, so a transaction has it to itself: while one is open, other statements wait
 * for it to end (as PGlite itself does). The worker runs requests in the order they are sent, so a
 * statement outside a transaction needs only to be sent after the transactions begun before it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { cacheFolder } from './cache-folder';
import type { WorkerNotification, WorkerReply, WorkerRequest } from './pglite-protocol';

/**
 * How every embedded database is started (the worker's and createPglite's), after PGlite's own parameters:
 * PostgreSQL's default 128 MB of shared buffers cut to 16 MB. WebAssembly memory only grows, so buffers once
 * touched stay in the process's RSS: they were ~120 of an idle server's ~470 MB (`npm run bench:start`),
 * while the embedded database holds a club's data many times over in the OS's page cache (its files) or in
 * its own memory (tests' memory:// databases), a copy away.
 */
export const PGLITE_SETTINGS: readonly string[] = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB', '-c', 'temp_buffers=1MB'];

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export class PgliteThread {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  /** Who hears each channel's notifications. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private closed: Error | null = null;
  /** Settles when the transactions begun so far have ended: what the next statement waits for. */
  private transactionsEnded: Promise<void> = Promise.resolve();

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (message: WorkerReply | WorkerNotification) => ('channel' in message ? this.notify(message) : this.settle(message)));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('PGlite is closed')));
  }

  /** Starts the worker and opens the database in `dataDir` (memory when undefined), new ones filled from `template`. */
  static async start(dataDir: string | undefined, options: { template?: string } = {}): Promise<PgliteThread> {
    const thread = new PgliteThread(startWorker());
    try {
      await thread.send({ op: 'open', dataDir, template: options.template, settings: [...PGLITE_SETTINGS] });
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.afterTransactions(() => this.rawQuery<T>(text, params, options));
  }

  exec(text: string): Promise<Results[]> {
    return this.afterTransactions(() => this.send({ op: 'exec', text }) as Promise<Results[]>);
  }

  /** Runs `work` with the connection to itself, between BEGIN and COMMIT (ROLLBACK when it throws). */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const before = this.transactionsEnded;
    let end!: () => void;
    this.transactionsEnded = new Promise((resolve) => (end = resolve));
    await before;
    let done = false;
    const open = () => {
      if (done) throw new Error('Transaction is closed');
    };
    const exec = (text: string) => this.send({ op: 'exec', text }) as Promise<Results[]>;
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => (open(), this.rawQuery<R>(text, params, options)),
      exec: (text: string) => (open(), exec(text)),
      sql: () => Promise.reject(new Error('tagged-template queries are not supported on the database thread')),
      listen: () => Promise.reject(new Error('LISTEN is not supported on the database thread')),
      rollback: async () => {
        open();
        await exec('ROLLBACK');
        done = true;
      },
      get closed() {
        return done;
      },
    } as unknown as Transaction;
    try {
      await exec('BEGIN');
      const result = await work(tx);
      if (!done) {
        done = true;
        const [commit] = await exec('COMMIT');
        // COMMIT of a transaction that had failed rolls it back: the caller must not believe it was kept.
        if ((commit as { command?: string } | undefined)?.command === 'ROLLBACK') throw new Error('The transaction was rolled back: a statement in it had failed');
      }
      return result;
    } catch (error) {
      if (!done) {
        done = true;
        await exec('ROLLBACK').catch(() => {});
      }
      throw error;
    } finally {
      end();
    }
  }

  /** Hears `channel`'s notifications (PGlite's `listen`); resolves, once the database listens, to the way to stop. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let heard = this.listeners.get(channel);
    if (!heard) {
      this.listeners.set(channel, (heard = new Set()));
      await this.afterTransactions(() => this.send({ op: 'listen', channel }));
    }
    heard.add(callback);
    return async () => {
      heard.delete(callback);
      if (heard.size > 0 || this.listeners.get(channel) !== heard) return;
      this.listeners.delete(channel);
      await this.afterTransactions(() => this.send({ op: 'unlisten', channel })).catch(() => {});
    };
  }

  /** Writes the database as a tarball (`dumpDataDir`) to `file`: a template other databases start from. */
  async dumpDataDir(file: string): Promise<void> {
    await this.afterTransactions(() => this.send({ op: 'dump', file }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.afterTransactions(() => this.send({ op: 'close' })).catch(() => {});
    this.closed = new Error('PGlite is closed');
    await this.worker.terminate();
  }

  private rawQuery<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    // Parsers are functions and cannot cross threads: Drizzle's keep some types as text, and so does the worker.
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.send({ op: 'query', text, params, rowMode: options?.rowMode, textTypes }) as Promise<Results<T>>;
  }

  /** Sends once the transactions begun before have ended; resolves with the worker's answer. */
  private afterTransactions<T>(send: () => Promise<T>): Promise<T> {
    const before = this.transactionsEnded;
    let sent!: Promise<T>;
    const turn = before.then(() => {
      sent = send();
    });
    this.transactionsEnded = turn;
    return turn.then(() => sent);
  }

  private send(request: Request): Promise<unknown> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // The worker keeps the process alive only while it owes an answer.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...request, id } satisfies WorkerRequest);
    });
  }

  private settle(reply: WorkerReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(Object.assign(new Error(reply.error.message), reply.error.fields));
  }

  private notify({ channel, payload }: WorkerNotification): void {
    this.listeners.get(channel)?.forEach((callback) => callback(payload));
  }

  private fail(error: Error): void {
    this.closed ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

// Run from source (tsx, vitest) the worker is TypeScript beside this file; in the server bundle
// (dist/server/main.js) it is dist/server/db/pglite-worker.js.
const fromSource = import.meta.url.endsWith('.ts');

// A path beside this file, built from its path: Vite rewrites `new URL('…', import.meta.url)` into a web
// address in jsdom tests, where the worker could not load it.
const beside = (file: string) => pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), file));

function startWorker(): Worker {
  if (!fromSource) return new Worker(beside('db/pglite-worker.js'));
  const compiled = compiledWorker();
  if (compiled) return new Worker(compiled);
  // Without the cache: through tsx's hooks (a worker does not inherit them). tsx's ESM API (require.resolve
  // finds its CommonJS twin).
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const workerUrl = beside('pglite-worker.ts').href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(workerUrl)}); })`;
  return new Worker(bootstrap, { eval: true });
}

let compiled: URL | null | undefined;

/**
 * From source, the worker compiled to JavaScript once and kept in the cache folder under a name that
 * changes with its source; null when it cannot be kept. Loading tsx in every database thread took a third
 * of a second of CPU each (every test file's database, each server started from source).
 */
function compiledWorker(): URL | null {
  if (compiled !== undefined) return compiled;
  try {
    const source = readFileSync(fileURLToPath(beside('pglite-worker.ts')), 'utf8');
    const options = { loader: 'ts', format: 'esm', target: 'node20' } as const;
    const key = createHash('sha256').update(JSON.stringify(options)).update(source).digest('hex').slice(0, 16);
    const file = join(cacheFolder(), `pglite-worker-${key}.mjs`);
    if (!existsSync(file)) {
      // esbuild, which tsx itself compiles with: running from source, it is installed.
      const { transformSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
      mkdirSync(dirname(file), { recursive: true });
      // Written beside and renamed into place: another process starting one at once never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, transformSync(source, options).code);
      renameSync(partial, file);
    }
    compiled = pathToFileURL(file);
  } catch (error) {
    console.warn(`database thread not compiled into the cache (${(error as Error).message}): it loads through tsx`);
    compiled = null;
  }
  return compiled;
}
