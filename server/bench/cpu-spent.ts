/**
 * What a benchmark run cost in CPU, apart from how fast it went: the server's own thread (the HTTP
 * handling, the rules, the driver) and, on a PostgreSQL of this machine, the app's database sessions.
 * Per booking, these figures barely move when other work shares the machine, where a rate does.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Linux counts a process's CPU time in clock ticks of 1/100 s. */
const TICK_MS = 10;

/** CPU milliseconds each of the processes `pids` has spent so far, or null where /proc cannot tell (another machine's server). */
function processesCpuMs(pids: number[]): Map<number, number> | null {
  try {
    return new Map(
      pids.map((pid) => {
        // Fields after the command's closing parenthesis: state is the 3rd field, utime and stime the 14th and 15th.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return [pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS];
      }),
    );
  } catch {
    return null;
  }
}

/** The app's sessions on its database now (the pool opens more under load). */
async function sessionPids(database: Database): Promise<number[]> {
  if (database.driver !== 'postgres') return [];
  const answer = (await database.db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)) as { rows: { pid: number }[] };
  return answer.rows.map((r) => Number(r.pid));
}

const threadCpuMs = (): number | null => {
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : null;
};

/** The machine's busy and total CPU time so far (/proc/stat's first line, in ticks), or null off Linux. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th fields.
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return null;
  }
}

export interface CpuSpent<T> {
  result: T;
  /** The server's thread (this one), when Node can tell a thread's CPU (22+). */
  serverMs: number | null;
  /** The app's PostgreSQL sessions, when they run on this machine; null on PGlite. */
  databaseMs: number | null;
  /** This whole process: the server's thread, the load's worker thread, the garbage collector's and libuv's. */
  processMs: number;
  /** How busy the machine's cores were meanwhile (0 to 1), whoever kept them busy; null off Linux. */
  machineBusy: number | null;
}

/** Runs `work` and measures the CPU it cost. */
export async function cpuSpent<T>(database: Database, work: () => Promise<T>): Promise<CpuSpent<T>> {
  const before = database.driver === 'postgres' ? processesCpuMs(await sessionPids(database)) : null;
  const server = threadCpuMs();
  const processBefore = process.cpuUsage();
  const machineBefore = machineTicks();
  const result = await work();
  const serverAfter = threadCpuMs();
  const processSpent = process.cpuUsage(processBefore);
  const machineAfter = machineTicks();
  const machineBusy = machineBefore && machineAfter ? (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total) : null;
  // A session opened during the run counts from its start.
  const after = before === null ? null : processesCpuMs(await sessionPids(database));
  const databaseMs = after === null ? null : [...after].reduce((sum, [pid, ms]) => sum + ms - (before!.get(pid) ?? 0), 0);
  return { result, serverMs: server === null || serverAfter === null ? null : serverAfter - server, databaseMs, processMs: (processSpent.user + processSpent.system) / 1000, machineBusy };
}
