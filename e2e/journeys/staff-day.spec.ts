/**
 * Journey: an admin logs in to the staff console and adds a host for Le Clos; the host sets a password
 * from the mailed link and opens the day sheet; a guest books in another browser and the booking appears
 * on the sheet without a reload; the host marks it arrived and seated, and marks an earlier booking a
 * no-show, with the fee the server reports. Then the host runs the rest of the day: seats a walk-in from
 * the table plan, closes lunch on a later day for a private event and sees whom to contact, and reads
 * the day's report (covers and the no-show) on screen and in the CSV.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expectHeading } from '../support/app';
import { useSession } from '../support/app';
import { bookingDay, walkBooking } from '../support/booking';
import { ARRIVAL_LEAD_MINUTES } from '../../machines/visit.machine';
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

/** A later day of this journey's own: Le Clos's lunch is closed on it (and reopened at the end). */
const CLOSURE_DAY = 88;

test('an admin adds a host, who runs the day: a live booking arrives, is seated, a no-show is charged, a walk-in, a closure, the report', async ({
  page,
  browser,
  server,
  clocks,
  baseURL,
}) => {
  test.setTimeout(240_000);
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
  // A lunch booking on a later day, which the host's closure will list.
  const laterDay = await bookingDay(server, CLOSURE_DAY);
  const closedOut = await server.signUp({ firstName: 'Clara', lastName: 'Closed' });
  const closedBooking = await server.book(closedOut, { domain: 'leclos', experience: 'À la Carte', date: laterDay, time: '12:00 pm', guests: 2 });

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
  // Venue staff land on the host stand while a service of theirs runs by the server's clock, else on the day sheet (docs/PRODUCT.md §6).
  await expectHeading(host, /^(Day sheet|Host stand)$/);
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

  // The host marks the new booking arrived, then seated: the chart allows it from 2 hours before the
  // booked start (ARRIVAL_LEAD_MINUTES), so the clocks move into that window when they are not there yet
  // (the test clock's time of day depends on the specs this worker ran before).
  const startOf = (time: string) => new Date(Date.parse(`${date}T00:00:00+08:00`) + minutesOf(time) * 60_000);
  const arrivalOpens = startOf(liveTime).getTime() - ARRIVAL_LEAD_MINUTES * 60_000;
  if ((await clocks.now()).getTime() < arrivalOpens) {
    await clocks.advanceTo(new Date(arrivalOpens + 10 * 60_000));
    await host.reload();
    await expectHeading(host, 'Day sheet');
  }
  await expect(row('Leo Live').getByRole('button', { name: 'Arrived: Leo Live' })).toBeVisible();
  await row('Leo Live').getByRole('button', { name: 'Arrived: Leo Live' }).click();
  await expect(row('Leo Live').getByRole('cell', { name: 'Arrived', exact: true })).toBeVisible();
  await row('Leo Live').getByRole('button', { name: 'Seat: Leo Live' }).click();
  await expect(row('Leo Live').getByRole('cell', { name: 'Seated', exact: true })).toBeVisible();

  // Once the earlier booking's start has passed, the host marks it a no-show: the fee is reported.
  // (The arrival window may have put the clocks past it already: they only move forward.)
  const noShowFrom = startOf(noShowTime).getTime() + 5 * 60_000;
  if ((await clocks.now()).getTime() < noShowFrom) await clocks.advanceTo(new Date(noShowFrom));
  await host.clock.fastForward(5 * 60_000);
  await host.reload();
  await expectHeading(host, 'Day sheet');
  await row('Nadia Early').getByRole('button', { name: 'No-show: Nadia Early' }).click();
  await expect(row('Nadia Early').getByText(/Mark Nadia Early as a no-show\?/)).toBeVisible();
  await row('Nadia Early').getByRole('button', { name: 'Confirm no-show' }).click();
  // Le Clos's policy is HK$300 a person, but nothing was paid and the guest has no wallet or card on file:
  // the fee is not charged, and the host is told so rather than that it is owed (docs/PRODUCT.md §6).
  await expect(host.getByText('No-show recorded. No card on file: fee not charged.')).toBeVisible();
  await expect(row('Nadia Early').getByText('No card on file: fee not charged')).toBeVisible();

  // A party of two walks in: the host seats them on a free table from the table plan, now.
  const nav = host.getByRole('navigation', { name: 'Staff' });
  await nav.getByRole('link', { name: 'Table plan' }).click();
  await expectHeading(host, 'Table plan');
  await host.getByRole('button', { name: 'Walk-in' }).click();
  const walkIn = host.getByRole('dialog', { name: 'Walk-in' });
  await walkIn.getByLabel('Guests').fill('2');
  await walkIn.getByLabel('First name (optional)').fill('Wren');
  await walkIn.getByLabel('Last name (optional)').fill('Walkin');
  await walkIn.getByRole('button', { name: 'Seat now' }).click();
  await expect(host.getByText(/^Walk-in seated: /)).toBeVisible();
  await expect(host.getByRole('listitem').filter({ hasText: 'Wren Walkin' })).toContainText('Seated');

  // A private event on a later day: the host closes lunch, and the booking inside is listed to contact.
  await nav.getByRole('link', { name: 'Closures' }).click();
  await expectHeading(host, 'Closures');
  const form = host.getByRole('form', { name: 'Add a closure' });
  await form.getByRole('radio', { name: 'Service' }).check();
  await form.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'Lunch' });
  await form.getByLabel('First day').fill(laterDay);
  await form.getByLabel('Last day').fill(laterDay);
  await form.getByRole('radio', { name: 'Private event' }).check();
  await form.getByRole('button', { name: 'Close for these days' }).click();
  const closure = host.getByRole('listitem').filter({ has: host.getByRole('row', { name: /Clara Closed/ }) });
  await expect(closure.getByRole('row', { name: /Clara Closed/ })).toContainText(closedOut.email);
  // Availability offers nothing at lunch (11:00 to 17:00) that day, and the booking stands (never silently cancelled).
  // (The guest logs in again: the clocks have moved on since the sign-up.)
  const closedGuest = await server.logIn(closedOut);
  const lunch = (await offeredTimes(server, closedGuest, { domain: 'leclos', experience: 'À la Carte', date: laterDay, guests: 2 })).filter((t) => minutesOf(t) >= 11 * 60 && minutesOf(t) < 17 * 60);
  expect(lunch).toEqual([]);
  const { body: kept } = await server.call<{ data: { status: string } }>('GET', `/user/reservation/${closedBooking._id}`, { token: closedGuest.token });
  expect(kept.data.status).toBe('CONFIRMED');

  // The day's report: covers (the live booking and the walk-in at least) and the no-show, on screen and in the CSV.
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expectHeading(host, 'Reports');
  const controls = host.getByRole('form', { name: 'Report' });
  await controls.getByLabel('First day').fill(date);
  await controls.getByLabel('Last day').fill(date);
  await controls.getByLabel('Figures by').selectOption('day');
  await controls.getByRole('button', { name: 'Show report' }).click();
  const figures = await dayFigures(server, { email: hostEmail, password: 'host-stand-7' }, date);
  expect(figures.covers).toBeGreaterThanOrEqual(4);
  expect(figures.noShows).toBeGreaterThanOrEqual(1);
  const cell = (table: string, column: string) => host.getByRole('table', { name: table }).locator(`tbody td[data-label="${column}"]`);
  await expect(cell('Covers and bookings', 'Covers')).toHaveText(String(figures.covers));
  await expect(cell('No-shows and cancellations', 'No-shows')).toHaveText(String(figures.noShows));
  const download = host.waitForEvent('download');
  await host.getByRole('button', { name: 'Download CSV' }).click();
  const [header, ...rows] = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));
  const column = (name: string) => header!.indexOf(name);
  expect(rows).toHaveLength(1);
  expect(rows[0]![column('From')]).toBe(date);
  expect(rows[0]![column('Covers')]).toBe(String(figures.covers));
  expect(rows[0]![column('No-shows')]).toBe(String(figures.noShows));

  // The later day opens again, for the specs that book it after this one.
  await nav.getByRole('link', { name: 'Closures' }).click();
  await closure.getByRole('button', { name: /^Reopen Lunch/ }).click();
  await expect(closure).toHaveCount(0);
});

/** Le Clos's figures for one day, as the staff API reports them to the host. */
async function dayFigures(server: TestServer, host: { email: string; password: string }, date: string): Promise<{ covers: number; noShows: number }> {
  const { body: session } = await server.call<{ data: { token: string } }>('POST', '/admin/authentication/login', { body: host });
  const { body: venue } = await server.call<{ data: { _id: string } }>('GET', '/public/venue/by-domain/leclos');
  const query = new URLSearchParams({ venueId: venue.data._id, from: date, to: date, by: 'day' });
  const { body } = await server.call<{ data: { rows: { covers: number; noShows: number }[] } }>('GET', `/admin/report?${query}`, { token: session.data.token });
  return body.data.rows[0]!;
}
