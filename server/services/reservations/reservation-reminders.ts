/**
 * Reminders before the visit: a confirmed reservation starting within the lead time (24 hours unless
 * REMINDER_LEAD_HOURS says otherwise) gets one reminder, by e-mail and by SMS where the mobile is known.
 * A reservation is claimed by setting `reminded_for` to its start in the transaction that queues the
 * messages, rows locked with SKIP LOCKED: with several server processes each reminder goes out once.
 */
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { reservations } from '../../db/schema';
import { HOUR_MS } from '../../lib/rate-limit';
import { startRepeatingJob } from '../../lib/repeating-job';
import { loadVenueCatalog } from '../booking-rules/venue-catalog';
import { mailReminder } from './reservation-mail';
import { drainDueBatches } from '../../lib/due-batches';

export const DEFAULT_REMINDER_LEAD_MS = 24 * HOUR_MS;

// Claimed in batches so one round's transaction stays short.
const BATCH = 50;

export type ReminderDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * Sends the reminders due at the clock's now; returns how many reservations were reminded. A booking
 * confirmed inside the lead time is skipped: its confirmation has just told the guest everything.
 */
export async function sendDueReminders(deps: ReminderDeps, leadMs = DEFAULT_REMINDER_LEAD_MS): Promise<number> {
  const now = deps.clock.now();
  const r = reservations;
  const lead = sql`make_interval(secs => ${leadMs / 1000})`;
  const catalog = await loadVenueCatalog(deps.db);
  return drainDueBatches(BATCH, () =>
    deps.db.transaction(async (tx) => {
      const due = tx
        .select({ id: r.id })
        .from(r)
        .where(
          and(
            eq(r.status, 'CONFIRMED'),
            gt(r.startsAt, now),
            lte(r.startsAt, new Date(now.getTime() + leadMs)),
            lte(r.confirmedAt, sql`${r.startsAt} - ${lead}`),
            or(isNull(r.remindedFor), ne(r.remindedFor, r.startsAt)),
          ),
        )
        .orderBy(asc(r.startsAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx.update(r).set({ remindedFor: sql`${r.startsAt}` }).where(inArray(r.id, due)).returning();
      for (const row of rows) await mailReminder(tx, { row, catalog, now, links: deps.config });
      return rows.length;
    }),
  );
}

/** Runs `sendDueReminders` every `intervalMs`. */
export function startReminderJob(deps: ReminderDeps, leadMs: number, intervalMs: number): () => void {
  return startRepeatingJob('reminders', () => sendDueReminders(deps, leadMs).then(() => {}), intervalMs);
}
