/** Start-up: open the database, migrate, seed an empty one, and serve the API and the SPA on one port. */
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app';
import { readServerEnv } from './config';
import type { AppDeps, AppEnv } from './context';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { clockFromEnv, ControllableClock, withClockDate } from './lib/clock';
import { createTestProcessor } from './payments/test-processor';
import { resolveSigningSecret, resolveWebhookSecret } from './services/signing-secret';
import { startHoldSweeper } from './services/hold-expiry';
import { startPaymentWorker } from './services/payment-worker';

const startedAt = performance.now();
const env = readServerEnv();
// The system clock, or outside production with TEST_CLOCK set a test clock moved through /dev/clock.
const clock = clockFromEnv(process.env, env.production);
const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
const seeded = await seedDemoData(database.db, { now: clock.now() });
const webhookSecret = await resolveWebhookSecret(database.db, env.webhookSecret);
// The test-mode processor delivers its webhooks to this very app, in-process: no port or URL to get wrong.
let app: Hono<AppEnv> | undefined;
const deps: AppDeps = {
  db: database.db,
  clock,
  config: {
    production: env.production,
    jwtSecret: await resolveSigningSecret(database.db, env.jwtSecret),
    publicBaseUrl: env.publicBaseUrl,
    webhookSecret,
    trustedProxies: env.trustedProxies,
  },
  payments: createTestProcessor({
    db: database.db,
    clock,
    webhookSecret,
    webhookEndpoint: (request) => (app ? app.fetch(request) : new Response('starting', { status: 503 })),
  }),
};
app = createApp(deps, { staticRoot: env.staticRoot });
const stopSweeper = startHoldSweeper(deps, 30_000);
const stopPaymentWorker = startPaymentWorker(deps, 2_000);

// On the test clock, the Date header tells the test clock's time too (the page's countdown reads it).
const fetch = clock instanceof ControllableClock ? withClockDate(app.fetch, clock) : app.fetch;
const server = serve({ fetch, port: env.port }, (info) => {
  const ms = Math.round(performance.now() - startedAt);
  console.log(
    `Listening on http://localhost:${info.port} (${database.driver}${seeded ? ', demo data seeded' : ''}${clock instanceof ControllableClock ? ', test clock' : ''}; ready in ${ms} ms)`,
  );
});

function shutdown() {
  stopSweeper();
  stopPaymentWorker();
  server.close(() => void database.close().then(() => process.exit(0)));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
