/**
 * npm run check-ledger
 *
 * Runs the ledger check (server/services/payments/ledger-check.ts) on the database the server uses: DATABASE_URL,
 * or the data folder DATA_DIR (stop the server first; a folder that holds no database is refused, not
 * made). Prints each reservation whose money is not what its policy says is due; exit 1 when there is one.
 */
import { existsSync } from 'node:fs';
import { readServerEnv } from '../config';
import { startDatabase } from '../db/start-database';
import { systemClock } from '../lib/clock';
import { StartupRefusal } from '../lib/startup-refusal';
import { describeLedgerProblems, ledgerProblems } from '../services/payments/ledger-check';
import { runCommand } from './command';

await runCommand(async () => {
  const env = readServerEnv();
  if (!env.databaseUrl && !existsSync(env.dataDir)) throw new StartupRefusal(`No database in ${env.dataDir}: nothing to check.`);
  const database = await startDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir }, {
    now: systemClock.now(),
    demoAccounts: !env.production,
    holder: 'npm run check-ledger',
  });
  try {
    const problems = await ledgerProblems(database.db);
    if (problems.length > 0) {
      console.error(`${problems.length} reservation(s) whose money is not what is due:\n${describeLedgerProblems(problems)}`);
      return 1;
    }
    console.log('The ledger balances: every reservation keeps what its policy says is due.');
    return 0;
  } finally {
    await database.close();
  }
});
