/**
 * What a phone booking's pay link asks the guest for (docs/PRODUCT.md §6, pay by link; decision 0036): one
 * function of the booking's payment policy, so every reader (the phone booking, the mails, the manage page,
 * the day sheet) agrees. A deposit or a prepayment is paid through the link; a policy that asks nothing
 * up front sends no link. A policy that only guarantees the booking with a saved card (no charge) is for
 * that policy's own work to answer here: until then it asks nothing. Browser-safe.
 */
import { amountDue, type PaymentPolicy } from './money';

/** What the link asks for: a payment of `amount` (minor units), as a deposit or a prepayment. */
export interface PayLinkAsk {
  kind: 'DEPOSIT' | 'PREPAYMENT';
  amount: number;
}

/** The policies whose payment the link takes. */
const PAID_AHEAD = ['DEPOSIT', 'PREPAYMENT'] as const;

/** The link a booking of `numberOfGuests` under `policy` is sent, or null when it is sent none. */
export function payLinkAsk(policy: PaymentPolicy, numberOfGuests: number): PayLinkAsk | null {
  const kind = PAID_AHEAD.find((k) => k === policy.prePaymentType) ?? null;
  const amount = amountDue(policy, numberOfGuests);
  return kind && amount > 0 ? { kind, amount } : null;
}
