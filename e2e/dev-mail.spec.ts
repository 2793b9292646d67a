/**
 * The development mail catcher (GET /dev/mail): a newcomer without an SMTP server reads the reset mail
 * as it would arrive, rendered under the page's own policy, and its link opens the app's reset page.
 */
import { expectHeading } from './support/app';
import { expect, test } from './support/fixtures';

test('a newcomer opens the reset mail on /dev/mail and its link opens the reset page', async ({ page, context, server, baseURL }) => {
  const guest = await server.signUp();
  const asked = await page.request.post(`${baseURL}/user/user/initiate-password-reset`, { data: { email: guest.email } });
  expect(asked.status()).toBe(200);
  await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /^Reset your password$/ });

  await page.goto(`/dev/mail?recipient=${encodeURIComponent(guest.email)}`);
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  // Newest first: the reset mail, then the sign-up's verification mail.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Reset your password', 'Confirm your e-mail address']);
  const resetMail = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Reset your password' }) });
  await expect(resetMail.getByText('QUEUED (0 attempts)')).toBeVisible();

  const mail = page.frameLocator('iframe[title="Reset your password"]');
  await expect(mail.getByText('The Aldrich Club', { exact: true })).toBeVisible();
  const link = mail.getByRole('link', { name: /\/#\/pages\/reset-password\?token=/ });
  // The same link as mailed (server.resetLink points it at this test's own address).
  expect(new URL((await link.getAttribute('href'))!).hash).toBe(new URL(await server.resetLink(guest.email)).hash);
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expectHeading(tab, 'Reset password');
  await expect(tab.getByText('Choose a new password of at least 7 characters.')).toBeVisible();
});
