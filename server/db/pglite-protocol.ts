/** The messages between the embedded database's worker thread (pglite-worker.ts) and its client (pglite-thread.ts). */
export type WorkerRequest = { id: number } & (
  /** `template`: a tarball file (dumpDataDir) the new database is filled from. */
  | { op: 'open'; dataDir: string | undefined; template?: string }
  | { op: 'query'; text: string; params: unknown[] | undefined; rowMode?: 'object' | 'array'; textTypes?: number[] }
  | { op: 'exec'; text: string }
  /** Writes the database as a tarball to `file`. */
  | { op: 'dump'; file: string }
  | { op: 'close' }
  /** LISTEN on a channel: its notifications come back as `NotificationMessage`s. */
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
);

/** A NOTIFY delivered on a channel the client listens to (no request id: it is not an answer). */
export type NotificationMessage = { notification: { channel: string; payload: string } };

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; fields: Record<string, string | number | boolean> } };
