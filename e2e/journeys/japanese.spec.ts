/**
 * Journey: a guest switches the site to Japanese from the navigation bar and books Le Clos's Rotisserie
 * Sharing Menu (a deposit, a dining area, a card), reading every page in Japanese. Controls are found by
 * their texts in locales/ja.po, so the walk follows the translators; each page is checked for English
 * outside names. The venue's content (its kind of place, experience and area names, descriptions) comes from the server,
 * translated by its own catalog (locales/server/ja.po): a name the server catalog translates must show in
 * Japanese, and the names it does not translate yet are listed in the test's annotations.
 */
import { mainHeading, openMainMenu, PAGE_TIMEOUT, useSession } from '../support/app';
import { bookingDay } from '../support/booking';
import { CARD_EXPIRY, CARDS } from '../support/constants';
import { expect, test } from '../support/fixtures';
import { amountDue, formatHkdFor } from '../../common/money';
import { formatTimeFor } from '../../common/time';
import { JOURNEY_DAYS } from './journey-steps';
import { appCatalog, findEnglish, pageTexts, type Translate } from './page-language';

interface VenueContent {
  title: string;
  desc: string;
  experiences: { name: string; description: string; prePaymentType: string; depositPolicy: { minGuestCount: number; price: { amount: number } }[] }[];
  seatingAreas: { name: string; description: string }[];
  openingHours: { name: string }[];
}

/** The venue as the server sends it to a reader of `language`. */
async function venueIn(baseURL: string, domain: string, language: string): Promise<VenueContent> {
  const res = await fetch(new URL(`/public/venue/by-domain/${domain}`, baseURL), { headers: { 'accept-language': language } });
  expect(res.ok).toBe(true);
  return ((await res.json()) as { data: VenueContent }).data;
}

test('the site in Japanese: switched from the navigation bar, a booking walked, no English outside names', async ({ page, server, baseURL }) => {
  const tr: Translate = await appCatalog('ja');
  const english = await venueIn(baseURL!, 'leclos', 'en');
  const japanese = await venueIn(baseURL!, 'leclos', 'ja');
  const rotisserie = english.experiences.findIndex((e) => e.name === 'Rotisserie Sharing Menu');
  const diningRoom = english.seatingAreas.findIndex((a) => a.name === 'Dining Room');
  // The server's content that this walk may show, in English as stored.
  const serverTexts = [
    english.desc,
    ...english.experiences.flatMap((e) => [e.name, e.description]),
    ...english.seatingAreas.flatMap((a) => [a.name, a.description]),
    ...english.openingHours.map((h) => h.name),
  ];
  const guest = await server.signUp({ firstName: 'Aiko', lastName: 'Sato' });
  const names = ['Aiko Sato', 'Aiko', 'Sato'];
  const serverEnglishSeen = new Set<string>();

  /** This page in Japanese: no English outside names (soft, so one run lists every page's English). */
  const expectJapanese = async (step: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const found = findEnglish(await pageTexts(page), { names, serverTexts });
    expect.soft({ step, english: found.english }).toEqual({ step, english: [] });
    found.serverEnglish.forEach((text) => serverEnglishSeen.add(text));
  };
  const expectHeadingJa = (english: string) => expect(mainHeading(page)).toHaveText(tr(english), { timeout: PAGE_TIMEOUT });

  await useSession(page, guest);
  await page.goto('/#/pages/home');
  await expect(mainHeading(page)).toHaveText('Welcome to The Aldrich Club', { timeout: PAGE_TIMEOUT });
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('日本語');
  await expectHeadingJa('Welcome to The Aldrich Club');
  await expectJapanese('home');

  // The navigation bar speaks Japanese too.
  await openMainMenu(page, tr('Menu'));
  await expectJapanese('home, menu open');
  await page.getByRole('navigation').getByRole('link', { name: tr('Book now'), exact: true }).click();
  await expectHeadingJa('Book now');
  await expectJapanese('book now');
  await page.getByRole('link', { name: tr('Book at {0}', { 0: 'Le Clos' }) }).click();

  await expectHeadingJa('Choose your experience');
  const experienceName = japanese.experiences[rotisserie]!.name;
  const experience = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(experienceName)}`) });
  await expect(experience).toBeVisible();
  await expectJapanese('experience');
  await experience.click();

  await expectHeadingJa('Date and party size');
  await expectJapanese('date and party size');
  await page.getByLabel(tr('Or pick another date')).selectOption(await bookingDay(server, JOURNEY_DAYS.japanese));
  await page.getByLabel(tr('Party size')).selectOption('2');
  await page.getByRole('button', { name: tr('Find a table') }).click();

  await expectHeadingJa('Choose a time');
  const seven = page.getByRole('button', { name: formatTimeFor(19 * 60, 'ja'), exact: true });
  await expect(seven).toBeVisible();
  await expectJapanese('time');
  await seven.click();

  await expectHeadingJa('Choose a dining area');
  await expectJapanese('dining area');
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(japanese.seatingAreas[diningRoom]!.name)}`) }).click();

  await expectHeadingJa('Your details');
  await expect(page.getByRole('button', { name: tr('Continue') })).toBeVisible();
  await expect(page.getByLabel(tr('First name'))).toHaveValue('Aiko');
  // A required field left empty is refused in Japanese.
  await page.getByLabel(tr('Mobile number')).fill('');
  await page.getByRole('button', { name: tr('Continue') }).click();
  await expect(page.getByText(tr('Please enter mobile number!'))).toBeVisible();
  await expectJapanese('details, a field missing');
  await page.getByLabel(tr('Mobile number')).fill(guest.mobileNumber);
  await page.getByRole('button', { name: tr('Continue') }).click();

  await expectHeadingJa('Review and confirm');
  const deposit = formatHkdFor(amountDue(english.experiences[rotisserie]! as never, 2), 'ja');
  await expect(page.getByRole('region', { name: tr('Deposit') })).toContainText(deposit);
  await expectJapanese('review and confirm');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: tr('Continue to payment') }).click();

  await expectHeadingJa('Payment');
  const card = page.getByRole('form', { name: tr('Card details') });
  await expect(card).toBeVisible();
  await expectJapanese('payment');
  await card.getByLabel(tr('Cardholder name')).fill('Aiko Sato');
  await card.getByLabel(tr('Card number')).fill(CARDS.declined);
  await card.getByLabel(tr('Expiry (MM/YY)')).fill(CARD_EXPIRY);
  await card.getByLabel(tr('Security code')).fill('123');
  await card.getByRole('button', { name: tr('Pay {total}', { total: deposit }) }).click();
  // The processor's refusal, in Japanese, over an emptied form for the next card.
  await expect(card.getByRole('alert')).toHaveText(tr('Your card was declined.'));
  await expectJapanese('payment, card declined');
  await card.getByLabel(tr('Cardholder name')).fill('Aiko Sato');
  await card.getByLabel(tr('Card number')).fill(CARDS.approved);
  await card.getByLabel(tr('Expiry (MM/YY)')).fill(CARD_EXPIRY);
  await card.getByLabel(tr('Security code')).fill('123');
  await card.getByRole('button', { name: tr('Pay {total}', { total: deposit }) }).click();

  await expectHeadingJa('Your table is confirmed');
  await expect(page.getByText(tr('We have sent the confirmation to {0}. We look forward to welcoming you.', { 0: guest.email }))).toBeVisible();
  await expectJapanese('result');
  await page.getByRole('link', { name: tr('View reservation') }).click();
  await expectHeadingJa('Your reservation');
  await expect(page.getByText(tr('Confirmed'), { exact: true })).toBeVisible();
  await expectJapanese('reservation');

  // The server's content (experiences, areas, periods) came in Japanese too: its catalog translates all of it.
  expect([...serverEnglishSeen], 'server content shown in English').toEqual([]);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
