// @vitest-environment jsdom
/**
 * The quote says why a deposit is what it is when a larger party's tier sets it (docs/PRODUCT.md §3, payment policy), in
 * the wizard's review and in the change form alike (src/components/deposit-tier-line.tsx).
 */
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DepositTierLine } from '../../../src/components/deposit-tier-line';
import { activateLocale, i18n } from '../../../src/i18n/i18n';

// Bâtard's tasting menu (server/db/demo-venues.ts): HK$300 a guest, HK$500 from 5 guests.
const tasting = { prePaymentType: 'DEPOSIT', depositPolicy: [{ minGuestCount: 1, price: { amount: 30000 } }, { minGuestCount: 5, price: { amount: 50000 } }] };

const shown = (policy: Parameters<typeof DepositTierLine>[0]['policy'], numberOfGuests: number) =>
  render(
    <I18nProvider i18n={i18n}>
      <DepositTierLine policy={policy} numberOfGuests={numberOfGuests} />
    </I18nProvider>,
  ).container.textContent;

describe('why the deposit is what it is', () => {
  beforeAll(() => activateLocale('en'));
  afterEach(cleanup);

  it('names the tier a larger party falls in', () => {
    expect(shown(tasting, 6)).toBe('From 5 guests the deposit is HK$500 a guest.');
  });

  it('says nothing where the deposit is every party’s, or there is none', () => {
    expect(shown(tasting, 4)).toBe('');
    expect(shown({ prePaymentType: 'NONE', depositPolicy: [] }, 6)).toBe('');
    expect(shown(undefined, 6)).toBe('');
  });
});
