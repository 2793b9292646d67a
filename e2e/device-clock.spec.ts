/**
 * A device whose clock is not the server's (`pageClock: false`, then a page clock the test sets off):
 * the app runs on the server's clock, learned from the Date header of its answers, so the booking's
 * "today" is the server's, and the session refreshes its token once, a minute before it runs out on the
 * server, neither in a loop nor late.
 */
import { addDays, hongKongDate } from '../common/time';
import { logInWithForm, openApp } from './support/app';
import { pickExperience, startBooking } from './support/booking';
import { expect, minutes, test } from './support/fixtures';

test.use({ pageClock: false });

const REFRESH_PATH = '/user/authentication/refresh-token';

for (const [device, offMs] of [
  ['a day fast', 24 * 60 * 60_000],
  ['10 minutes slow', -minutes(10)],
] as const) {
  test(`on a device ${device}: today and the token refresh follow the server's clock`, async ({ page, server, clocks }) => {
    await page.clock.install({ time: (await clocks.now()).getTime() + offMs });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === REFRESH_PATH) refreshes.push(request.url());
    });
    const guest = await server.signUp();

    await openApp(page, '/pages/login');
    await logInWithForm(page, guest);
    const loggedInAt = await clocks.now();
    await startBooking(page, 'leclos');
    await pickExperience(page, 'À la Carte');
    // The server's today (the day may turn while the page opens: either side of midnight will do).
    const dateField = page.getByLabel('Or pick another date');
    const today = hongKongDate(await clocks.now());
    expect([hongKongDate(loggedInAt), today]).toContain(await dateField.inputValue());
    // Its days run from the server's today to 90 days after it.
    await expect(dateField.locator('option').first()).toHaveAttribute('value', await dateField.inputValue());
    await expect(dateField.locator('option').last()).toHaveAttribute('value', addDays(await dateField.inputValue(), 90));

    // The token lasts 15 minutes on the server's clock: the refresh is due a minute before.
    await clocks.advanceTo(new Date(loggedInAt.getTime() + minutes(13)));
    expect(refreshes, 'no refresh while the token has more than a minute left').toEqual([]);
    const storedRefreshToken = () => page.evaluate(() => localStorage.getItem('refresh_token'));
    const firstPair = await storedRefreshToken();
    await clocks.advance(minutes(1) + 2_000);
    await expect.poll(() => refreshes.length, { message: 'one refresh, a minute before the token runs out' }).toBe(1);
    // Its answer is in (moving the clocks while it is on its way would time it out).
    await expect.poll(storedRefreshToken).not.toBe(firstPair);
    await clocks.advance(minutes(12));
    // Calls still go through on the refreshed token, and it was the only refresh.
    await openApp(page, '/pages/order');
    await expect(page.getByRole('heading', { level: 1, name: 'My reservations' })).toBeVisible();
    await expect(page.getByText('No Available Reservations').first()).toBeVisible();
    expect(refreshes).toHaveLength(1);
  });
}
