/**
 * Work that runs after the answer has gone out, so its length tells the caller nothing: a reset request
 * for a known e-mail writes a token and a mail, one for an unknown e-mail nothing, and both answer alike.
 * The work is not durable: if the process stops first it is lost, as an unsent answer would be.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
import { logError } from './log-error';

// Per database, so tests (and a shutdown) can wait for the work of the app they drive.
const pending = new WeakMap<Db, Set<Promise<void>>>();

/** Runs `task` once the current answer is on its way (a failure is logged: nobody is waiting for it). */
export function afterAnswer(c: Context<AppEnv>, task: () => Promise<void>): void {
  const { db } = c.get('deps');
  const tasks = pending.get(db) ?? new Set<Promise<void>>();
  pending.set(db, tasks);
  // setImmediate runs after the promise jobs that hand the answer to the socket.
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((err: unknown) => logError('work after an answer', err))
    .finally(() => tasks.delete(run));
  tasks.add(run);
}

/** Resolves once every task started on `db` (and any they started) has finished. */
export async function workAfterAnswers(db: Db): Promise<void> {
  for (let tasks = pending.get(db); tasks && tasks.size > 0; tasks = pending.get(db)) await Promise.all([...tasks]);
}
