/** What an opened database holds of the app's schema, and whether that is whole. */
import type { SqlRunner } from './migrate';
import { tablesMadeBy } from './migrate';

export interface SchemaState {
  /** The tables of the schema the app's tables live in (the current schema, normally `public`). */
  tables: string[];
  /** The migrations `schema_migrations` records, or null when there is no such table. */
  applied: string[] | null;
}

export async function readSchemaState(runner: SqlRunner): Promise<SchemaState> {
  const rows = await runner.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`,
  );
  const tables = rows.map((row) => String(row.name)).sort();
  if (!tables.includes('schema_migrations')) return { tables, applied: null };
  const applied = (await runner.query('SELECT name FROM schema_migrations')).map((row) => String(row.name)).sort();
  return { tables, applied };
}

/**
 * What is wrong with a database that holds something, in a sentence, or null when it is the app's and
 * whole: every table the recorded migrations made is there.
 */
export function schemaProblem(state: SchemaState): string | null {
  if (state.applied === null) {
    return state.tables.length
      ? `it holds tables (${list(state.tables)}) but no schema_migrations: it is not this app's database, or was changed by hand`
      : "it holds none of the app's tables, not even schema_migrations";
  }
  const missing = tablesMadeBy(state.applied).filter((table) => !state.tables.includes(table));
  return missing.length ? `tables are missing that schema_migrations says were made: ${list(missing)}` : null;
}

const list = (names: string[]) => (names.length > 8 ? `${names.slice(0, 8).join(', ')}, …` : names.join(', '));
