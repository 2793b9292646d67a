/**
 * The host stand's Friday (docs/PRODUCT.md §6), shared by its browser tests: forty bookings at Le Clos
 * across the next Friday evening by the server's clock, the 6:30 pm parties seated at 6:35 (the earlier
 * ones come and gone), both clocks at 7:52 pm; a staff page opened through the staff log-in; a second tablet
 * (another browser, another host) beside the first; and the locators of a party's line and a table.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { addDays, hongKongDate, isoWeekday } from '../../common/time';
import { expectHeading, openApp } from './app';
import { DEMO } from './constants';
import { expect, type Clocks } from './fixtures';
import type { TestServer } from './server-api';

/** The tablet at the host stand, landscape. */
export const TABLET = { width: 1024, height: 768 };

/** The evening: [time, guests, name]. Le Clos's À la Carte sits 90 minutes; two-tops, four-tops and six-tops fill by size. */
export const EVENING: [string, number, string][] = [
  ...['Ho', 'Ip', 'Jiang', 'Kwok', 'Lai', 'Mak', 'Ng', 'Ong'].map((n): [string, number, string] => ['5:00 pm', 2, `Early ${n}`]),
  ...['Zee', 'Zhu'].map((n): [string, number, string] => ['6:00 pm', 2, `Early ${n}`]),
  ...['Au', 'Bo', 'Cheung', 'Fung', 'Ko', 'Lam', 'Siu', 'Tse'].map((n): [string, number, string] => ['6:30 pm', 2, `Seated ${n}`]),
  ['6:30 pm', 4, 'Table Four'],
  ['6:30 pm', 3, 'Party Three'],
  ['7:00 pm', 4, 'Drag Mouse'],
  ['7:00 pm', 4, 'Drag Keys'],
  ['7:30 pm', 2, 'Lee Late'],
  ['7:30 pm', 2, 'Wong Waiting'],
  ['7:30 pm', 5, 'Big Chan'],
  ['8:00 pm', 4, 'Eight Yip'],
  ...['Chow', 'Hui', 'Kam', 'Law', 'Mok', 'Pang', 'Sze', 'Tang'].map((n): [string, number, string] => ['8:00 pm', 2, `Later ${n}`]),
  ['8:30 pm', 4, 'Needed Soon'],
  ['8:30 pm', 5, 'Six Leung'],
  ...['Yeung', 'Yu', 'Wan', 'Wu'].map((n): [string, number, string] => ['8:30 pm', 2, `Night ${n}`]),
];

/**
 * The first Friday after the server's today (a week on when today is one) with no booking at Le Clos yet:
 * the worker's server is shared by the tests before, whose bookings land on days counted from a clock
 * that only moves forward, so on some calendar days one of theirs would fall on this evening.
 */
export async function nextFriday(server: TestServer): Promise<string> {
  const { body: venue } = await server.call<{ data: { _id: string } }>('GET', '/public/venue/by-domain/leclos');
  const token = await staffToken(server);
  let date = addDays(hongKongDate((await server.clock()).now), 1);
  for (;;) {
    if (isoWeekday(date) === 5) {
      const { body } = await server.call<{ data: { parties: unknown[] } }>('GET', `/admin/venue/${venue.data._id}/host-stand/${date}`, { token });
      if (body.data.parties.length === 0) return date;
    }
    date = addDays(date, 1);
  }
}

/** The Le Clos host's token, from the API. */
export async function staffToken(server: TestServer): Promise<string> {
  const { body } = await server.call<{ data: { token: string } }>('POST', '/admin/authentication/login', { body: DEMO.host });
  return body.data.token;
}

export interface FridayEvening {
  date: string;
  /** Each party's booking id, by name. */
  ids: Map<string, string>;
}

/** Books the evening, plays it until 6:35 pm (seated, come and gone) and leaves both clocks at 7:52 pm. */
export async function fridayEvening(server: TestServer, clocks: Clocks): Promise<FridayEvening> {
  const date = await nextFriday(server);
  const guest = await server.signUp();
  const ids = new Map<string, string>();
  for (const [time, guests, name] of EVENING) {
    const [firstName, lastName] = name.split(' ');
    const booked = await server.book({ ...guest, firstName: firstName!, lastName: lastName! }, { domain: 'leclos', experience: 'À la Carte', date, time, guests }).catch((err: unknown) => {
      throw new Error(`booking ${name} at ${time} for ${guests}: ${String(err)}`);
    });
    ids.set(name, booked._id);
  }
  // The 6:30 pm parties are seated at 6:35; the earlier ones have come and gone.
  await clocks.advanceTo(new Date(`${date}T18:35:00+08:00`));
  const token = await staffToken(server);
  for (const [name, id] of ids) {
    const action = name.startsWith('Early') ? ['seat', 'finish'] : name.startsWith('Seated') || name === 'Table Four' ? ['seat'] : [];
    for (const step of action) await server.call('PUT', `/admin/reservation/${id}/visit`, { token, body: { action: step } });
  }
  await clocks.advanceTo(new Date(`${date}T19:52:00+08:00`));
  return { date, ids };
}

/** Opens a staff page at `address` as Le Clos's host, through the staff log-in form it sends them to. */
export async function openAsHost(page: Page, address: string, heading: string): Promise<void> {
  await openApp(page, address);
  await expectHeading(page, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.host.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.host.password);
  await page.keyboard.press('Enter');
  await expectHeading(page, heading);
}

/** Opens the stand of Le Clos's `date` on `page`, logging in. */
export const openHostStand = (page: Page, date: string) => openAsHost(page, `/pages/staff/host-stand?venue=leclos&date=${date}`, 'Host stand');

/** With a party picked up by keyboard, the arrow steps until the drag's live region says it is over `name` (each step's words awaited). */
export async function stepTo(page: Page, party: string, name: string): Promise<void> {
  const live = page.locator('[id^="DndLiveRegion"]');
  for (let i = 0; i < 25; i++) {
    const before = (await live.textContent()) ?? '';
    if (before.includes(`${party} over table ${name}.`)) return;
    await page.keyboard.press('ArrowRight');
    await expect(live).not.toHaveText(before);
  }
  await expect(live).toContainText(`${party} over table ${name}.`);
}

/** Another tablet: a browser of its own at the tablet's size, its clock installed at the server's time. */
export async function secondTablet(browser: Browser, server: TestServer, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: TABLET });
  const page = await context.newPage();
  await page.clock.install({ time: (await server.clock()).now });
  return { context, page };
}

/** A party's line on the stand's list. */
export const partyRow = (page: Page, name: string): Locator => page.locator('.stand-party', { hasText: name });

/** A table on the stand's floor, by name. */
export const floorTable = (page: Page, name: string): Locator => page.locator(`[data-table="${name}"]`);
