/**
 * The start-up decision about the database, so that no data is lost by accident:
 * - no data folder, or an empty one (or a PostgreSQL schema without tables): create, migrate, seed;
 * - a healthy database of the app: migrate, never seed;
 * - anything else (a data folder missing files, one PGlite cannot open, a database without the app's
 *   tables or missing some): refuse with a `StartupRefusal` saying what is wrong and what to do, having
 *   changed nothing.
 * The server, the create-admin command and the tests all start the database through here.
 */
import { relative, resolve } from 'node:path';
import { StartupRefusal } from '../lib/startup-refusal';
import { connectDatabase, type ConnectedDatabase, type Database } from './client';
import { inspectDataFolder } from './data-folder';
import { lockDataFolder } from './data-folder-lock';
import { migrate } from './migrate';
import { readSchemaState, schemaProblem } from './schema-state';
import { seedDemoData } from './seed';
import { isDatabaseUnavailable } from './unavailable';

export type StartTarget = { url: string; connectionTimeoutMs?: number } | { dataDir: string };

export interface StartOptions {
  /** When the demo data's history is placed. */
  now: Date;
  /** Seed the demo accounts with their published passwords (never in production). */
  demoAccounts: boolean;
  /** Who holds the data folder, for the message another process gets ('the server', 'npm run backup'). */
  holder?: string;
}

export interface StartedDatabase extends Database {
  /** Whether this start created the database and seeded it. */
  seeded: boolean;
}

export async function startDatabase(target: StartTarget, options: StartOptions): Promise<StartedDatabase> {
  if ('url' in target) return startPostgres(target, options);
  return startEmbedded(target.dataDir, options);
}

async function startEmbedded(dataDir: string, options: StartOptions): Promise<StartedDatabase> {
  const lock = lockDataFolder(dataDir, options.holder ?? 'the server');
  try {
    const folder = inspectDataFolder(dataDir);
    const where = `The data folder ${resolve(dataDir)}`;
    if (folder.kind === 'incomplete') {
      throw refusal(`${where} is not a complete database: ${folder.missing.join(', ')} ${folder.missing.length > 1 ? 'are' : 'is'} missing.`, embeddedAdvice(dataDir));
    }
    const fresh = folder.kind !== 'complete';
    let connected: ConnectedDatabase;
    try {
      connected = await connectDatabase({ dataDir, fresh });
    } catch (error) {
      throw refusal(`${where} could not be opened: ${(error as Error).message}.`, embeddedAdvice(dataDir));
    }
    const started = await prepare(connected, fresh, options, (problem) => refusal(`${where} cannot be used: ${problem}.`, embeddedAdvice(dataDir)));
    return { ...started, close: () => started.close().finally(lock.release) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startPostgres(target: { url: string; connectionTimeoutMs?: number }, options: StartOptions): Promise<StartedDatabase> {
  const where = `The PostgreSQL database ${describeUrl(target.url)}`;
  const connected = await connectDatabase(target);
  try {
    return await prepare(connected, undefined, options, (problem) => refusal(`${where} cannot be used: ${problem}.`, postgresAdvice));
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      throw refusal(`${where} cannot be reached: ${(error as Error).message}.`, 'Check DATABASE_URL, and that the PostgreSQL server is running and lets this machine in.');
    }
    throw error;
  }
}

/**
 * Checks what the opened database holds, then migrates and, when it was fresh, seeds. `fresh` undefined:
 * fresh when the app's schema holds no table at all (PostgreSQL, where only the database can tell).
 */
async function prepare(
  connected: ConnectedDatabase,
  fresh: boolean | undefined,
  options: StartOptions,
  refuse: (problem: string) => StartupRefusal,
): Promise<StartedDatabase> {
  const { runner, ...database } = connected;
  try {
    const state = await readSchemaState(runner);
    const isFresh = fresh ?? state.tables.length === 0;
    const problem = isFresh ? null : schemaProblem(state);
    if (problem) throw refuse(problem);
    await migrate(runner);
    // Seeds only a database without venues (checked in the seed's own locked transaction): a new one, or
    // one whose first start was cut short between migrating and seeding. Nothing is booked, paid or
    // entered without a venue, so there is no data to seed over.
    const seeded = await seedDemoData(database.db, { now: options.now, demoAccounts: options.demoAccounts });
    return { ...database, seeded };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

function refusal(problem: string, advice: string): StartupRefusal {
  return new StartupRefusal(`${problem}\nNothing was changed.\n${advice}`);
}

function embeddedAdvice(dataDir: string): string {
  const inHere = relative(process.cwd(), resolve(dataDir));
  const shown = inHere && !inHere.startsWith('..') ? inHere : resolve(dataDir);
  return [
    'What to do:',
    `- go back to a backup: npm run restore -- backups/<file>.tar.gz --force (this moves ${shown} aside first, deleting nothing);`,
    `- or start afresh with an empty database: move the folder away (mv ${shown} ${shown}.damaged) and start again.`,
  ].join('\n');
}

const postgresAdvice = [
  'What to do:',
  '- point DATABASE_URL at this app\'s database, or at an empty one to start afresh;',
  '- or go back to a backup with pg_restore (README, "Backups").',
].join('\n');

/** host:port/database, without the user or password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.hostname ? `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}` : '(DATABASE_URL)';
  } catch {
    return '(DATABASE_URL)';
  }
}
