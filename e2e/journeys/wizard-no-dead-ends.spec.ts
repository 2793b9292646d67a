/**
 * Journey (no dead ends for a guest, at 390×844): a booking left after choosing an experience and a link
 * to another venue's date step land on that venue's experiences, which lead on; Back from the details
 * returns to the dining area; a members-only experience is refused on the experience step, with what
 * membership offers and a link to Membership.
 */
import { expectHeading, expectRoute, openApp, useSession } from '../support/app';
import { bookingDay, pickExperience, pickSeating, pickTime, searchTables, STEP_HEADINGS } from '../support/booking';
import { expect, test } from '../support/fixtures';

test.describe('no dead ends in the booking wizard', () => {
  test('a stale booking and a link to another venue’s date step', async ({ page, server }) => {
    await openApp(page, '/pages/experience?domain=hopsze');
    await pickExperience(page, 'À la Carte Dinner');
    await page.goBack();
    await expectHeading(page, STEP_HEADINGS.experience);
    await page.evaluate(() => (location.hash = '#/pages/reservations'));
    await page.evaluate(() => (location.hash = '#/pages/book?domain=leclos'));
    await expectRoute(page, '/pages/experience');
    await expectHeading(page, STEP_HEADINGS.experience);
    await pickExperience(page, 'À la Carte');
    await searchTables(page, { date: await bookingDay(server, 45), guests: 2 });
    await expectHeading(page, STEP_HEADINGS.timeslot);
  });

  test('Back from the details step returns to the dining area, then to the times', async ({ page, server }) => {
    await useSession(page, await server.signUp());
    await openApp(page, '/pages/experience?domain=leclos');
    await pickExperience(page, 'À la Carte');
    await searchTables(page, { date: await bookingDay(server, 46), guests: 2 });
    await pickTime(page, '12:30 pm');
    await pickSeating(page);
    await expectHeading(page, STEP_HEADINGS.details);
    await page.goBack();
    await expectHeading(page, STEP_HEADINGS.seating);
    await expectRoute(page, '/pages/seating');
    await page.goBack();
    await expectHeading(page, STEP_HEADINGS.timeslot);
    await pickTime(page, '12:30 pm');
    await expectHeading(page, STEP_HEADINGS.seating);
  });

  test('a members-only experience is refused on the experience step', async ({ page, server }) => {
    await useSession(page, await server.signUp());
    await openApp(page, '/pages/experience?domain=leclos');
    const card = page.getByRole('article', { name: "Members' Supper Club" });
    await expect(card).toBeVisible();
    await expect(card.getByText('Members only')).toBeVisible();
    await expect(card.getByText('For club members. What membership offers:')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Members' Supper Club/ })).toHaveCount(0);
    await card.getByRole('link', { name: 'About membership' }).click();
    await expectHeading(page, 'Membership');
  });
});
