/** The card checks the test processor makes (shared with the card form): Luhn, brand, expiry by Hong Kong month. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardBrand, cardProblem, isLuhnValid } from '../../../common/validation/card-validation';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';

const good = { cardholderName: 'Grace Chan', cardNumber: TEST_CARDS.visa, expMonth: 12, expYear: 2030, cvc: '123' };

describe('card validation', () => {
  it('accepts every test card and finds its brand', () => {
    for (const number of Object.values(TEST_CARDS)) expect(isLuhnValid(number), number).toBe(true);
    expect(cardBrand(TEST_CARDS.visa)).toBe('visa');
    expect(cardBrand(TEST_CARDS.mastercard)).toBe('mastercard');
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('unknown');
  });

  it('catches every single-digit change of a valid number (Luhn)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = [...TEST_CARDS.visa].map(Number);
        digits[position] = (digits[position]! + delta) % 10;
        expect(isLuhnValid(digits.join(''))).toBe(false);
      }),
    );
  });

  it('judges expiry by the Hong Kong month of now', () => {
    // 2026-10-31T16:30Z is already 1 November in Hong Kong: an October card has run out there.
    const now = new Date('2026-10-31T16:30:00Z');
    expect(cardProblem({ ...good, expMonth: 10, expYear: 2026 }, now)).toEqual({ field: 'expMonth', message: CARD_MESSAGES.datePast });
    expect(cardProblem({ ...good, expMonth: 11, expYear: 2026 }, now)).toBeNull();
    expect(cardProblem(good, now)).toBeNull();
  });
});
