/**
 * The staff report in Chromium, at the phone and tablet sizes: an admin logs in to the staff console,
 * reads this week's report (axe finds nothing, colour contrast included), switches to weeks, and
 * downloads the CSV.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { expectHeading, openApp } from './support/app';
import { DEMO } from './support/constants';
import { expectNoAxeViolations } from './a11y/axe';

test('an admin reads the week and downloads it as CSV', async ({ page }, testInfo) => {
  await openApp(page, '/pages/staff/reports');
  await expectHeading(page, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Reports');
  await expect(page.getByRole('table', { name: 'Covers and bookings' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Covers by day/ })).toBeVisible();
  await expectNoAxeViolations(page, `/pages/staff/reports (${testInfo.project.name})`);

  await page.getByLabel('Figures by').selectOption('week');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByRole('img', { name: /Covers by week/ })).toBeVisible();
  await expectNoAxeViolations(page, `/pages/staff/reports by week (${testInfo.project.name})`);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^report-all-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-week\.csv$/);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.split('\r\n')[0]).toMatch(/^\uFEFF?Venue,Period,From,To,/);
});
