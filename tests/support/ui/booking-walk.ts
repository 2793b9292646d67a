/** Steps of the booking wizard as a guest takes them, for the whole-app tests that book. */
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { cardExpiryAfter } from '../fixtures/card-expiry';
import { TEST_NOW } from '../server/harness';
import { findHeading, openApp } from './app-harness';
import { SLOW } from './page-queries';

type User = ReturnType<typeof userEvent.setup>;

/** The test card's expiry (MM/YY), good on the server's clock (TEST_NOW) whatever the machine's date. */
export const CARD_EXPIRY = cardExpiryAfter(TEST_NOW);

/**
 * From the experience step to the list of times: `experience`, the day (Tuesday 24 Nov unless told), the
 * party size when given, and the search.
 */
export async function walkToTimes(
  user: User,
  { experience, day = /TUE\s*24/, guests }: { experience: RegExp; day?: RegExp; guests?: string },
) {
  await findHeading('Choose your experience');
  await user.click(await screen.findByRole('button', { name: experience }, SLOW));
  await findHeading('Date and party size');
  await user.click(screen.getByRole('radio', { name: day }));
  if (guests) await user.selectOptions(screen.getByLabelText('Party size'), guests);
  await user.click(screen.getByRole('button', { name: 'Find a table' }));
  await findHeading('Choose a time');
}

/** Picks `time`, then no preference where the venue asks for a dining area: on to the guest's details. */
export async function pickTime(user: User, time: string) {
  await user.click(screen.getByRole('button', { name: time }));
  const next = await screen.findByRole('heading', { level: 1, name: /Choose a dining area|Your details/ }, SLOW);
  if (next.textContent === 'Choose a dining area') await user.click(screen.getByRole('button', { name: /No preference/ }));
}

/**
 * A visitor not logged in, from Bâtard's booking page to the details step with Set Lunch for two at
 * 12:30 pm picked, where "Continue as a guest" is offered.
 */
export async function reachDetailsStep(user: User) {
  await openApp('/pages/book?domain=batard');
  await walkToTimes(user, { experience: /Set Lunch/, guests: '2 guests' });
  await pickTime(user, '12:30 pm');
  await findHeading('Your details');
  await screen.findByRole('heading', { name: 'Continue as a guest' }, SLOW);
}

/**
 * From the guest's details (as pre-filled) to the end of the review: every policy agreed, then
 * `button`, which confirms a booking without payment or goes on to the payment step.
 */
export async function agreeAndSubmit(user: User, button: 'Confirm reservation' | 'Continue to payment' = 'Confirm reservation') {
  await user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));
  await findHeading('Review and confirm');
  for (const box of screen.getAllByRole('checkbox')) await user.click(box);
  await user.click(screen.getByRole('button', { name: button }));
}

/** From Obe's booking page to the confirmation: Bar Seating (nothing to pay) at 7:00 pm. */
export async function bookBarSeatingAtObe(user: User) {
  await openApp('/pages/book?domain=obe');
  await walkToTimes(user, { experience: /Bar Seating/ });
  await pickTime(user, '7:00 pm');
  await agreeAndSubmit(user);
  await findHeading('Your table is confirmed');
}
