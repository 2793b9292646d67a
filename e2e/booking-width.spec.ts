/**
 * At 390 px the date-and-party step once scrolled sideways (its 14-day row made the page 1088 px
 * wide). Every booking step fits the phone's width: only the day row scrolls, within itself.
 */
import type { Page } from '@playwright/test';
import { expectHeading, useSession } from './support/app';
import {
  agreeAndSubmit,
  bookingDay,
  enterSmsCode,
  payByCard,
  pickExperience,
  pickSeating,
  pickTime,
  searchTables,
  startBooking,
  STEP_HEADINGS,
  submitDetails,
} from './support/booking';
import { expect, test } from './support/fixtures';

const PHONE_WIDTH = 390;

/** The page's scrollable width once the step's heading shows. */
async function expectFitsWidth(page: Page, heading: string) {
  await expectHeading(page, heading);
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${heading}: the page is ${width} px wide`).toBeLessThanOrEqual(PHONE_WIDTH);
}

test('no booking step scrolls sideways at 390 px', async ({ page, server }) => {
  expect(page.viewportSize()?.width).toBe(PHONE_WIDTH);
  const guest = await server.signUp();
  await useSession(page, guest);

  await startBooking(page, 'batard');
  await expectFitsWidth(page, STEP_HEADINGS.experience);
  await pickExperience(page, 'Tasting Menu');
  await expectFitsWidth(page, STEP_HEADINGS.dateParty);
  // The day row still scrolls, within itself.
  const row = page.getByRole('group', { name: 'Date' }).locator('.day-strip');
  expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  // A signed-up guest (not a member) books Bâtard at most 30 days ahead (members 90): a day within the
  // guests' window that no other spec books at Bâtard in the evening.
  await searchTables(page, { date: await bookingDay(server, 29), guests: 2 });
  await expectFitsWidth(page, STEP_HEADINGS.timeslot);
  await pickTime(page, '7:00 pm');
  await expectHeading(page, new RegExp(`^(${STEP_HEADINGS.seating}|${STEP_HEADINGS.details})$`));
  if ((await page.getByRole('heading', { level: 1 }).textContent()) === STEP_HEADINGS.seating) {
    await expectFitsWidth(page, STEP_HEADINGS.seating);
    await pickSeating(page);
  }
  await expectFitsWidth(page, STEP_HEADINGS.details);
  await submitDetails(page);
  await expectHeading(page, new RegExp(`^(${STEP_HEADINGS.verify}|${STEP_HEADINGS.confirm})$`));
  if ((await page.getByRole('heading', { level: 1 }).textContent()) === STEP_HEADINGS.verify) {
    await expectFitsWidth(page, STEP_HEADINGS.verify);
    await enterSmsCode(page, server);
  }
  await expectFitsWidth(page, STEP_HEADINGS.confirm);
  // A Bâtard tasting menu for 2 with service charge once read 'HK$3,713.6'.
  await expect(page.getByText('HK$3,713.60').first()).toBeVisible();
  expect(await agreeAndSubmit(page)).toBe('payment');
  await expectFitsWidth(page, STEP_HEADINGS.payment);
  await payByCard(page);
  await expectFitsWidth(page, STEP_HEADINGS.result);
});
