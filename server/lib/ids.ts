import { randomBytes, randomFillSync } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

const ID_BYTES = 12;
/**
 * Random bytes drawn for 256 ids at once, as Node's own randomUUID does: a draw per id was a tenth of
 * a hold's own CPU (`BENCH_PROFILE`). The bytes are the same CSPRNG's; ids are names, not secrets
 * (secrets come from `newSecretToken`, drawn each time).
 */
const idBytes = Buffer.alloc(ID_BYTES * 256);
let nextIdByte = idBytes.length;

/** A 24-character hex id, the shape the client expects of every `_id` (docs/PRODUCT.md §3). */
export function newId(): string {
  if (nextIdByte + ID_BYTES > idBytes.length) {
    randomFillSync(idBytes);
    nextIdByte = 0;
  }
  const id = idBytes.toString('hex', nextIdByte, nextIdByte + ID_BYTES);
  nextIdByte += ID_BYTES;
  return id;
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
