/**
 * What a phone booking's pay link asks the guest for (docs/PRODUCT.md §6, pay by link; decision 0036): one
 * function of the booking's payment policy, so every reader (the phone booking, the mails, the manage page,
 * the day sheet) agrees. A deposit or a prepayment is paid through the link; a card guarantee asks for a card
 * to be saved through it, nothing charged (an amount of 0; decision 0035); a policy that asks nothing up
 * front sends no link. Browser-safe.
 */
import { amountDue, type PaymentPolicy } from './money';

/** What the link asks for: a payment of `amount` (minor units), as a deposit or a prepayment; or a card saved (amount 0). */
export interface PayLinkAsk {
  kind: 'DEPOSIT' | 'PREPAYMENT' | 'GUARANTEE';
  amount: number;
}

/** The policies whose payment the link takes. */
const PAID_AHEAD = ['DEPOSIT', 'PREPAYMENT'] as const;

/** The link a booking of `numberOfGuests` under `policy` is sent, or null when it is sent none. */
export function payLinkAsk(policy: PaymentPolicy, numberOfGuests: number): PayLinkAsk | null {
  if (policy.prePaymentType === 'GUARANTEE') return { kind: 'GUARANTEE', amount: 0 };
  const kind = PAID_AHEAD.find((k) => k === policy.prePaymentType) ?? null;
  const amount = amountDue(policy, numberOfGuests);
  return kind && amount > 0 ? { kind, amount } : null;
}
