/**
 * A background job's round over due work: claim a batch, handle it, and go on while batches come back
 * full. Each batch claims its rows with `FOR UPDATE SKIP LOCKED` (or a claim column), so server processes
 * sharing one PostgreSQL split the work between them instead of waiting for each other.
 */

/** Runs `handleBatch` until it handles fewer than `batchSize`; answers how many it handled in all. */
export async function drainDueBatches(batchSize: number, handleBatch: () => Promise<number>): Promise<number> {
  let handled = 0;
  for (;;) {
    const count = await handleBatch();
    handled += count;
    if (count < batchSize) return handled;
  }
}
