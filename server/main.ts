/**
 * Start-up: choose the card processor, start the database (server/db/start-database.ts decides whether to
 * create and seed, migrate, or refuse), deliver the outbox (SMTP_URL, SMS_PROVIDER), and serve the API and the SPA on one port. A refusal is printed
 * and the process exits with 1, having changed nothing.
 */
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app';
import { readServerEnv, type ServerEnv } from './config';
import type { AppDeps, AppEnv } from './context';
import { demoAccountsStillOpen } from './db/seed';
import { startDatabase } from './db/start-database';
import { clockFromEnv, ControllableClock, withClockDate, type Clock } from './lib/clock';
import { choosePasswordHashCost, setPasswordHashCost } from './lib/password';
import { StartupRefusal } from './lib/startup-refusal';
import { workAfterAnswers } from './lib/after-answer';
import { chooseProcessor } from './services/payments/processor/processor-choice';
import { createTestProcessor } from './services/payments/processor/test-processor';
import { createStripeProcessor } from './services/payments/processor/stripe-processor';
import { adminFromSettings, ensureFirstAdmin } from './services/auth/admin-account';
import { resolveSigningSecret, resolveWebhookSecret } from './services/auth/signing-secret';
import { startHoldSweeper } from './services/reservations/hold-expiry';
import { startPaymentWorker } from './services/payments/payment-worker';
import { startReconciliationJob } from './services/payments/stripe-reconciliation';
import { chooseMessaging, describeMessaging } from './services/messaging/messaging-choice';
import { startOutboxSender } from './services/messaging/outbox-sender';
import { startReminderJob } from './services/reservations/reservation-reminders';
import { startReconfirmationJob } from './services/reconfirmation/reconfirmation-requests';
import { startPayLinkJob } from './services/pay-link/pay-link-lapse';
import { startWaitlistSweeper } from './services/waitlist/waitlist-offers';
import { jobRoundsFinished } from './lib/repeating-job';
import { createMetrics } from './observability/metrics';
import { serveMetrics } from './observability/metrics-server';
import { Drain, shutDownGracefully } from './observability/graceful-shutdown';
import { disableLookupCache, enableLookupCache } from './routes/reservations/availability-cache';
import { log } from './observability/logger';
import { settleStartMemory } from './observability/settle-memory';
import { startFeedbackJob } from './services/feedback/feedback-mails';
import { startRetentionJob } from './services/privacy/retention';

const startedAt = performance.now();
const env = readServerEnv();
// The system clock, or outside production with TEST_CLOCK set a test clock moved through /dev/clock.
const clock = clockFromEnv(process.env, env.production);
const { database, processor, messaging } = await startOrExit(env, clock);
const seeded = database.seeded;
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
    metricsToken: env.metricsToken,
  },
  payments:
    processor.kind === 'stripe'
      ? await createStripeProcessor(processor.stripe)
      : createTestProcessor({
          db: database.db,
          clock,
          webhookSecret,
          webhookEndpoint: (request) => (app ? app.fetch(request) : new Response('starting', { status: 503 })),
        }),
  messaging,
};
// Repeated look-ups answered from memory until a change reaches this process (docs/decisions/0038-lookup-cache.md).
enableLookupCache(database.db);
const metrics = createMetrics({ db: database.db, poolStats: database.poolStats });
app = createApp(deps, { staticRoot: env.staticRoot, metrics });
// Every background job, started once here: shutdown stops each of them from this one list.
const jobStops: (() => void)[] = [
  startHoldSweeper(deps, 30_000),
  startPaymentWorker(deps, 2_000),
  // Every second: a reset link or a confirmation should reach the guest while they wait for it.
  startOutboxSender({ db: deps.db, clock, messaging }, 1_000),
  startReminderJob(deps, env.reminderLeadMs, 60_000),
  startReconfirmationJob(deps, 60_000),
  startPayLinkJob(deps, 60_000),
  startWaitlistSweeper(deps, 30_000),
  // Yesterday's reconciliation with Stripe, once (only on Stripe).
  ...(processor.kind === 'stripe' ? [startReconciliationJob(deps)] : []),
  startFeedbackJob(deps, 60_000),
  startRetentionJob(deps, 60 * 60_000),
];

// On the test clock, the Date header tells the test clock's time too (the page's countdown reads it).
const drain = new Drain();
const fetch = drain.wrap(clock instanceof ControllableClock ? withClockDate(app.fetch, clock) : app.fetch);
const server = serve({ fetch, port: env.port }, (info) => {
  // Once the jobs' first rounds (run at start) are done too: their allocations are the start's last.
  void jobRoundsFinished().then(settleStartMemory);
  const ms = Math.round(performance.now() - startedAt);
  console.log(
    `Listening on http://localhost:${info.port} (${database.driver}${seeded ? (env.production ? ', venues seeded, no demo accounts' : ', demo data seeded') : ''}${processor.kind === 'stripe' ? ', payments on Stripe' : ''}${processor.warning ? ', PAYMENTS IN TEST MODE' : ''}${clock instanceof ControllableClock ? ', test clock' : ''}; ready in ${ms} ms)`,
  );
});
const metricsServer = env.metricsPort === undefined ? undefined : serveMetrics(metrics, env.metricsPort);

let shuttingDown = false;
function shutdown(signal: string) {
  // A second signal while draining changes nothing: the timeout bounds the wait.
  if (shuttingDown) return;
  shuttingDown = true;
  log().info({ signal }, 'signal received');
  void shutDownGracefully({
    server,
    otherServers: metricsServer ? [metricsServer] : [],
    drain,
    stopJobs() {
      for (const stop of jobStops) stop();
    },
    jobRoundsFinished,
    // A reset mail still being written after its answer went out is finished before the database closes.
    workAfterAnswers: () => workAfterAnswers(database.db),
    async closeDatabase() {
      messaging.mail?.close();
      await disableLookupCache(database.db);
      await database.close();
    },
    timeoutMs: env.shutdownTimeoutMs,
  }).then((code) => process.exit(code));
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

/** The card processor, the database and the first admin, or the process ends with what is wrong. */
async function startOrExit(settings: ServerEnv, startClock: Clock) {
  try {
    // Decided before the database is touched: a refusal here changes nothing.
    const chosen = chooseProcessor(settings);
    setPasswordHashCost(choosePasswordHashCost(settings));
    const messaging = chooseMessaging(settings.messaging);
    const firstAdmin = adminFromSettings(settings);
    const started = await startDatabase(settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir }, {
      now: startClock.now(),
      demoAccounts: !settings.production,
    });
    try {
      if (firstAdmin) console.log(await ensureFirstAdmin(started.db, firstAdmin, startClock.now()));
    } catch (error) {
      await started.close();
      throw error;
    }
    if (chosen.warning) console.warn(`\n*** WARNING ***\n${chosen.warning}\n`);
    console.log(describeMessaging(messaging).join('\n'));
    const openDemoAccounts = settings.production ? await demoAccountsStillOpen(started.db) : [];
    if (openDemoAccounts.length > 0) {
      console.warn(
        `\n*** WARNING ***\nThese demo accounts still have the password README.md publishes: ${openDemoAccounts.join(', ')}.\nAnyone can log in with them: delete them, or reset their passwords, before taking bookings.\n`,
      );
    }
    return { database: started, processor: chosen, messaging };
  } catch (error) {
    if (!(error instanceof StartupRefusal)) throw error;
    console.error(`\nThe server did not start.\n${error.message}\n`);
    process.exit(1);
  }
}
