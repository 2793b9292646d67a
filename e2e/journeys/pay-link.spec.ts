/**
 * Journey: pay by link for a phone booking (docs/PRODUCT.md §6, decision 0036). Staff take a phone booking
 * at Bâtard whose À la Carte asks a HK$600 deposit; the guest opens the link from the mail in the outbox
 * on a phone (390×844, logged out), pays by test card on the manage page, and staff see it paid on the
 * day sheet. And a phone booking of Le Clos's Chef's Counter, a card guarantee (decision 0035): the link asks
 * for a card, which the guest saves, nothing charged; the link closes.
 */
import { expectHeading } from '../support/app';
import { bookingDay } from '../support/booking';
import { CARD_EXPIRY, CARDS } from '../support/constants';
import { expect, test } from '../support/fixtures';
import { adminToken, JOURNEY_DAYS, staffLogIn, staffPage, uniqueEmail, uniqueMobile } from './journey-steps';


test('staff take a phone booking with a deposit; the guest pays through the mailed link; staff see it paid', async ({ page, server, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { body: venue } = await server.call('GET', '/public/venue/by-domain/batard');
  const experienceId = venue.data.experiences.find((e: { name: string }) => e.name === 'À la Carte')._id;
  const email = uniqueEmail('paylink');
  const date = await bookingDay(server, JOURNEY_DAYS.payLink);
  await server.call('POST', '/admin/reservation', {
    token: await adminToken(server),
    expectOk: true,
    body: { venueId: venue.data._id, experienceId, date, startTime: 1140, numberOfGuests: 2, email, mobileCountryCode: '+852', mobileNumber: uniqueMobile(), firstName: 'Pui', lastName: 'Link' },
  });

  // The guest opens the link of the mail (the text carries the same one) on a phone, logged out.
  const link = await server.mailedLink(email, /Please pay to secure/);
  expect(link).toContain('action=pay');
  await page.goto(link);
  await expectHeading(page, 'Your reservation');
  const owed = page.getByRole('region', { name: 'Deposit to pay' });
  await expect(owed.getByText(/please pay HK\$600 by/)).toBeVisible();
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form).toBeVisible({ timeout: 15_000 });
  await form.getByLabel('Cardholder name').fill('Pui Link');
  await form.getByLabel('Card number').fill(CARDS.approved);
  await form.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY);
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Thank you: your payment is received and your table is secured.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Deposit to pay' })).toHaveCount(0);

  // Staff see it paid on the day sheet.
  const staff = await staffPage(browser, server, baseURL!);
  await staffLogIn(staff);
  await staff.goto(`/#/pages/staff/day?venue=batard&date=${date}`);
  await expectHeading(staff, 'Day sheet');
  const row = staff.getByRole('row').filter({ hasText: 'Pui Link' });
  await expect(row.getByText('Paid by link')).toBeVisible();
  await expect(row.getByText('Deposit paid HK$600')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Resend link' })).toHaveCount(0);
  await staff.context().close();
});

test('staff take a phone booking of a card guarantee; the guest saves a card through the link, nothing charged; staff see it saved', async ({ page, server, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { body: venue } = await server.call('GET', '/public/venue/by-domain/leclos');
  const experienceId = venue.data.experiences.find((e: { name: string }) => e.name === "Chef's Counter")._id;
  const email = uniqueEmail('cardlink');
  const date = await bookingDay(server, JOURNEY_DAYS.cardLink);
  await server.call('POST', '/admin/reservation', {
    token: await adminToken(server),
    expectOk: true,
    body: { venueId: venue.data._id, experienceId, date, startTime: 1140, numberOfGuests: 2, email, mobileCountryCode: '+852', mobileNumber: uniqueMobile(), firstName: 'Kit', lastName: 'Card' },
  });

  // The link of the mail asks for a card, on a phone, logged out: the terms in words above the card form.
  const link = await server.mailedLink(email, /Please save a card to hold/);
  expect(link).toContain('action=pay');
  await page.goto(link);
  await expectHeading(page, 'Your reservation');
  const ask = page.getByRole('region', { name: 'Card to save' });
  await expect(ask.getByText(/^To hold your table, please save a card by /)).toBeVisible();
  await expect(ask.getByText(/^No charge now\. HK\$500 a guest if you do not come or cancel after .+\.$/)).toBeVisible({ timeout: 15_000 });
  const form = ask.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Cardholder name').fill('Kit Card');
  await form.getByLabel('Card number').fill(CARDS.approved);
  await form.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY);
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Thank you: your card is saved and your table is held. Nothing was charged.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Card to save' })).toHaveCount(0);

  // The link is closed: staff see the card saved, nothing paid, and no link to resend.
  const staff = await staffPage(browser, server, baseURL!);
  await staffLogIn(staff);
  await staff.goto(`/#/pages/staff/day?venue=leclos&date=${date}`);
  await expectHeading(staff, 'Day sheet');
  const row = staff.getByRole('row').filter({ hasText: 'Kit Card' });
  await expect(row.getByText('Card saved by link')).toBeVisible();
  await expect(row.getByText('Card on file (guaranteed) ····4242')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Resend link' })).toHaveCount(0);
  await staff.context().close();
});
