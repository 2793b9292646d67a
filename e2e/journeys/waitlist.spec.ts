/**
 * Journey: the last table for eight at Obe goes to guest A; guest B finds no time, joins the waitlist,
 * and sees the entry in My reservations; A cancels; B's mail (the dev outbox) carries the offer's link,
 * which opens the held table at the details step, and B finishes the booking like any other.
 */
import { expectHeading, openApp, useSession } from '../support/app';
import { agreeAndSubmit, bookingDay, enterSmsCode, pickExperience, searchTables, startBooking, STEP_HEADINGS, submitDetails } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { isoWeekday } from '../../common/time';
import { JOURNEY_DAYS, rowValue } from './journey-steps';

// Only Obe's K1 seats eight; Bar Seating lasts two hours and takes no payment.
const TABLE = { domain: 'obe', experience: 'Bar Seating', guests: 8 } as const;

test('a guest joins the waitlist, is offered the table another guest cancels, and books it', async ({ page, server }) => {
  const date = await bookingDay(server, JOURNEY_DAYS.waitlist);
  // Fill K1 for the evening: 5 and 7 pm (and 11 pm on the late nights, Wed–Sat), then A takes 9 pm, the last.
  const lateNight = [3, 4, 5, 6].includes(isoWeekday(date));
  for (const time of ['5:00 pm', '7:00 pm', ...(lateNight ? ['11:00 pm'] : [])]) {
    await server.book(await server.signUp(), { ...TABLE, date, time });
  }
  const guestA = await server.signUp({ firstName: 'Ada', lastName: 'Lam' });
  const last = await server.book(guestA, { ...TABLE, date, time: '9:00 pm' });
  expect(last.status).toBe('CONFIRMED');

  const guestB = await server.signUp({ firstName: 'Ben', lastName: 'Ho' });
  await useSession(page, guestB);
  await startBooking(page, TABLE.domain);
  await pickExperience(page, TABLE.experience);
  await searchTables(page, { date, guests: TABLE.guests });
  await expect(page.getByText('No time slot available')).toBeVisible();
  const join = page.getByRole('form', { name: 'Join the waitlist' });
  await expect(join.getByLabel('Earliest time')).toHaveValue('360');
  await join.getByLabel('Earliest time').selectOption({ label: '6:00 pm' });
  await join.getByLabel('Latest time').selectOption({ label: '10:00 pm' });
  await join.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('You are on the waitlist. We will e-mail you as soon as a table frees.')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'My reservations' }).click();
  await expectHeading(page, 'My reservations');
  const entry = page.getByRole('region', { name: 'Waitlist' }).getByRole('listitem');
  await expect(entry).toHaveCount(1);
  await expect(rowValue(entry, 'Times')).toHaveText('6:00 pm – 10:00 pm');
  await expect(rowValue(entry, 'Guests')).toHaveText('8 guests');
  await expect(rowValue(entry, 'Status')).toHaveText('Waiting');
  await expect(entry.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();

  // A cancels: the freed table is held for B, who is mailed the link.
  const cancelled = await server.call('PUT', `/user/reservation/v1.1/cancel/${last._id}`, { token: guestA.token });
  expect(cancelled.status).toBe(200);
  const link = await server.mailedLink(guestB.email, /A table is free for you at Obe/);
  expect(link).toContain('/#/pages/waitlist-offer?reservation=');
  const offerMail = await server.waitForMessage({ recipient: guestB.email, channel: 'EMAIL', subject: /A table is free/ });
  expect(offerMail.body).toContain('Time: 9:00 pm');

  await page.goto(link);
  await expectHeading(page, STEP_HEADINGS.details);
  await expect(page.getByText(/Your table is held for 1[45]:\d\d/)).toBeVisible();
  await submitDetails(page);
  await expectHeading(page, new RegExp(`^(${STEP_HEADINGS.verify}|${STEP_HEADINGS.confirm})$`));
  if ((await page.getByRole('heading', { level: 1 }).textContent()) === STEP_HEADINGS.verify) await enterSmsCode(page, server);
  expect(await agreeAndSubmit(page)).toBe('confirmed');
  await expectHeading(page, STEP_HEADINGS.result);

  // The booking is B's, upcoming; the waitlist entry reads Booked and can no longer be left.
  await openApp(page, '/pages/order');
  await expectHeading(page, 'My reservations');
  const upcoming = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem');
  await expect(upcoming).toHaveCount(1);
  await expect(rowValue(upcoming, 'Time')).toHaveText('9:00 pm');
  await expect(rowValue(entry, 'Status')).toHaveText('Booked');
  await expect(entry.getByRole('button', { name: 'Leave the waitlist' })).toHaveCount(0);
});
