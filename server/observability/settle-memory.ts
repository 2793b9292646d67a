/**
 * Gives back, once the server is up, the memory its start grew the heap to. The start (migrations, the
 * set-up's caches, a first start's seed) allocates fast enough that V8 grows the young generation to
 * ~14 MB, and keeps it so until its memory reducer notices the process idle, 10-15 s later. A garbage
 * collection of the kind V8 runs when memory is short (`last-resort`) shrinks it at once: an idle
 * server holds ~11 MB less from its first second (`npm run bench:start`). Under load the young
 * generation grows again as it needs to, so the rate of answers is the same.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GarbageCollection = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export function settleStartMemory(): void {
  // Node has no call for this without --expose-gc: set now, it gives a new context the function.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as GarbageCollection;
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
