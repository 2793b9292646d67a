import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../../common/validation/email';

describe('e-mail address (docs/PRODUCT.md §5)', () => {
  it('follows the e-mail format: letters, digits, _ . + - before @; labels; a final label of 2 to 6', () => {
    expect(EMAIL_PATTERN.test('a_b.c+d-e@mail.example.io')).toBe(true);
    expect(EMAIL_PATTERN.test('x@y.museum')).toBe(true);
    expect(EMAIL_PATTERN.test('x@y.co2')).toBe(true);
  });
});
