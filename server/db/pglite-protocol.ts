/** The messages between the embedded database's worker thread (pglite-worker.ts) and its client (pglite-thread.ts). */
export type WorkerRequest = { id: number } & (
  | { op: 'open'; dataDir: string | undefined; loadDataDir?: Uint8Array<ArrayBuffer> }
  | { op: 'query'; text: string; params: unknown[] | undefined; rowMode?: 'object' | 'array'; textTypes?: number[] }
  | { op: 'exec'; text: string }
  | { op: 'dump' }
  | { op: 'close' }
);

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; fields: Record<string, string | number | boolean> } };
