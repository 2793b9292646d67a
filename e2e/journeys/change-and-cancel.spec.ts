/**
 * Journeys on a confirmed booking, from the reservation's own page: changing its date, time and party;
 * cancelling it, with the consequence stated before anything happens: free (outside the venue's window)
 * or with the late fee (inside it, a deposit paid).
 */
import { expectHeading, expectRoute, useSession } from '../support/app';
import { bookingDay, STEP_HEADINGS, walkBooking } from '../support/booking';
import { expect, minutes, test, type Clocks } from '../support/fixtures';
import { addDays, formatDate, hongKongDate, hongKongMinutes } from '../../common/time';
import { JOURNEY_DAYS, rowValue } from './journey-steps';

test('a guest changes the date, time and party of a booking, then cancels it free of charge', async ({ page, server }) => {
  const guest = await server.signUp({ firstName: 'Kit', lastName: 'Yeung' });
  const firstDay = await bookingDay(server, JOURNEY_DAYS.change);
  const newDay = await bookingDay(server, JOURNEY_DAYS.changedTo);
  await useSession(page, guest);
  await walkBooking(page, server, { venue: 'leclos', experience: 'À la Carte', date: firstDay, guests: 2, time: '12:30 pm' });
  const reference = ((await page.getByText(/^Reference /).textContent()) ?? '').replace(/^Reference /, '');
  await page.getByRole('link', { name: 'View reservation' }).click();

  await expectHeading(page, 'Your reservation');
  const details = page.getByRole('region', { name: `Reservation ${reference}` });
  await expect(rowValue(details, 'Date')).toHaveText(formatDate(firstDay));
  await expect(rowValue(details, 'Time')).toHaveText('12:30 pm – 2:00 pm');

  // The change form starts from the booking as it is; a new day and party ask for the times again.
  await page.getByRole('button', { name: 'Change' }).click();
  const form = page.getByRole('form', { name: 'Change reservation' });
  await expect(form.getByLabel('Date')).toHaveValue(firstDay);
  await expect(form.getByLabel('Guests')).toHaveValue('2');
  // The times are the wizard's time buttons by service, the booked one pressed.
  const times = form.getByRole('group', { name: 'Time' });
  await expect(times.getByRole('button', { name: '12:30 pm', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await form.getByLabel('Date').selectOption(newDay);
  await form.getByLabel('Guests').selectOption('4');
  await expect(times.getByRole('status')).toHaveCount(0);
  // Picked from the keyboard: the dinner time, then Continue, its review taking the focus.
  const dinner = times.getByRole('region', { name: 'Dinner' }).getByRole('button', { name: '7:30 pm', exact: true });
  await dinner.focus();
  await page.keyboard.press('Space');
  await expect(dinner).toHaveAttribute('aria-pressed', 'true');
  await expect(dinner).toBeFocused();
  await form.getByRole('button', { name: 'Continue' }).press('Enter');
  const review = page.getByRole('region', { name: 'Check your change' });
  await expect(review.getByRole('heading', { name: 'Check your change' })).toBeFocused();
  await review.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('Your reservation has been changed.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(rowValue(details, 'Date')).toHaveText(formatDate(newDay));
  await expect(rowValue(details, 'Time')).toHaveText('7:30 pm – 9:00 pm');
  await expect(rowValue(details, 'Guests')).toHaveText('4 guests');
  await expect(rowValue(details, 'Status')).toHaveText('Confirmed');
  const changeMail = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /has changed/ });
  expect(changeMail.body).toContain('Time: 7:30 pm');
  expect(changeMail.body).toContain('Party: 4 guests');

  // Cancelling: the consequence first, nothing done until the guest confirms.
  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  await expectHeading(page, 'Cancel reservation');
  const consequence = page.getByRole('region', { name: 'If you cancel' });
  await expect(consequence.getByText('Free cancellation')).toBeVisible();
  await expect(consequence).toContainText('You are cancelling more than 24 hours before your reservation, so no fee applies.');
  await expect(consequence).toContainText(`From ${formatDate(addDays(newDay, -1))}, 7:30 pm a late cancellation fee would apply.`);
  const before = await server.call('GET', '/user/reservation', { token: guest.token });
  expect(before.body.data.map((r: { status: string }) => r.status)).toEqual(['CONFIRMED']);

  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(page.getByText('Your reservation has been canceled.')).toBeVisible();
  await expect(page.getByText('New status:')).toHaveText('New status: Canceled');
  const cancelMail = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /is cancelled/ });
  expect(cancelMail.subject).toBe(`Your reservation at Le Clos is cancelled – ${reference}`);

  // The list has it among the past ones, cancelled, and nothing upcoming.
  await page.getByRole('link', { name: 'Back to my reservations' }).click();
  await expectHeading(page, 'My reservations');
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByText('No Available Reservations')).toBeVisible();
  const past = page.getByRole('region', { name: 'Past' }).getByRole('listitem');
  await expect(past).toHaveCount(1);
  await expect(rowValue(past, 'Reference')).toHaveText(reference);
  await expect(rowValue(past, 'Status')).toHaveText('Canceled');
});

test('cancelling inside the window states the late fee first, and keeps the deposit as the fee', async ({ page, server, clocks }) => {
  const guest = await server.signUp({ firstName: 'May', lastName: 'Lo' });
  const today = await dayWithDinnerAhead(clocks);
  await useSession(page, guest);
  // Tonight at 7:00 pm: within Le Clos's 24-hour window from the moment it is booked.
  await walkBooking(page, server, { venue: 'leclos', experience: 'Rotisserie Sharing Menu', date: today, guests: 2, time: '7:00 pm' });
  await expectHeading(page, STEP_HEADINGS.result);
  await page.getByRole('link', { name: 'View reservation' }).click();
  await expectHeading(page, 'Your reservation');
  await expect(rowValue(page.getByRole('region', { name: /^Reservation / }), 'Deposit')).toHaveText('HK$400');

  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  await expectHeading(page, 'Cancel reservation');
  const consequence = page.getByRole('region', { name: 'If you cancel' });
  await expect(consequence.getByText('Late cancellation', { exact: true })).toBeVisible();
  await expect(consequence).toContainText('Your reservation starts within 24 hours, so a late cancellation fee applies.');
  await expect(consequence).toContainText('Late cancellation fee: HK$400 (HK$200 per person for 2 guests).');
  await expect(consequence).toContainText('The reservation will show as Canceled Late.');

  // The guest thinks better of it first, then comes back and cancels.
  await page.getByRole('link', { name: 'Keep my reservation' }).click();
  await expectHeading(page, 'Your reservation');
  await expect(rowValue(page.getByRole('region', { name: /^Reservation / }), 'Status')).toHaveText('Confirmed');
  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  await expectRoute(page, '/pages/cancel');
  await page.getByRole('button', { name: 'Cancel reservation' }).click();

  await expect(page.getByText('Your reservation has been canceled.')).toBeVisible();
  await expect(page.getByText('New status:')).toHaveText('New status: Canceled Late');
  const mail = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /is cancelled/ });
  expect(mail.body).toContain('Your reservation has been cancelled inside the venue’s cancellation window.');
  expect(mail.body).toContain('Late cancellation fee kept: HK$400');
  expect(mail.body).not.toContain('Refund:');
});

/**
 * Today, while Le Clos still takes a 7:00 pm booking (an hour's notice); else the clocks go forward to
 * 10:00 the next morning (forward only: other tests share the server's time).
 */
async function dayWithDinnerAhead(clocks: Clocks): Promise<string> {
  const now = await clocks.now();
  if (hongKongMinutes(now) <= 17 * 60) return hongKongDate(now);
  const minutesToTomorrowTen = 24 * 60 - hongKongMinutes(now) + 10 * 60;
  return hongKongDate(await clocks.advance(minutes(minutesToTomorrowTen)));
}
