/** Zero is written alike in every language: 'HK$0', never '-HK$0' (a difference that came to nothing is -0). */
import { describe, expect, it } from 'vitest';
import { formatHkdFor } from '../../common/money';
import { LOCALES } from '../../common/locales';

describe('zero amounts', () => {
  it.each(LOCALES)('writes 0 and -0 as HK$0 in %s', (locale) => {
    expect(formatHkdFor(0, locale)).toBe('HK$0');
    expect(formatHkdFor(-0, locale)).toBe('HK$0');
    expect(formatHkdFor(-(80_000 - 80_000), locale)).toBe('HK$0');
  });

  it.each(LOCALES)('still writes a real refund with its sign in %s', (locale) => {
    expect(formatHkdFor(-80_000, locale)).toMatch(/^-HK\$800$|^-HK\$ 800$/);
  });
});
