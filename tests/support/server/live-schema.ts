/** The live schema's tables and columns, read from information_schema (the same on PGlite and PostgreSQL). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';

export interface LiveColumn {
  table: string;
  column: string;
  /** information_schema's data_type: 'text', 'jsonb', 'ARRAY', 'bytea' ... */
  type: string;
}

/** Every column of every base table of the public schema (views left out), in table and column order. */
export async function liveColumns(db: Db): Promise<LiveColumn[]> {
  const result = (await db.execute(sql`
    SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS "type"
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`)) as unknown as { rows: LiveColumn[] };
  return result.rows;
}
