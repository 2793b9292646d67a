/** What a phone booking's pay link asks for (common/pay-link-ask.ts, decision 0036): one function of the booking's policy. */
import { describe, expect, it } from 'vitest';
import type { PaymentPolicy } from '../../common/money';
import { payLinkAsk } from '../../common/pay-link-ask';

const policy = (prePaymentType: string, overrides: Partial<PaymentPolicy> = {}): PaymentPolicy => ({
  prePaymentType,
  price: { price: { amount: 68_000 }, serviceChargePercentage: 100, taxPercentage: 0 },
  depositPolicy: [
    { minGuestCount: 1, price: { amount: 30_000 } },
    { minGuestCount: 6, price: { amount: 50_000 } },
  ],
  ...overrides,
});

describe('payLinkAsk', () => {
  it('asks a deposit by the party’s tier, and a prepayment with its service charge', () => {
    expect(payLinkAsk(policy('DEPOSIT'), 2)).toEqual({ kind: 'DEPOSIT', amount: 60_000 });
    expect(payLinkAsk(policy('DEPOSIT'), 6)).toEqual({ kind: 'DEPOSIT', amount: 300_000 });
    expect(payLinkAsk(policy('PREPAYMENT'), 2)).toEqual({ kind: 'PREPAYMENT', amount: 149_600 });
  });

  it('asks nothing of a policy that takes nothing up front, nor of a deposit with no tier for the party', () => {
    expect(payLinkAsk(policy('NONE'), 2)).toBeNull();
    expect(payLinkAsk(policy('DEPOSIT', { depositPolicy: [{ minGuestCount: 4, price: { amount: 30_000 } }] }), 2)).toBeNull();
  });

  it('asks a card guarantee for a card to be saved, nothing charged (decision 0035)', () => {
    expect(payLinkAsk(policy('GUARANTEE'), 2)).toEqual({ kind: 'GUARANTEE', amount: 0 });
  });
});
