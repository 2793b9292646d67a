/**
 * Errors written to the log without the values a query ran with. Drizzle's DrizzleQueryError puts the
 * query's parameters in its message (a password hash, a guest's name and e-mail), and the database's error
 * repeats the row in its `detail`; the log keeps the SQL text, the database's code and message, and where
 * in our code it happened.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { log } from '../observability/logger';

/** A database error of either driver: a SQLSTATE code such as 23505 beside its message. */
interface DatabaseError {
  code: string;
  message: string;
}

function isDatabaseError(err: unknown): err is DatabaseError {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** The "    at …" lines of a stack: the places, never the message above them. */
const stackFrames = (err: Error) => (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

/** What the log says of `err`: for a failed query its SQL and the database's words, and each cause after it. */
export function describeError(err: unknown): string {
  const lines: string[] = [];
  let current: unknown = err;
  // A cause chain is short; the bound only stops a cycle.
  for (let depth = 0; current !== undefined && depth < 10; depth++) {
    if (depth > 0) lines.push('Caused by:');
    if (current instanceof DrizzleQueryError) {
      lines.push(`Failed query: ${current.query}`, ...stackFrames(current));
    } else if (isDatabaseError(current)) {
      // Only the code and message: `detail` and the like quote the row's values.
      lines.push(`Database error ${current.code}: ${current.message}`);
    } else if (current instanceof Error) {
      lines.push(`${current.name}: ${current.message}`, ...stackFrames(current));
    } else {
      lines.push(String(current));
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\n');
}

/** Logs `err` under `context` (what was being done), safely for the log; the line names its request or job. */
export function logError(context: string, err: unknown): void {
  log().error({ error: describeError(err) }, context);
}
