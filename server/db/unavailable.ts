/**
 * Telling "the database cannot be reached" from every other failure, so callers get a 503 they may retry
 * rather than a 500: a refused or dropped connection, a server shutting down or starting up, a pool that
 * could not connect in time, a closed PGlite. Drizzle wraps the driver's error as `cause`.
 */

/** The database did not answer in time, or at all. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

// Sockets: refused, reset, unreachable, or a name that does not resolve.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now; class 08 is connection exceptions.
const SERVER_GONE = /^(57P0[123]|08[0-9A-Z]{3})$/;
// node-postgres and PGlite say it in words only.
const DRIVER_MESSAGES = [
  /^timeout exceeded when trying to connect/i,
  /^Connection terminated/i,
  /^Client has encountered a connection error/i,
  /^Cannot use a pool after calling end/i,
  /^PGlite is clos(ed|ing)/i,
];

/** The error in `error`'s cause chain that says the database cannot be reached, or null. */
export function databaseUnavailableCause(error: unknown): Error | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof DatabaseUnavailableError) return cause;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return cause;
    const { message } = cause;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return cause;
  }
  return null;
}

export const isDatabaseUnavailable = (error: unknown): boolean => databaseUnavailableCause(error) !== null;
