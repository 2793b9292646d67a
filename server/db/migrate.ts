/**
 * Applies the migrations in name order, each once, recording them in `schema_migrations`. They live in
 * folders of twenty (`migrations/0001-0020/0001_init.sql`, `0021-0040/…`) so no folder grows without end;
 * a migration is known by its file name alone, so moving it between folders changes nothing applied.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  withLock<T>(fn: () => Promise<T>): Promise<T>;
}

/** The first folder of migrations; the next take the next twenty numbers (0021-0040, …). */
const FIRST_GROUP = '0001-0020';
/** Migrations per folder. */
export const MIGRATIONS_PER_FOLDER = 20;

/** The migrations folder, found from this module whether it runs from source or from the bundle. */
export function migrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, 'migrations'), join(dir, 'server', 'db', 'migrations')]) {
      if (existsSync(join(candidate, FIRST_GROUP, '0001_init.sql'))) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('server/db/migrations not found');
    dir = parent;
  }
}

/** Each migration's file name with its path, in the order they apply. */
function migrationFiles(): Map<string, string> {
  const dir = migrationsDir();
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((group) => group.isDirectory())
    .flatMap((group) => readdirSync(join(dir, group.name)).map((name) => ({ name, path: join(dir, group.name, name) })))
    .filter((file) => file.name.endsWith('.sql'));
  return new Map(files.sort((a, b) => a.name.localeCompare(b.name)).map((file) => [file.name, file.path]));
}

/** The migration files' names, in the order they apply. */
export function migrationNames(): string[] {
  return [...migrationFiles().keys()];
}

/** A migration's SQL, by its file name. */
export function migrationSql(name: string): string {
  const path = migrationFiles().get(name);
  if (!path) throw new Error(`No migration named ${name}`);
  return readFileSync(path, 'utf8');
}

/**
 * The tables a database must hold once the named migrations have run (their CREATE TABLEs, less
 * those dropped or renamed later), with `schema_migrations` itself. Names of no file here are skipped.
 */
export function tablesMadeBy(applied: readonly string[]): string[] {
  const tables = new Set(['schema_migrations']);
  const statement = /\b(CREATE TABLE(?: IF NOT EXISTS)?|DROP TABLE(?: IF EXISTS)?|ALTER TABLE(?: IF EXISTS)?)\s+(\w+)(?:\s+RENAME TO\s+(\w+))?/gi;
  for (const file of migrationNames().filter((name) => applied.includes(name))) {
    const sql = migrationSql(file).replace(/--.*$/gm, '');
    for (const [, verb, table, renamedTo] of sql.matchAll(statement)) {
      const name = table!.toLowerCase();
      if (/^CREATE/i.test(verb!)) tables.add(name);
      else if (/^DROP/i.test(verb!)) tables.delete(name);
      else if (renamedTo) {
        tables.delete(name);
        tables.add(renamedTo.toLowerCase());
      }
    }
  }
  return [...tables].sort();
}

export async function migrate(runner: SqlRunner): Promise<void> {
  const files = migrationNames();
  await runner.withLock(async () => {
    await runner.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await runner.query('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    for (const file of files) {
      if (applied.has(file)) continue;
      const sql = migrationSql(file);
      await runner.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
    }
  });
}
