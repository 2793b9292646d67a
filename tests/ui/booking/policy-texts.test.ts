// @vitest-environment jsdom
/**
 * The policy texts (src/booking/policy-texts.ts), which the booking's policy step and the admin's preview
 * both show, name the fee tier of the party's size and the largest party in every language, from the
 * flows' catalog (the staff console's has them too), never as an id or in English outside English.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { formatHkdFor } from '../../../common/money';
import { LOCALES } from '../../../common/locales';
import { policyTexts } from '../../../src/booking/policy-texts';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { loadFlowCatalog } from '../../../src/i18n/flow-catalog';
import { loadStaffCatalog } from '../../../src/staff/staff-catalog';

const POLICY = {
  cancellationWindowHours: 48,
  cancellationFee: { type: 'PER_PERSON' as const, amount: 20_000 },
  feesByPartySize: [
    { minGuestCount: 1, amount: 20_000 },
    { minGuestCount: 4, amount: 35_000 },
  ],
  noShowFeePerPerson: 30_000,
  minimumSpend: null,
  maximumPartySize: 8,
};

const textsFor = (numberOfGuests: number) =>
  policyTexts(i18n, (minor) => formatHkdFor(minor, i18n.locale), POLICY, { numberOfGuests, paidUpFront: true });

describe('the policy texts', () => {
  afterAll(() => activateLocale('en'));

  it('name the tier a party falls in, and none for a party below the first larger tier', async () => {
    await activateLocale('en');
    await loadFlowCatalog();
    expect(textsFor(5)[0]!.text).toBe(
      `Cancellation policy: cancellations within 48 hours of the reservation are charged ${formatHkdFor(20_000, 'en')} per person. For parties of 4 or more, the fee is ${formatHkdFor(35_000, 'en')} per person.`,
    );
    expect(textsFor(3)[0]!.text).not.toContain('For parties of');
    expect(textsFor(3).at(-1)!.text).toContain('For parties of more than 8 guests');
  });

  const catalogs = { 'the booking’s': loadFlowCatalog, 'the staff console’s': loadStaffCatalog };
  it.each(LOCALES.filter((l) => l !== 'en').flatMap((locale) => Object.keys(catalogs).map((catalog) => [locale, catalog] as const)))(
    'are translated in %s by %s catalog, with the tier’s amount and the largest party',
    async (locale, catalog) => {
      await activateLocale(locale);
      await catalogs[catalog as keyof typeof catalogs]();
      const [cancellation, , reservation] = textsFor(5);
      expect(cancellation!.text).not.toMatch(/^Cancellation policy/);
      expect(cancellation!.text).toContain(formatHkdFor(35_000, locale));
      expect(cancellation!.text).toContain('4');
      expect(reservation!.text).toContain('8');
      expect(reservation!.text).not.toContain('reservations team');
    },
  );
});
