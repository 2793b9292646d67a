/**
 * The booking wizard in the whole app (jsdom), for the booking and payment charts' path tests: a guest of
 * the test's own with a mobile number, the wizard's controls as a guest uses them, and what the page
 * shows (its address, its live messages), read the way e2e/paths/booking-runner.ts reads a browser's.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { and, desc, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { outbox } from '../../../server/db/schema';
import type { TestApi } from '../server/harness';
import { findHeading } from '../ui/app-harness';
import { CARD_EXPIRY } from '../ui/booking-walk';
import { manageScenes } from '../ui/manage-scenes';
import { address, SLOW } from '../ui/page-queries';
import { STEP_HEADINGS } from '../../../e2e/support/step-headings';

type User = ReturnType<typeof userEvent.setup>;

/** A page's first call can wait on modules transformed cold, slow on a loaded 2-core machine. */
export const CALL_WAIT = { timeout: 20_000 };

/** Minutes after midnight of a time as the wizard shows it ('12:30 pm'). */
export function minutesOf(label: string): number {
  const [, hours, minutes, half] = /^(\d+):(\d\d) (am|pm)$/.exec(label)!;
  return (Number(hours) % 12) * 60 + Number(minutes) + (half === 'pm' ? 720 : 0);
}

/** Guests of their own for a file of path tests: each has a mobile number no other guest has. */
export function bookingGuests(api: () => TestApi) {
  const scenes = manageScenes(api);
  let numbers = 0;
  return {
    ...scenes,
    async newGuest() {
      const mobileNumber = `6${String(3000000 + ++numbers)}`;
      const guest = await scenes.newGuest({ mobileCountryCode: '852', mobileNumber });
      return { ...guest, firstName: 'Grace', mobileCountryCode: '852', mobileNumber };
    },
    /** The code the server last texted to the number. */
    async smsCode(mobileNumber: string): Promise<string> {
      const [sms] = await api()
        .deps.db.select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'SMS'), eq(outbox.recipient, `+852${mobileNumber}`)))
        .orderBy(desc(outbox.seq));
      return /(\d{6})/.exec(sms!.body)![1]!;
    },
  };
}

/** Moves the server's clock and the page's (fake timers) by `ms`; the page's due timers fire. */
export async function advanceBoth(api: TestApi, ms: number) {
  api.clock.advance(ms);
  await act(async () => void vi.advanceTimersByTime(ms));
}

/** Goes to `route` as if typed into the address bar. */
export const visit = (route: string) => act(async () => void (location.hash = `#${route}`));

export async function expectRoute(route: string) {
  await waitFor(() => expect(address().split('?')[0], 'the address').toBe(route), SLOW);
}

const texts = (role: string) => screen.queryAllByRole(role).map((el) => el.textContent ?? '');

/** A live status message (a loading state) saying `text`. */
export async function expectStatus(text: string) {
  await waitFor(() => expect(texts('status').some((t) => t.includes(text)), `status "${text}"`).toBe(true), SLOW);
}

/** The messages the page shows in its alert regions (it also keeps an empty one for toasts). */
export const alerts = () => texts('alert').filter((t) => /\S/.test(t));

export async function expectAlert(text: string | RegExp) {
  await waitFor(() => expect(alerts().some((t) => (typeof text === 'string' ? t.includes(text) : text.test(t))), `alert ${text}`).toBe(true), SLOW);
}

/** Text anywhere on the page (a sentence the page may split over elements). */
export async function expectText(text: RegExp) {
  await waitFor(() => expect(document.body.textContent).toMatch(text), SLOW);
}

/** Types into a field until it holds `value`: on a loaded machine the page may render the form again while it is typed in. */
export async function typeUntilHeld(user: User, label: string, value: string) {
  await waitFor(async () => {
    const field = screen.getByLabelText(label) as HTMLInputElement;
    if (field.value !== value) {
      await user.clear(field);
      await user.type(field, value);
    }
    expect(field.value).toBe(value);
  }, SLOW);
}

/** Chooses the date and the party size on the date step, and searches. */
export async function search(user: User, date: string, guests: number) {
  await findHeading(STEP_HEADINGS.dateParty);
  const days = screen.getByLabelText('Or pick another date') as HTMLSelectElement;
  // A day the list does not offer (past the 90 days the server takes): sent as an altered page would, for the refusal.
  if (![...days.options].some((option) => option.value === date)) days.append(new Option(date, date));
  fireEvent.change(days, { target: { value: date } });
  await user.selectOptions(screen.getByLabelText('Party size'), String(guests));
  await user.click(screen.getByRole('button', { name: 'Find a table' }));
}

/** Ticks every policy on the review step and presses its button (confirm, or continue to payment or to save a card). */
export async function agree(user: User) {
  await findHeading(STEP_HEADINGS.confirm);
  const submit = await screen.findByRole('button', { name: /^(Confirm reservation|Continue to payment|Continue to save a card)$/ }, SLOW);
  for (const box of screen.getAllByRole('checkbox')) if (!(box as HTMLInputElement).checked) await user.click(box);
  await user.click(submit);
}

/** On the payment step: the card when the wallet is offered too, then the card form filled with `number` and sent. */
export async function payByCard(user: User, number: string) {
  await findHeading(STEP_HEADINGS.payment);
  const choice = await waitFor(() => {
    const shown = screen.queryByRole('button', { name: /^Pay .+ by card$/ }) ?? screen.queryByRole('form', { name: 'Card details' });
    expect(shown, 'the card form or the choice of card').not.toBeNull();
    return shown!;
  }, SLOW);
  if (choice.tagName === 'BUTTON') await user.click(choice);
  await fillCard(user, await screen.findByRole('form', { name: 'Card details' }, SLOW), number);
}

/** A card guarantee's step: the card typed into its form and saved (nothing charged). */
export async function saveCard(user: User, number: string) {
  await findHeading(STEP_HEADINGS.card);
  await fillCard(user, await screen.findByRole('form', { name: 'Card details' }, SLOW), number, /^Save card$/);
}

/** Types a card into the card form and presses Pay (or `submit`). */
export async function fillCard(user: User, form: HTMLElement, number: string, submit: RegExp = /^Pay /) {
  const field = (label: string) => within(form).getByLabelText(label);
  await user.clear(field('Cardholder name'));
  await user.type(field('Cardholder name'), 'Tess Walker');
  await user.type(field('Card number'), number);
  await user.type(field('Expiry (MM/YY)'), CARD_EXPIRY);
  await user.type(field('Security code'), '123');
  await user.click(within(form).getByRole('button', { name: submit }));
}
