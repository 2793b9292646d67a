/**
 * npm run create-admin -- --email admin@club.hk [--first-name Ada --last-name Wong]
 *
 * Makes an admin on the database the server uses (DATABASE_URL, or the data folder DATA_DIR, created and
 * seeded as the server would when there is none yet). The password is asked at a prompt, or read from
 * stdin's first line. An e-mail that has an account already is refused: its password is not reset.
 */
import { parseArgs } from 'node:util';
import { readServerEnv } from '../config';
import { startDatabase } from '../db/start-database';
import { systemClock } from '../lib/clock';
import { StartupRefusal } from '../lib/startup-refusal';
import { checkNewAdmin, createAdmin, MIN_ADMIN_PASSWORD_LENGTH } from '../services/auth/admin-account';
import { runCommand } from './command';
import { readPassword } from './read-password';

await runCommand(async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
  if (!values.email) throw new StartupRefusal('Usage: npm run create-admin -- --email admin@club.hk [--first-name Ada --last-name Wong]');
  const password = await readPassword(`Password for ${values.email} (at least ${MIN_ADMIN_PASSWORD_LENGTH} characters): `);
  checkNewAdmin(values.email, password);
  const env = readServerEnv();
  const database = await startDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir }, {
    now: systemClock.now(),
    demoAccounts: !env.production,
    holder: 'npm run create-admin',
  });
  try {
    const result = await createAdmin(
      database.db,
      { email: values.email, password, firstName: values['first-name'], lastName: values['last-name'] },
      systemClock.now(),
    );
    if (result.outcome === 'exists') {
      console.error(`${result.email} has an account already (${result.role}): nothing was changed, and its password was not reset.`);
      return 1;
    }
    console.log(`Admin ${result.email} created: log in at the admin area with this password.`);
    return 0;
  } finally {
    await database.close();
  }
});
