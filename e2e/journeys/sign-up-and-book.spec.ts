/**
 * Journey: a newcomer signs up through the sign-up page, confirms the address from the mailed link
 * (which logs them in), and books a table at Le Clos, no payment due, from the home page on.
 */
import { expectHeading, expectRoute, mainHeading } from '../support/app';
import { bookingDay, pickExperience, pickSeating, pickTime, searchTables, STEP_HEADINGS, submitDetails, agreeAndSubmit } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { followNavLink, JOURNEY_DAYS, rowValue, uniqueEmail, uniqueMobile } from './journey-steps';

test('a guest signs up, confirms the mailed link and books a table', async ({ page, server }) => {
  const email = uniqueEmail('newcomer');
  const mobile = uniqueMobile();
  const password = 'first-table-1';

  await page.goto('/#/pages/home');
  await expectHeading(page, 'Welcome to The Aldrich Club');
  await followNavLink(page, 'Log in');
  await expectHeading(page, 'Log in');
  await page.getByRole('link', { name: 'No account yet? Sign up' }).click();

  await expectHeading(page, 'Sign up');
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Ho');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Mobile number (optional)').fill(mobile);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Open the link in the e-mail to confirm your address; it logs you in.')).toBeVisible();

  // Not logged in yet: the account works once the address is confirmed.
  const link = await server.mailedLink(email, /Confirm your e-mail address/);
  expect(new URL(link).hash).toMatch(/^#\/pages\/login\?verifyToken=/);
  await page.goto(link);
  // The link says it worked, with its heading focused for a screen reader.
  await expectHeading(page, 'E-mail address confirmed');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByText('Thank you: your e-mail address is confirmed, and you are logged in.')).toBeVisible();
  // Logged in: the navigation offers "Log out" where it offered "Log in", and the guest's reservations.
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'My reservations', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Wallet', exact: true })).toHaveCount(0);

  await page.getByRole('navigation').getByRole('link', { name: 'Book now', exact: true }).click();
  await expectHeading(page, 'Book now');
  await page.getByRole('link', { name: 'Book at Le Clos' }).click();
  await expectHeading(page, STEP_HEADINGS.experience);
  await pickExperience(page, 'À la Carte');
  const date = await bookingDay(server, JOURNEY_DAYS.signUpAndBook);
  await searchTables(page, { date, guests: 2 });
  await pickTime(page, '7:00 pm');
  await pickSeating(page, 'Garden Terrace');

  // The details come from the sign-up: nothing to type again.
  await expectHeading(page, STEP_HEADINGS.details);
  await expect(page.getByLabel('First name')).toHaveValue('Nora');
  await expect(page.getByLabel('Last name')).toHaveValue('Ho');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('Mobile number')).toHaveValue(mobile);
  await submitDetails(page, {
    notes: 'A quiet table, please.',
    occasion: 'Anniversary',
    dietaryNeeds: ['Gluten-free', 'Shellfish allergy'],
    dietaryNote: 'No raw egg',
  });

  await expectHeading(page, STEP_HEADINGS.confirm);
  // The review shows who the table is for and what they asked for.
  const yourDetails = page.getByRole('region', { name: 'Your details' });
  await expect(rowValue(yourDetails, 'Name')).toHaveText('Nora Ho');
  await expect(rowValue(yourDetails, 'Occasion')).toHaveText('Anniversary');
  await expect(rowValue(yourDetails, 'Dietary needs')).toHaveText('Gluten-free, Shellfish allergy; No raw egg');
  await expect(page.getByText('No payment is needed to book this table.')).toBeVisible();
  expect(await agreeAndSubmit(page)).toBe('confirmed');

  await expectHeading(page, STEP_HEADINGS.result);
  await expect(page.getByText(`We have sent the confirmation to ${email}.`, { exact: false })).toBeVisible();
  const reference = ((await page.getByText(/^Reference /).textContent()) ?? '').replace(/^Reference /, '');
  expect(reference).not.toBe('');
  const mail = await server.waitForMessage({ recipient: email, channel: 'EMAIL', subject: /is confirmed/ });
  expect(mail.subject).toBe(`Your reservation at Le Clos is confirmed – ${reference}`);
  expect(mail.body).toContain('Dear Nora,');
  expect(mail.body).toContain('Seating: Garden Terrace');
  expect(mail.body).toContain('Occasion: Anniversary');
  expect(mail.body).toContain('Dietary needs: Gluten-free, Shellfish allergy; No raw egg');

  await page.getByRole('link', { name: 'View reservation' }).click();
  await expectRoute(page, '/pages/order');
  const details = page.getByRole('region', { name: `Reservation ${reference}` });
  await expect(rowValue(details, 'Status')).toHaveText('Confirmed');
  await expect(rowValue(details, 'Experience')).toHaveText('À la Carte');
  await expect(rowValue(details, 'Time')).toHaveText('7:00 pm – 8:30 pm');
  await expect(rowValue(details, 'Guests')).toHaveText('2 guests');
  await expect(rowValue(details, 'Dining area')).toHaveText('Garden Terrace');
  await expect(rowValue(details, 'Name')).toHaveText('Nora Ho');
  await expect(rowValue(details, 'Special requests')).toHaveText('A quiet table, please.');
  await expect(rowValue(details, 'Occasion')).toHaveText('Anniversary');
  await expect(rowValue(details, 'Dietary needs')).toHaveText('Gluten-free, Shellfish allergy; No raw egg');
  await expect(mainHeading(page)).toBeVisible();
});
