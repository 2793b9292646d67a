/**
 * Journey: a guest who has forgotten the password asks for a reset link from the log-in page, opens the
 * mailed link in a new tab, chooses a new password, and logs in with it; the old one no longer works.
 */
import { expectHeading, logInWithForm, mainHeading } from '../support/app';
import { expect, test } from '../support/fixtures';
import { followNavLink } from './journey-steps';

test('a forgotten password is reset from the mailed link, and the new one logs in', async ({ page, context, server }) => {
  const guest = await server.signUp({ password: 'old-secret-1' });
  const newPassword = 'new-secret-2';

  await page.goto('/#/pages/home');
  await followNavLink(page, 'Log in');
  await expectHeading(page, 'Log in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectHeading(page, 'Forgot password');
  await page.getByLabel('E-mail').fill(guest.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for this e-mail, we have sent a link to reset your password.')).toBeVisible();

  const mail = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /^Reset your password$/ });
  expect(mail.body).toContain('Open this link within 30 minutes to choose a new one:');
  const link = await server.resetLink(guest.email);
  expect(new URL(link).hash).toMatch(/^#\/pages\/reset-password\?token=/);

  // The link from the mail opens in a new tab.
  const mailTab = await context.newPage();
  await mailTab.clock.install({ time: (await server.clock()).now });
  await mailTab.goto(link);
  await expectHeading(mailTab, 'Reset password');
  await expect(mailTab.getByText('Choose a new password of at least 7 characters.')).toBeVisible();
  // A mistyped confirmation is caught before anything is sent.
  await mailTab.getByLabel('New password', { exact: true }).fill(newPassword);
  await mailTab.getByLabel('Confirm new password').fill('new-secret-3');
  await mailTab.getByRole('button', { name: 'Set new password' }).click();
  await expect(mailTab.getByText('Confirmation password is incorrect')).toBeVisible();
  await mailTab.getByLabel('Confirm new password').fill(newPassword);
  await mailTab.getByRole('button', { name: 'Set new password' }).click();
  await expect(mailTab.getByText('Your password has been reset. Please log in.')).toBeVisible();

  await mailTab.getByRole('button', { name: 'Go to log in' }).click();
  await expectHeading(mailTab, 'Log in');

  // The old password is refused, the new one logs in.
  await mailTab.getByLabel('E-mail').fill(guest.email);
  await mailTab.getByLabel('Password', { exact: true }).fill('old-secret-1');
  await mailTab.getByRole('button', { name: 'Log in' }).click();
  await expect(mailTab.getByRole('alert')).toHaveText('Incorrect E-mail or Password');
  await expectHeading(mailTab, 'Log in');
  await logInWithForm(mailTab, { email: guest.email, password: newPassword });
  // Nowhere to come back to after a reset: the guest lands on their reservations.
  await expect(mainHeading(mailTab)).toHaveText('My reservations');
  await mailTab.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(mailTab.getByRole('navigation').getByRole('button', { name: 'Log out' })).toBeVisible();

  // The same link a second time: spent.
  await mailTab.goto(link);
  await expectHeading(mailTab, 'Reset password');
  await mailTab.getByLabel('New password', { exact: true }).fill('third-secret-3');
  await mailTab.getByLabel('Confirm new password').fill('third-secret-3');
  await mailTab.getByRole('button', { name: 'Set new password' }).click();
  await expect(mailTab.getByText('This reset link is invalid or has expired.')).toBeVisible();
  await expect(mailTab.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
