/** The e2e harness itself: the real server, its clock in step with the page's, the outbox, a booking. */
import { expectHeading, openApp, useSession } from './support/app';
import { bookingDay, walkBooking } from './support/booking';
import { expect, minutes, test } from './support/fixtures';

test('the page starts on the server clock, and both move together', async ({ page, server, clocks }) => {
  const before = await clocks.now();
  await openApp(page, '/pages/home');
  const pageNow = await page.evaluate(() => Date.now());
  expect(Math.abs(pageNow - before.getTime())).toBeLessThan(5_000);

  const after = await clocks.advance(minutes(30));
  expect(after.getTime() - before.getTime()).toBeGreaterThanOrEqual(minutes(30));
  const pageLater = await page.evaluate(() => Date.now());
  expect(Math.abs(pageLater - after.getTime())).toBeLessThan(5_000);
  expect((await server.clock()).frozen).toBe(false);
});

test('a fresh guest books a table without payment and gets the confirmation mail', async ({ page, server }) => {
  const guest = await server.signUp();
  await useSession(page, guest);
  await walkBooking(page, server, {
    venue: 'leclos',
    experience: 'À la Carte',
    date: await bookingDay(server, 3),
    guests: 2,
    time: '12:30 pm',
  });
  await expect(page.getByText(`We have sent the confirmation to ${guest.email}`)).toBeVisible();
  const mail = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /confirm/i });
  expect(mail.body).toContain('Le Clos');
  await page.getByRole('link', { name: 'View reservation' }).click();
  await expectHeading(page, /./);
});
