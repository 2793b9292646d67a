/**
 * The retention setting (docs/decisions/0014-personal-data.md): guests inactive for N years are anonymised by a job
 * (anonymise-guest.ts). Inactive: no account created, booking made or visited, wallet entry or log-in in
 * those years. No setting (the default) anonymises nobody. N is at least 7 (the years the money records
 * must be kept, docs/decisions/0014-personal-data.md) and at most 20.
 */
import { and, eq, gte, inArray, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { refreshTokens, reservations, settings, users, walletEntries } from '../../db/schema';
import { startRepeatingJob } from '../../lib/repeating-job';
import { recordAudit } from '../audit/audit-log';
import { WALK_IN_EMAIL } from '../guest-accounts/guest-accounts';
import { anonymiseGuest } from './anonymise-guest';
import { drainDueBatches } from '../../lib/due-batches';

const KEY = 'privacy.retention_years';

/** The same instant `years` earlier (29 February falls back to 1 March, as `Date` does). */
const yearsBefore = (now: Date, years: number) => {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at;
};
const BATCH = 50;

/** The years of inactivity after which guests are anonymised; null when none is set. */
export async function retentionYears(db: Db): Promise<number | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return row ? Number(row.value) : null;
}

/** An admin sets (or, with null, clears) the retention; audited. */
export async function setRetentionYears(db: Db, actor: AuthUser, years: number | null, now: Date): Promise<number | null> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('update');
    if (years === null) await tx.delete(settings).where(eq(settings.key, KEY));
    else await tx.insert(settings).values({ key: KEY, value: String(years) }).onConflictDoUpdate({ target: settings.key, set: { value: String(years) } });
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: null,
      action: 'privacy.retention',
      entityType: 'user',
      entityId: actor.id,
      before: { retentionYears: before ? Number(before.value) : null },
      after: { retentionYears: years },
      at: now,
    });
  });
  return years;
}

/** Anonymises the guests inactive since the retention's cut-off; returns how many. */
export async function anonymiseInactiveGuests(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const years = await retentionYears(deps.db);
  if (years === null) return 0;
  const now = deps.clock.now();
  const cutoff = yearsBefore(now, years);
  return drainDueBatches(BATCH, () =>
    deps.db.transaction(async (tx) => {
      const stale = await tx
        .select()
        .from(users)
        .where(
          and(
            inArray(users.role, ['guest', 'member']),
            isNull(users.anonymisedAt),
            ne(users.email, WALK_IN_EMAIL),
            lt(users.createdAt, cutoff),
            notExists(tx.select({ one: sql`1` }).from(reservations).where(and(eq(reservations.userId, users.id), or(gte(reservations.createdAt, cutoff), gte(reservations.startsAt, cutoff))))),
            notExists(tx.select({ one: sql`1` }).from(walletEntries).where(and(eq(walletEntries.userId, users.id), gte(walletEntries.createdAt, cutoff)))),
            notExists(tx.select({ one: sql`1` }).from(refreshTokens).where(and(eq(refreshTokens.userId, users.id), gte(refreshTokens.createdAt, cutoff)))),
          ),
        )
        .limit(BATCH)
        .for('update', { of: users, skipLocked: true });
      for (const user of stale) await anonymiseGuest(tx, user, now);
      return stale.length;
    }),
  );
}

/** Runs `anonymiseInactiveGuests` every `intervalMs`. */
export function startRetentionJob(deps: Pick<AppDeps, 'db' | 'clock'>, intervalMs: number): () => void {
  return startRepeatingJob('retention', () => anonymiseInactiveGuests(deps).then(() => {}), intervalMs);
}
