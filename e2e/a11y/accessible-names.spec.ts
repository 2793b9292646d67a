/**
 * Names as Chromium itself computes them for assistive technology (its accessibility tree, read through
 * the DevTools protocol), not as a test library guesses them: a control is announced by its name once,
 * and that name is its text, so a screen reader that reads the content (or ignores aria-hidden) and one
 * that reads the name say the same words.
 */
import type { Page } from '@playwright/test';
import { expectHeading, openApp } from '../support/app';
import { expect, test } from '../support/fixtures';

/** The names of the page's buttons in Chromium's accessibility tree. */
async function buttonNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
  };
  await cdp.detach();
  return nodes.filter((n) => !n.ignored && n.role?.value === 'button').map((n) => String(n.name?.value ?? ''));
}

test("the password's show switch is announced as 'Show password', then 'Hide password'", async ({ page }) => {
  await openApp(page, '/pages/login');
  await expectHeading(page, 'Log in');
  const toggle = page.getByRole('button', { name: /password/i });
  expect((await buttonNames(page)).filter((name) => /password/i.test(name))).toEqual(['Show password']);
  expect(await toggle.textContent()).toBe('Show password');

  await toggle.click();
  expect((await buttonNames(page)).filter((name) => /password/i.test(name))).toEqual(['Hide password']);
  expect(await toggle.textContent()).toBe('Hide password');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
});
