/**
 * npm run restore -- path/to/file.tar.gz [--force]
 *
 * Puts a backup of `npm run backup` back as the data folder (DATA_DIR). Refuses while the server runs on
 * the folder, and when the folder holds data unless --force, which moves it aside (never deletes it).
 */
import { parseArgs } from 'node:util';
import { readServerEnv } from '../config';
import { restoreDataFolder } from '../db/backup';
import { systemClock } from '../lib/clock';
import { StartupRefusal } from '../lib/startup-refusal';
import { runCommand } from './command';

await runCommand(async () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } });
  const env = readServerEnv();
  if (env.databaseUrl) throw new StartupRefusal('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backups").');
  if (positionals.length !== 1) throw new StartupRefusal('Usage: npm run restore -- backups/<file>.tar.gz [--force]');
  const { movedAside } = await restoreDataFolder(env.dataDir, positionals[0]!, { now: systemClock.now(), force: values.force ?? false });
  console.log(`Restored ${positionals[0]} into ${env.dataDir}.${movedAside ? ` The folder it replaced is now ${movedAside}.` : ''}`);
  return 0;
});
