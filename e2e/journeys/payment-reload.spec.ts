/**
 * Journey: a guest's card asks for 3-D Secure and the guest reloads the page on the bank's check. The
 * payment survives it (docs/PRODUCT.md §9): the bank's check is shown again, and the guest may pay with
 * another card instead, which the server takes as a new attempt (the unfinished one cancelled at the
 * processor), so the booking is paid once.
 */
import { expectHeading, useSession } from '../support/app';
import { bookingDay, payByCard, STEP_HEADINGS, walkBooking } from '../support/booking';
import { CARDS } from '../support/constants';
import { expect, test } from '../support/fixtures';
import { JOURNEY_DAYS, rowValue } from './journey-steps';

test('a reload on the bank check resumes the payment, and another card pays it once', async ({ page, server }) => {
  const guest = await server.signUp({ firstName: 'Kit', lastName: 'Ho' });
  await useSession(page, guest);
  await walkBooking(page, server, {
    venue: 'batard',
    experience: 'À la Carte',
    date: await bookingDay(server, JOURNEY_DAYS.threeDSecureReload),
    guests: 2,
    time: '8:00 pm',
    until: 'payment',
  });
  await payByCard(page, { number: CARDS.threeDSecure, name: 'Kit Ho' });
  const challenge = page.getByRole('region', { name: 'Confirm with your bank' });
  await expect(challenge).toBeVisible();

  await page.reload();
  // The bank's check again, not a card form that can no longer pay.
  await expectHeading(page, STEP_HEADINGS.payment);
  await expect(challenge).toBeVisible();
  await challenge.getByRole('button', { name: 'Pay with another card' }).click();

  await payByCard(page, { number: CARDS.approved, name: 'Kit Ho' });
  await expectHeading(page, STEP_HEADINGS.result);
  const outcome = page.getByRole('heading', { level: 1 });
  await expect(outcome).toBeFocused();
  await expect(page.getByText('HK$600 by Visa card ending 4242')).toBeVisible();

  // One reservation, paid once: the 3-D Secure attempt was cancelled, never charged.
  const { body } = await server.call('GET', '/user/reservation', { token: guest.token });
  expect(body.data.map((r: { status: string }) => r.status)).toEqual(['CONFIRMED']);
  await page.getByRole('link', { name: 'View reservation' }).click();
  const details = page.getByRole('region', { name: /^Reservation / });
  await expect(rowValue(details, 'Deposit')).toHaveText('HK$600');
});
