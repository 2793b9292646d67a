/**
 * Journey: a guest's card is declined at the payment step; the table stays held (the countdown goes on,
 * nothing is lost), the guest pays with another card and the booking is confirmed.
 */
import { expectHeading, useSession } from '../support/app';
import { bookingDay, payByCard, STEP_HEADINGS, walkBooking } from '../support/booking';
import { CARDS } from '../support/constants';
import { expect, minutes, test } from '../support/fixtures';
import { JOURNEY_DAYS, rowValue } from './journey-steps';

test('a declined card keeps the hold, and another card confirms the booking', async ({ page, server, clocks }) => {
  const guest = await server.signUp({ firstName: 'Ivy', lastName: 'Tang' });
  await useSession(page, guest);
  await walkBooking(page, server, {
    venue: 'batard',
    experience: 'À la Carte',
    date: await bookingDay(server, JOURNEY_DAYS.declinedCard),
    guests: 3,
    time: '7:30 pm',
    until: 'payment',
  });
  // HK$300 a guest for three.
  await expect(rowValue(page.getByRole('region', { name: 'Deposit' }), 'Total')).toHaveText('HK$900');

  await payByCard(page, { number: CARDS.declined, name: 'Ivy Tang' });
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  // Still on the payment step, the table still held, the card form ready for another try.
  await expectHeading(page, STEP_HEADINGS.payment);
  await expect(page.getByText(/Your table is held for 1[0-4]:\d\d/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
  // A declined card once emptied the cardholder name; the guest's name stays.
  await expect(page.getByLabel('Cardholder name')).toHaveValue('Ivy Tang');
  const { body } = await server.call('GET', '/user/reservation', { token: guest.token });
  expect(body.data.map((r: { status: string }) => r.status)).toEqual(['PENDING']);

  // A few minutes to find another card: the hold is still there.
  await clocks.advance(minutes(4));
  await expect(page.getByText(/Your table is held for (9|10|11):\d\d/)).toBeVisible();
  await payByCard(page, { number: CARDS.approved, name: 'Ivy Tang' });

  await expectHeading(page, STEP_HEADINGS.result);
  // The result says what was paid and how.
  await expect(page.getByText('HK$900 by Visa card ending 4242')).toBeVisible();
  const mail = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /is confirmed/ });
  expect(mail.body).toContain('Deposit paid: HK$900 (Visa card ending 4242)');
  expect(mail.body).toContain('Party: 3 guests');

  await page.getByRole('link', { name: 'View reservation' }).click();
  const details = page.getByRole('region', { name: /^Reservation / });
  await expect(rowValue(details, 'Status')).toHaveText('Confirmed');
  await expect(rowValue(details, 'Deposit')).toHaveText('HK$900');
  // Only one reservation came of it: the declined attempt made no second booking.
  const after = await server.call('GET', '/user/reservation', { token: guest.token });
  expect(after.body.data.map((r: { status: string }) => r.status)).toEqual(['CONFIRMED']);
});
