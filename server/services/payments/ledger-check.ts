/**
 * The ledger check: one SQL query that finds every reservation whose kept money differs from what its
 * policy says is due. Kept money is what its reservation payments took and did not give back, plus what
 * the venue took at the door; what is due follows from its status:
 *
 * - a booking (CONFIRMED, whatever its visit reached, or NO_SHOW): the amount due for its party, plus any
 *   fee the policy kept on a late change, less what staff let the guest owe (payable at the venue);
 * - a hold (PENDING): nothing, or the amount due once paid (the completion takes that payment);
 * - a cancellation: the fee the policy kept (nothing outside the cancellation window; a card guarantee's
 *   late fee is its card's charge, below);
 * - a hold that ran out: nothing.
 *
 * A change's difference paid by card is one of its booking's payments: made with the change, it is part
 * of the new amount due; the payment of a change that was not made must have been given back in full, or
 * the booking shows as keeping more than is due.
 *
 * A card guarantee keeps nothing up front, then exactly its fee once it is due (`guaranteeProblems`).
 *
 * Run by `npm run check-ledger` on any database, after every server test's database (the harness's
 * close) and after the browser suite (Playwright's global teardown).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface LedgerProblem {
  id: string;
  uniqueId: string;
  status: string;
  amountDue: number;
  kept: number;
  paidAtVenue: number;
  amountOwed: number;
  feeKept: number;
  /** What the kept money should be, by the rules above. */
  due: number;
}

/** The reservations whose money is not what it should be (none when the books balance). */
export async function ledgerProblems(db: DbOrTx): Promise<LedgerProblem[]> {
  return [...(await bookingProblems(db)), ...(await guaranteeProblems(db))].sort((a, b) => (a.uniqueId < b.uniqueId ? -1 : a.uniqueId > b.uniqueId ? 1 : 0));
}

async function bookingProblems(db: DbOrTx): Promise<LedgerProblem[]> {
  const result = await db.execute(sql`
    WITH money AS (
      SELECT p.reservation_id, sum(p.amount - p.refunded_amount)::int AS kept
      FROM payments p
      WHERE p.purpose = 'RESERVATION' AND p.reservation_id IS NOT NULL
        AND p.status IN ('SUCCEEDED', 'REFUNDED', 'PARTIALLY_REFUNDED')
      GROUP BY p.reservation_id
    ),
    books AS (
      SELECT r.id, r.unique_id, r.status, r.amount_due, r.paid_at_venue, r.amount_owed, r.fee_kept,
        coalesce(m.kept, 0) AS kept,
        CASE
          WHEN r.status IN ('CONFIRMED', 'NO_SHOW') THEN r.amount_due + r.fee_kept - r.amount_owed
          WHEN r.status = 'PENDING' AND coalesce(m.kept, 0) = r.amount_due THEN r.amount_due
          -- A card guarantee's late fee is its card's charge, held to it below, never a booking payment.
          WHEN r.status IN ('CANCELED', 'LATE_CANCELED') AND r.pre_payment_type <> 'GUARANTEE' THEN r.fee_kept
          ELSE 0
        END AS due
      FROM reservations r LEFT JOIN money m ON m.reservation_id = r.id
    )
    SELECT id, unique_id, status, amount_due, kept, paid_at_venue, amount_owed, fee_kept, due
    FROM books
    WHERE kept + paid_at_venue <> due
    ORDER BY unique_id
  `);
  return problemsOf(result);
}

/**
 * A card guarantee (docs/decisions/0035-card-guarantee.md) keeps nothing until a fee is due: its booking is
 * paid nothing (the query above holds it to an amount due of 0), and its card is charged nothing, unless it
 * is a no-show with a card saved, which keeps exactly the policy's fee for the party, or a late
 * cancellation, which keeps exactly the late fee it recorded (`fee_kept`: none when no card was saved):
 * charged (fee payments that took money and were not given back) or recorded as owed (its charge not yet
 * CHARGED: being tried, declined, or given up on). Reported as kept (the fee charged or owed) against due (the fee).
 */
async function guaranteeProblems(db: DbOrTx): Promise<LedgerProblem[]> {
  const result = await db.execute(sql`
    WITH fees AS (
      SELECT p.reservation_id, sum(p.amount - p.refunded_amount)::int AS charged
      FROM payments p
      WHERE p.purpose = 'NO_SHOW_FEE' AND p.status IN ('SUCCEEDED', 'REFUNDED', 'PARTIALLY_REFUNDED')
      GROUP BY p.reservation_id
    ),
    books AS (
      SELECT r.id, r.unique_id, r.status, r.amount_due, r.paid_at_venue, r.amount_owed, r.fee_kept,
        coalesce(f.charged, 0) + CASE WHEN r.status IN ('NO_SHOW', 'LATE_CANCELED') AND c.status <> 'CHARGED' THEN c.amount ELSE 0 END AS kept,
        CASE
          WHEN r.status = 'NO_SHOW' AND g.status = 'SAVED' THEN coalesce((e.policy->>'noShowFeePerPerson')::int, 0) * r.number_of_guests
          -- The late-cancellation fee the cancellation worked out (common/late-cancellation-fee.ts), recorded on the booking.
          WHEN r.status = 'LATE_CANCELED' THEN r.fee_kept
          ELSE 0
        END AS due
      FROM reservations r
      JOIN experiences e ON e.id = r.experience_id
      LEFT JOIN card_guarantees g ON g.reservation_id = r.id
      LEFT JOIN no_show_fee_charges c ON c.reservation_id = r.id
      LEFT JOIN fees f ON f.reservation_id = r.id
      WHERE r.pre_payment_type = 'GUARANTEE'
    )
    SELECT id, unique_id, status, amount_due, kept, 0 AS paid_at_venue, amount_owed, fee_kept, due
    FROM books
    WHERE kept <> due
  `);
  return problemsOf(result);
}

function problemsOf(result: unknown): LedgerProblem[] {
  return (result as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: String(r.id),
    uniqueId: String(r.unique_id),
    status: String(r.status),
    amountDue: Number(r.amount_due),
    kept: Number(r.kept),
    paidAtVenue: Number(r.paid_at_venue),
    amountOwed: Number(r.amount_owed),
    feeKept: Number(r.fee_kept),
    due: Number(r.due),
  }));
}

/** The problems as lines for a person to read (empty when none). */
export function describeLedgerProblems(problems: readonly LedgerProblem[]): string {
  return problems
    .map(
      (p) =>
        `${p.uniqueId} (${p.status}): keeps ${p.kept} + ${p.paidAtVenue} at the venue, should keep ${p.due} ` +
        `(amount due ${p.amountDue}, owed ${p.amountOwed}, fee kept ${p.feeKept})`,
    )
    .join('\n');
}
