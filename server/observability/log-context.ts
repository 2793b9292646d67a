/**
 * What the current piece of work is, for every log line it writes: the request it serves (its request id,
 * the caller once known) or the background job's round. Kept in an AsyncLocalStorage, so a line written
 * deep in a service, in work after the answer (server/lib/after-answer.ts) or in a job's round names it
 * without each function passing a logger down.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogContext {
  /** The request's id (X-Request-Id), or the id of a background job's round. */
  requestId?: string;
  /** The background job whose round this is (the outbox sender, the payment worker ...). */
  job?: string;
  /** The caller's account, once the session check has read it. */
  userId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `context` on its log lines (and on the lines of everything it starts). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, work);
}

/** The current work's context; an empty one outside any request or job. */
export function currentLogContext(): LogContext {
  return storage.getStore() ?? {};
}

/** Adds to the current context in place (the caller becomes known half-way through a request). */
export function addToLogContext(context: LogContext): void {
  const store = storage.getStore();
  if (store) Object.assign(store, context);
}
