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
import type { DbOrTx } from '../../db/client';
import type { Schema } from '../../lib/api-types';
import type { ReportPeriod } from '../../../common/report-range';
import { addDays, serviceDayStartMs, TIME_ZONE } from '../../../common/time';

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
  const venueFilter = (column: string) => (venueId ? sql`${sql.raw(column)} = ${venueId}` : sql`true`);
  const fromInstant = new Date(serviceDayStartMs(from)).toISOString();
  const untilInstant = new Date(serviceDayStartMs(addDays(to, 1))).toISOString();
  // The period a day falls in: itself, or the Monday of its ISO week (date arithmetic: no time zone involved).
  const period = by === 'week' ? sql.raw(`(d.day - (extract(isodow FROM d.day)::int - 1))`) : sql.raw('d.day');
  const periodLabel = by === 'week' ? sql.raw(`to_char(min(d.period), 'IYYY-"W"IW')`) : sql.raw(`to_char(min(d.period), 'YYYY-MM-DD')`);

  // Bookings and money are summed per venue and day first; only those few rows are rolled up into periods.
  const result = await db.execute(sql`
    WITH days AS (
      SELECT d.day, ${period} AS period
      FROM (SELECT generate_series(${from}::date, ${to}::date, interval '1 day')::date AS day) d
    ),
    staff_cancelled AS (
      SELECT DISTINCT a.entity_id FROM audit_log a WHERE a.action = 'visit.cancel' AND ${venueFilter('a.venue_id')}
    ),
    booked AS (
      SELECT r.venue_id, r.date::date AS day,
        count(*) AS bookings,
        sum(r.number_of_guests) FILTER (WHERE r.status = 'CONFIRMED') AS covers,
        sum(r.number_of_guests) FILTER (WHERE r.visit_status IN ('SEATED', 'FINISHED')) AS seated_covers,
        count(*) FILTER (WHERE r.status = 'NO_SHOW') AS no_shows,
        count(*) FILTER (WHERE r.status IN ('CANCELED', 'LATE_CANCELED') AND s.entity_id IS NULL) AS cancelled_by_guest,
        count(*) FILTER (WHERE r.status IN ('CANCELED', 'LATE_CANCELED') AND s.entity_id IS NOT NULL) AS cancelled_by_staff
      FROM reservations r
      LEFT JOIN staff_cancelled s ON s.entity_id = r.id
      WHERE r.confirmed_at IS NOT NULL AND r.date BETWEEN ${from} AND ${to} AND ${venueFilter('r.venue_id')}
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
      SELECT r.venue_id, (e.created_at AT TIME ZONE ${TIME_ZONE})::date AS day, e.source, abs(e.amount) AS amount,
        CASE
          WHEN e.type = 'REFUND' THEN 'refund'
          -- A wallet CHARGE against a booking is its no-show fee; a card one is a payment of that purpose.
          WHEN e.type = 'CHARGE' OR fee.id IS NOT NULL THEN 'no_show_fee'
          WHEN e.type = 'PAYMENT' AND r.pre_payment_type = 'DEPOSIT' THEN 'deposit'
          WHEN e.type = 'PAYMENT' THEN 'prepayment'
        END AS kind
      FROM entries e
      JOIN reservations r ON r.id = e.reservation_id
      LEFT JOIN payments fee ON fee.id = e.payment_id AND fee.purpose = 'NO_SHOW_FEE'
      WHERE ${venueFilter('r.venue_id')}
    ),
    money AS (
      SELECT venue_id, day,
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
    SELECT v.id AS venue_id, min(v.title) AS venue_title, ${periodLabel} AS period,
      to_char(min(d.day), 'YYYY-MM-DD') AS first_day, to_char(max(d.day), 'YYYY-MM-DD') AS last_day,
      coalesce(sum(b.bookings), 0)::int AS bookings, coalesce(sum(b.covers), 0)::int AS covers,
      coalesce(sum(b.seated_covers), 0)::int AS seated_covers, coalesce(sum(b.no_shows), 0)::int AS no_shows,
      coalesce(sum(b.cancelled_by_guest), 0)::int AS cancelled_by_guest, coalesce(sum(b.cancelled_by_staff), 0)::int AS cancelled_by_staff,
      coalesce(sum(m.deposit_card), 0)::int8 AS deposit_card, coalesce(sum(m.deposit_wallet), 0)::int8 AS deposit_wallet,
      coalesce(sum(m.prepayment_card), 0)::int8 AS prepayment_card, coalesce(sum(m.prepayment_wallet), 0)::int8 AS prepayment_wallet,
      coalesce(sum(m.no_show_fee_card), 0)::int8 AS no_show_fee_card, coalesce(sum(m.no_show_fee_wallet), 0)::int8 AS no_show_fee_wallet,
      coalesce(sum(m.refund_card), 0)::int8 AS refund_card, coalesce(sum(m.refund_wallet), 0)::int8 AS refund_wallet
    FROM venues v
    CROSS JOIN days d
    LEFT JOIN booked b ON b.venue_id = v.id AND b.day = d.day
    LEFT JOIN money m ON m.venue_id = v.id AND m.day = d.day
    WHERE ${venueFilter('v.id')}
    GROUP BY v.id, d.period
    ORDER BY min(v.sort_order), d.period
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
