/**
 * Errors outside the wizard's forms are announced too: a read the server refuses shows its message as a
 * toast, which screen readers hear at once (assertive), as they hear the wizard's own errors.
 */
import { expect } from '@playwright/test';
import { openApp, PAGE_TIMEOUT } from '../support/app';
import { test } from '../support/fixtures';
import { announcements, recordAnnouncements } from './announcements';

test("a refused read's message is announced at once", async ({ page }) => {
  await recordAnnouncements(page);
  // The server refuses the venue's read (arranged here: it is up, and would answer).
  await page.route('**/public/venue/by-domain/**', (route) =>
    route.fulfill({ status: 503, json: { status: 503, errorCode: 50000, message: 'The club is closed for maintenance' } }),
  );
  await openApp(page, '/pages/venue-detail?domain=leclos');
  await expect(page.locator('.toast')).toHaveText('The club is closed for maintenance', { timeout: PAGE_TIMEOUT });
  await expect
    .poll(() => announcements(page), { timeout: PAGE_TIMEOUT })
    .toContainEqual({ text: 'The club is closed for maintenance', politeness: 'assertive' });
});
