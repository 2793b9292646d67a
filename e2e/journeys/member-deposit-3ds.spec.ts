/**
 * Journey: the demo member logs in and books Obe's Members' Cask Room, which takes a deposit per guest:
 * the review shows the price breakdown, the card asks for 3-D Secure, the member approves the bank's
 * challenge, and the confirmation follows on the page and in the mail. The demo member is used because
 * the experience is for club members only (a fresh sign-up is a guest).
 */
import { expectHeading, expectRoute, logInWithForm } from '../support/app';
import { agreeAndSubmit, answerChallenge, bookingDay, payByCard, pickExperience, pickTime, searchTables, STEP_HEADINGS, submitDetails, pickSeating } from '../support/booking';
import { CARDS } from '../support/constants';
import { expect, test } from '../support/fixtures';
import { followNavLink, JOURNEY_DAYS, rowValue } from './journey-steps';

test('a member books a deposit experience and pays through 3-D Secure', async ({ page, server }) => {
  await page.goto('/#/pages/home');
  await followNavLink(page, 'Log in');
  await logInWithForm(page, 'member');

  await followNavLink(page, 'Book now');
  await expectHeading(page, 'Book now');
  await page.getByRole('link', { name: 'Book at Obe' }).click();
  await expectHeading(page, STEP_HEADINGS.experience);
  await pickExperience(page, "Members' Cask Room");
  await searchTables(page, { date: await bookingDay(server, JOURNEY_DAYS.memberDeposit), guests: 2 });
  await pickTime(page, '8:00 pm');
  await pickSeating(page, 'Lounge');

  // The member's own details are filled in.
  await expectHeading(page, STEP_HEADINGS.details);
  await expect(page.getByLabel('First name')).toHaveValue('Martin');
  await expect(page.getByLabel('E-mail')).toHaveValue('member@example.com');
  await submitDetails(page);

  // Before agreeing, the member sees what is due: HK$500 a guest, a deposit without charges on top.
  await expectHeading(page, STEP_HEADINGS.confirm);
  const deposit = page.getByRole('region', { name: 'Deposit' });
  await expect(rowValue(deposit, 'Sub-total')).toHaveText('HK$1,000');
  await expect(rowValue(deposit, 'Total')).toHaveText('HK$1,000');
  await expect(deposit.getByText('Service charge')).toHaveCount(0);
  await expect(page.getByText(/Your table is held for 1[45]:\d\d/)).toBeVisible();
  expect(await agreeAndSubmit(page)).toBe('payment');

  await expectHeading(page, STEP_HEADINGS.payment);
  await expect(rowValue(page.getByRole('region', { name: 'Deposit' }), 'Total')).toHaveText('HK$1,000');
  // A member may pay from the Club wallet too; this one pays by card.
  await expect(page.getByRole('button', { name: 'Pay HK$1,000 from my Club wallet' })).toBeVisible();
  await payByCard(page, { number: CARDS.threeDSecure, name: 'Martin Leung' });

  const challenge = page.getByRole('region', { name: 'Confirm with your bank' });
  await expect(challenge.getByText('Your bank asks you to confirm this payment of HK$1,000 (3-D Secure, test mode).')).toBeVisible();
  await answerChallenge(page, 'approve');

  await expectHeading(page, STEP_HEADINGS.result);
  await expect(page.getByText('We have sent the confirmation to member@example.com.', { exact: false })).toBeVisible();
  const reference = ((await page.getByText(/^Reference /).textContent()) ?? '').replace(/^Reference /, '');
  expect(reference).toMatch(/\S/);

  const mail = await server.waitForMessage({ recipient: 'member@example.com', channel: 'EMAIL', subject: new RegExp(reference) });
  expect(mail.subject).toBe(`Your reservation at Obe is confirmed – ${reference}`);
  expect(mail.body).toContain('Dear Martin,');
  expect(mail.body).toContain("Experience: Members' Cask Room");
  expect(mail.body).toContain('Party: 2 guests');
  expect(mail.body).toContain('Time: 8:00 pm');
  expect(mail.body).toMatch(/Deposit paid: HK\$1,000 \(Visa card ending 3220\)/);
  expect(mail.attachments.map((a) => a.contentType)).toEqual([expect.stringMatching(/^text\/calendar/)]);

  await page.getByRole('link', { name: 'View reservation' }).click();
  await expectRoute(page, '/pages/order');
  const details = page.getByRole('region', { name: `Reservation ${reference}` });
  await expect(rowValue(details, 'Status')).toHaveText('Confirmed');
  await expect(rowValue(details, 'Deposit')).toHaveText('HK$1,000');
  await expect(rowValue(details, 'Dining area')).toHaveText('Lounge');
});
