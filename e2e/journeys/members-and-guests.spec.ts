/**
 * Journey: a visitor picks a time at Bâtard before logging in and finishes as a
 * guest verified by a texted code; a guest is told from when guests may book a day 60 days ahead, which
 * a member books.
 */
import { expectHeading, openApp, useSession } from '../support/app';
import { bookingDay, pickExperience, pickSeating, pickTime, searchTables, STEP_HEADINGS, agreeAndSubmit, submitDetails } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { JOURNEY_DAYS, uniqueEmail, uniqueMobile } from './journey-steps';

test('a guest picks a time before logging in and finishes as a verified guest', async ({ page, server }) => {
  const email = uniqueEmail('verified-guest');
  const mobile = uniqueMobile();
  await openApp(page, '/pages/experience?domain=batard');
  await pickExperience(page, 'Set Lunch');
  await searchTables(page, { date: await bookingDay(server, JOURNEY_DAYS.verifiedGuest), guests: 2 });
  await pickTime(page, '12:30 pm');
  if (await page.getByRole('heading', { level: 1, name: STEP_HEADINGS.seating }).isVisible()) await pickSeating(page);

  await expectHeading(page, STEP_HEADINGS.details);
  await expect(page.getByRole('heading', { name: 'Continue as a guest' })).toBeVisible();
  await page.getByLabel('First name').fill('Wing');
  await page.getByLabel('Last name').fill('Ho');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Text me a code' }).click();

  await expectHeading(page, STEP_HEADINGS.verify);
  await page.getByLabel('Verification code').fill(await server.smsCode('852', mobile));
  await page.getByRole('button', { name: 'Verify' }).click();

  // The time chosen before is the one held, for the new guest account.
  await expectHeading(page, STEP_HEADINGS.details);
  await expect(page.getByText(/Your table is held for/)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Wing');
  await submitDetails(page);
  await agreeAndSubmit(page);
  await expectHeading(page, STEP_HEADINGS.result);
});

test('a guest is told from when guests may book a day 60 days ahead', async ({ page, server }) => {
  await useSession(page, await server.logIn({ email: 'guest@example.com', password: 'guest-pass-1' }));
  await openApp(page, '/pages/experience?domain=batard');
  await pickExperience(page, 'Set Lunch');
  await searchTables(page, { date: await bookingDay(server, JOURNEY_DAYS.membersAhead), guests: 2 });
  await expect(page.getByRole('alert')).toContainText(/^Members can book .+ now\. Guests can book it from .+: log in as a member, or choose an earlier date\.$/);
  await expectHeading(page, STEP_HEADINGS.dateParty);
});

test('a member books 60 days ahead', async ({ page, server }) => {
  await useSession(page, await server.logIn({ email: 'member@example.com', password: 'member-pass-1' }));
  await openApp(page, '/pages/experience?domain=batard');
  await pickExperience(page, 'Set Lunch');
  await searchTables(page, { date: await bookingDay(server, JOURNEY_DAYS.membersAhead), guests: 2 });
  await pickTime(page, '12:00 pm');
  // A member is offered The Cellar beside the dining room and salon: a choice of area.
  await pickSeating(page, 'The Cellar');
  await expectHeading(page, STEP_HEADINGS.details);
  await submitDetails(page);
  await agreeAndSubmit(page);
  await expectHeading(page, STEP_HEADINGS.result);
});
