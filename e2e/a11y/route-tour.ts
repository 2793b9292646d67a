/**
 * Every route of src/navigation/routes.ts, reached as a person reaches it, with whatever it needs: a
 * session for the account pages, a booking in progress at the right step for the wizard's pages, a real
 * reservation for the order and cancel pages, mailed links for the manage page and the password reset. The route tour
 * (routes.sizes.spec.ts) runs its checks at each stop: axe, and the page checks of e2e/screenshots.
 *
 * Four groups, each one test: the public pages (logged out), the member's account pages, the booking
 * wizard (a fresh guest books with a deposit, then holds a table that needs a texted code and lets the
 * hold run out), and the staff console.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { expectHeading, expectRoute, mainHeading, openApp, PAGE_TIMEOUT, useDemoSession, useSession } from '../support/app';
import {
  agreeAndSubmit,
  bookingDay,
  payByCard,
  pickExperience,
  pickSeating,
  pickTime,
  searchTables,
  startBooking,
  STEP_HEADINGS,
  submitDetails,
  walkBooking,
} from '../support/booking';
import { offeredTimes } from '../journeys/journey-steps';
import { CARDS, DEMO } from '../support/constants';
import { minutes, type Clocks } from '../support/fixtures';
import type { TestServer } from '../support/server-api';
import { bookingPath, type BookingPage } from '../../machines/booking-pages';

/**
 * The production routes, read from the route table's source (the table's module reads Vite's
 * `import.meta.env`, which Playwright's loader has not): `/` and every `page('name')`.
 */
export const ROUTE_PATHS: readonly string[] = (() => {
  const source = readFileSync(new URL('../../src/navigation/routes.ts', import.meta.url), 'utf8');
  const pages = [...source.matchAll(/path: page\('([\w-]+)'\)/g)].map((m) => `/pages/${m[1]}`);
  // The booking wizard's pages come from the chart's one list (machines/booking-pages.ts).
  const bookingPages = [...source.matchAll(/path: bookingPath\('([\w-]+)'\)/g)].map((m) => bookingPath(m[1] as BookingPage));
  const staffPages = [...source.matchAll(/staffRoute\('([\w-]+)'/g)].map((m) => `/pages/staff/${m[1]}`);
  return [...new Set([...(source.includes("path: '/'") ? ['/'] : []), ...pages, ...bookingPages, ...staffPages])];
})();

/** What a group hands each stop to: the route shown, and the page showing it. */
export type Visit = (route: string, page: Page) => Promise<void>;

export interface TourContext {
  page: Page;
  server: TestServer;
  clocks: Clocks;
  /** Days after the server's today for this run's bookings, so runs never take each other's tables. */
  day: number;
  visit: Visit;
}

/** The routes each group shows, in its order. */
export const GROUP_ROUTES = {
  public: [
    '/',
    '/pages/index',
    '/pages/home',
    '/pages/venue',
    '/pages/venue-detail',
    '/pages/preview',
    '/pages/membership',
    '/pages/press',
    '/pages/book-now',
    '/pages/login',
    '/pages/sign-up',
    '/pages/forgot-password',
    '/pages/reset-password',
  ],
  member: ['/pages/wallet', '/pages/wallet-detail', '/pages/transactions', '/pages/monthly-statements', '/pages/change-password', '/pages/my-data', '/pages/message-preferences'],
  wizard: [
    '/pages/experience',
    '/pages/book',
    '/pages/timeslot',
    '/pages/seating',
    '/pages/profile',
    '/pages/confirm',
    '/pages/payment',
    '/pages/result',
    '/pages/order',
    '/pages/cancel',
    '/pages/waitlist-offer',
    '/pages/manage',
    '/pages/verify',
    '/pages/warning',
    '/pages/card',
  ],
  // The reminder's allergy page, the feedback page and a walk-in's place (links of the guest's mails and texts), then the console.
  staff: [
    '/pages/allergies',
    '/pages/feedback',
    '/pages/walk-in',
    '/pages/staff/login',
    '/pages/staff/day',
    '/pages/staff/host-stand',
    '/pages/staff/table-plan',
    '/pages/staff/setup',
    '/pages/staff/setup-venue',
    '/pages/staff/closures',
    '/pages/staff/call-list',
    '/pages/staff/accounts',
    '/pages/staff/audit-log',
    '/pages/staff/reconciliation',
    '/pages/staff/reports',
    '/pages/staff/privacy',
    '/pages/staff/guests',
    '/pages/staff/guest',
    '/pages/staff/guest-duplicates',
    '/pages/staff/guest-tags',
  ],
} as const;

/**
 * Waits until the page has settled, in any language: no page loading, no quiet "Loading…" or "working"
 * line of its own (`p.muted[role=status]`), and its main text, heading included, the same in two reads in
 * a row. The heading counts because a page still loading shows nothing for its first 200 ms: two reads of
 * that empty main would otherwise pass for a settled page (the address changes before the page does).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.loading')).toHaveCount(0, { timeout: PAGE_TIMEOUT });
  // An empty one is a live region waiting for a notice (the guest profile's notes), not a line saying anything.
  await expect(page.locator('main p.muted[role="status"]').filter({ hasText: /\S/ })).toHaveCount(0, { timeout: PAGE_TIMEOUT });
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.locator('main').innerText();
        const same = now === last && (await page.locator('main h1').count()) > 0;
        last = now;
        return same;
      },
      { timeout: PAGE_TIMEOUT, intervals: [100, 200, 250] },
    )
    .toBe(true);
}

/** Waits until the page shows `route` with its heading and has settled, then visits it. */
async function arrive(page: Page, route: string, visit: Visit, heading: string | RegExp = /\S/): Promise<void> {
  await expectRoute(page, route);
  await expectHeading(page, heading);
  await settled(page);
  await visit(route, page);
}

/** The public pages, logged out; the reset page from a real mailed link. */
export async function publicPages({ page, server, visit }: TourContext): Promise<void> {
  for (const route of ['/', '/pages/index', '/pages/home', '/pages/venue']) {
    await openApp(page, route);
    await arrive(page, route, visit);
  }
  await openApp(page, '/pages/venue-detail?domain=leclos');
  await arrive(page, '/pages/venue-detail', visit);
  // A menu, as the venue's page links to it.
  await page.getByRole('link', { name: /menu/i }).first().click();
  await arrive(page, '/pages/preview', visit);
  for (const route of ['/pages/membership', '/pages/press', '/pages/book-now', '/pages/login', '/pages/sign-up', '/pages/forgot-password']) {
    await openApp(page, route);
    await arrive(page, route, visit);
  }
  const user = await server.signUp();
  await server.call('POST', '/user/user/initiate-password-reset', { body: { email: user.email } });
  const link = await server.resetLink(user.email);
  await page.goto(link);
  await arrive(page, '/pages/reset-password', visit);
}

/** The demo member's account pages (reads only). */
export async function memberPages({ page, server, visit }: TourContext): Promise<void> {
  await useDemoSession(page, server, 'member');
  await openApp(page, '/pages/wallet');
  await arrive(page, '/pages/wallet', visit);
  // An entry of the wallet, as its list links to it.
  const entry = page.locator('a[href*="wallet-detail"]').first();
  await expect(entry).toBeVisible({ timeout: PAGE_TIMEOUT });
  await entry.click();
  await arrive(page, '/pages/wallet-detail', visit);
  for (const route of ['/pages/transactions', '/pages/monthly-statements', '/pages/change-password', '/pages/my-data', '/pages/message-preferences']) {
    await openApp(page, route);
    await arrive(page, route, visit);
  }
}

/**
 * A fresh guest books Le Clos's Rotisserie Sharing Menu (a deposit, so the payment step), with a dining
 * area; opens the reservation and its cancel page (not confirming), and a waitlist offer's link to it; then holds a table at Hop Sze, which
 * texts a code, and lets the hold run out (the warning page says so); last, the card step of Le Clos's Chef's
 * Counter (a card guarantee), left without saving.
 */
export async function wizardPages({ page, server, clocks, day, visit }: TourContext): Promise<void> {
  const guest = await server.signUp();
  await useSession(page, guest);
  const date = await bookingDay(server, day);

  await startBooking(page, 'leclos');
  await arrive(page, '/pages/experience', visit, STEP_HEADINGS.experience);
  await pickExperience(page, 'Rotisserie Sharing Menu');
  await arrive(page, '/pages/book', visit, STEP_HEADINGS.dateParty);
  await searchTables(page, { date, guests: 2 });
  await arrive(page, '/pages/timeslot', visit, STEP_HEADINGS.timeslot);
  await pickTime(page, '12:00 pm');
  await arrive(page, '/pages/seating', visit, STEP_HEADINGS.seating);
  await pickSeating(page);
  await arrive(page, '/pages/profile', visit, STEP_HEADINGS.details);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await submitDetails(page);
  await arrive(page, '/pages/confirm', visit, STEP_HEADINGS.confirm);
  expect(await agreeAndSubmit(page)).toBe('payment');
  await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/payment', visit, STEP_HEADINGS.payment);
  await payByCard(page, CARDS.approved);
  await arrive(page, '/pages/result', visit, STEP_HEADINGS.result);
  await page.getByRole('link', { name: 'View reservation' }).click();
  await arrive(page, '/pages/order', visit);
  await page.locator('a[href*="pages/cancel"]').first().click();
  await arrive(page, '/pages/cancel', visit);
  // A waitlist offer's link to a booking no longer held (this one is confirmed): the page says the offer has ended.
  const reservationId = /[?&]id=([0-9a-f]{24})/.exec(page.url())![1];
  await openApp(page, `/pages/waitlist-offer?reservation=${reservationId}`);
  await arrive(page, '/pages/waitlist-offer', visit, 'Your table from the waitlist');
  // The confirmation mail's manage link, as the guest opens it from the mail.
  await page.goto(await server.mailedLink(guest.email, /confirmed/));
  await arrive(page, '/pages/manage', visit, 'Your reservation');

  // The card guarantee's time, read while the guest's session is fresh (the hold's expiry below moves the clocks on).
  const [counterTime] = await offeredTimes(server, guest, { domain: 'leclos', experience: "Chef's Counter", date, guests: 2 });

  // Hop Sze checks the mobile number with a texted code.
  await startBooking(page, 'hopsze');
  await pickExperience(page, 'Dim Sum Lunch');
  await searchTables(page, { date, guests: 2 });
  await pickTime(page, '12:00 pm');
  await expectHeading(page, new RegExp(`^(${STEP_HEADINGS.seating}|${STEP_HEADINGS.details})$`));
  if ((await mainHeading(page).textContent()) === STEP_HEADINGS.seating) await pickSeating(page);
  await expectHeading(page, STEP_HEADINGS.details);
  await submitDetails(page);
  await expect(page.getByLabel('Verification code')).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/verify', visit, STEP_HEADINGS.verify);
  // The hold runs out on both clocks: the warning page says the reservation expired.
  await clocks.advance(minutes(16));
  await arrive(page, '/pages/warning', visit, STEP_HEADINGS.expired);

  // After it, a card guarantee (Le Clos's Chef's Counter, at dinner): its card step, left without saving.
  await walkBooking(page, server, { venue: 'leclos', experience: "Chef's Counter", date, guests: 2, time: counterTime!, until: 'card' });
  await arrive(page, '/pages/card', visit, STEP_HEADINGS.card);
}

/** The staff console: its log-in, then as an admin the day sheet (with a booking on it), the table plan, the set-up (floor and venue), closures, the admin pages, the report, privacy and the guest book. */
export async function staffPages({ page, server, day, visit }: TourContext): Promise<void> {
  const date = await bookingDay(server, day);
  const guest = await server.signUp({ firstName: 'Tour', lastName: 'Guest' });
  await server.book(guest, { domain: 'leclos', experience: 'À la Carte', date, time: '1:00 pm', guests: 2 });
  // The booking's allergy page, with the token of its confirmation's manage link (as the reminder links it).
  const manage = new URL(await server.mailedLink(guest.email, /confirmed/i));
  const token = new URLSearchParams(manage.hash.split('?')[1] ?? '').get('token')!;
  await openApp(page, `/pages/allergies?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('radio', { name: 'No allergies' })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/allergies', visit, 'Allergies and dietary needs');
  // The feedback page as a link that is not ours shows it (a real one needs a finished visit: the journey's).
  await openApp(page, '/pages/feedback?token=not-a-feedback-token');
  await expect(page.getByRole('alert')).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/feedback', visit, 'Your feedback');
  // A walk-in's place in the queue by a link that is not ours (a real one is e2e/walk-in-queue.spec.ts's).
  await openApp(page, '/pages/walk-in?token=not-a-walk-in-token');
  await expect(page.getByRole('alert')).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/walk-in', visit, 'Your place in the queue');
  await openApp(page, '/pages/staff/login');
  await arrive(page, '/pages/staff/login', visit, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectHeading(page, 'Day sheet');
  await page.goto(`/#/pages/staff/day?venue=leclos&date=${date}`);
  await expect(page.getByRole('row').filter({ hasText: 'Tour Guest' })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/staff/day', visit, 'Day sheet');
  // The host stand: the floor drawn from the layout and the day's parties.
  await page.goto(`/#/pages/staff/host-stand?venue=leclos&date=${date}`);
  await expect(page.getByRole('region', { name: 'Floor' })).toBeAttached({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/staff/host-stand', visit, 'Host stand');
  await page.goto(`/#/pages/staff/table-plan?venue=leclos&date=${date}`);
  await expect(page.getByText('D12', { exact: true })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/staff/table-plan', visit, 'Table plan');
  // Set-up, a tab per part: the areas-and-tables tab with the floor plan drawn and its forms read.
  await page.goto('/#/pages/staff/setup?venue=leclos&tab=tables');
  await expect(page.getByRole('button', { name: /^Table D1: / })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await expect(page.getByRole('heading', { name: 'Add a table' })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/staff/setup', visit, 'Set-up');
  // The venue set-up's old address opens the Set-up's Venue tab, the texts form with the venue's English read.
  await page.goto('/#/pages/staff/setup-venue?venue=leclos');
  await expect(page.getByRole('tab', { name: 'Venue', selected: true })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await expect(page.getByRole('textbox').first()).toBeVisible({ timeout: PAGE_TIMEOUT });
  await expectRoute(page, '/pages/staff/setup');
  await settled(page);
  await visit('/pages/staff/setup-venue', page);
  await page.goto(`/#/pages/staff/closures?venue=leclos&date=${date}`);
  await arrive(page, '/pages/staff/closures', visit, 'Closures');
  await page.goto(`/#/pages/staff/call-list?venue=leclos&date=${date}`);
  await arrive(page, '/pages/staff/call-list', visit, 'Call list');
  for (const [route, heading] of [
    ['/pages/staff/accounts', 'Staff accounts'],
    ['/pages/staff/audit-log', 'Audit log'],
    // On the test-mode processor: yesterday not reconciled yet (the reconciliation needs Stripe).
    ['/pages/staff/reconciliation', 'Stripe reconciliation'],
  ] as const) {
    await page.goto(`/#${route}`);
    await arrive(page, route, visit, heading);
  }
  // The report once its figures are in (this week, every venue).
  await page.goto('/#/pages/staff/reports');
  await expect(page.getByRole('table', { name: 'Covers and bookings' })).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/staff/reports', visit, 'Reports');
  await page.goto('/#/pages/staff/privacy');
  await expect(page.getByLabel('Years of inactivity')).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/staff/privacy', visit, 'Privacy');
  // The guest book: the tour's guest found by e-mail, then their profile by the result's link.
  await page.goto(`/#/pages/staff/guests?q=${encodeURIComponent(guest.email)}`);
  const found = page.getByRole('link', { name: 'Tour Guest' });
  await expect(found).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/staff/guests', visit, 'Guest book');
  await found.click();
  await expect(page.getByText(guest.email).first()).toBeVisible({ timeout: PAGE_TIMEOUT });
  await arrive(page, '/pages/staff/guest', visit, 'Guest profile');
  for (const [route, heading] of [
    ['/pages/staff/guest-duplicates', 'Duplicate guests'],
    ['/pages/staff/guest-tags', 'Guest tags'],
  ] as const) {
    await page.goto(`/#${route}`);
    await arrive(page, route, visit, heading);
  }
}
