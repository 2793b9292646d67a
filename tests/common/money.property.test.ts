/** docs/PRODUCT.md §9's money rules as properties over random policies and parties: integers only, no float drift. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositTierFor, formatHkd, priceBreakdown, type PaymentPolicy } from '../../common/money';

const guests = fc.integer({ min: 1, max: 10 });
const prepayment = fc.record({
  amount: fc.integer({ min: 0, max: 5_000_000 }),
  serviceChargePercentage: fc.integer({ min: 0, max: 300 }),
  taxPercentage: fc.integer({ min: 0, max: 30_000 }),
});
const tiers = fc.uniqueArray(
  fc.record({ minGuestCount: fc.integer({ min: 1, max: 10 }), price: fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }) }) }),
  { selector: (t) => t.minGuestCount, minLength: 1, maxLength: 4 },
);

function prepaid(p: { amount: number; serviceChargePercentage: number; taxPercentage: number }): PaymentPolicy {
  return {
    prePaymentType: 'PREPAYMENT',
    price: { price: { amount: p.amount }, serviceChargePercentage: p.serviceChargePercentage, taxPercentage: p.taxPercentage },
    depositPolicy: [],
  };
}

/** |rounded − numerator/denominator| ≤ ½, checked exactly with BigInt. */
function roundsToNearest(rounded: number, numerator: number, denominator: number) {
  const diff = 2n * BigInt(rounded) * BigInt(denominator) - 2n * BigInt(numerator);
  return diff <= BigInt(denominator) && diff >= -BigInt(denominator);
}

describe('money, as properties', () => {
  it('a prepayment is amount × guests, plus service charge /1000, plus tax /100000 on both, in whole cents', () => {
    fc.assert(
      fc.property(prepayment, guests, (p, n) => {
        const b = priceBreakdown(prepaid(p), n);
        for (const v of Object.values(b)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(b.subTotal).toBe(p.amount * n);
        expect(roundsToNearest(b.serviceCharge, b.subTotal * p.serviceChargePercentage, 1000)).toBe(true);
        expect(roundsToNearest(b.tax, (b.subTotal + b.serviceCharge) * p.taxPercentage, 100_000)).toBe(true);
        expect(b.total).toBe(b.subTotal + b.serviceCharge + b.tax);
      }),
      { numRuns: 2000 },
    );
  });

  it('a deposit uses the tier with the largest minGuestCount not above the party, times guests, with no charge or tax', () => {
    fc.assert(
      fc.property(tiers, guests, (depositPolicy, n) => {
        const b = priceBreakdown({ prePaymentType: 'DEPOSIT', price: { price: { amount: 0 }, serviceChargePercentage: 100, taxPercentage: 5000 }, depositPolicy }, n);
        const eligible = depositPolicy.filter((t) => t.minGuestCount <= n);
        const tier = eligible.sort((a, b2) => b2.minGuestCount - a.minGuestCount)[0];
        expect(depositTierFor(depositPolicy, n)).toEqual(tier);
        expect(b).toEqual({ subTotal: (tier?.price.amount ?? 0) * n, serviceCharge: 0, tax: 0, total: (tier?.price.amount ?? 0) * n });
      }),
    );
  });

  it("'HK$' shows the cents exactly, with 0 to 2 decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (minor) => {
        const text = formatHkd(minor);
        expect(text).toMatch(/^HK\$\d{1,3}(,\d{3})*(\.\d{1,2})?$/);
        const [whole, fraction = ''] = text.slice(3).replace(/,/g, '').split('.');
        expect(BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'))).toBe(BigInt(minor));
      }),
      { numRuns: 2000 },
    );
  });
});
