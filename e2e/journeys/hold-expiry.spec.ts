/**
 * Journey: a guest holds Le Clos's only table for nine and lingers on the payment step past the 15-minute
 * hold. Both clocks are moved (the server's and the page's), never waited on. The page says 'Reservation
 * expired', the table is released for everyone, and the guest starts again with the choices kept.
 */
import { expectHeading, useSession } from '../support/app';
import { bookingDay, pickTime, STEP_HEADINGS, walkBooking } from '../support/booking';
import { expect, minutes, test } from '../support/fixtures';
import { JOURNEY_DAYS, offeredTimes } from './journey-steps';

const TABLE = { domain: 'leclos', experience: 'Rotisserie Sharing Menu', guests: 9 } as const;

test('a hold that runs out: Reservation expired, the table is free again, a fresh start', async ({ page, server, clocks }) => {
  const guest = await server.signUp({ firstName: 'Leo', lastName: 'Chow' });
  const otherGuest = await server.signUp();
  const date = await bookingDay(server, JOURNEY_DAYS.holdExpiry);
  // Nine guests fit one table at Le Clos (D12): while it is held, nobody else is offered that time.
  expect(await offeredTimes(server, otherGuest, { ...TABLE, date })).toContain('1:00 pm');

  await useSession(page, guest);
  await walkBooking(page, server, { venue: TABLE.domain, experience: TABLE.experience, date, guests: TABLE.guests, time: '1:00 pm', until: 'payment' });
  await expect(page.getByText(/Your table is held for 1[45]:\d\d/)).toBeVisible();
  expect(await offeredTimes(server, otherGuest, { ...TABLE, date })).not.toContain('1:00 pm');

  // Ten minutes on the payment page: the countdown has followed the clock.
  await clocks.advance(minutes(10));
  await expect(page.getByText(/Your table is held for [45]:\d\d/)).toBeVisible();
  await expectHeading(page, STEP_HEADINGS.payment);

  // Past the 15 minutes.
  await clocks.advance(minutes(6));
  await expectHeading(page, STEP_HEADINGS.expired);
  await expect(page.getByText('The table was held for 15 minutes and has been released. Your choices are kept: pick a time again.')).toBeVisible();
  await expect(page.getByText(/Your table is held for/)).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);

  // Released on the server as well: the time is offered to others again, and the unpaid hold is
  // cancelled (docs/PRODUCT.md §4: an unpaid reservation not confirmed in time is cancelled automatically).
  // (The API sessions made before the clocks moved have run out: log in again.)
  const other = await server.logIn(otherGuest);
  expect(await offeredTimes(server, other, { ...TABLE, date })).toContain('1:00 pm');
  const { body } = await server.call('GET', '/user/reservation', { token: (await server.logIn(guest)).token });
  expect(body.data.map((r: { status: string }) => r.status)).toEqual(['CANCELED']);

  // A fresh start with the choices kept: the same date and party, then a time again.
  await page.getByRole('button', { name: 'Make a new reservation' }).click();
  await expectHeading(page, STEP_HEADINGS.dateParty);
  await expect(page.getByLabel('Or pick another date')).toHaveValue(date);
  await expect(page.getByLabel('Party size')).toHaveValue('9');
  await page.getByRole('button', { name: 'Find a table' }).click();
  await pickTime(page, '1:00 pm');
  await expectHeading(page, STEP_HEADINGS.details);
  // A new hold of its own, with its full 15 minutes.
  await expect(page.getByText(/Your table is held for 1[45]:\d\d/)).toBeVisible();
  expect(await offeredTimes(server, other, { ...TABLE, date })).not.toContain('1:00 pm');
});
