/** The access-token signing secret: JWT_SECRET when given, else one made once and kept in the database. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const KEY = 'jwt_secret';

export async function resolveSigningSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  // Kept in the database so every process on it, and every restart, signs and checks alike.
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return row!.value;
}
