/**
 * The memory half of `npm run bench:start` (scripts/bench-start.ts runs it in a process of its own): what
 * the server's code costs a process, and what an embedded database thread adds (PGlite's WebAssembly
 * memory and code, its shared buffers), with the PGlite settings that size it.
 */
import { sql } from 'drizzle-orm';

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
function usage(label: string): number {
  const m = process.memoryUsage();
  console.log(`  ${label.padEnd(40)} rss ${mb(m.rss).padStart(7)}  heap used ${mb(m.heapUsed).padStart(6)}  external ${mb(m.external).padStart(6)}  array buffers ${mb(m.arrayBuffers).padStart(6)}`);
  return m.rss;
}

console.log('where the memory goes (one process, step by step):');
const bare = usage('node and tsx');
await import('../server/app');
const code = usage("the server's code loaded");
const { connectDatabase } = await import('../server/db/client');
const database = await connectDatabase({});
const settings = await database.db.execute(
  sql`SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'wal_buffers', 'temp_buffers', 'work_mem', 'maintenance_work_mem') ORDER BY name`,
);
const opened = usage('+ a PGlite database thread (template)');
await database.db.execute(sql`SELECT count(*) FROM reservations`);
const used = usage('+ a first query');
console.log(`  the server's code ${mb(code - bare)}; the database thread ${mb(opened - code)} (${mb(used - code)} after a query)`);
console.log(
  `  PGlite settings: ${(settings as unknown as { rows: { name: string; setting: string; unit: string | null }[] }).rows
    .map((r) => `${r.name}=${r.setting}${r.unit ? ` x ${r.unit}` : ''}`)
    .join(', ')}`,
);
await database.close();
