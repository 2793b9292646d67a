/**
 * The late-cancellation fee of a booking (docs/PRODUCT.md §9, "Late-cancellation fee"): the one rule the
 * refund on cancelling, a late change's fee, the mails, the manage page's terms, the staff console and the
 * policy texts all read, so what a guest is told and what the club keeps never differ. Browser-safe: the
 * server passes its policy rows, the app the venue's answer.
 */

/** The parts of a venue's or experience's policy the fee reads (money in minor units). */
export interface CancellationFeePolicy {
  cancellationFee: { type: 'PER_PERSON' | 'PERCENTAGE'; amount: number };
  feesByPartySize: readonly { minGuestCount: number; amount: number }[];
}

/** How the fee of a party is worked out: per person (from its size tier when one applies), or a percentage of what was paid. */
export type LateCancellationRule =
  | { type: 'PER_PERSON'; amountPerPerson: number; guests: number; tierFrom: number | null }
  | { type: 'PERCENTAGE'; percent: number };

/**
 * The size tier a party of `numberOfGuests` falls in: the one with the largest `minGuestCount` that fits.
 * A tier from one guest is the plain fee again (the texts state only larger parties' tiers), so it is none.
 */
export function feeTierFor(policy: Pick<CancellationFeePolicy, 'feesByPartySize'>, numberOfGuests: number): CancellationFeePolicy['feesByPartySize'][number] | null {
  const found = [...policy.feesByPartySize].sort((a, b) => b.minGuestCount - a.minGuestCount).find((f) => f.minGuestCount <= numberOfGuests);
  return found && found.minGuestCount > 1 ? found : null;
}

/** The rule for a party of `numberOfGuests`: its size tier's fee per person, else the policy's own fee. */
export function lateCancellationRuleFor(policy: CancellationFeePolicy, numberOfGuests: number): LateCancellationRule {
  const tier = feeTierFor(policy, numberOfGuests);
  if (tier) return { type: 'PER_PERSON', amountPerPerson: tier.amount, guests: numberOfGuests, tierFrom: tier.minGuestCount };
  const { type, amount } = policy.cancellationFee;
  return type === 'PERCENTAGE'
    ? { type: 'PERCENTAGE', percent: amount }
    : { type: 'PER_PERSON', amountPerPerson: amount, guests: numberOfGuests, tierFrom: null };
}

/**
 * The fee a party of `numberOfGuests` that paid `paid` (minor units) leaves when it cancels late: its
 * rule's amount (a percentage rounded to the minor unit), never more than was paid — the club keeps only
 * money it holds.
 */
export function lateCancellationFeeFor(policy: CancellationFeePolicy, numberOfGuests: number, paid: number): number {
  const rule = lateCancellationRuleFor(policy, numberOfGuests);
  const amount = rule.type === 'PERCENTAGE' ? Math.round((paid * rule.percent) / 100) : rule.amountPerPerson * rule.guests;
  return Math.max(0, Math.min(amount, paid));
}

/**
 * What a booking's late-cancellation fee may be taken from: what it paid, or for a card guarantee (nothing
 * paid up front) what the guest agreed its saved card may be charged, the policy's no-show fee for the
 * party (docs/decisions/0035-card-guarantee.md). The fee is `lateCancellationFeeFor(policy, guests, this)`.
 */
export function feeBaseOf(booking: { prePaymentType: string; numberOfGuests: number }, policy: { noShowFeePerPerson: number }, paid: number): number {
  return booking.prePaymentType === 'GUARANTEE' ? policy.noShowFeePerPerson * booking.numberOfGuests : paid;
}

/**
 * The fee a late change that takes guests off keeps of `decrease` (minor units less due): the guests taken
 * off pay the fee per person of the party they were booked in (its size tier's, if any), or the policy's
 * percentage of the decrease; never more than the decrease. A later cancellation then keeps the fee of the
 * party as it stands (lateCancellationFeeFor).
 */
export function lateChangeFeeFor(policy: CancellationFeePolicy, fromGuests: number, toGuests: number, decrease: number): number {
  const rule = lateCancellationRuleFor(policy, fromGuests);
  const amount = rule.type === 'PERCENTAGE' ? Math.round((decrease * rule.percent) / 100) : rule.amountPerPerson * Math.max(0, fromGuests - toGuests);
  return Math.max(0, Math.min(amount, decrease));
}
