/** Applies `migrations/*.sql` in name order, each once, recording them in `schema_migrations`. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  withLock<T>(fn: () => Promise<T>): Promise<T>;
}

/** The migrations folder, found from this module whether it runs from source or from the bundle. */
function migrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, 'migrations'), join(dir, 'server', 'db', 'migrations')]) {
      if (existsSync(join(candidate, '0001_init.sql'))) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('server/db/migrations not found');
    dir = parent;
  }
}

export async function migrate(runner: SqlRunner): Promise<void> {
  const dir = migrationsDir();
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  await runner.withLock(async () => {
    await runner.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await runner.query('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    for (const file of files) {
      if (applied.has(file)) continue;
      const sql = readFileSync(join(dir, file), 'utf8');
      await runner.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
    }
  });
}
