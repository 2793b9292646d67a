/** The messages between the embedded database's worker thread (pglite-worker.ts) and its client (pglite-thread.ts). */
export type WorkerRequest = { id: number } & (
  /** `template`: a tarball file (dumpDataDir) the new database is filled from. */
  | { op: 'open'; dataDir: string | undefined; template?: string; settings: string[] }
  | { op: 'query'; text: string; params: unknown[] | undefined; rowMode?: 'object' | 'array'; textTypes?: number[] }
  | { op: 'exec'; text: string }
  /** Writes the database as a tarball to `file`. */
  | { op: 'dump'; file: string }
  /** Starts or stops hearing a channel's notifications (each comes as a WorkerNotification). */
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' }
);

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; fields: Record<string, string | number | boolean> } };

/** A NOTIFY on a channel the worker listens to: sent unasked, so it carries no request id. */
export interface WorkerNotification {
  channel: string;
  payload: string;
}
