/** Reading reservations: the caller's own, one of them, and a venue's day for staff. */
import { and, asc, desc, eq, gt, not, sql, type SQL } from 'drizzle-orm';
import { reservations } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { venueOf } from '../booking-rules/venue-catalog';
import { buildCalendarInvite, inviteContentType, inviteFileName, reservationInvite } from './calendar-invite';
import { expireStaleHolds } from './hold-expiry';
import { cancelledMoneyOf } from '../payments/payment-refund';
import { toReservationDto, type ReservationDto } from './reservation-dto';
import { findOwnReservation, reservationScope, type ReservationDeps } from './reservations';

/** Past reservations come this many at a time. */
export const PAST_PAGE_SIZE = 20;

/** Where a page of past reservations ends: the last one's start and id, the list's order. */
export interface PastCursor {
  startsAtMs: number;
  id: string;
}

/** The cursor as the API carries it: opaque to callers. */
export const PAST_CURSOR_PATTERN = /^(\d{1,15})_([0-9a-f]{24})$/;
const encodeCursor = (row: { startsAt: Date; id: string }) => `${row.startsAt.getTime()}_${row.id}`;

/** The cursor of `pastCursor=`, already checked against PAST_CURSOR_PATTERN. */
export function decodePastCursor(text: string): PastCursor {
  const [, ms, id] = PAST_CURSOR_PATTERN.exec(text)!;
  return { startsAtMs: Number(ms), id: id! };
}

/** One read of My reservations: the reservations and where the next page of past ones starts (null: no more). */
export interface ReservationListPage {
  reservations: ReservationDto[];
  pastCursor: string | null;
}

/**
 * docs/PRODUCT.md §4's upcoming group as the list groups it (common/reservation-grouping.ts): CONFIRMED and not
 * ended, or PENDING with its hold running. Never NULL, so its negation is exactly the past group.
 */
function isUpcoming(now: Date): SQL {
  const at = now.toISOString();
  return sql`(${reservations.status} = 'CONFIRMED' AND ${reservations.endsAt} > ${at}::timestamptz
    OR ${reservations.status} = 'PENDING' AND coalesce(${reservations.holdExpiresAt} > ${at}::timestamptz, false))`;
}

/**
 * The caller's reservations; run-out holds are settled first. Without a cursor: every upcoming one (by
 * start) and the newest page of past ones; with one, the next page of past ones, newest first.
 */
export async function listOwnReservations(deps: ReservationDeps, userId: string, pastCursor?: PastCursor): Promise<ReservationListPage> {
  const { db, now, catalog } = await reservationScope(deps);
  await expireStaleHolds(db, now, { userId });
  const upcoming = pastCursor
    ? []
    : await db
        .select()
        .from(reservations)
        // An upcoming one has not ended: the bound lets the (user, end) index skip the past.
        .where(and(eq(reservations.userId, userId), gt(reservations.endsAt, now), isUpcoming(now)))
        .orderBy(asc(reservations.startsAt), asc(reservations.id));
  const past = await db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        not(isUpcoming(now)),
        pastCursor ? sql`(${reservations.startsAt}, ${reservations.id}) < (${new Date(pastCursor.startsAtMs).toISOString()}::timestamptz, ${pastCursor.id})` : undefined,
      ),
    )
    .orderBy(desc(reservations.startsAt), desc(reservations.id))
    .limit(PAST_PAGE_SIZE + 1);
  const page = past.slice(0, PAST_PAGE_SIZE);
  return {
    reservations: [...upcoming, ...page].map((row) => toReservationDto(row, catalog, now)),
    pastCursor: past.length > PAST_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
  };
}

/** One of the caller's reservations; 404 1010103 for anyone else's. */
export async function getOwnReservation(deps: ReservationDeps, userId: string, reservationId: string): Promise<ReservationDto> {
  const { db, now, catalog } = await reservationScope(deps);
  await expireStaleHolds(db, now, { userId });
  const row = await findOwnReservation(db, reservationId, userId);
  const dto = toReservationDto(row, catalog, now);
  // A cancelled one says what was given back of what was paid, and where to, and the fee kept.
  return row.status === 'CANCELED' || row.status === 'LATE_CANCELED' ? { ...dto, ...(await cancelledMoneyOf(db, row)) } : dto;
}

/** A venue's reservations on a service day, every status, in order of start (for staff). */
export async function listVenueReservations(deps: ReservationDeps, venueId: string, date: string): Promise<ReservationDto[]> {
  const { db, now, catalog } = await reservationScope(deps);
  venueOf(catalog, venueId);
  const rows = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), eq(reservations.date, date)))
    .orderBy(asc(reservations.startTime), asc(reservations.createdAt));
  return rows.map((row) => toReservationDto(row, catalog, now));
}

/** An .ics file ready to send. */
export interface CalendarFile {
  fileName: string;
  contentType: string;
  text: string;
}

/**
 * The calendar invitation of one of the caller's confirmed reservations, as the e-mails carry it:
 * METHOD:REQUEST while it is on, METHOD:CANCEL once cancelled. 409 before it was ever confirmed.
 */
export async function getOwnCalendarInvite(deps: ReservationDeps, userId: string, reservationId: string): Promise<CalendarFile> {
  const { db, now, catalog } = await reservationScope(deps);
  const row = await findOwnReservation(db, reservationId, userId);
  if (!row.confirmedAt) throw conflict(/*i18n*/ 'The reservation is not confirmed yet');
  const method = row.status === 'CANCELED' || row.status === 'LATE_CANCELED' ? 'CANCEL' : 'REQUEST';
  return {
    fileName: inviteFileName(row),
    contentType: inviteContentType(method),
    text: buildCalendarInvite(reservationInvite(row, catalog, method, now)),
  };
}
