/**
 * Journey ("The club sets itself up"): an admin at Le Clos adds a table and a pacing limit,
 * moves lunch's last seating (the preview names the confirmed lunch it leaves outside the hours, which
 * publishing keeps), and uploads a picture and a menu; a guest in another browser sees the new times,
 * picture and menu without a rebuild; a second admin's stale copy of the services gets the conflict. The
 * Set-up tabs are axe clean at phone and tablet sizes.
 *
 * The server is shared with this worker's other journeys: what the journey changes at Le Clos is put
 * back at the end through the same set-up calls, whatever happened in between.
 */
import type { Browser, Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../a11y/axe';
import { expectHeading, openApp, PAGE_TIMEOUT } from '../support/app';
import { bookingDay, pickExperience, searchTables, startBooking, STEP_HEADINGS } from '../support/booking';
import { expect, test } from '../support/fixtures';
import type { TestServer } from '../support/server-api';
import { adminToken, JOURNEY_DAYS, staffLogIn } from './journey-steps';
import { MINIMAL_PDF } from '../../tests/support/fixtures/menu-pdf';

/** The sizes the Set-up is checked at: a phone (the mobile-first layout) and a tablet (the wide layout). */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
] as const;

const TABS = ['Venue', 'Areas and tables', 'Pacing and turn times', 'Experiences'] as const;
const LECLOS_SETUP = '/pages/staff/setup?venue=leclos';
const MENU_NAME = 'Harvest Menu';
const TABLE_NAME = 'D20';


/** Another person at another browser, whose page clock is the server's. */
async function personPage(browser: Browser, server: TestServer, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.clock.install({ time: (await server.clock()).now });
  return page;
}


/** Le Clos's id, its services and its pacing as they are before the journey, to put back after it. */
async function leClosAsItWas(server: TestServer, token: string) {
  const venueId = (await server.call<{ data: { _id: string } }>('GET', '/public/venue/by-domain/leclos')).body.data._id;
  const services = (await server.call('GET', `/admin/setup/venue/${venueId}/services`, { token })).body.data;
  const pacing = (await server.call('GET', `/admin/venue/${venueId}/pacing`, { token })).body.data;
  return { venueId, services: services.services, rules: pacing.rules };
}

/** Files the admin uploads: a small PNG and a one-page PDF. */
async function uploadFiles(): Promise<{ picture: string; menu: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'venue-setup-'));
  const picture = join(dir, 'terrace.png');
  writeFileSync(picture, await sharp({ create: { width: 600, height: 400, channels: 3, background: '#6b8e23' } }).png().toBuffer());
  const menu = join(dir, 'harvest.pdf');
  writeFileSync(menu, MINIMAL_PDF);
  return { picture, menu };
}

test('an admin sets up Le Clos: a table, pacing, lunch’s last seating, a picture and a menu; a guest sees them; a stale copy conflicts', async ({
  page,
  browser,
  server,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const token = await adminToken(server);
  const before = await leClosAsItWas(server, token);
  const files = await uploadFiles();

  // A confirmed lunch at 3:00 pm on the journey's day: the new last seating will leave it outside the hours.
  const date = await bookingDay(server, JOURNEY_DAYS.setup);
  const guest = await server.signUp({ firstName: 'Lena', lastName: 'Lunch' });
  const lunch = await server.book(guest, { domain: 'leclos', experience: 'À la Carte', date, time: '3:00 pm', guests: 2 });

  try {
    await staffLogIn(page);
    // A second admin opens the services too, before the first publishes: their copy will be stale.
    const second = await personPage(browser, server, baseURL!);
    await staffLogIn(second);
    await openApp(second, `${LECLOS_SETUP}&tab=venue`);
    const staleServices = second.getByRole('form', { name: 'Services' });
    await expect(staleServices).toBeVisible({ timeout: PAGE_TIMEOUT });

    // A table in the dining room.
    await openApp(page, `${LECLOS_SETUP}&tab=tables`);
    const addTable = page.getByRole('form', { name: 'Add a table' });
    await addTable.getByLabel('Table name').fill(TABLE_NAME);
    await addTable.getByLabel('Fewest guests').fill('1');
    await addTable.getByLabel('Most guests').fill('2');
    await addTable.getByRole('button', { name: 'Check the new table' }).click();
    await addTable.getByRole('button', { name: 'Publish' }).click();
    await expect(addTable.getByText('Published. Guests and staff see it on their next request.')).toBeVisible();

    // At most 30 covers starting in one lunch slot.
    await page.getByRole('tab', { name: 'Pacing and turn times' }).click();
    const pacing = page.getByRole('form', { name: 'Pacing' });
    await pacing.getByRole('group', { name: 'Lunch' }).getByLabel('Covers per slot').fill('30');
    await pacing.getByRole('button', { name: 'Check the pacing' }).click();
    await pacing.getByRole('button', { name: 'Publish' }).click();
    await expect(pacing.getByText('Published. Guests and staff see it on their next request.')).toBeVisible();

    // Lunch's last seating moves to 2:00 pm: the preview names the 3:00 pm lunch, and publishing keeps it.
    await page.getByRole('tab', { name: 'Venue' }).click();
    const services = page.getByRole('form', { name: 'Services' });
    await services.getByRole('group', { name: 'Lunch' }).getByLabel('Last seating').fill('14:00');
    await services.getByRole('button', { name: 'Check the change' }).click();
    await expect(services.getByText('1 booking affected: contact the guest')).toBeVisible();
    await expect(services.getByRole('row').filter({ hasText: String(lunch.uniqueId) })).toContainText('Lena Lunch');
    await services.getByRole('button', { name: 'Publish' }).click();
    await expect(services.getByText('Published. Guests and staff see it on their next request.')).toBeVisible();
    await expect(services.getByRole('row').filter({ hasText: String(lunch.uniqueId) })).toContainText('Lena Lunch');
    const kept = await server.call<{ data: { status: string } }>('GET', `/user/reservation/${lunch._id}`, { token: guest.token });
    expect(kept.body.data.status).toBe('CONFIRMED');

    // The second admin's copy was read before that: their change is refused, nothing saved.
    await staleServices.getByRole('group', { name: 'Dinner' }).getByLabel('Last seating').fill('20:00');
    await staleServices.getByRole('button', { name: 'Check the change' }).click();
    const publishStale = staleServices.getByRole('button', { name: 'Publish' });
    const conflict = staleServices.getByText('Someone else changed this first. Nothing was saved.');
    await expect(publishStale.or(conflict)).toBeVisible();
    if (await publishStale.isVisible()) await publishStale.click();
    await expect(conflict).toBeVisible();

    // A picture and a menu.
    const picture = page.getByRole('form', { name: 'Picture' });
    await picture.getByLabel('Picture (JPEG, PNG or WebP, at most 8 MB)').setInputFiles(files.picture);
    await picture.getByRole('button', { name: 'Upload the picture' }).click();
    await expect(picture.getByText('The picture is published.')).toBeVisible();
    const menu = page.getByRole('form', { name: 'Menu' });
    await menu.getByLabel('Menu name').fill(MENU_NAME);
    await menu.getByLabel('Menu (PDF, at most 10 MB)').setInputFiles(files.menu);
    await menu.getByRole('button', { name: 'Upload the menu' }).click();
    await expect(menu.getByText(`The menu "${MENU_NAME}" is published.`)).toBeVisible();

    // A guest in another browser: the new picture and menu on the venue's page, and lunch's times to 2:00 pm.
    const visitor = await personPage(browser, server, baseURL!);
    await openApp(visitor, '/pages/venue-detail?domain=leclos');
    await expectHeading(visitor, 'Le Clos');
    await expect(visitor.locator('main img').first()).toHaveAttribute('src', /\/public\/picture\/[\w-]+\.webp$/);
    await expect(visitor.getByRole('region', { name: 'Menus' }).getByRole('link', { name: `Download ${MENU_NAME} (PDF)` })).toBeVisible();
    await startBooking(visitor, 'leclos');
    await pickExperience(visitor, 'À la Carte');
    await searchTables(visitor, { date, guests: 2 });
    await expectHeading(visitor, STEP_HEADINGS.timeslot);
    const lunchTimes = visitor.getByRole('region', { name: 'Lunch' });
    await expect(lunchTimes.getByRole('button', { name: '2:00 pm', exact: true })).toBeVisible();
    await expect(lunchTimes.getByRole('button', { name: '2:15 pm', exact: true })).toHaveCount(0);
    await expect(lunchTimes.getByRole('button', { name: '3:00 pm', exact: true })).toHaveCount(0);
  } finally {
    await putLeClosBack(server, token, before);
  }
});

/** Puts back Le Clos's services and pacing, takes the journey's table out of use and its uploads off. */
async function putLeClosBack(server: TestServer, token: string, before: Awaited<ReturnType<typeof leClosAsItWas>>) {
  const { venueId } = before;
  const services = (await server.call('GET', `/admin/setup/venue/${venueId}/services`, { token })).body.data;
  await server.call('PUT', `/admin/setup/venue/${venueId}/services`, { token, body: { version: services.version, services: before.services } });
  const pacing = (await server.call('GET', `/admin/venue/${venueId}/pacing`, { token })).body.data;
  await server.call('PUT', `/admin/venue/${venueId}/pacing`, { token, body: { version: pacing.version, rules: before.rules } });
  const floor = (await server.call('GET', `/admin/venue/${venueId}/floor`, { token })).body.data;
  const added = floor.tables.find((t: { name: string }) => t.name === TABLE_NAME);
  if (added) await server.call('PUT', `/admin/table/${added._id}`, { token, body: { ...added, x: added.x ?? 0, y: added.y ?? 0, active: false } });
  await server.call('DELETE', `/admin/setup/venue/${venueId}/picture`, { token, expectOk: false });
  await server.call('DELETE', `/admin/setup/venue/${venueId}/menu?name=${encodeURIComponent(MENU_NAME)}`, { token, expectOk: false });
}

test('the Set-up tabs are axe clean at phone and tablet sizes', async ({ page }) => {
  test.setTimeout(120_000);
  await staffLogIn(page);
  await openApp(page, `${LECLOS_SETUP}&tab=venue`);
  await expectHeading(page, 'Set-up');
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const name of TABS) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tab', { name, selected: true })).toBeVisible({ timeout: PAGE_TIMEOUT });
      // The panel's data arrives after the tab: wait for the network to settle so axe sees the filled form.
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page, `Set-up tab ${name} at ${size.name}`);
    }
  }
});
