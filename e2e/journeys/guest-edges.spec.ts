/**
 * No dead ends for a guest, at the phone's size: the reservation page says what a guest needs at the door
 * (the venue's address in their language, a map, the venue's phone, the cancel-by time, what is still
 * owed) in all six languages; Home and every venue card offer "Book a table" in view; the menu has
 * Venues; log-in comes back to the page it was asked from; the wallet speaks plainly.
 */
import type { Page } from '@playwright/test';
import { expectHeading, logInWithForm, openApp, openMainMenu, untilAppHasPage, useDemoSession } from '../support/app';
import { bookingDay } from '../support/booking';
import { DEMO } from '../support/constants';
import { expect, test } from '../support/fixtures';
import type { TestServer } from '../support/server-api';
import { formatHkdFor } from '../../common/money';
import { LOCALES } from '../../common/locales';
import { VENUES } from '../../common/venues';
import { JOURNEY_DAYS, rowValue, uniqueEmail } from './journey-steps';
import { appCatalog } from './page-language';

/** How each language writes Bâtard's address: Chinese and Japanese their own way, the others as in English. */
const ADDRESS_IN: Record<string, RegExp> = {
  en: /^2\/F, Aldrich House, 12 Ice House Street, Central, Hong Kong$/,
  ko: /^2\/F, Aldrich House, 12 Ice House Street/,
  th: /^2\/F, Aldrich House, 12 Ice House Street/,
  ja: /^香港 中環 .*Aldrich House 2\/F$/,
  'zh-Hans': /^香港中环雪厂街12号 Aldrich House 2楼$/,
  'zh-Hant': /^香港中環雪廠街12號 Aldrich House 2樓$/,
};

/** Bâtard's À la Carte for two taken by phone by the admin: its HK$600 deposit owed at the venue. Returns the manage link. */
async function phoneBooking(server: TestServer): Promise<string> {
  // Staff log in through the admin area (the guests' log-in refuses them).
  const { body: admin } = await server.call('POST', '/admin/authentication/login', { body: DEMO.admin, expectOk: true });
  const { body: venue } = await server.call('GET', '/public/venue/by-domain/batard');
  const experienceId = venue.data.experiences.find((e: { name: string }) => e.name === 'À la Carte')._id;
  const email = uniqueEmail('door');
  await server.call('POST', '/admin/reservation', {
    token: admin.data.token,
    expectOk: true,
    body: { venueId: venue.data._id, experienceId, date: await bookingDay(server, JOURNEY_DAYS.atTheDoor), startTime: 1140, numberOfGuests: 2, email, firstName: 'Wing', lastName: 'Lee' },
  });
  return server.mailedLink(email, /confirmed|Reservation/i);
}

async function inLanguage(page: Page, locale: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.reload();
}

test('the reservation page says what a guest needs at the door, in all six languages', async ({ page, server }) => {
  const link = await phoneBooking(server);
  await page.goto(link);
  for (const locale of LOCALES) {
    await inLanguage(page, locale);
    const tr = await appCatalog(locale);
    await expectHeading(page, tr('Your reservation'));
    const details = page.getByRole('region', { name: new RegExp(`${tr('Reservation {0}', { 0: '' }).trim()}`) });
    const owedMoney = formatHkdFor(60_000, locale);
    await expect(rowValue(details, tr('Deposit'))).toHaveText(tr('{owedMoney}, payable at the venue', { owedMoney }));

    const door = page.getByRole('region', { name: tr('At the venue') });
    await expect(rowValue(door, tr('Address'))).toHaveText(ADDRESS_IN[locale]!);
    await expect(door.getByRole('link', { name: tr('Open the map') })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
    await expect(door.getByRole('link', { name: '+852 2388 6202' })).toHaveAttribute('href', 'tel:+85223886202');
    await expect(rowValue(door, tr('Free cancellation until'))).not.toBeEmpty();
  }
});

test('Home and every venue card offer "Book a table" in view; the menu has Venues; log-in comes back', async ({ page }) => {
  await openApp(page, '/');
  await untilAppHasPage(page);
  // Above the fold of a 390 × 844 phone, without scrolling.
  await expect(page.getByRole('main').getByRole('link', { name: 'Book a table', exact: true })).toBeInViewport();
  for (const venue of VENUES) {
    const card = page.getByRole('article', { name: venue.title }).first();
    await expect(card.getByRole('link', { name: `Book a table at ${venue.title}` })).toHaveAttribute('href', `#/pages/book?domain=${venue.domain}`);
  }

  await (await openMainMenu(page)).getByRole('link', { name: 'Venues', exact: true }).click();
  await expectHeading(page, 'Our venues');
  for (const venue of VENUES) await expect(page.getByRole('link', { name: `Book a table at ${venue.title}` })).toBeVisible();

  await page.goto('/#/pages/venue-detail?domain=obe');
  await untilAppHasPage(page);
  await (await openMainMenu(page)).getByRole('link', { name: 'Log in', exact: true }).click();
  await logInWithForm(page, 'member');
  await expectHeading(page, 'Obe');
  await expect(page).toHaveURL(/#\/pages\/venue-detail\?domain=obe$/);
});

test("the wallet shows the member number and the balance after each entry", async ({ page, server }) => {
  await useDemoSession(page, server, 'member');
  await openApp(page, '/pages/wallet');
  await expectHeading(page, 'Wallet');
  const balance = page.getByRole('region', { name: 'Balance' });
  await expect(balance.getByText(/^Member number M-/)).toBeVisible();
  const latest = page.getByRole('region', { name: 'Latest entries' });
  await expect(latest.getByRole('listitem').first().getByText(/^Balance after: HK\$/)).toBeVisible();
});
