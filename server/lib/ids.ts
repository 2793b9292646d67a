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
 * `inArray`, which sends one per id: drizzle type-checks every parameter as it builds a statement, and the
 * day sheet's six lists of two hundred ids cost it ~9 ms of CPU a read, more than the database's work. An
 * empty list matches nothing.
 */
export function idIn(column: SQLWrapper, ids: Iterable<string>): SQL {
  return sql`${column} = any(${sql.param([...ids])}::text[])`;
}
