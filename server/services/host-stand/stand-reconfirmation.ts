/**
 * What protects each booking of a service day at the host stand (docs/PRODUCT.md §6): whether its guest
 * was asked to reconfirm (services/reconfirmation/), whether and how they did, and the last call staff
 * made, in one read of the day's bookings and their calls. A booking never asked, never reconfirmed and
 * never called has nothing to show.
 */
import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reconfirmationCalls } from '../../db/reconfirmation-schema';
import { reservations } from '../../db/schema';
import type { Schema } from '../../lib/api-types';

export type StandReconfirmation = Schema<'HostStandReconfirmation'>;

/** Each asked or reconfirmed booking of the venue's day, by id. */
export async function standReconfirmations(db: DbOrTx, venueId: string, date: string): Promise<Map<string, NonNullable<StandReconfirmation>>> {
  const r = reservations;
  const rows = await db
    .select({ id: r.id, askedAt: r.reconfirmAskedAt, reconfirmedAt: r.reconfirmedAt, via: r.reconfirmedVia, outcome: reconfirmationCalls.outcome, calledAt: reconfirmationCalls.createdAt })
    .from(r)
    .leftJoin(reconfirmationCalls, eq(reconfirmationCalls.reservationId, r.id))
    .where(and(eq(r.venueId, venueId), eq(r.date, date), or(isNotNull(r.reconfirmAskedAt), isNotNull(r.reconfirmedAt), isNotNull(reconfirmationCalls.id))))
    .orderBy(asc(r.id), asc(reconfirmationCalls.createdAt));
  const out = new Map<string, NonNullable<StandReconfirmation>>();
  for (const row of rows) {
    // Rows come oldest call first: the last one read for a booking is its latest call.
    const lastCall = row.outcome && row.calledAt ? { outcome: row.outcome, at: row.calledAt.toISOString() } : (out.get(row.id)?.lastCall ?? null);
    out.set(row.id, { askedAt: row.askedAt?.toISOString() ?? null, reconfirmedAt: row.reconfirmedAt?.toISOString() ?? null, via: row.via, lastCall });
  }
  return out;
}
