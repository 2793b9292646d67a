/**
 * The payments' background work, started by main.ts beside the hold sweeper: deliver the processor's due
 * webhook events (when it lives in this process), carry out card refunds that could not be made at once,
 * refund payments stranded on holds that ran out, and charge again the no-show fees whose card charge got
 * no answer from the processor. Tests call the same functions with a fake clock.
 */
import type { AppDeps } from '../../context';
import { startRepeatingJob } from '../../lib/repeating-job';
import { retryNoShowFeeCharges } from './no-show-fee-charge';
import { refundStrandedPayments } from './payment-sync';
import { retryPendingRefunds } from './card-refunds';
import type { PaymentDeps } from './payments';

/** Delivers the processor's webhook events that are due; returns how many were acknowledged. */
export async function deliverPendingWebhooks(deps: Pick<AppDeps, 'payments'>): Promise<number> {
  return (await deps.payments.webhooks.deliverPending?.()) ?? 0;
}

/** One round of the payment work. */
export async function runPaymentJobs(deps: PaymentDeps): Promise<void> {
  await deliverPendingWebhooks(deps);
  await refundStrandedPayments(deps);
  await retryPendingRefunds(deps);
  await retryNoShowFeeCharges(deps);
  // Refunds and charges made just now report back by webhook.
  await deliverPendingWebhooks(deps);
}

/** Runs the payment work now and then every `intervalMs`; returns a function that stops it. */
export function startPaymentWorker(deps: PaymentDeps, intervalMs = 2_000): () => void {
  // Tried again on the next tick; every step is idempotent.
  return startRepeatingJob('payment worker', () => runPaymentJobs(deps), intervalMs);
}
