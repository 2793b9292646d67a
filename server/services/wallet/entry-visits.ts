/**
 * Money in plain words: the visit a wallet entry or a transaction was for, named as the guest knows it
 * (the venue, the day, the booking's reference such as LEC-…) rather than by an internal id; and the
 * wallet's running balance beside each of its latest entries.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, venues } from '../../db/schema';
import type { Schema } from '../../lib/api-types';

type EntryVisit = Schema<'EntryVisit'>;

/** The visits of the given bookings, by reservation id (venue names are kept in every language). */
async function visitsOf(db: DbOrTx, reservationIds: readonly (string | null)[]): Promise<Map<string, EntryVisit>> {
  const ids = [...new Set(reservationIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: reservations.id, reference: reservations.uniqueId, venue: venues.title, date: reservations.date, startTime: reservations.startTime })
    .from(reservations)
    .innerJoin(venues, eq(venues.id, reservations.venueId))
    .where(inArray(reservations.id, ids));
  return new Map(rows.map(({ id, ...visit }) => [id, { reservationId: id, ...visit }]));
}

/** Each item with its visit (null when it was for none, or its booking is gone). */
export async function withVisits<T extends { reservationId: string | null }>(db: DbOrTx, items: T[]): Promise<(T & { visit: EntryVisit | null })[]> {
  const visits = await visitsOf(db, items.map((item) => item.reservationId));
  return items.map((item) => ({ ...item, visit: (item.reservationId && visits.get(item.reservationId)) || null }));
}

/**
 * The balance just after each entry, for entries newest first ending at `balance` now: the newest leaves
 * the balance as it is, and each older one left it at the newer one's less the newer one's amount.
 */
export function withRunningBalance<T extends { amount: number }>(newestFirst: readonly T[], balance: number): (T & { balanceAfter: number })[] {
  let after = balance;
  return newestFirst.map((entry) => {
    const shown = { ...entry, balanceAfter: after };
    after -= entry.amount;
    return shown;
  });
}
