/**
 * The yardstick of `npm run bench:api`'s bookings: pgbench's TPC-B rate on the same PostgreSQL server,
 * on a throw-away database of its own (`pgbench -i`, then a run with as many clients as the bench has
 * guests). Bookings per second as a share of it says how far a hold is from the server's plain
 * transaction rate, whatever the machine.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createThrowawayDatabase } from '../db/throwaway-database';

const run = promisify(execFile);

/** Debian's pgbench: on the PATH (postgresql-contrib's wrapper), else beside the newest server's binaries. */
function pgbenchBinary(): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return 'pgbench';
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin', 'pgbench')).find((file) => existsSync(file)) ?? 'pgbench';
}

/** TPC-B transactions per second (without connection time), or the reason it could not be measured. */
export async function pgbenchTps(adminUrl: string, clients: number, seconds: number): Promise<{ tps: number } | { error: string }> {
  const binary = pgbenchBinary();
  const { url, drop } = await createThrowawayDatabase(adminUrl, 'pgbench');
  try {
    await run(binary, ['-i', '-q', url]);
    const { stdout } = await run(binary, ['-c', String(clients), '-j', '2', '-T', String(seconds), url]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    return tps ? { tps: Number(tps[1]) } : { error: `no tps in pgbench's output: ${stdout.slice(-200)}` };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0]! };
  } finally {
    await drop();
  }
}
