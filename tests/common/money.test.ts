import { describe, expect, it } from 'vitest';
import { amountDue, depositTierFor, formatHkd, parseHkd, priceBreakdown, type PaymentPolicy } from '../../common/money';

const prepayment = (amount: number, serviceChargePercentage: number, taxPercentage: number): PaymentPolicy => ({
  prePaymentType: 'PREPAYMENT',
  price: { price: { amount }, serviceChargePercentage, taxPercentage },
  depositPolicy: [],
});

const deposit: PaymentPolicy = {
  prePaymentType: 'DEPOSIT',
  price: { price: { amount: 0 }, serviceChargePercentage: 100, taxPercentage: 5000 },
  depositPolicy: [
    { minGuestCount: 1, price: { amount: 20000 } },
    { minGuestCount: 6, price: { amount: 50000 } },
    { minGuestCount: 4, price: { amount: 30000 } },
  ],
};

describe('prepayment (docs/PRODUCT.md §9)', () => {
  it('is price × guests plus a 10% service charge (100 / 1000)', () => {
    // 1,688.00 × 2 = 3,376.00; + 337.60 service charge = 3,713.60.
    expect(priceBreakdown(prepayment(168800, 100, 0), 2)).toEqual({
      subTotal: 337600,
      serviceCharge: 33760,
      tax: 0,
      total: 371360,
    });
  });

  it('applies tax (/ 100000) to the amount plus service charge', () => {
    // 500.00 × 3 = 1,500.00; 10% = 150.00; 5% of 1,650.00 = 82.50; total 1,732.50.
    expect(priceBreakdown(prepayment(50000, 100, 5000), 3)).toEqual({
      subTotal: 150000,
      serviceCharge: 15000,
      tax: 8250,
      total: 173250,
    });
  });

  it('rounds each part half up to whole minor units', () => {
    // 0.99 × 1 × 12.5% = 0.12375 → 12; (99 + 12) × 0.5% = 0.555 → 1.
    expect(priceBreakdown(prepayment(99, 125, 500), 1)).toEqual({ subTotal: 99, serviceCharge: 12, tax: 1, total: 112 });
    // 1.00 × 5% = 0.05 → 5 exactly; 0.5 minor units rounds up.
    expect(priceBreakdown(prepayment(5, 100, 0), 1).serviceCharge).toBe(1);
  });
});

describe('deposit (docs/PRODUCT.md §9)', () => {
  it('uses the tier with the largest minGuestCount not above the party, times guests, no charge or tax', () => {
    expect(priceBreakdown(deposit, 2)).toEqual({ subTotal: 40000, serviceCharge: 0, tax: 0, total: 40000 });
    expect(priceBreakdown(deposit, 4)).toEqual({ subTotal: 120000, serviceCharge: 0, tax: 0, total: 120000 });
    expect(priceBreakdown(deposit, 5).total).toBe(150000);
    expect(priceBreakdown(deposit, 6).total).toBe(300000);
    expect(depositTierFor(deposit.depositPolicy, 10)?.minGuestCount).toBe(6);
  });

  it('is nothing when every tier needs a larger party', () => {
    const policy: PaymentPolicy = { ...deposit, depositPolicy: [{ minGuestCount: 8, price: { amount: 10000 } }] };
    expect(amountDue(policy, 7)).toBe(0);
    expect(amountDue(policy, 8)).toBe(80000);
  });
});

describe('no prepayment', () => {
  it('costs nothing up front', () => {
    const policy: PaymentPolicy = { ...prepayment(168800, 100, 5000), prePaymentType: 'NONE' };
    expect(priceBreakdown(policy, 4)).toEqual({ subTotal: 0, serviceCharge: 0, tax: 0, total: 0 });
  });
});

describe('formatHkdFor', () => {
  it("keeps docs/PRODUCT.md §9's English format and writes 'HK$' in every language", async () => {
    const { formatHkdFor } = await import('../../common/money');
    expect(formatHkdFor(371360, 'en')).toBe('HK$3,713.60');
    expect(formatHkdFor(-5050, 'en')).toBe('-HK$50.50');
    // Hong Kong's own Chinese would write a bare '$': the club writes HK$ for every reader.
    for (const locale of ['ja', 'ko', 'th', 'zh-Hans', 'zh-Hant']) {
      expect(formatHkdFor(371360, locale)).toBe('HK$3,713.60');
      expect(formatHkdFor(20000, locale)).toBe('HK$200');
      expect(formatHkdFor(12345, locale)).toBe('HK$123.45');
      expect(formatHkdFor(-5050, locale)).toBe('-HK$50.50');
    }
  });
});

describe('formatHkd', () => {
  // 'HK$3,713.6' (a Bâtard tasting menu for 2 with service charge) read as a typo: never one digit.
  it("shows 'HK$' with whole dollars bare and cents as two digits, never one", () => {
    expect(formatHkd(371360)).toBe('HK$3,713.60');
    expect(formatHkd(173250)).toBe('HK$1,732.50');
    expect(formatHkd(20000)).toBe('HK$200');
    expect(formatHkd(12345)).toBe('HK$123.45');
    expect(formatHkd(0)).toBe('HK$0');
    expect(formatHkd(-5050)).toBe('-HK$50.50');
    expect(formatHkd(5)).toBe('HK$0.05');
  });
});

describe('parseHkd', () => {
  it('reads a typed amount of Hong Kong dollars as minor units', () => {
    expect(parseHkd('1000')).toBe(100_000);
    expect(parseHkd(' 1,000 ')).toBe(100_000);
    expect(parseHkd('HK$ 250.5')).toBe(25_050);
    expect(parseHkd('hk$99.99')).toBe(9_999);
    expect(parseHkd('100000.00')).toBe(10_000_000);
  });

  it('refuses what does not read as an amount', () => {
    for (const text of ['', 'ten', '-100', '1.234', '1e3', '100.', '.5', '1 000']) expect(parseHkd(text), text).toBeNull();
  });

  it('gives back what formatHkd shows', () => {
    for (const minor of [10_000, 25_050, 123_456, 10_000_000]) expect(parseHkd(formatHkd(minor))).toBe(minor);
  });
});
