/**
 * GET /health: up only when the database answers a SELECT 1 within a short time (503 otherwise, through
 * the app's error handler), and what an operator must know, such as production taking test payments or
 * sending no mail.
 */
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import type { Db } from '../../db/client';
import { DatabaseUnavailableError } from '../../db/unavailable';
import type { ResponseBody } from '../../lib/api-types';

/** A load balancer's check must not hang on a database that does not answer. */
export const HEALTH_DB_TIMEOUT_MS = 2_000;

export function createHealthHandlers() {
  return {
    /** GET /health */
    async health(c: Context<AppEnv>) {
      const { db, payments, config, messaging } = c.var.deps;
      await pingDatabase(db, HEALTH_DB_TIMEOUT_MS);
      const { i18n } = c.var;
      const warnings = config.production
        ? [
            ...(payments.provider === 'test-mode' ? [i18n._('Card payments run in test mode: no card is charged and only test card numbers are accepted.')] : []),
            ...(payments.provider === 'stripe' && payments.publishableKey.startsWith('pk_test_')
              ? [i18n._("Card payments run on Stripe's test keys: no card is charged.")]
              : []),
            ...(messaging?.mail ? [] : [i18n._('E-mail is not sent: SMTP_URL is not set, so mails stay in the outbox.')]),
            ...(messaging?.sms ? [] : [i18n._('Text messages are not sent: no SMS provider is set (SMS_PROVIDER), so they stay in the outbox.')]),
          ]
        : [];
      return c.json(
        { status: 200, data: { ok: true, database: 'up', payments: payments.provider, warnings } } satisfies ResponseBody<'/health', 'get', 200>,
        200,
      );
    },
  };
}

/** Resolves when the database answers within `timeoutMs`; throws `DatabaseUnavailableError` otherwise. */
async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`no answer to SELECT 1 within ${timeoutMs} ms`)), timeoutMs);
  });
  // Drizzle's query runs on each then(): settle it once.
  const ping = Promise.resolve(db.execute(sql`SELECT 1`));
  // A ping that fails after the time-out has answered must not become an unhandled rejection.
  ping.catch(() => {});
  try {
    await Promise.race([ping, timeout]);
  } catch (error) {
    throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError('the database did not answer SELECT 1', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
