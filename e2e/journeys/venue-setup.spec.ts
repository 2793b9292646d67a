/**
 * Journey (issue 24, "The club sets itself up"): an admin at Le Clos opens the Set-up section. This first
 * part checks the Set-up's tabs are axe clean at phone and tablet sizes; the editing steps (table, pacing,
 * last seating, picture and menu, a stale edit's conflict, the preview naming a booking) are still to come.
 */
import { expectNoAxeViolations } from '../a11y/axe';
import { expectHeading, openApp, PAGE_TIMEOUT } from '../support/app';
import { DEMO } from '../support/constants';
import { expect, test } from '../support/fixtures';

/** The sizes the Set-up is checked at: a phone (the mobile-first layout) and a tablet (the wide layout). */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
] as const;

const TABS = ['Venue', 'Areas and tables', 'Pacing and turn times', 'Experiences'] as const;

test('the Set-up tabs are axe clean at phone and tablet sizes', async ({ page }) => {
  test.setTimeout(120_000);
  // Staff log in with the form, as the other staff journeys do.
  await openApp(page, '/pages/staff/login');
  await expectHeading(page, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectHeading(page, 'Day sheet');
  await openApp(page, '/pages/staff/setup?venue=leclos&tab=venue');
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
