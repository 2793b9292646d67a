// @vitest-environment jsdom
/**
 * What a new guest reads on the venue pages and a reservation: the hours once, with guest-facing names;
 * an unknown venue's refusal once; and one wording for "no dining area chosen", the seating step's.
 */
import { render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { ReservationDetails } from '../../../src/manage/reservation-details';
import { reservation } from '../../support/fixtures/booking';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { fieldTexts, region, SLOW } from '../../support/ui/page-queries';

useAppHarness();

/** The page's sections whose title speaks of hours. */
const hoursSections = () => screen.queryAllByRole('region').filter((r) => /hours/i.test(r.getAttribute('aria-label') ?? r.textContent ?? ''));

describe('a venue page', () => {
  it('lists its hours once, as the server gives them (days beside the times)', async () => {
    await openApp('/pages/venue-detail?domain=leclos');
    await findHeading('Le Clos');
    // The server's hours take the place of the client's own once they come.
    await screen.findByText('Mon – Fri: 8:00 am – 11:00 am', {}, SLOW);
    expect(within(await region('Opening hours')).getByText('Daily: 11:00 am – 5:00 pm')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Dining hours' })).toBeNull();
    expect(screen.getAllByText('Breakfast')).toHaveLength(1);
    expect(screen.queryByText('Monday to Friday, 8:00 am – 11:00 am')).toBeNull();
    expect(hoursSections()).toHaveLength(1);
  });

  it("names the whisky bar's hours for guests: 'Evening', its days given separately", async () => {
    await openApp('/pages/venue-detail?domain=obe');
    await findHeading('Obe');
    await screen.findByText('Wed – Sat: 5:00 pm – 2:00 am', {}, SLOW);
    const hours = await region('Opening hours');
    expect(within(hours).getByText('Evening')).toBeTruthy();
    expect(within(hours).getByText('Mon, Tue, Sun: 5:00 pm – 12:00 am')).toBeTruthy();
    expect(hours.textContent).not.toMatch(/\(|Late Night/);
  });

  it('says an unknown venue does not exist once: on the page, not in a toast as well', async () => {
    await openApp('/pages/venue-detail?domain=nowhere');
    await screen.findAllByText('The venue information does not exist', {}, SLOW);
    // The toast would come with the same answer; give the page a moment to show it if it were to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('The venue information does not exist')).toHaveLength(1);
  });
});

describe('a reservation without a dining area', () => {
  it("reads 'No preference', as the seating step offered it, not 'Any'", async () => {
    await activateLocale('en');
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <ReservationDetails reservation={reservation({ status: 'CONFIRMED' })} now={new Date('2026-11-23T02:00:00Z')} />
      </I18nProvider>,
    );
    expect(fieldTexts(container)['Dining area']).toBe('No preference');
  });
});
