/** The server's settings, read once from the environment. */
import { parseTrustedProxies, type TrustedProxies } from './lib/client-address';
import { readMessagingSettings, type MessagingSettings } from './services/messaging/messaging-choice';
import type { StripeEnv } from './services/payments/processor/processor-choice';

export interface ServerEnv {
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  production: boolean;
  jwtSecret: string | undefined;
  /** The card processor's webhook secret; made once and kept in the database when not given. */
  webhookSecret: string | undefined;
  publicBaseUrl: string;
  staticRoot: string;
  /** PAYMENTS_TEST_MODE=1: production may run the built-in test-mode processor (no card is charged). */
  paymentsTestMode: boolean;
  /** PAYMENTS_PROVIDER: stripe or test-mode (server/services/payments/processor/processor-choice.ts). */
  paymentsProvider: string | undefined;
  /** STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL, STRIPE_LIVE_MODE. */
  stripe: StripeEnv;
  /** The first admin, made at start while the database has none; the password is never logged. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** `TRUSTED_PROXIES`: the proxies whose X-Forwarded-For names the client; none by default. */
  trustedProxies: TrustedProxies | undefined;
  /** SMTP_URL, MAIL_FROM and the SMS provider's settings. */
  messaging: MessagingSettings;
  /** `REMINDER_LEAD_HOURS` (24 by default): how long before the visit the reminder goes out. */
  reminderLeadMs: number;
  /** `PASSWORD_HASH_COST`: log2 of scrypt's N for new password hashes (tests lower it; production refuses that). */
  passwordHashCost: number | undefined;
  /** `METRICS_TOKEN`: GET /metrics on the app's port answers this bearer token. */
  metricsToken: string | undefined;
  /** `METRICS_PORT`: /metrics, without a token, on a port of its own (for a scraper on the private network). */
  metricsPort: number | undefined;
  /** `SHUTDOWN_TIMEOUT_MS` (25 s by default): how long SIGTERM waits for requests and job rounds before stopping anyway. */
  shutdownTimeoutMs: number;
}

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? '.data',
    production: env.NODE_ENV === 'production',
    jwtSecret: env.JWT_SECRET || undefined,
    webhookSecret: env.PAYMENTS_WEBHOOK_SECRET || undefined,
    publicBaseUrl: env.PUBLIC_BASE_URL ?? `http://localhost:${port}`,
    staticRoot: env.STATIC_ROOT ?? 'dist/web',
    paymentsTestMode: env.PAYMENTS_TEST_MODE === '1',
    paymentsProvider: env.PAYMENTS_PROVIDER || undefined,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      apiUrl: env.STRIPE_API_URL || undefined,
      liveMode: env.STRIPE_LIVE_MODE === '1',
    },
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    messaging: readMessagingSettings(env, env.NODE_ENV === 'production'),
    reminderLeadMs: reminderLeadHours(env.REMINDER_LEAD_HOURS) * 3_600_000,
    passwordHashCost: env.PASSWORD_HASH_COST ? Number(env.PASSWORD_HASH_COST) : undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined,
    shutdownTimeoutMs: positiveNumber(env.SHUTDOWN_TIMEOUT_MS) ?? 25_000,
  };
}

/** REMINDER_LEAD_HOURS as a positive number of hours (fractions allowed); 24 when unset or not one. */
export function reminderLeadHours(text: string | undefined): number {
  const hours = Number(text);
  return text && Number.isFinite(hours) && hours > 0 ? hours : 24;
}

/** A setting that must be a positive number of milliseconds; undefined when unset or not one. */
function positiveNumber(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : undefined;
}
