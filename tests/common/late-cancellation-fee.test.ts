/**
 * The late-cancellation fee (common/late-cancellation-fee.ts, docs/PRODUCT.md §9): a party's size tier
 * per person, else the policy's own fee; a tier from one guest is the plain fee; never more than was paid;
 * and a late change's fee charges the guests taken off at their party's rate. The refund, the manage page,
 * the staff console and the policy texts all read these.
 */
import { describe, expect, it } from 'vitest';
import { feeTierFor, lateCancellationFeeFor, lateCancellationRuleFor, lateChangeFeeFor } from '../../common/late-cancellation-fee';

const perPerson = {
  cancellationFee: { type: 'PER_PERSON' as const, amount: 20_000 },
  feesByPartySize: [
    { minGuestCount: 1, amount: 20_000 },
    { minGuestCount: 6, amount: 30_000 },
  ],
};
const percentage = { cancellationFee: { type: 'PERCENTAGE' as const, amount: 50 }, feesByPartySize: [{ minGuestCount: 1, amount: 50_000 }, { minGuestCount: 5, amount: 80_000 }] };

describe('the late-cancellation fee', () => {
  it("takes the party's tier from its smallest party up, a tier from one guest being the plain fee", () => {
    expect(feeTierFor(perPerson, 2)).toBeNull();
    expect(feeTierFor(perPerson, 6)).toEqual({ minGuestCount: 6, amount: 30_000 });
    // Tiers in any order: the largest smallest party that fits.
    expect(feeTierFor({ feesByPartySize: [...perPerson.feesByPartySize].reverse() }, 9)).toEqual({ minGuestCount: 6, amount: 30_000 });
    expect(lateCancellationRuleFor(perPerson, 6)).toEqual({ type: 'PER_PERSON', amountPerPerson: 30_000, guests: 6, tierFrom: 6 });
    expect(lateCancellationRuleFor(percentage, 2)).toEqual({ type: 'PERCENTAGE', percent: 50 });
  });

  it('charges 6 guests the tier, 2 guests the flat fee, never more than was paid', () => {
    expect(lateCancellationFeeFor(perPerson, 6, 600_000)).toBe(180_000);
    expect(lateCancellationFeeFor(perPerson, 2, 200_000)).toBe(40_000);
    expect(lateCancellationFeeFor(perPerson, 6, 100_000)).toBe(100_000);
    expect(lateCancellationFeeFor(perPerson, 6, 0)).toBe(0);
    // A tier per person stands instead of a percentage for the parties it covers.
    expect(lateCancellationFeeFor(percentage, 2, 120_001)).toBe(60_001);
    expect(lateCancellationFeeFor(percentage, 5, 1_000_000)).toBe(400_000);
  });

  it("keeps from guests taken off late their party's rate, or the percentage of the decrease", () => {
    expect(lateChangeFeeFor(perPerson, 6, 4, 200_000)).toBe(60_000);
    expect(lateChangeFeeFor(perPerson, 4, 2, 200_000)).toBe(40_000);
    expect(lateChangeFeeFor(perPerson, 6, 4, 50_000)).toBe(50_000);
    expect(lateChangeFeeFor(percentage, 4, 3, 30_001)).toBe(15_001);
    // A change that adds guests while costing less (another experience) keeps no per-person fee.
    expect(lateChangeFeeFor(perPerson, 2, 3, 10_000)).toBe(0);
  });
});
