/** What every handler can reach: the app's dependencies, the caller's language and, after auth, the caller. */
import type { I18n } from '@lingui/core';
import type { Locale } from '../common/locales';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { CardProcessor } from './services/payments/processor/processor';
import type { Messaging } from './services/messaging/messaging-choice';
import type { UserRole } from './db/schema';
import type { TrustedProxies } from './lib/client-address';

export interface AppConfig {
  /** Production hides the outbox and test-only endpoints. */
  production: boolean;
  /** Secret for signing access tokens (HS256). */
  jwtSecret: string;
  /** Where the SPA is served, for links in e-mails (e.g. the reset link). */
  publicBaseUrl: string;
  /** The card processor's webhook signing secret: deliveries to POST /payments/webhook must be signed with it. */
  webhookSecret: string;
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES); without them, the socket's peer is the client. */
  trustedProxies?: TrustedProxies;
  /** `METRICS_TOKEN`: GET /metrics answers a caller with this bearer token; not served without one. */
  metricsToken?: string;
}

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  /** The card processor: the built-in test-mode one by default. */
  payments: CardProcessor;
  /** Where the outbox is delivered (SMTP_URL, SMS_PROVIDER); none in tests that only read the outbox. */
  messaging?: Messaging;
}

export interface AuthUser {
  id: string;
  role: UserRole;
  /** Venue staff's venue, read with the session (null for everyone else). */
  venueId?: string | null;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    auth: AuthUser;
    /** A valid token's claims whose session the handler itself checks (`requireTokenSessionInHandler`). */
    claims: AuthUser & { sessionGeneration: number };
    /** The caller's language, from Accept-Language (English when none of ours is asked for). */
    locale: Locale;
    /** Translates the server's English texts into `locale`. */
    i18n: I18n;
  };
}
