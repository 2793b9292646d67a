/**
 * Journey on a phone (390 × 844): a change feels like booking. The change form offers the wizard's own
 * parts (the day list, the party sizes, its time buttons by service, the dining areas free at the time picked); a
 * guest moves a paid Rotisserie lunch to another day, six guests and the Garden Terrace, reads why the
 * deposit per guest rose (its tier from six guests), and pays the difference with the card that paid.
 */
import { expectNoAxeViolations } from '../a11y/axe';
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
  // The times are the wizard's time buttons, grouped by service as its time step groups them, the
  // booked time pressed until another is picked; picked from the keyboard, the focus stays on the time picked.
  const times = form.getByRole('group', { name: 'Time' });
  await expect(times.getByRole('status')).toHaveCount(0);
  const lunch = times.getByRole('region', { name: 'Lunch' });
  await expect(lunch.getByRole('heading', { name: 'Lunch' })).toBeVisible();
  await expect(lunch.getByRole('button', { name: '12:00 pm', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const later = lunch.getByRole('button', { name: '12:30 pm', exact: true });
  await expect(later).toBeEnabled();
  await later.focus();
  await page.keyboard.press('Enter');
  await expect(later).toHaveAttribute('aria-pressed', 'true');
  await expect(lunch.getByRole('button', { name: '12:00 pm', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(later).toBeFocused();
  // The dining areas free then, as the wizard's seating step offers them.
  const areas = form.getByRole('group', { name: 'Dining area' });
  await areas.getByRole('button', { name: /^Garden Terrace/ }).click();
  await expect(areas.getByRole('button', { name: /^Garden Terrace/ })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, 'the change form with a time and an area picked');
  await form.getByRole('button', { name: 'Continue' }).click();

  const review = page.getByRole('region', { name: 'Check your change' });
  // The review takes the focus, so the guest hears what the change costs.
  await expect(review.getByRole('heading', { name: 'Check your change' })).toBeFocused();
  await expect(review).toContainText('New deposit: HK$1,800. Paid so far: HK$800.');
  // Why it rose: six guests reach the tier of HK$300 a guest.
  await expect(review.getByText('From 6 guests the deposit is HK$300 a guest.')).toBeVisible();
  await expectNoAxeViolations(page, "the change's review");
  await review.getByRole('button', { name: 'Pay HK$1,000 by card' }).click();
  await page.getByRole('region', { name: 'Your saved cards' }).getByRole('button', { name: 'Pay HK$1,000 with Visa card ending 4242' }).click();

  await expect(page.getByText('Your reservation has been changed.')).toBeVisible();
  await expect(rowValue(details, 'Date')).toHaveText(formatDate(newDay));
  await expect(rowValue(details, 'Time')).toHaveText('12:30 pm – 2:30 pm');
  await expect(rowValue(details, 'Guests')).toHaveText('6 guests');
  await expect(rowValue(details, 'Dining area')).toHaveText('Garden Terrace');
  await expect(rowValue(details, 'Deposit')).toHaveText('HK$1,800');
});
