/**
 * The app as a person uses it: open an address, read the page's heading, log in with the form, or come
 * back as a returning visitor whose tokens are stored. Everything is found by role, label or text.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO, type DemoAccount } from './constants';
import type { Session, TestServer } from './server-api';

/** How long a page may take to show its heading (lazy route chunks, a server round trip or two). */
export const PAGE_TIMEOUT = 10_000;

/** Opens the app at a hash address like `/pages/book?domain=leclos`, in `locale` when given. */
export async function openApp(page: Page, address: string, { locale }: { locale?: string } = {}): Promise<void> {
  if (locale) await rememberOnce(page, { locale });
  await page.goto(`/#${address}`);
}

/**
 * Waits until the app has the page: a first view (Home, the venues, a venue's detail; scripts/first-views.ts)
 * shows the page before the app has arrived, and its buttons do nothing until then.
 */
export async function untilAppHasPage(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('data-first-view', { timeout: PAGE_TIMEOUT });
}

/** Opens the navigation bar's menu (named `name`, as in the page's language), once the app has the page. */
export async function openMainMenu(page: Page, name = 'Menu'): Promise<Locator> {
  await untilAppHasPage(page);
  const toggle = page.getByRole('banner').getByRole('button', { name, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.getByRole('navigation');
}

/** The page's main heading. */
export function mainHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

/** Waits until the page's main heading reads `name`. */
export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect(mainHeading(page)).toHaveText(name, { timeout: PAGE_TIMEOUT });
}

/** The address after the `#`, without its query: `/pages/timeslot`. */
export function currentRoute(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '').split('?')[0] || '/';
}

/** Waits until the address is `route` (e.g. '/pages/profile'). */
export async function expectRoute(page: Page, route: string): Promise<void> {
  await expect.poll(() => currentRoute(page), { timeout: PAGE_TIMEOUT, message: `the address should be ${route}` }).toBe(route);
}

/**
 * Stores values in the page's localStorage before the app first loads, once per tab (a later reload
 * keeps what the app itself did with them, e.g. a log-out).
 */
async function rememberOnce(page: Page, values: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    const flag = `e2e-stored:${Object.keys(entries).join(',')}`;
    if (sessionStorage.getItem(flag)) return;
    sessionStorage.setItem(flag, '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

/**
 * Makes the page a returning visitor logged in as `session` (tokens stored under docs/PRODUCT.md §3's keys, as
 * after an earlier log-in). Call before the first `openApp`.
 */
export async function useSession(page: Page, session: Session): Promise<void> {
  await rememberOnce(page, {
    access_token: session.token,
    refresh_token: session.refreshToken,
    cache_user_info: JSON.stringify(session.user),
  });
}

/** Logs a demo account in through the API and makes the page its returning visitor. */
export async function useDemoSession(page: Page, server: TestServer, account: DemoAccount): Promise<Session> {
  const session = await server.logIn(account);
  await useSession(page, session);
  return session;
}

/**
 * Logs in with the form on the page that is open (the log-in page, or one that sent the person there),
 * and waits until the page has moved on.
 */
export async function logInWithForm(page: Page, account: DemoAccount | { email: string; password: string }): Promise<void> {
  const { email, password } = typeof account === 'string' ? DEMO[account] : account;
  await expectHeading(page, 'Log in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(mainHeading(page)).not.toHaveText('Log in', { timeout: PAGE_TIMEOUT });
}
