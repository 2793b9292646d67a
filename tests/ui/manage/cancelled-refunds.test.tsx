// @vitest-environment jsdom
/** A cancelled booking's page says what was refunded and where to (the reservation's `refunds`). */
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../machines/manage.machine';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { ReservationDetails } from '../../../src/manage/reservation-details';
import { reservation } from '../../support/fixtures/booking';

const NOW = new Date('2026-11-23T02:00:00Z');
const prepaid = (overrides: Partial<Reservation>): Reservation => {
  const base = reservation(overrides) as Reservation;
  return { ...base, payment: { ...base.payment, prePaymentType: 'PREPAYMENT', amountDue: 149_600 } };
};

function shown(booking: Reservation): Record<string, string[]> {
  render(
    <I18nProvider i18n={i18n}>
      <ReservationDetails reservation={booking} now={NOW} />
    </I18nProvider>,
  );
  const rows: Record<string, string[]> = {};
  for (const term of screen.getByRole('region').querySelectorAll('dt')) (rows[term.textContent!] ??= []).push(term.nextElementSibling!.textContent!);
  return rows;
}

describe("a cancelled booking's refunds", () => {
  beforeAll(() => activateLocale('en'));
  afterEach(cleanup);

  it('says how much went back to which card, and that a card takes a few days', () => {
    const rows = shown(prepaid({ status: 'CANCELED', refunds: [{ amount: 149_600, method: 'CARD', cardBrand: 'visa', cardLast4: '4242' }] }));
    expect(rows.Refunded).toEqual(['HK$1,496 to Visa card ending 4242']);
    expect(rows['Late cancellation fee kept']).toBeUndefined();
    expect(screen.getByText('A refund to a card may take a few days to appear on its statement.')).toBeTruthy();
  });

  it('says what a late cancellation kept, and a refund to the club wallet', () => {
    const rows = shown(prepaid({ status: 'LATE_CANCELED', feeKept: 20_000, refunds: [{ amount: 129_600, method: 'WALLET', cardBrand: null, cardLast4: null }] }));
    expect(rows.Refunded).toEqual(['HK$1,296 to your club wallet']);
    expect(rows['Late cancellation fee kept']).toEqual(['HK$200']);
    expect(screen.queryByText(/may take a few days/)).toBeNull();
  });

  it('says what a late cancellation kept when it kept everything paid (nothing refunded)', () => {
    const rows = shown(prepaid({ status: 'LATE_CANCELED', feeKept: 149_600, refunds: [] }));
    expect(rows['Late cancellation fee kept']).toEqual(['HK$1,496']);
    expect(rows.Refunded).toBeUndefined();
  });

  it('lists each refund when two payments were given back', () => {
    const rows = shown(
      prepaid({
        status: 'CANCELED',
        refunds: [
          { amount: 149_600, method: 'CARD', cardBrand: 'mastercard', cardLast4: '4444' },
          { amount: 149_600, method: 'CARD', cardBrand: 'unknown', cardLast4: '1117' },
        ],
      }),
    );
    expect(rows.Refunded).toEqual(['HK$1,496 to Mastercard card ending 4444', 'HK$1,496 to the card ending 1117']);
  });

  it('says nothing of refunds for a booking that is not cancelled', () => {
    const rows = shown(prepaid({ status: 'CONFIRMED', refunds: [{ amount: 1, method: 'CARD', cardBrand: 'visa', cardLast4: '4242' }] }));
    expect(rows.Refunded).toBeUndefined();
  });
});
