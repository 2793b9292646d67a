/**
 * The guest's side of the feedback link: what the page shows (the venue and day of the visit, and the
 * rating already given) and the rating with its comment, recorded once per visit and changed by tapping
 * again while the link works. Only a seated visit takes feedback.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { reservations, visitFeedback } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { loadVenueCatalog } from '../booking-rules/venue-catalog';
import { readFeedbackToken } from './feedback-link';

export type FeedbackLinkDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export interface FeedbackView {
  reference: string;
  /** The venue's stored (English) name; the handler puts it in the reader's language. */
  venue: { name: string; domain: string };
  date: string;
  rating: number | null;
  comment: string | null;
}

export interface FeedbackInput {
  rating: number;
  comment?: string | undefined;
}

const noVisit = () => notFound(/*i18n*/ 'We could not find this visit.');

async function visitOf(deps: FeedbackLinkDeps, token: string) {
  const grant = readFeedbackToken(deps.config.jwtSecret, token, deps.clock.now());
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, grant.reservationId));
  if (!row || row.status !== 'CONFIRMED' || row.visitStatus === null || row.visitStatus === 'ARRIVED') throw noVisit();
  return row;
}

async function view(deps: FeedbackLinkDeps, row: typeof reservations.$inferSelect): Promise<FeedbackView> {
  const venue = (await loadVenueCatalog(deps.db)).venues.get(row.venueId)?.venue;
  const [given] = await deps.db.select().from(visitFeedback).where(eq(visitFeedback.reservationId, row.id));
  return {
    reference: row.uniqueId,
    venue: { name: venue?.title ?? '', domain: venue?.domain ?? '' },
    date: row.date,
    rating: given?.rating ?? null,
    comment: given?.comment ?? null,
  };
}

/** GET: the visit the link is about, and what the guest has said of it so far. */
export async function openFeedback(deps: FeedbackLinkDeps, token: string): Promise<FeedbackView> {
  return view(deps, await visitOf(deps, token));
}

/**
 * PUT: the rating and comment, replacing an earlier answer. A tap without a comment keeps the comment
 * already written (the mail's one-tap links carry only the rating).
 */
export async function giveFeedback(deps: FeedbackLinkDeps, token: string, input: FeedbackInput): Promise<FeedbackView> {
  const row = await visitOf(deps, token);
  const now = deps.clock.now();
  const comment = input.comment?.trim() || null;
  await deps.db
    .insert(visitFeedback)
    .values({ reservationId: row.id, userId: row.userId, venueId: row.venueId, visitDate: row.date, rating: input.rating, comment, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: visitFeedback.reservationId,
      set: { rating: input.rating, comment: input.comment === undefined ? sql`${visitFeedback.comment}` : comment, updatedAt: now },
    });
  return view(deps, row);
}
