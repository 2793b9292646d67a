/**
 * Holds that run out: a PENDING reservation whose `hold_expires_at` has passed becomes CANCELED, which
 * frees its table (the no-double-booking constraint covers only PENDING and CONFIRMED). Plain SQL on the
 * shared database, so it works across restarts and with several server processes.
 */
import { and, asc, eq, gt, inArray, lt, lte } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { startRepeatingJob } from '../../lib/repeating-job';
import type { DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema';
import { atTables } from '../booking-rules/busy-intervals';

export interface HoldExpiryScope {
  /** Only holds on these tables (a booking that has locked them must see them gone, so no skipping). */
  tableIds?: string[];
  /** Only holds overlapping this interval (epoch ms): what a booking of it could collide with. */
  during?: { fromMs: number; toMs: number };
  /** Only this user's holds. */
  userId?: string;
}

/**
 * Cancels PENDING reservations whose hold ended at or before `now`; returns their ids. Rows are locked in
 * id order so concurrent callers never deadlock. Unscoped (the sweeper), rows another transaction is
 * busy with are skipped: that transaction settles them.
 */
export async function expireStaleHolds(db: DbOrTx, now: Date, scope: HoldExpiryScope = {}): Promise<string[]> {
  if (scope.tableIds && scope.tableIds.length === 0) return [];
  const stale = db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'PENDING'),
        lte(reservations.holdExpiresAt, now),
        scope.tableIds ? atTables(reservations, scope.tableIds) : undefined,
        scope.during ? lt(reservations.startsAt, new Date(scope.during.toMs)) : undefined,
        scope.during ? gt(reservations.endsAt, new Date(scope.during.fromMs)) : undefined,
        scope.userId ? eq(reservations.userId, scope.userId) : undefined,
      ),
    )
    .orderBy(asc(reservations.id))
    .for('update', scope.tableIds ? {} : { skipLocked: true });
  const rows = await db
    .update(reservations)
    .set({ status: 'CANCELED', canceledAt: now, updatedAt: now })
    .where(and(inArray(reservations.id, stale), eq(reservations.status, 'PENDING')))
    .returning({ id: reservations.id });
  return rows.map((r) => r.id);
}

/**
 * Sweeps stale holds now (so holds that ran out while the server was down are released at start) and
 * then every `intervalMs`. Returns a function that stops it.
 */
export function startHoldSweeper(deps: Pick<AppDeps, 'db' | 'clock'>, intervalMs = 60_000): () => void {
  // A failed sweep is retried on the next tick; holds also expire inside bookings.
  return startRepeatingJob('hold sweep', () => expireStaleHolds(deps.db, deps.clock.now()).then(() => {}), intervalMs);
}
