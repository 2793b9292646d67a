/**
 * The club's numbers an operator watches, read from the database in one query when /metrics is scraped:
 * bookings made, completed and expired, payments by outcome, the outbox by channel and state, the
 * waitlist by state. Read, not counted in memory, so they are the same whichever server process answers,
 * survive restarts, and count only what committed (docs/decisions/0013-observability.md).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface BusinessCounts {
  /** Bookings ever confirmed (a hold that became a booking, a phone booking, a walk-in). */
  bookingsMade: number;
  /** Bookings whose party finished its visit. */
  bookingsCompleted: number;
  /** Holds that ended without becoming a booking (the sweeper cancels a hold that ran out). */
  bookingsExpired: number;
  /** Reservations by status as they stand. */
  reservations: { status: string; count: number }[];
  /** Payments by purpose and outcome (SUCCEEDED, FAILED, REFUNDED ...). */
  payments: { purpose: string; status: string; count: number }[];
  /** Outbox messages by channel (EMAIL, SMS) and state (QUEUED, SENT, FAILED). */
  outbox: { channel: string; status: string; count: number }[];
  /** By channel, how long the oldest message still queued has waited, in seconds (by the database's clock, which stamped it). */
  outboxOldestQueuedSeconds: { channel: string; seconds: number }[];
  /** Waitlist entries by state (WAITING, OFFERED, BOOKED ...). */
  waitlist: { status: string; count: number }[];
  /** Offers the waitlist has made (each holds a table for a guest). */
  waitlistOffers: number;
}

interface Row {
  kind: string;
  a: string | null;
  b: string | null;
  n: string | number;
}

/** One round trip. */
export async function readBusinessCounts(db: Db): Promise<BusinessCounts> {
  const result = await db.execute(sql`
    SELECT 'made' AS kind, NULL AS a, NULL AS b, count(*) FILTER (WHERE confirmed_at IS NOT NULL) AS n FROM reservations
    UNION ALL SELECT 'completed', NULL, NULL, count(*) FILTER (WHERE visit_status = 'FINISHED') FROM reservations
    UNION ALL SELECT 'expired', NULL, NULL, count(*) FILTER (WHERE status IN ('CANCELED', 'EXPIRED') AND confirmed_at IS NULL) FROM reservations
    UNION ALL SELECT 'reservations', status, NULL, count(*) FROM reservations GROUP BY status
    UNION ALL SELECT 'payments', purpose, status, count(*) FROM payments GROUP BY purpose, status
    UNION ALL SELECT 'outbox', channel, status, count(*) FROM outbox GROUP BY channel, status
    UNION ALL SELECT 'outbox-age', channel, NULL, extract(epoch FROM (now() - min(created_at)))
      FROM outbox WHERE status = 'QUEUED' GROUP BY channel
    UNION ALL SELECT 'waitlist', status, NULL, count(*) FROM waitlist_entries GROUP BY status
    UNION ALL SELECT 'offers', NULL, NULL, count(*) FILTER (WHERE reservation_id IS NOT NULL) FROM waitlist_entries
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const of = (kind: string) => rows.filter((row) => row.kind === kind);
  const one = (kind: string) => Number(of(kind)[0]?.n ?? 0);
  return {
    bookingsMade: one('made'),
    bookingsCompleted: one('completed'),
    bookingsExpired: one('expired'),
    reservations: of('reservations').map((row) => ({ status: String(row.a), count: Number(row.n) })),
    payments: of('payments').map((row) => ({ purpose: String(row.a), status: String(row.b), count: Number(row.n) })),
    outbox: of('outbox').map((row) => ({ channel: String(row.a), status: String(row.b), count: Number(row.n) })),
    outboxOldestQueuedSeconds: of('outbox-age').map((row) => ({ channel: String(row.a), seconds: Math.max(0, Number(row.n)) })),
    waitlist: of('waitlist').map((row) => ({ status: String(row.a), count: Number(row.n) })),
    waitlistOffers: one('offers'),
  };
}
