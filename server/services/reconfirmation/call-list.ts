/**
 * Staff's call list (docs/PRODUCT.md §4, no-shows): a service day's confirmed bookings whose guests were
 * asked to reconfirm and have not, once the venue's call-list hour has come (17:00 the day before unless
 * the venue says otherwise), each with the calls made so far. A booking leaves it when reconfirmed,
 * cancelled or seated.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { reconfirmationCalls, type CallOutcome } from '../../db/reconfirmation-schema';
import { reservations, users } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { callListTimeOf, reconfirmationSettings } from './reconfirmation-settings';

export interface CallListEntry {
  reservationId: string;
  uniqueId: string;
  startTime: number;
  numberOfGuests: number;
  guestName: string;
  /** E.164, or null when the booking has none. */
  mobile: string | null;
  askedAt: string;
  calls: { outcome: CallOutcome; at: string; staffName: string }[];
}

export interface CallList {
  date: string;
  /** When the list opens; before then it is empty. */
  opensAt: string;
  entries: CallListEntry[];
}

export async function callList(db: DbOrTx, actor: AuthUser, venueId: string, date: string, now: Date): Promise<CallList> {
  checkVenueAccess(actor, venueId);
  const opensAt = callListTimeOf(await reconfirmationSettings(db, venueId), date);
  const base = { date, opensAt: opensAt.toISOString() };
  if (now < opensAt) return { ...base, entries: [] };
  const r = reservations;
  const rows = await db
    .select()
    .from(r)
    .where(and(eq(r.venueId, venueId), eq(r.date, date), eq(r.status, 'CONFIRMED'), isNull(r.visitStatus), isNotNull(r.reconfirmAskedAt), isNull(r.reconfirmedAt)))
    .orderBy(asc(r.startTime), asc(r.uniqueId));
  const calls = rows.length
    ? await db
        .select({ call: reconfirmationCalls, firstName: users.firstName, lastName: users.lastName })
        .from(reconfirmationCalls)
        .innerJoin(users, eq(users.id, reconfirmationCalls.staffId))
        .where(inArray(reconfirmationCalls.reservationId, rows.map((row) => row.id)))
        .orderBy(asc(reconfirmationCalls.createdAt))
    : [];
  return {
    ...base,
    entries: rows.map((row) => ({
      reservationId: row.id,
      uniqueId: row.uniqueId,
      startTime: row.startTime,
      numberOfGuests: row.numberOfGuests,
      guestName: [row.firstName, row.lastName].filter(Boolean).join(' '),
      mobile: row.mobileCountryCode && row.mobileNumber ? `${row.mobileCountryCode}${row.mobileNumber}` : null,
      askedAt: row.reconfirmAskedAt!.toISOString(),
      calls: calls
        .filter((c) => c.call.reservationId === row.id)
        .map((c) => ({ outcome: c.call.outcome, at: c.call.createdAt.toISOString(), staffName: `${c.firstName} ${c.lastName}`.trim() })),
    })),
  };
}
