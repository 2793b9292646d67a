/**
 * The staff console's report: a venue's bookings, covers, no-shows, cancellations and money per Hong Kong
 * day or ISO week, in one aggregate query (periods × venues, left-joined to the bookings and the money
 * grouped by period), so a year costs one round trip whatever the number of bookings.
 *
 * What counts (also in openapi.yaml):
 * - bookings: the reservations of the period's service days that were ever confirmed (a hold that ran out
 *   or was let go is no booking), whatever their status now;
 * - covers: the party sizes of those still CONFIRMED (expected, arrived, seated or finished);
 *   seatedCovers: of them, those seated or finished;
 * - noShows; cancellations by staff (cancelled from the admin area: its `visit.cancel` audit entry) and by
 *   the guest (every other);
 * - money on the Hong Kong day it moved (a wallet or card entry's time), for the venue of its booking.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { Schema } from '../lib/api-types';
import type { ReportPeriod } from '../../src/domain/report-range';
import { addDays, serviceDayStartMs, TIME_ZONE } from '../../src/domain/time';

export type VenueReportDto = Schema<'VenueReport'>;
export type VenueReportRow = Schema<'VenueReportRow'>;
export type ReportMoney = Schema<'ReportMoney'>;

export interface ReportQuery {
  /** One venue, or every venue when null. */
  venueId: string | null;
  /** Hong Kong days, both included. */
  from: string;
  to: string;
  by: ReportPeriod;
}

interface SqlRow {
  venue_id: string;
  venue_title: string;
  period: string;
  first_day: string;
  last_day: string;
  bookings: number | string;
  covers: number | string;
  seated_covers: number | string;
  no_shows: number | string;
  cancelled_by_guest: number | string;
  cancelled_by_staff: number | string;
  deposit_card: number | string;
  deposit_wallet: number | string;
  prepayment_card: number | string;
  prepayment_wallet: number | string;
  no_show_fee_card: number | string;
  no_show_fee_wallet: number | string;
  refund_card: number | string;
  refund_wallet: number | string;
}

/** The rows of the report, venues in their order and periods in time order; `venueName` is the stored English title. */
export async function venueReport(db: DbOrTx, query: ReportQuery): Promise<VenueReportDto> {
  const { venueId, from, to, by } = query;
  // The period a date falls in: itself, or the Monday of its ISO week (date arithmetic: no time zone involved).
  const periodOf = (date: ReturnType<typeof sql>) => (by === 'week' ? sql`(${date} - (extract(isodow FROM ${date})::int - 1))` : date);
  const venueFilter = (column: ReturnType<typeof sql>) => (venueId ? sql`${column} = ${venueId}` : sql`true`);
  const fromInstant = new Date(serviceDayStartMs(from)).toISOString();
  const untilInstant = new Date(serviceDayStartMs(addDays(to, 1))).toISOString();
  const bookingDay = sql.raw('r.date::date');
  const entryDay = sql.raw(`(e.created_at AT TIME ZONE '${TIME_ZONE}')::date`);
  const listedDay = sql.raw('d.day');

  const result = await db.execute(sql`
    WITH periods AS (
      SELECT ${periodOf(listedDay)} AS period, min(d.day) AS first_day, max(d.day) AS last_day
      FROM (SELECT generate_series(${from}::date, ${to}::date, interval '1 day')::date AS day) d
      GROUP BY 1
    ),
    chosen AS (
      SELECT id, title, sort_order FROM venues v WHERE ${venueFilter(sql.raw('v.id'))}
    ),
    staff_cancelled AS (
      SELECT DISTINCT a.entity_id FROM audit_log a WHERE a.action = 'visit.cancel' AND ${venueFilter(sql.raw('a.venue_id'))}
    ),
    booked AS (
      SELECT r.venue_id, ${periodOf(bookingDay)} AS period,
        count(*) AS bookings,
        coalesce(sum(r.number_of_guests) FILTER (WHERE r.status = 'CONFIRMED'), 0) AS covers,
        coalesce(sum(r.number_of_guests) FILTER (WHERE r.visit_status IN ('SEATED', 'FINISHED')), 0) AS seated_covers,
        count(*) FILTER (WHERE r.status = 'NO_SHOW') AS no_shows,
        count(*) FILTER (WHERE r.status IN ('CANCELED', 'LATE_CANCELED') AND s.entity_id IS NULL) AS cancelled_by_guest,
        count(*) FILTER (WHERE r.status IN ('CANCELED', 'LATE_CANCELED') AND s.entity_id IS NOT NULL) AS cancelled_by_staff
      FROM reservations r
      LEFT JOIN staff_cancelled s ON s.entity_id = r.id
      WHERE r.confirmed_at IS NOT NULL AND r.date BETWEEN ${from} AND ${to} AND ${venueFilter(sql.raw('r.venue_id'))}
      GROUP BY 1, 2
    ),
    entries AS (
      SELECT 'WALLET' AS source, w.type, w.amount, w.reservation_id, w.payment_id, w.created_at FROM wallet_entries w
      WHERE w.reservation_id IS NOT NULL AND w.created_at >= ${fromInstant}::timestamptz AND w.created_at < ${untilInstant}::timestamptz
      UNION ALL
      SELECT 'CARD', c.type, c.amount, c.reservation_id, c.payment_id, c.created_at FROM card_entries c
      WHERE c.reservation_id IS NOT NULL AND c.created_at >= ${fromInstant}::timestamptz AND c.created_at < ${untilInstant}::timestamptz
    ),
    classified AS (
      SELECT r.venue_id, ${periodOf(entryDay)} AS period, e.source, abs(e.amount) AS amount,
        CASE
          WHEN e.type = 'REFUND' THEN 'refund'
          -- A wallet CHARGE against a booking is its no-show fee; a card one is a payment of that purpose.
          WHEN e.type = 'CHARGE' OR p.purpose = 'NO_SHOW_FEE' THEN 'no_show_fee'
          WHEN e.type = 'PAYMENT' AND r.pre_payment_type = 'DEPOSIT' THEN 'deposit'
          WHEN e.type = 'PAYMENT' THEN 'prepayment'
        END AS kind
      FROM entries e
      JOIN reservations r ON r.id = e.reservation_id
      LEFT JOIN payments p ON p.id = e.payment_id
      WHERE ${venueFilter(sql.raw('r.venue_id'))}
    ),
    money AS (
      SELECT venue_id, period,
        sum(amount) FILTER (WHERE kind = 'deposit' AND source = 'CARD') AS deposit_card,
        sum(amount) FILTER (WHERE kind = 'deposit' AND source = 'WALLET') AS deposit_wallet,
        sum(amount) FILTER (WHERE kind = 'prepayment' AND source = 'CARD') AS prepayment_card,
        sum(amount) FILTER (WHERE kind = 'prepayment' AND source = 'WALLET') AS prepayment_wallet,
        sum(amount) FILTER (WHERE kind = 'no_show_fee' AND source = 'CARD') AS no_show_fee_card,
        sum(amount) FILTER (WHERE kind = 'no_show_fee' AND source = 'WALLET') AS no_show_fee_wallet,
        sum(amount) FILTER (WHERE kind = 'refund' AND source = 'CARD') AS refund_card,
        sum(amount) FILTER (WHERE kind = 'refund' AND source = 'WALLET') AS refund_wallet
      FROM classified GROUP BY 1, 2
    )
    SELECT v.id AS venue_id, v.title AS venue_title,
      ${by === 'week' ? sql`to_char(p.period, 'IYYY-"W"IW')` : sql`to_char(p.period, 'YYYY-MM-DD')`} AS period,
      to_char(p.first_day, 'YYYY-MM-DD') AS first_day, to_char(p.last_day, 'YYYY-MM-DD') AS last_day,
      coalesce(b.bookings, 0)::int AS bookings, coalesce(b.covers, 0)::int AS covers,
      coalesce(b.seated_covers, 0)::int AS seated_covers, coalesce(b.no_shows, 0)::int AS no_shows,
      coalesce(b.cancelled_by_guest, 0)::int AS cancelled_by_guest, coalesce(b.cancelled_by_staff, 0)::int AS cancelled_by_staff,
      coalesce(m.deposit_card, 0)::int8 AS deposit_card, coalesce(m.deposit_wallet, 0)::int8 AS deposit_wallet,
      coalesce(m.prepayment_card, 0)::int8 AS prepayment_card, coalesce(m.prepayment_wallet, 0)::int8 AS prepayment_wallet,
      coalesce(m.no_show_fee_card, 0)::int8 AS no_show_fee_card, coalesce(m.no_show_fee_wallet, 0)::int8 AS no_show_fee_wallet,
      coalesce(m.refund_card, 0)::int8 AS refund_card, coalesce(m.refund_wallet, 0)::int8 AS refund_wallet
    FROM chosen v
    CROSS JOIN periods p
    LEFT JOIN booked b ON b.venue_id = v.id AND b.period = p.period
    LEFT JOIN money m ON m.venue_id = v.id AND m.period = p.period
    ORDER BY v.sort_order, p.period
  `);
  return { from, to, by, rows: (result as unknown as { rows: SqlRow[] }).rows.map(toReportRow) };
}

function toReportRow(row: SqlRow): VenueReportRow {
  // int8 arrives as a string from `pg` and a number or bigint from PGlite.
  const n = (value: number | string | bigint) => Number(value);
  const money: ReportMoney = {
    depositCard: n(row.deposit_card),
    depositWallet: n(row.deposit_wallet),
    prepaymentCard: n(row.prepayment_card),
    prepaymentWallet: n(row.prepayment_wallet),
    noShowFeeCard: n(row.no_show_fee_card),
    noShowFeeWallet: n(row.no_show_fee_wallet),
    taken: 0,
    refundCard: n(row.refund_card),
    refundWallet: n(row.refund_wallet),
    refunded: 0,
  };
  money.taken = money.depositCard + money.depositWallet + money.prepaymentCard + money.prepaymentWallet + money.noShowFeeCard + money.noShowFeeWallet;
  money.refunded = money.refundCard + money.refundWallet;
  return {
    venueId: row.venue_id,
    venueName: row.venue_title,
    period: row.period,
    from: row.first_day,
    to: row.last_day,
    bookings: n(row.bookings),
    covers: n(row.covers),
    seatedCovers: n(row.seated_covers),
    noShows: n(row.no_shows),
    cancelledByGuest: n(row.cancelled_by_guest),
    cancelledByStaff: n(row.cancelled_by_staff),
    money,
  };
}
