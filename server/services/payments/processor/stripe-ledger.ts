/**
 * Stripe's side of the daily reconciliation, read with the SDK (auto-paginated lists): which payment
 * intents moved money in a time range (their balance transactions, and their refunds, which may still be
 * pending and have none yet), and what an intent has taken and given back, as Stripe has it now.
 */
import type Stripe from 'stripe';

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** The intents whose money moved at Stripe between `from` (included) and `to` (excluded). */
export async function intentsMovedBetween(stripe: Stripe, from: Date, to: Date): Promise<string[]> {
  const created = { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) };
  const ids = new Set<string>();
  for await (const txn of stripe.balanceTransactions.list({ created, limit: 100, expand: ['data.source'] })) {
    const source = txn.source as { payment_intent?: string | { id: string } | null } | string | null;
    const intent = source && typeof source === 'object' ? idOf(source.payment_intent) : null;
    if (intent) ids.add(intent);
  }
  for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
    const intent = idOf(refund.payment_intent);
    if (intent) ids.add(intent);
  }
  return [...ids];
}

/** What an intent has taken (its charge) and given back (its refunds), in minor units. */
export async function intentMoney(stripe: Stripe, intentId: string): Promise<{ charged: number; refunded: number }> {
  const pi = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  return { charged: pi.status === 'succeeded' ? pi.amount_received : 0, refunded: charge?.amount_refunded ?? 0 };
}
