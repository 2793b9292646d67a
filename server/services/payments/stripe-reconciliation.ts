/**
 * The daily reconciliation with Stripe: for a Hong Kong day, every payment intent whose money moved at
 * Stripe that day (balance transactions, refunds) or that our payments table settled that day, compared
 * as Stripe has it now (charged, refunded) with our row (paid, refunded). Each difference is kept for
 * staff (the report page and its CSV):
 *
 * - UNKNOWN_TO_CLUB: Stripe took money for an intent the payments table does not have as paid;
 * - CHARGE_DIFFERS: Stripe charged another amount than the payment we recorded;
 * - REFUND_MISSING: Stripe gave back more than we recorded (a refund made in Stripe's dashboard, say);
 * - REFUND_NOT_AT_STRIPE: we recorded a refund Stripe has not made (yet: the payment worker retries it).
 *
 * The job runs the day before the clock's Hong Kong day once (the first process to claim it), so several
 * processes on one database run it once; staff may run a day again (POST), which replaces its findings.
 */
import { and, asc, eq, gte, inArray, isNotNull, like, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/client';
import { payments, reconciliationDifferences, reconciliationRuns, reservations, type ReconciliationKind } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { logError } from '../../lib/log-error';
import { startRepeatingJob } from '../../lib/repeating-job';
import { addDays, hongKongDate, serviceDayStartMs } from '../../../common/time';
import { askStripe, StripeProcessor } from './processor/stripe-processor';
import { intentMoney, intentsMovedBetween } from './processor/stripe-ledger';

export type ReconciliationDto = Schema<'Reconciliation'>;
type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;

// The statuses in which a card payment has taken its amount (some of it may have come back since).
const TOOK_MONEY = ['SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;

interface Difference {
  kind: ReconciliationKind;
  intentId: string;
  paymentId: string | null;
  reservationId: string | null;
  stripeAmount: number;
  clubAmount: number;
}

/** 409: the app does not run on Stripe, so there is nothing to reconcile with. */
const notOnStripe = () => new ApiError(409, ERROR_CODES.NOT_ON_STRIPE, /*i18n*/ 'Payments do not run on Stripe, so there is nothing to reconcile');

/** Our card payments on Stripe's intents: those named, and those settled during the day. */
async function ourPayments(db: Db, intentIds: string[], from: Date, to: Date) {
  return db
    .select({ id: payments.id, intentId: payments.processorRef, reservationId: payments.reservationId, status: payments.status, amount: payments.amount, refundedAmount: payments.refundedAmount })
    .from(payments)
    .where(
      and(
        eq(payments.method, 'CARD'),
        isNotNull(payments.processorRef),
        or(
          intentIds.length > 0 ? inArray(payments.processorRef, intentIds) : undefined,
          and(like(payments.processorRef, 'pi\\_%'), inArray(payments.status, [...TOOK_MONEY]), gte(payments.updatedAt, from), lt(payments.updatedAt, to)),
        ),
      ),
    );
}

/** Compares Stripe's money for each intent with ours. */
async function findDifferences(processor: StripeProcessor, db: Db, day: string): Promise<{ checked: number; differences: Difference[] }> {
  const from = new Date(serviceDayStartMs(day));
  const to = new Date(serviceDayStartMs(addDays(day, 1)));
  const moved = await askStripe(() => intentsMovedBetween(processor.stripe, from, to));
  const ours = await ourPayments(db, moved, from, to);
  const byIntent = new Map(ours.map((p) => [p.intentId!, p]));
  const intentIds = [...new Set([...moved, ...byIntent.keys()])].sort();
  const differences: Difference[] = [];
  for (const intentId of intentIds) {
    const stripe = await askStripe(() => intentMoney(processor.stripe, intentId));
    const row = byIntent.get(intentId);
    const paid = row && (TOOK_MONEY as readonly string[]).includes(row.status) ? row.amount : 0;
    const refunded = row?.refundedAmount ?? 0;
    const base = { intentId, paymentId: row?.id ?? null, reservationId: row?.reservationId ?? null };
    if (stripe.charged > 0 && paid === 0) differences.push({ ...base, kind: 'UNKNOWN_TO_CLUB', stripeAmount: stripe.charged, clubAmount: 0 });
    else if (stripe.charged !== paid) differences.push({ ...base, kind: 'CHARGE_DIFFERS', stripeAmount: stripe.charged, clubAmount: paid });
    if (stripe.refunded > refunded) differences.push({ ...base, kind: 'REFUND_MISSING', stripeAmount: stripe.refunded, clubAmount: refunded });
    else if (stripe.refunded < refunded) differences.push({ ...base, kind: 'REFUND_NOT_AT_STRIPE', stripeAmount: stripe.refunded, clubAmount: refunded });
  }
  return { checked: intentIds.length, differences };
}

/** Runs the day's reconciliation now (staff's POST): its findings replace any earlier run of that day. */
export async function reconcileDay(deps: Deps, day: string): Promise<ReconciliationDto> {
  if (!(deps.payments instanceof StripeProcessor)) throw notOnStripe();
  // Stripe is asked before anything is written: an unreachable Stripe changes nothing.
  const { checked, differences } = await findDifferences(deps.payments, deps.db, day);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(reconciliationRuns).where(eq(reconciliationRuns.day, day));
    await tx.insert(reconciliationRuns).values({ day, startedAt: now, finishedAt: now, intentsChecked: checked });
    if (differences.length > 0) await tx.insert(reconciliationDifferences).values(differences.map((d) => ({ ...d, day })));
  });
  return (await readReconciliation(deps.db, day))!;
}

/** A day's reconciliation as last run, with each difference's booking reference; null when not run. */
export async function readReconciliation(db: Db, day: string): Promise<ReconciliationDto | null> {
  const [run] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.day, day));
  if (!run?.finishedAt) return null;
  const rows = await db
    .select({ d: reconciliationDifferences, reference: reservations.uniqueId })
    .from(reconciliationDifferences)
    .leftJoin(reservations, eq(reservations.id, reconciliationDifferences.reservationId))
    .where(eq(reconciliationDifferences.day, day))
    .orderBy(asc(reconciliationDifferences.seq));
  return {
    day,
    ranAt: run.finishedAt.toISOString(),
    intentsChecked: run.intentsChecked,
    differences: rows.map(({ d, reference }) => ({
      kind: d.kind,
      intentId: d.intentId,
      paymentId: d.paymentId,
      reservationId: d.reservationId,
      reservationReference: reference ?? null,
      stripeAmount: d.stripeAmount,
      clubAmount: d.clubAmount,
    })),
  };
}

/**
 * The job's round: reconciles yesterday (Hong Kong) once, if no process has. The claim is the run's row;
 * a run that fails (Stripe unreachable) gives its claim back, to be tried on the next round.
 */
export async function reconcileYesterday(deps: Deps): Promise<boolean> {
  if (!(deps.payments instanceof StripeProcessor)) return false;
  const day = addDays(hongKongDate(deps.clock.now()), -1);
  const claimed = await deps.db.insert(reconciliationRuns).values({ day, startedAt: deps.clock.now() }).onConflictDoNothing().returning();
  if (claimed.length === 0) return false;
  try {
    const { checked, differences } = await findDifferences(deps.payments, deps.db, day);
    await deps.db.transaction(async (tx) => {
      if (differences.length > 0) await tx.insert(reconciliationDifferences).values(differences.map((d) => ({ ...d, day })));
      await tx.update(reconciliationRuns).set({ finishedAt: deps.clock.now(), intentsChecked: checked }).where(eq(reconciliationRuns.day, day));
    });
    return true;
  } catch (err) {
    await deps.db.delete(reconciliationRuns).where(eq(reconciliationRuns.day, day));
    logError(`the reconciliation with Stripe of ${day} failed; it will be tried again`, err);
    return false;
  }
}

/** Every hour: yesterday's reconciliation, once it is due. Only on Stripe. */
export function startReconciliationJob(deps: Deps, intervalMs = 3_600_000): () => void {
  return startRepeatingJob('Stripe reconciliation', () => reconcileYesterday(deps).then(() => undefined), intervalMs);
}
