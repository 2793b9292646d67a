// @vitest-environment jsdom
/**
 * Paying in the wizard as a guest would: a member's deposit by card through 3-D Secure, a guest's
 * prepayment declined and then paid with another card, and a member paying from the Club wallet.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { deliverPendingWebhooks } from '../../../server/services/payments/payment-worker';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { agreeAndSubmit, CARD_EXPIRY, pickTime, walkToTimes } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';

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

async function typeCard(user: User, number: string, { name = true } = {}) {
  const holder = await screen.findByLabelText('Cardholder name', {}, SLOW);
  if (name) await user.type(holder, 'Martin Leung');
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), CARD_EXPIRY);
  await user.type(screen.getByLabelText('Security code'), '123');
}

/** The guest's newest held reservation, read through the API (as another tab of it would know it). */
async function newestHold(token: string): Promise<string> {
  const list = (await api().request('GET', '/user/reservation', { token })).body.data as { _id: string; status: string; createdAt: string }[];
  return list.filter((r) => r.status === 'PENDING').sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1)!._id;
}

describe('paying in the wizard', () => {
  it('takes a member’s deposit by card through a 3-D Secure challenge', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const user = userEvent.setup();
    await toPayment(user, 'leclos', /^Rotisserie Sharing Menu/, /TUE\s*24/, '7:00 pm');
    expect(screen.getByRole('heading', { name: 'Deposit' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /by card/ }, SLOW));
    await typeCard(user, '4000 0000 0000 3220');
    await user.click(screen.getByRole('button', { name: /^Pay HK\$[\d,.]+$/ }));
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
    await user.click(screen.getByRole('button', { name: /^Pay HK\$[\d,.]+$/ }));
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    await user.click(screen.getByRole('button', { name: /^Pay HK\$[\d,.]+$/ }));
    expect(await screen.findByText('Your card was declined.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/Your table is held for/)).toBeTruthy();
    // A declined card once emptied the cardholder name; the name stays, the card's own fields start afresh.
    expect(await screen.findByLabelText('Cardholder name', {}, SLOW)).toHaveProperty('value', 'Martin Leung');
    expect(screen.getByLabelText('Card number')).toHaveProperty('value', '');
    await typeCard(user, '4242424242424242', { name: false });
    await user.click(screen.getByRole('button', { name: /^Pay HK\$[\d,.]+$/ }));
    await findHeading('Your table is confirmed');
    // The result says what was paid and how (a Bâtard tasting menu for 2 with service charge).
    expect(screen.getByText('Prepayment paid')).toBeTruthy();
    expect(await screen.findByText('HK$3,713.60 by Visa card ending 4242', {}, SLOW)).toBeTruthy();
  });

  it('completes the booking when another tab paid its one open payment first, and charges no card twice', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const token = await api().login('guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await toPayment(user, 'obe', /^Whisky Flight/, /SAT\s*28/, '8:00 pm');
    await screen.findByLabelText('Card number', {}, SLOW);

    // Another tab of the same hold is answered the open payment this tab shows, and pays it.
    const held = { _id: await newestHold(token) };
    const other = (await api().request('POST', `/user/reservation/${held._id}/payment`, { token, body: { method: 'CARD', idempotencyKey: `${held._id}-other-tab` } })).body.data;
    await api().processor.confirm(other.intentId, { clientSecret: other.clientSecret, cardholderName: 'M L', cardNumber: TEST_CARDS.mastercard, expMonth: 12, expYear: 2030, cvc: '123' });
    await deliverPendingWebhooks(api().deps);

    // This tab's card is refused by the processor (the payment is paid), and the server says so: confirmed.
    await typeCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: /^Pay HK\$[\d,.]+$/ }));
    await findHeading('Your table is confirmed');
    const reservation = (await api().request('GET', `/user/reservation/${held._id}`, { token })).body.data;
    expect(reservation.status).toBe('CONFIRMED');
    const mails = (await api().request('GET', '/dev/outbox?recipient=guest%40example.com&channel=EMAIL')).body.data as { subject: string; body: string }[];
    expect(mails.filter((m) => m.subject.includes('has been refunded'))).toEqual([]);
  });

  it('takes over from another tab’s card left in 3-D Secure: that attempt is cancelled, and this tab’s card pays once', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const token = await api().login('guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/experience?domain=obe');
    await walkToTimes(user, { experience: /^Whisky Flight/, day: /SUN\s*29/ });
    await pickTime(user, '8:00 pm');
    await findHeading('Your details');

    // Another tab of the same hold has a card waiting in its 3-D Secure challenge.
    const held = await newestHold(token);
    const other = (await api().request('POST', `/user/reservation/${held}/payment`, { token, body: { method: 'CARD', idempotencyKey: `${held}-other-tab` } })).body.data;
    await api().processor.confirm(other.intentId, { clientSecret: other.clientSecret, cardholderName: 'M L', cardNumber: TEST_CARDS.threeDSecure, expMonth: 12, expYear: 2030, cvc: '123' });

    // No dead end (docs/PRODUCT.md §9): this tab's card form, the other tab's unfinished attempt replaced.
    await agreeAndSubmit(user, 'Continue to payment');
    await typeCard(user, '4242424242424242');
    await expect(api().processor.challenge(other.intentId, 'approve')).rejects.toThrow();
    await user.click(screen.getByRole('button', { name: /^Pay HK\$[\d,.]+$/ }));
    await findHeading('Your table is confirmed');
    const paid = (await api().request('GET', '/user/reservation', { token })).body.data.find((r: { _id: string }) => r._id === held);
    expect(paid.status).toBe('CONFIRMED');
  });

  it('lets a member pay from the Club wallet', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const token = await api().login('member@example.com', 'member-pass-1');
    const before = (await api().request('GET', '/user/wallet', { token })).body.data.balance as number;
    const user = userEvent.setup();
    await toPayment(user, 'obe', /^Whisky Flight/, /THU\s*26/, '8:00 pm');
    await user.click(await screen.findByRole('button', { name: /from my Club wallet/ }, SLOW));
    await findHeading('Your table is confirmed');
    expect(screen.getByText('Prepayment paid')).toBeTruthy();
    expect(screen.getByText('HK$1,496 from your club wallet')).toBeTruthy();
    const after = (await api().request('GET', '/user/wallet', { token })).body.data.balance as number;
    // Two guests at HK$680 plus the 10% service charge.
    expect(before - after).toBe(2 * 68000 * 1.1);
  });
});
