/**
 * Secrets kept in the database so every process on it, and every restart, agrees: the access-token
 * signing secret (JWT_SECRET when given) and the processor's webhook secret (PAYMENTS_WEBHOOK_SECRET).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

const KEY = 'jwt_secret';

/** The secret under `key`: `fromEnv` when given, else one made once and kept in the database. */
async function resolveStoredSecret(db: Db, key: string, fromEnv: string | undefined, prefix = ''): Promise<string> {
  if (fromEnv) return fromEnv;
  // Kept in the database so every process on it, and every restart, signs and checks alike.
  await db
    .insert(settings)
    .values({ key, value: `${prefix}${randomBytes(32).toString('base64url')}` })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}

/** The access-token signing secret. */
export const resolveSigningSecret = (db: Db, fromEnv: string | undefined) => resolveStoredSecret(db, KEY, fromEnv);

/** The card processor's webhook signing secret ('whsec_...'). */
export const resolveWebhookSecret = (db: Db, fromEnv: string | undefined) => resolveStoredSecret(db, 'payments_webhook_secret', fromEnv, 'whsec_');
