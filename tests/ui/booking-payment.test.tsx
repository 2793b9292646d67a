// @vitest-environment jsdom
/**
 * Paying in the wizard as a guest would: a member's deposit by card through 3-D Secure, a guest's
 * prepayment declined and then paid with another card, and a member paying from the Club wallet.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findHeading, openApp, storeSession, useAppHarness } from './app-harness';
import { agreeAndSubmit, CARD_EXPIRY, pickTime, walkToTimes } from './booking-walk';
import { SLOW } from './page-queries';

const api = useAppHarness();
type User = ReturnType<typeof userEvent.setup>;

/** From the venue to the payment step, agreeing to every policy. */
async function toPayment(user: User, domain: string, experience: RegExp, day: RegExp, time: string) {
  await openApp(`/pages/experience?domain=${domain}`);
  await walkToTimes(user, { experience, day });
  await pickTime(user, time);
  await findHeading('Your details');
  await agreeAndSubmit(user, 'Continue to payment');
  await findHeading('Payment');
}

async function typeCard(user: User, number: string) {
  await user.type(await screen.findByLabelText('Cardholder name', {}, SLOW), 'Martin Leung');
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), CARD_EXPIRY);
  await user.type(screen.getByLabelText('Security code'), '123');
}

describe('paying in the wizard', () => {
  it('takes a member’s deposit by card through a 3-D Secure challenge', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const user = userEvent.setup();
    await toPayment(user, 'leclos', /^Rotisserie Sharing Menu/, /TUE\s*24/, '7:00 pm');
    expect(screen.getByRole('heading', { name: 'Deposit' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /by card/ }, SLOW));
    await typeCard(user, '4000 0000 0000 3220');
    await user.click(screen.getByRole('button', { name: /^Pay HK\$/ }));
    await screen.findByRole('heading', { name: 'Confirm with your bank' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await findHeading('Your table is confirmed');
  });

  it('lets a guest whose card is declined pay with another, keeping the hold and the details', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await toPayment(user, 'batard', /^Tasting Menu/, /WED\s*25/, '7:00 pm');
    expect(screen.getByRole('heading', { name: 'Prepayment' })).toBeTruthy();
    await typeCard(user, '4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: /^Pay HK\$/ }));
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    await user.click(screen.getByRole('button', { name: /^Pay HK\$/ }));
    expect(await screen.findByText('Your card was declined.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/Your table is held for/)).toBeTruthy();
    await typeCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: /^Pay HK\$/ }));
    await findHeading('Your table is confirmed');
  });

  it('lets a member pay from the Club wallet', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const token = await api().login('member@example.com', 'member-pass-1');
    const before = (await api().request('GET', '/user/wallet', { token })).body.data.balance as number;
    const user = userEvent.setup();
    await toPayment(user, 'obe', /^Whisky Flight/, /THU\s*26/, '8:00 pm');
    await user.click(await screen.findByRole('button', { name: /from my Club wallet/ }, SLOW));
    await findHeading('Your table is confirmed');
    const after = (await api().request('GET', '/user/wallet', { token })).body.data.balance as number;
    // Two guests at HK$680 plus the 10% service charge.
    expect(before - after).toBe(2 * 68000 * 1.1);
  });
});
