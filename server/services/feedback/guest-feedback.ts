/**
 * A guest's feedback as staff see it (for the guest book's profile), and the staff switch that stops the
 * feedback mails for a guest, audited. Staff of one venue see only their venue's visits.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reservations, users, visitFeedback } from '../../db/schema';
import type { AuthUser } from '../../context';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import { loadVenueCatalog } from '../booking-rules/venue-catalog';

export interface GuestFeedbackEntry {
  reservationId: string;
  reference: string;
  venueId: string;
  /** Stored (English): the handler puts it in the reader's language. */
  venueName: string;
  date: string;
  rating: number;
  comment: string | null;
  givenAt: string;
}

export interface GuestFeedback {
  userId: string;
  /** When staff stopped the feedback mails (null: they go out). */
  feedbackMailsStoppedAt: string | null;
  /** The average of every rating shown here, to one decimal (null with none). */
  average: number | null;
  entries: GuestFeedbackEntry[];
}

export const guestNotFound = () => notFound(/*i18n*/ 'We could not find this guest.');

async function guestRow(db: Db, userId: string) {
  const [guest] = await db.select({ id: users.id, role: users.role, stoppedAt: users.feedbackMailsStoppedAt }).from(users).where(eq(users.id, userId));
  if (!guest || (guest.role !== 'guest' && guest.role !== 'member')) throw guestNotFound();
  return guest;
}

/** The guest's ratings and comments, newest visit first. */
export async function guestFeedback(db: Db, actor: Pick<AuthUser, 'role' | 'venueId'>, userId: string): Promise<GuestFeedback> {
  const guest = await guestRow(db, userId);
  const venueOnly = actor.role === 'admin' ? undefined : [actor.venueId ?? ''];
  const rows = await db
    .select({ f: visitFeedback, reference: reservations.uniqueId })
    .from(visitFeedback)
    .innerJoin(reservations, eq(reservations.id, visitFeedback.reservationId))
    .where(and(eq(visitFeedback.userId, userId), venueOnly ? inArray(visitFeedback.venueId, venueOnly) : undefined))
    .orderBy(desc(visitFeedback.visitDate), desc(visitFeedback.createdAt));
  const catalog = await loadVenueCatalog(db);
  const entries = rows.map(({ f, reference }) => ({
    reservationId: f.reservationId,
    reference,
    venueId: f.venueId,
    venueName: catalog.venues.get(f.venueId)?.venue.title ?? '',
    date: f.visitDate,
    rating: f.rating,
    comment: f.comment,
    givenAt: f.updatedAt.toISOString(),
  }));
  const average = entries.length ? Math.round((entries.reduce((sum, e) => sum + e.rating, 0) / entries.length) * 10) / 10 : null;
  return { userId, feedbackMailsStoppedAt: guest.stoppedAt?.toISOString() ?? null, average, entries };
}

/** Stops (or lets again) the feedback mails for a guest; audited as `guest.feedback-mails`. */
export async function setFeedbackMails(db: Db, actor: AuthUser, userId: string, stopped: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ role: users.role, stoppedAt: users.feedbackMailsStoppedAt }).from(users).where(eq(users.id, userId)).for('update');
    if (!before || (before.role !== 'guest' && before.role !== 'member')) throw guestNotFound();
    if (Boolean(before.stoppedAt) === stopped) return;
    await tx.update(users).set({ feedbackMailsStoppedAt: stopped ? now : null, updatedAt: now }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: null,
      action: 'guest.feedback-mails',
      entityType: 'user',
      entityId: userId,
      before: { feedbackMailsStopped: Boolean(before.stoppedAt) },
      after: { feedbackMailsStopped: stopped },
      at: now,
    });
  });
}
