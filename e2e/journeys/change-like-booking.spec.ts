/**
 * Journey on a phone (390 × 844): a change feels like booking. The change form offers the wizard's own
 * parts (the day list, the party sizes, times by service, the dining areas free at the time picked); a
 * guest moves a paid Rotisserie lunch to another day, six guests and the Garden Terrace, reads why the
 * deposit per guest rose (its tier from six guests), and pays the difference with the card that paid.
 */
import { expectHeading, useSession } from '../support/app';
import { bookingDay, walkBooking } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { formatDate } from '../../common/time';
import { JOURNEY_DAYS, rowValue } from './journey-steps';

test.use({ viewport: { width: 390, height: 844 } });

test('a change of date, party and dining area through the wizard’s parts, with the deposit’s reason', async ({ page, server }) => {
  const guest = await server.signUp({ firstName: 'Mei', lastName: 'Tsang' });
  const firstDay = await bookingDay(server, JOURNEY_DAYS.changeLikeBooking);
  const newDay = await bookingDay(server, JOURNEY_DAYS.changeLikeBookingTo);
  await useSession(page, guest);
  await walkBooking(page, server, { venue: 'leclos', experience: 'Rotisserie Sharing Menu', date: firstDay, guests: 4, time: '12:00 pm', seating: 'Dining Room' });
  await page.getByRole('link', { name: 'View reservation' }).click();
  await expectHeading(page, 'Your reservation');
  const details = page.getByRole('region', { name: /^Reservation / });
  await expect(rowValue(details, 'Deposit')).toHaveText('HK$800');

  await page.getByRole('button', { name: 'Change' }).click();
  const form = page.getByRole('form', { name: 'Change reservation' });
  // The day list writes days in the app's language, as the wizard's does; the party as '4 guests'.
  await expect(form.getByLabel('Date')).toHaveValue(firstDay);
  await form.getByLabel('Date').selectOption(newDay);
  await form.getByLabel('Guests').selectOption({ label: '6 guests' });
  // The times grouped by service, as the wizard's time step groups them.
  const time = form.getByLabel('Time');
  await expect(time).toBeEnabled();
  await expect(time.locator('optgroup[label="Lunch"]')).toHaveCount(1);
  await time.selectOption({ label: '12:30 pm' });
  // The dining areas free then, as the wizard's seating step offers them.
  const areas = form.getByRole('group', { name: 'Dining area' });
  await areas.getByRole('button', { name: /^Garden Terrace/ }).click();
  await expect(areas.getByRole('button', { name: /^Garden Terrace/ })).toHaveAttribute('aria-pressed', 'true');
  await form.getByRole('button', { name: 'Continue' }).click();

  const review = page.getByRole('region', { name: 'Check your change' });
  await expect(review).toContainText('New deposit: HK$1,800. Paid so far: HK$800.');
  // Why it rose: six guests reach the tier of HK$300 a guest.
  await expect(review.getByText('From 6 guests the deposit is HK$300 a guest.')).toBeVisible();
  await review.getByRole('button', { name: 'Pay HK$1,000 by card' }).click();
  await page.getByRole('region', { name: 'Your saved cards' }).getByRole('button', { name: 'Pay HK$1,000 with Visa card ending 4242' }).click();

  await expect(page.getByText('Your reservation has been changed.')).toBeVisible();
  await expect(rowValue(details, 'Date')).toHaveText(formatDate(newDay));
  await expect(rowValue(details, 'Time')).toHaveText('12:30 pm – 2:30 pm');
  await expect(rowValue(details, 'Guests')).toHaveText('6 guests');
  await expect(rowValue(details, 'Dining area')).toHaveText('Garden Terrace');
  await expect(rowValue(details, 'Deposit')).toHaveText('HK$1,800');
});
