/**
 * Journey: a guest pays a booking by card; the card is saved (docs/PRODUCT.md §9), so the difference of a
 * change to a larger party is paid with it without typing it again, and the guest then removes it on
 * their personal data page.
 */
import { expectHeading, useSession } from '../support/app';
import { bookingDay, walkBooking } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { JOURNEY_DAYS, rowValue } from './journey-steps';

test('a saved card pays a change’s difference, and the guest removes it', async ({ page, server }) => {
  const guest = await server.signUp({ firstName: 'Wing', lastName: 'Lam' });
  await useSession(page, guest);
  await walkBooking(page, server, {
    venue: 'batard',
    experience: 'À la Carte',
    date: await bookingDay(server, JOURNEY_DAYS.savedCard),
    guests: 2,
    time: '7:30 pm',
  });
  await page.getByRole('link', { name: 'View reservation' }).click();
  await expectHeading(page, 'Your reservation');

  await page.getByRole('button', { name: 'Change' }).click();
  const form = page.getByRole('form', { name: 'Change reservation' });
  await form.getByLabel('Guests').selectOption('3');
  await expect(form.getByRole('group', { name: 'Time' }).getByRole('status')).toHaveCount(0);
  await form.getByRole('group', { name: 'Time' }).getByRole('button', { name: '7:30 pm', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('region', { name: 'Check your change' }).getByRole('button', { name: 'Pay HK$300 by card' }).click();

  // The card that paid the booking, offered without the card form being filled in.
  const saved = page.getByRole('region', { name: 'Your saved cards' });
  await saved.getByRole('button', { name: 'Pay HK$300 with Visa card ending 4242' }).click();

  const changed = page.getByText('Your reservation has been changed.');
  await expect(changed).toBeVisible();
  await expect(changed).toBeFocused();
  const details = page.getByRole('region', { name: /^Reservation / });
  await expect(rowValue(details, 'Guests')).toHaveText('3 guests');
  await expect(rowValue(details, 'Deposit')).toHaveText('HK$900');

  // Listed on the personal data page, and removable there.
  await page.goto('/#/pages/my-data');
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await cards.getByRole('form', { name: 'Visa card ending 4242' }).getByRole('button', { name: 'Remove' }).click();
  await expect(cards.getByText('Visa card ending 4242 is no longer saved.')).toBeVisible();
  await expect(cards.getByText('No card is saved. A card that pays a booking is saved for your next payment.')).toBeVisible();
});
