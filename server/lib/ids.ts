import { randomBytes } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A 24-character hex id, the shape the client expects of every `_id` (docs/PRODUCT.md §3). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** A high-entropy opaque token for links and refresh tokens (base64url, 256 bits). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * `column` is one of `ids`, sent as one array parameter (`= any($1::text[])`) rather than drizzle's
 * `inArray`, which sends one per id: building a statement of two hundred parameters cost drizzle ~2 ms of
 * CPU each time (its type checks per parameter), more than the database's work, and each new length was
 * a statement PostgreSQL had not planned yet. An empty list matches nothing.
 */
export function idIn(column: SQLWrapper, ids: Iterable<string>): SQL {
  return sql`${column} = any(${sql.param([...ids])}::text[])`;
}
