/**
 * The feedback mail after a visit (docs/decisions/0014-personal-data.md): a party staff seated (never a no-show, never a
 * cancellation) gets one mail a few hours after it finished, in the language it booked in, with a one-tap
 * rating from 1 to 5 and a link to write a comment. Not for a guest staff stopped the mails for, nor one
 * who asked for erasure; not for a visit more than a week past (a server that was down does not mail
 * old visits). A visit is claimed by setting `feedback_requested_at` in the transaction that queues the
 * mail, rows locked with SKIP LOCKED, as the reminders do: with several processes each goes out once.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, gt, notLike, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { reservations, users } from '../../db/schema';
import { DAY_MS, HOUR_MS } from '../../lib/rate-limit';
import { startRepeatingJob } from '../../lib/repeating-job';
import { messageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';
import { greeting } from '../reservations/reservation-mail';
import type { LinkSigning } from '../reservations/manage-link';
import type { ReservationRow } from '../reservations/reservations';
import { loadVenueCatalog, type VenueCatalog } from '../booking-rules/venue-catalog';
import { feedbackLink } from './feedback-link';
import { drainDueBatches } from '../../lib/due-batches';

/** How long after the party finished the mail goes out: after they are home, while the evening is fresh. */
export const DEFAULT_FEEDBACK_DELAY_MS = 3 * HOUR_MS;
/** Visits that finished longer ago than this get no mail. */
const LATEST_MS = 7 * DAY_MS;
const BATCH = 50;

export type FeedbackDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Sends the feedback mails due at the clock's now; returns how many went out. */
export async function sendDueFeedbackMails(deps: FeedbackDeps, delayMs = DEFAULT_FEEDBACK_DELAY_MS): Promise<number> {
  const now = deps.clock.now();
  const r = reservations;
  // A party staff never marked finished counts as finished at its booked end.
  const finishedAt = sql`coalesce(${r.tableFreedAt}, ${r.endsAt})`;
  const catalog = await loadVenueCatalog(deps.db);
  return drainDueBatches(BATCH, () =>
    deps.db.transaction(async (tx) => {
      const due = tx
        .select({ id: r.id })
        .from(r)
        .innerJoin(users, eq(users.id, r.userId))
        .where(
          and(
            eq(r.status, 'CONFIRMED'),
            inArray(r.visitStatus, ['SEATED', 'FINISHED']),
            isNull(r.feedbackRequestedAt),
            lte(finishedAt, new Date(now.getTime() - delayMs)),
            gt(finishedAt, new Date(now.getTime() - LATEST_MS)),
            isNotNull(r.email),
            // The walk-in account and erased guests have reserved addresses nothing is delivered to.
            notLike(r.email, '%.invalid'),
            isNull(users.feedbackMailsStoppedAt),
            isNull(users.erasureRequestedAt),
            isNull(users.anonymisedAt),
          ),
        )
        .orderBy(asc(finishedAt))
        .limit(BATCH)
        .for('update', { of: r, skipLocked: true });
      const rows = await tx.update(r).set({ feedbackRequestedAt: now }).where(inArray(r.id, due)).returning();
      for (const row of rows) await mailFeedbackRequest(tx, { row, catalog, now, links: deps.config });
      return rows.length;
    }),
  );
}

/** The mail: thanks, five one-tap ratings (best first) and a link to write more. */
async function mailFeedbackRequest(db: DbOrTx, args: { row: ReservationRow; catalog: VenueCatalog; now: Date; links: LinkSigning }) {
  const { row, catalog, now, links } = args;
  if (!row.email) return;
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  const venue = catalog.venues.get(row.venueId)?.venue.title ?? 'The Aldrich Club';
  const ratings = [5, 4, 3, 2, 1].map((rating) => i18n._('{rating} of 5: {link}', { rating, link: feedbackLink(links, row.id, now, rating) }));
  await queueEmail(db, {
    to: row.email,
    locale: lang.locale,
    subject: i18n._('How was your visit to {venue}?', { venue }),
    body: [
      greeting(lang, row.firstName),
      '',
      i18n._('Thank you for dining with us at {venue} on {date}. How was your visit? Tap a rating, from 5 (excellent) to 1 (poor):', {
        venue,
        date: lang.date(row.date),
      }),
      '',
      ...ratings,
      '',
      i18n._('Or tell us more in your own words: {link}', { link: feedbackLink(links, row.id, now) }),
    ].join('\n'),
  });
}

/** Runs `sendDueFeedbackMails` every `intervalMs`. */
export function startFeedbackJob(deps: FeedbackDeps, intervalMs: number): () => void {
  return startRepeatingJob('feedback mails', () => sendDueFeedbackMails(deps).then(() => {}), intervalMs);
}

