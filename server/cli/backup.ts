/**
 * npm run backup [-- path/to/file.tar.gz]
 *
 * The embedded database's data folder (DATA_DIR) as a tarball, in backups/club-<time>.tar.gz unless a
 * path is given. The server must be stopped (the data folder's lock says whether it runs). PostgreSQL is
 * backed up with pg_dump instead (README, "Backups").
 */
import { parseArgs } from 'node:util';
import { readServerEnv } from '../config';
import { backupDataFolder } from '../db/backup';
import { systemClock } from '../lib/clock';
import { StartupRefusal } from '../lib/startup-refusal';
import { runCommand } from './command';

await runCommand(async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  const env = readServerEnv();
  if (env.databaseUrl) throw new StartupRefusal('DATABASE_URL is set: back PostgreSQL up with pg_dump (README, "Backups").');
  const { path, bytes } = await backupDataFolder(env.dataDir, { now: systemClock.now(), to: positionals[0] });
  console.log(`Backed up ${env.dataDir} to ${path} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  return 0;
});
