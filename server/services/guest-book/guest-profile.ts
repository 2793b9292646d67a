/**
 * A guest's profile in the guest book: who they are, what their visits add up to (visits, covers, spend,
 * no-shows, late cancellations, last and next visit, venues), their member number and wallet balance,
 * tags, notes, warnings, likely duplicates and latest bookings. A handful of reads whatever the history.
 *
 * A visit is a confirmed booking whose start has passed (the host stand does not always mark arrivals);
 * its covers are its party. Spend is what the guest's bookings' payments took: deposits and prepayments
 * by the booking's payment type, no-show fees charged to a card or the wallet, and what was given back.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, walletEntries } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { formatPhoneNumber } from '../../../common/validation/phone-number';
import { bookingMoney } from '../payments/booking-payments';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { guestAlerts } from './guest-alerts';
import { findGuest } from './guest-book-access';
import { duplicateGroups } from './guest-duplicates';
import { notesOf } from './guest-notes';
import { tagsOf } from './guest-tags';

export type GuestProfileDto = Schema<'GuestProfile'>;
type BookingLine = Schema<'GuestBookingLine'>;

/** How many of the guest's bookings the profile lists, latest first. */
export const PROFILE_BOOKINGS = 20;

export async function guestProfile(db: DbOrTx, catalog: VenueCatalog, guestId: string, now: Date): Promise<GuestProfileDto> {
  const guest = await findGuest(db, guestId);
  const rows = await db
    .select({
      id: reservations.id,
      uniqueId: reservations.uniqueId,
      venueId: reservations.venueId,
      date: reservations.date,
      startTime: reservations.startTime,
      startsAt: reservations.startsAt,
      numberOfGuests: reservations.numberOfGuests,
      status: reservations.status,
      prePaymentType: reservations.prePaymentType,
    })
    .from(reservations)
    .where(eq(reservations.userId, guestId))
    .orderBy(desc(reservations.startsAt), desc(reservations.id));
  const visits = rows.filter((r) => r.status === 'CONFIRMED' && r.startsAt <= now);
  const upcoming = rows.filter((r) => (r.status === 'CONFIRMED' || r.status === 'PENDING') && r.startsAt > now);
  const money = await bookingMoney(db, rows.map((r) => r.id));
  const spend = { deposits: 0, prepayments: 0, fees: 0, refunds: 0 };
  for (const r of rows) {
    const m = money.get(r.id);
    if (!m) continue;
    if (r.prePaymentType === 'DEPOSIT') spend.deposits += m.paid;
    else if (r.prePaymentType === 'PREPAYMENT') spend.prepayments += m.paid;
    spend.fees += m.cardFee + m.walletFee;
    spend.refunds += m.refunded;
  }
  const venueName = (id: string) => catalog.venues.get(id)?.venue.title ?? '';
  const line = (r: (typeof rows)[number]): BookingLine => ({
    _id: r.id,
    uniqueId: r.uniqueId,
    venue: { _id: r.venueId, name: venueName(r.venueId) },
    date: r.date,
    startTime: r.startTime,
    numberOfGuests: r.numberOfGuests,
    status: r.status,
  });
  const byVenue = new Map<string, number>();
  for (const v of visits) byVenue.set(v.venueId, (byVenue.get(v.venueId) ?? 0) + 1);
  const isMember = guest.role === 'member';
  const [balance] = isMember
    ? await db.select({ total: sql<number>`coalesce(sum(${walletEntries.amount}), 0)::int` }).from(walletEntries).where(eq(walletEntries.userId, guestId))
    : [];
  const [tags, notes, alerts, duplicates] = [
    await tagsOf(db, guestId),
    await notesOf(db, guestId),
    (await guestAlerts(db, [guestId])).get(guestId) ?? [],
    await duplicateGroups(db, { guestId }),
  ];
  return {
    _id: guest.id,
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    mobile: formatPhoneNumber(guest.mobileCountryCode, guest.mobileNumber),
    guestType: isMember ? 'member' : 'guest',
    memberId: isMember ? (guest.customId ?? guest.customerId) : null,
    walletBalance: isMember ? Number(balance?.total ?? 0) : null,
    since: guest.createdAt.toISOString(),
    stats: {
      visits: visits.length,
      covers: visits.reduce((n, v) => n + v.numberOfGuests, 0),
      noShows: rows.filter((r) => r.status === 'NO_SHOW').length,
      lateCancellations: rows.filter((r) => r.status === 'LATE_CANCELED').length,
      lastVisit: visits[0] ? line(visits[0]) : null,
      nextVisit: upcoming.length ? line(upcoming[upcoming.length - 1]!) : null,
      venues: [...byVenue.entries()].map(([id, count]) => ({ _id: id, name: venueName(id), visits: count })).sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name)),
    },
    spend,
    tags,
    notes,
    alerts,
    duplicates: duplicates.flatMap((g) => g.guests.filter((d) => d._id !== guestId).map((d) => ({ ...d, match: g.match }))),
    bookings: rows.slice(0, PROFILE_BOOKINGS).map(line),
  };
}
