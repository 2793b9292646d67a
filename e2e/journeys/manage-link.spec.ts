/**
 * The manage link of the confirmation mail, opened in a fresh browser (no session): the guest sees the
 * booking, changes it without logging in, and the link of the old mail then says it was changed. And the
 * reminder a day before the visit, whose one-tap link confirms the guest is coming.
 */
import { expectHeading, useSession } from '../support/app';
import { bookingDay, walkBooking } from '../support/booking';
import { expect, minutes, test } from '../support/fixtures';
import { formatDate } from '../../common/time';
import { JOURNEY_DAYS, rowValue } from './journey-steps';

test('a guest changes a booking through the link in its mail, logged out; the old link says it changed', async ({ page, server, browser, baseURL }) => {
  const guest = await server.signUp({ firstName: 'Mei', lastName: 'Lam' });
  const day = await bookingDay(server, JOURNEY_DAYS.manageLink);
  await useSession(page, guest);
  await walkBooking(page, server, { venue: 'leclos', experience: 'À la Carte', date: day, guests: 2, time: '12:30 pm' });
  const link = await server.mailedLink(guest.email, /confirmed/);
  expect(link).toContain('#/pages/manage?token=');

  // Another browser, as on a phone reading the mail: no tokens stored, nobody logged in.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await other.goto(link);
  await expectHeading(other, 'Your reservation');
  const details = other.getByRole('region', { name: /^Reservation / });
  await expect(rowValue(details, 'Date')).toHaveText(formatDate(day));
  await expect(rowValue(details, 'Time')).toHaveText('12:30 pm – 2:00 pm');
  expect(await other.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  await other.getByRole('button', { name: 'Change' }).click();
  const form = other.getByRole('form', { name: 'Change reservation' });
  await form.getByLabel('Guests').selectOption('3');
  await expect(form.getByRole('group', { name: 'Time' }).getByRole('status')).toHaveCount(0);
  await form.getByRole('group', { name: 'Time' }).getByRole('button', { name: '1:00 pm', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await other.getByRole('region', { name: 'Check your change' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(other.getByText('Your reservation has been changed.')).toBeVisible();
  await expect(rowValue(details, 'Time')).toHaveText('1:00 pm – 2:30 pm');
  await expect(rowValue(details, 'Guests')).toHaveText('3 guests');
  const changeMail = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /has changed/ });
  expect(changeMail.body).toContain('Party: 3 guests');
  const own = await server.call('GET', '/user/reservation', { token: guest.token });
  expect(own.body.data.map((r: { startTime: number; numberOfGuests: number }) => [r.startTime, r.numberOfGuests])).toEqual([[780, 3]]);

  // The confirmation mail's link now says the booking has changed, and offers nothing to do.
  const old = await context.newPage();
  await old.goto(link);
  await expect(old.getByRole('alert')).toHaveText('This reservation has been changed since this e-mail was sent.');
  await expect(old.getByRole('button', { name: 'Change' })).toHaveCount(0);
  // The change mail's link opens the booking as it now stands.
  await old.goto(await server.mailedLink(guest.email, /has changed/));
  await expect(rowValue(old.getByRole('region', { name: /^Reservation / }), 'Guests')).toHaveText('3 guests');
  await context.close();
});

test('a guest gets the reminder a day before the visit and confirms from it in one tap', async ({ page, server, clocks }) => {
  const guest = await server.signUp({ firstName: 'Ho', lastName: 'Chun' });
  const day = await bookingDay(server, JOURNEY_DAYS.reminder);
  await useSession(page, guest);
  await walkBooking(page, server, { venue: 'leclos', experience: 'À la Carte', date: day, guests: 2, time: '7:00 pm' });
  const startsAt = new Date(`${day}T19:00:00+08:00`);

  // A minute inside the 24 hours before the visit: the server's clock sends what is due.
  await clocks.advanceTo(new Date(startsAt.getTime() - minutes(24 * 60 - 1)));
  const reminder = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /^Reminder: your reservation at Le Clos/ });
  expect(reminder.body).toContain('Time: 7:00 pm');
  const confirmLink = /https?:\/\/\S+action=confirm/.exec(reminder.body)![0];
  const own = new URL(confirmLink);
  own.host = new URL(server.baseURL).host;

  await page.goto(own.toString());
  await expectHeading(page, 'Your reservation');
  await expect(page.getByText('Thank you: we have noted that you are coming.')).toBeVisible();
  await expect(rowValue(page.getByRole('region', { name: /^Reservation / }), 'Reconfirmed')).toBeVisible();
  // The guest's session has long expired; the link itself reads the reservation as staff would see it.
  const token = own.hash.match(/token=([^&]+)/)![1]!;
  const read = await server.call('GET', `/manage/${token}`);
  expect(read.body.data.reservation.reconfirmedAt).not.toBeNull();
});
