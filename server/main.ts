/** Start-up: open the database, migrate, seed an empty one, and serve the API and the SPA on one port. */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { readServerEnv } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { systemClock } from './lib/clock';
import { resolveSigningSecret } from './services/signing-secret';
import { startHoldSweeper } from './services/hold-expiry';

const startedAt = performance.now();
const env = readServerEnv();
const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
const seeded = await seedDemoData(database.db);
const deps = {
  db: database.db,
  clock: systemClock,
  config: {
    production: env.production,
    jwtSecret: await resolveSigningSecret(database.db, env.jwtSecret),
    publicBaseUrl: env.publicBaseUrl,
  },
};
const stopSweeper = startHoldSweeper(deps, 30_000);
const app = createApp(deps, { staticRoot: env.staticRoot });

const server = serve({ fetch: app.fetch, port: env.port }, (info) => {
  const ms = Math.round(performance.now() - startedAt);
  console.log(
    `Listening on http://localhost:${info.port} (${database.driver}${seeded ? ', demo data seeded' : ''}; ready in ${ms} ms)`,
  );
});

function shutdown() {
  stopSweeper();
  server.close(() => void database.close().then(() => process.exit(0)));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
