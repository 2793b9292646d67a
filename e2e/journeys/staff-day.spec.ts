/**
 * Journey: an admin logs in to the staff console and adds a host for Le Clos; the host sets a password
 * from the mailed link and opens the day sheet; a guest books in another browser and the booking appears
 * on the sheet without a reload; the host marks it arrived and seated, and marks an earlier booking a
 * no-show, with the fee the server reports.
 */
import type { Browser, Page } from '@playwright/test';
import { expectHeading } from '../support/app';
import { useSession } from '../support/app';
import { bookingDay, walkBooking } from '../support/booking';
import { DEMO } from '../support/constants';
import { expect, test } from '../support/fixtures';
import { minutesOf, type TestServer } from '../support/server-api';
import { offeredTimes, uniqueEmail } from './journey-steps';

/** The host stand's screen: tablet and desktop first. */
const DESK = { width: 1024, height: 900 };

/** A page in a browser of its own (its own storage: another person), on the server's clock. */
async function personPage(browser: Browser, server: TestServer, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESK });
  const page = await context.newPage();
  await page.clock.install({ time: (await server.clock()).now });
  return page;
}

test('an admin adds a host, who runs the day: a live booking arrives, is seated, and a no-show is charged', async ({ page, browser, server, clocks, baseURL }) => {
  test.setTimeout(180_000);
  const early = await server.signUp({ firstName: 'Nadia', lastName: 'Early' });
  const late = await server.signUp({ firstName: 'Leo', lastName: 'Live' });
  // Today if Le Clos still offers two times, else tomorrow: the no-show needs its start to pass soon.
  let date = await bookingDay(server, 0);
  let times = await offeredTimes(server, early, { domain: 'leclos', experience: 'À la Carte', date, guests: 2 });
  if (times.length < 2) {
    date = await bookingDay(server, 1);
    times = await offeredTimes(server, early, { domain: 'leclos', experience: 'À la Carte', date, guests: 2 });
  }
  const [noShowTime, liveTime] = [times[0]!, times[1]!];
  await server.book(early, { domain: 'leclos', experience: 'À la Carte', date, time: noShowTime, guests: 2 });

  // The admin adds a host for Le Clos.
  await page.setViewportSize(DESK);
  await page.goto('/#/pages/staff/login');
  await expectHeading(page, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectHeading(page, 'Day sheet');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Staff accounts' }).click();
  await expectHeading(page, 'Staff accounts');
  const hostEmail = uniqueEmail('host');
  await page.getByLabel('E-mail').fill(hostEmail);
  await page.getByLabel('First name').fill('Hana');
  await page.getByLabel('Last name').fill('Host');
  await page.getByLabel('Venue').selectOption({ label: 'Le Clos' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`${hostEmail} can now set a password from the link we have mailed.`)).toBeVisible();

  // The host sets a password from the mailed link, in a browser of their own.
  const host = await personPage(browser, server, baseURL!);
  await host.goto(await server.mailedLink(hostEmail, /password/i));
  await expectHeading(host, 'Reset password');
  await host.getByLabel('New password', { exact: true }).fill('host-stand-7');
  await host.getByLabel('Confirm new password').fill('host-stand-7');
  await host.getByRole('button', { name: 'Set new password' }).click();
  await host.getByRole('button', { name: 'Go to staff log in' }).click();
  await expectHeading(host, 'Staff log in');
  await host.getByLabel('E-mail').fill(hostEmail);
  await host.getByLabel('Password', { exact: true }).fill('host-stand-7');
  await host.getByRole('button', { name: 'Log in' }).click();
  await expectHeading(host, 'Day sheet');
  await host.goto(`/#/pages/staff/day?venue=leclos&date=${date}`);
  await expectHeading(host, 'Day sheet');
  const row = (name: string) => host.getByRole('row').filter({ hasText: name });
  await expect(row('Nadia Early')).toBeVisible();
  await expect(host.getByRole('combobox', { name: 'Venue' })).toBeDisabled();

  // A guest books in another browser: the sheet shows it without a reload.
  const guest = await personPage(browser, server, baseURL!);
  await useSession(guest, late);
  await walkBooking(guest, server, { venue: 'leclos', experience: 'À la Carte', date, time: liveTime, details: { firstName: 'Leo', lastName: 'Live' } });
  await expect(row('Leo Live')).toBeVisible({ timeout: 15_000 });
  await expect(host.getByRole('status').filter({ hasText: 'The sheet has been updated.' })).toBeAttached();

  // The host marks the new booking arrived, then seated.
  await row('Leo Live').getByRole('button', { name: 'Arrived: Leo Live' }).click();
  await expect(row('Leo Live').getByRole('cell', { name: 'Arrived', exact: true })).toBeVisible();
  await row('Leo Live').getByRole('button', { name: 'Seat: Leo Live' }).click();
  await expect(row('Leo Live').getByRole('cell', { name: 'Seated', exact: true })).toBeVisible();

  // Once the earlier booking's start has passed, the host marks it a no-show: the fee is reported.
  const startsAt = new Date(Date.parse(`${date}T00:00:00+08:00`) + minutesOf(noShowTime) * 60_000);
  await clocks.advanceTo(new Date(startsAt.getTime() + 5 * 60_000));
  await host.clock.fastForward(5 * 60_000);
  await host.reload();
  await expectHeading(host, 'Day sheet');
  await row('Nadia Early').getByRole('button', { name: 'No-show: Nadia Early' }).click();
  await expect(row('Nadia Early').getByText(/Mark Nadia Early as a no-show\?/)).toBeVisible();
  await row('Nadia Early').getByRole('button', { name: 'Confirm no-show' }).click();
  // Le Clos's policy: HK$300 a person; nothing was paid and the guest has no wallet or card on file.
  await expect(host.getByText('No-show recorded. Fee HK$600. Still owed: HK$600.')).toBeVisible();
  await expect(row('Nadia Early').getByText('Fee outstanding HK$600')).toBeVisible();
});
