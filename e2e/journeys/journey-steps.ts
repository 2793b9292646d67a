/**
 * Small steps the journeys share that the helpers in ../support do not cover: the navigation bar on a
 * phone (folded behind "Menu"), a new person's e-mail and mobile number, reading one labelled row of a
 * summary or field list, and the times the server offers another guest.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expectHeading, openApp, openMainMenu } from '../support/app';
import { DEMO } from '../support/constants';
import type { Session, TestServer } from '../support/server-api';

/**
 * Each journey books on days of its own (offsets from the server's today), far from the generated paths
 * (30 days on), the accessibility tour (21, 22) and the smoke test (3), so no two specs take one table.
 */
export const JOURNEY_DAYS = {
  signUpAndBook: 70,
  memberDeposit: 71,
  // At Bâtard, where guests book 30 days ahead (members 90): within the guests' window.
  declinedCard: 28,
  // A member 60 days ahead at Bâtard, where a guest cannot book yet; and a verified guest within the window.
  membersAhead: 60,
  verifiedGuest: 27,
  holdExpiry: 73,
  change: 74,
  changedTo: 75,
  japanese: 77,
  waitlist: 78,
  manageLink: 86,
  // Close at hand, so the clocks move on only a day or so to the reminder.
  reminder: 2,
  // The visit whose feedback staff read (the clock moves on to it and a few hours past).
  feedback: 4,
  // The lunch a set-up change leaves past the last seating (listed, never cancelled).
  setup: 87,
  // Le Clos's dinner made members-only for the day of this journey.
  membersOnlyTimes: 84,
  // A phone booking at Bâtard, read at the door in six languages.
  atTheDoor: 25,
  // At Bâtard, within the guests' window: a 3-D Secure payment reloaded, then paid with another card.
  threeDSecureReload: 24,
  // At Bâtard: a booking paid by card, whose change to a larger party the saved card pays.
  savedCard: 23,
  // At Le Clos: asked to reconfirm at 12:00 the day before (the clocks move on four days and a few hours).
  reconfirmation: 5,
  // At Le Clos, on a phone: a paid deposit's booking changed to another day, a bigger party and another area.
  changeLikeBooking: 80,
  changeLikeBookingTo: 81,
  // At Bâtard: a phone booking whose deposit the guest pays through the link in its mail.
  payLink: 26,
  // At Le Clos's Chef's Counter: a card saved through the bank's 3-D Secure check, reloaded on it.
  cardGuarantee3ds: 83,
  // At Le Clos's Chef's Counter: a phone booking whose card the guest saves through the link in its mail.
  cardLink: 85,
} as const;

/** Opens the navigation bar's menu (folded away at the phone size) and follows one of its links. */
export async function followNavLink(page: Page, name: string, menu = 'Menu'): Promise<void> {
  await (await openMainMenu(page, menu)).getByRole('link', { name, exact: true }).click();
}

let mobiles = 0;

/** A Hong Kong mobile number (8 digits, starting with 9) no other person of this run has. */
export function uniqueMobile(): string {
  return `9${String(Date.now() * 10 + (mobiles++ % 10)).slice(-7)}`;
}

/** A new e-mail address for a person signing up in this run. */
export function uniqueEmail(who: string): string {
  return `${who}-${Date.now().toString(36)}-${(mobiles++).toString(36)}@example.com`;
}

/**
 * The value shown beside `label` in a description list (`<dt>label</dt><dd>value</dd>`) inside `scope`:
 * what a reader finds by looking along the row.
 */
export function rowValue(scope: Locator, label: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }).locator('xpath=following-sibling::dd[1]');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The start times (labels like '1:00 pm') the server offers `session`'s user for a party: what another
 * guest searching at that moment would be shown.
 */
export async function offeredTimes(
  server: TestServer,
  session: Session,
  request: { domain: string; experience: string; date: string; guests: number },
): Promise<string[]> {
  const { body: venue } = await server.call<{ data: { _id: string; experiences: { _id: string; name: string }[] } }>(
    'GET',
    `/public/venue/by-domain/${request.domain}`,
  );
  const experience = venue.data.experiences.find((e) => e.name === request.experience);
  if (!experience) throw new Error(`No experience '${request.experience}' at ${request.domain}`);
  const query = new URLSearchParams({ numberOfGuests: String(request.guests), experienceId: experience._id });
  const { body } = await server.call<{ data: { timeslots: { startTimeStr: string }[] } }>(
    'GET',
    `/user/reservation/v1.1/timeslot-availability/${venue.data._id}/${request.date}?${query}`,
    { token: session.token },
  );
  return body.data.timeslots.map((slot) => slot.startTimeStr);
}

/** An admin's access token, fresh: staff's calls log in anew after the clock has moved (a token lasts 15 minutes). */
export async function adminToken(server: TestServer): Promise<string> {
  const { body } = await server.call<{ data: { token: string } }>('POST', '/admin/authentication/login', { body: { email: DEMO.admin.email, password: DEMO.admin.password } });
  return body.data.token;
}

/** Logs the demo admin in with the staff log-in form; the day sheet opens. */
export async function staffLogIn(page: Page): Promise<void> {
  await openApp(page, '/pages/staff/login');
  await expectHeading(page, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectHeading(page, 'Day sheet');
}

/** The staff console's screen. */
const DESK = { width: 1024, height: 900 };

/** A second browser at the staff console's desk, its page clock at the server's test clock. */
export async function staffPage(browser: Browser, server: TestServer, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESK });
  const page = await context.newPage();
  await page.clock.install({ time: (await server.clock()).now });
  return page;
}
