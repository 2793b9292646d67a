// @vitest-environment jsdom
/**
 * Money in the whole app against the real API: a member tops the wallet up by card (declined, then
 * 3-D Secure); the transactions list a card-paid booking and its refund after a cancellation (a guest's,
 * and a member's among wallet entries, with pages and dates still right); the month's statement downloads
 * as a PDF; the result and order pages offer the booking's calendar file.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users, type UserRole } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { hashPassword } from '../../../server/lib/password';
import { paymentHelpers, type TestUser } from '../../support/server/payment-helpers';
import { findHeading, openApp, openAs, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { bookBarSeatingAtObe, CARD_EXPIRY } from '../../support/ui/booking-walk';
import { failOnce } from '../../support/ui/fetch-watch';
import { address, fieldTexts, findText, region, SLOW } from '../../support/ui/page-queries';
import { captureDownloads, downloadBytes, downloadText, type SavedDownload } from '../../support/ui/download-capture';
import { loadWalletHistory } from '../../../server/services/wallet/wallet-ledger';

// The page runs on the server's clock (learned from its answers): Monday 23 Nov 2026, 10:00 in Hong Kong.
const api = useAppHarness({
  afterEach: () => {
    vi.restoreAllMocks();
  },
});
type User = ReturnType<typeof userEvent.setup>;

const PASSWORD = 'money-pass-1';
let passwordHash: string;
let helpers: ReturnType<typeof paymentHelpers>;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  helpers = paymentHelpers(api());
});

/** A fresh account that can log in, with `entries` wallet entries one a day back from yesterday (newest 'Entry 1'). */
async function newAccount(role: UserRole, entries = 0): Promise<TestUser> {
  const id = newId();
  const email = `money-${id}@example.com`;
  await api().deps.db.insert(users).values({
    id,
    role,
    email,
    passwordHash,
    firstName: 'Grace',
    lastName: 'Chan',
    emailVerifiedAt: api().clock.now(),
  });
  if (entries > 0) {
    await loadWalletHistory(api().deps.db, 
      Array.from({ length: entries }, (_, i) => ({
        id: newId(),
        userId: id,
        type: 'ADJUSTMENT' as const,
        amount: (i + 1) * 10_000,
        description: `Entry ${i + 1}`,
        // Noon in Hong Kong, i + 1 days before 23 Nov 2026.
        createdAt: new Date(Date.UTC(2026, 10, 22 - i, 4)),
      })),
    );
  }
  return { id, email, role, token: () => api().tokenFor({ id, role }) };
}

const openAsUser = (account: TestUser, page: string, heading: string | RegExp) => openAs(api(), [account.email, PASSWORD], page, heading);

/** The list's entries as "title | type and day | amount | how it was paid" lines, in the order shown. */
function lines(): string[] {
  return screen
    .queryAllByRole('listitem')
    .filter((item) => item.classList.contains('card'))
    .map((item) => [...item.querySelectorAll('p')].map((p) => p.textContent).join(' | '));
}

let saved: SavedDownload[];
beforeEach(() => {
  saved = captureDownloads();
});

async function typeCard(user: User, number: string) {
  await user.type(await screen.findByLabelText('Cardholder name', {}, SLOW), 'Grace Chan');
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), CARD_EXPIRY);
  await user.type(screen.getByLabelText('Security code'), '123');
}

const balanceText = async () => (await region('Balance')).textContent;

describe('topping up the wallet by card', () => {
  it('grows the balance after a declined card and a 3-D Secure challenge', async () => {
    const member = await newAccount('member');
    const user = userEvent.setup();
    await openAsUser(member, '/pages/wallet', 'Wallet');
    expect(await balanceText()).toMatch(/^BalanceHK\$0(Member number M-\w+)?$/);
    const topUp = await region('Top up');

    // An amount of one's own outside HK$100 to HK$100,000 is refused before anything is sent.
    await user.type(within(topUp).getByLabelText('Other amount (HK$)'), '50');
    await user.click(within(topUp).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(topUp).findByText('Please enter an amount from HK$100 to HK$100,000')).toBeTruthy();

    await user.click(within(topUp).getByRole('button', { name: 'HK$5,000' }));
    expect(within(topUp).getByRole('button', { name: 'HK$5,000' }).getAttribute('aria-pressed')).toBe('true');
    expect((within(topUp).getByLabelText('Other amount (HK$)') as HTMLInputElement).value).toBe('');
    await user.click(within(topUp).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(topUp).findByText('Top up HK$5,000 by card.', {}, SLOW)).toBeTruthy();
    // No wallet to pay the wallet with: the card form straight away.
    expect(within(topUp).queryByRole('button', { name: /Club wallet/ })).toBeNull();

    await typeCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay HK$5,000' }));
    expect(await screen.findByText('Your card was declined.', {}, SLOW)).toBeTruthy();
    await typeCard(user, '4000 0000 0000 3220');
    await user.click(screen.getByRole('button', { name: 'Pay HK$5,000' }));
    await screen.findByRole('heading', { name: 'Confirm with your bank' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));

    expect(await findText('HK$5,000 has been added to your wallet.')).toBeTruthy();
    await waitFor(async () => expect(await balanceText()).toMatch(/^BalanceHK\$5,000(Member number M-\w+)?$/), SLOW);
    await waitFor(() => expect(lines()).toEqual(['Wallet top-up | Top-up · 23 Nov 2026 | +HK$5,000 | Balance after: HK$5,000']), SLOW);
    expect((await api().request('GET', '/user/wallet', { token: member.token() })).body.data.balance).toBe(500_000);

    // The history says how the top-up was paid.
    await user.click(screen.getByRole('link', { name: 'Transactions' }));
    await findHeading('Transactions');
    await waitFor(
      () => expect(lines()).toEqual(['Wallet top-up | Top-up · 23 Nov 2026 | +HK$5,000 | Club wallet, topped up with Visa •••• 3220']),
      SLOW,
    );
  });

  it('is not offered to a guest', async () => {
    await openAsUser(await newAccount('guest'), '/pages/wallet', 'Wallet');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('You must be a Club member to use the wallet');
    expect(screen.queryByRole('region', { name: 'Top up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My card payments' }).getAttribute('href')).toBe('#/pages/transactions');
  });
});

describe('transactions', () => {
  it("list a guest's card-paid booking, then its refund after a cancellation in the app", async () => {
    const guest = await newAccount('guest');
    const booked = await helpers.bookPaidByCard(guest);
    const user = userEvent.setup();
    await openAsUser(guest, '/pages/transactions', 'Transactions');
    expect(await findText('Your card payments and refunds. The Club wallet is for members.')).toBeTruthy();
    await waitFor(() => expect(lines()).toHaveLength(1), SLOW);
    expect(lines()[0]).toMatch(/^Obe – prepayment OBE-\w+ \| Payment · 23 Nov 2026 \| -HK\$1,496 \| Paid by card Visa •••• 4242 \| Obe · \d+ \w+ 2026 · OBE-\w+$/);

    // The payment's own page: the card, and the wallet untouched.
    await user.click(screen.getByRole('link', { name: /^Payment: Obe – prepayment/ }));
    await findHeading('Card payment');
    const fields = fieldTexts(await region('Card payment'));
    expect(fields).toMatchObject({
      Type: 'Payment',
      Amount: '-HK$1,496 (paid by card)',
      Date: '23 Nov 2026, 10:00 am',
      'Paid with': 'Visa •••• 4242',
      'Club wallet balance': 'Not affected',
      Reference: expect.stringMatching(/^OBE-\w+$/),
      Visit: expect.stringMatching(/^Obe · \d+ \w+ 2026 · OBE-\w+$/),
    });
    expect(screen.getByRole('link', { name: /^The visit: Obe · / }).getAttribute('href')).toBe(`#/pages/order?id=${booked.id}`);

    // Cancelled in the app (days ahead: a full refund), the history shows the refund, newest first.
    location.hash = `#/pages/cancel?id=${booked.id}`;
    await findHeading('Cancel reservation');
    // The button is offered once the policy's consequence is known (disabled until then).
    const cancel = (await screen.findByRole('button', { name: 'Cancel reservation' }, SLOW)) as HTMLButtonElement;
    await waitFor(() => expect(cancel.disabled).toBe(false), SLOW);
    await user.click(cancel);
    expect(await findText('Your reservation has been canceled.')).toBeTruthy();
    location.hash = '#/pages/transactions';
    await findHeading('Transactions');
    await waitFor(() => expect(lines()).toHaveLength(2), SLOW);
    expect(lines()[0]).toMatch(/^Obe – refund of prepayment OBE-\w+ \| Refund · 23 Nov 2026 \| \+HK\$1,496 \| Refunded to the card Visa •••• 4242 \| Obe · \d+ \w+ 2026 · OBE-\w+$/);
    expect(lines()[1]).toMatch(/^Obe – prepayment OBE-\w+ \| Payment/);

    // A cancelled booking has no calendar file to offer.
    location.hash = `#/pages/order?id=${booked.id}`;
    await findHeading('Your reservation');
    expect(await findText('Canceled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
  });

  it("page and filter a member's wallet entries and card transactions as one list", async () => {
    const member = await newAccount('member', 11);
    const booked = await helpers.bookPaidByCard(member);
    await helpers.cancel(member, booked.id);
    const user = userEvent.setup();
    await openAsUser(member, '/pages/transactions', 'Transactions');

    expect(await findText('Page 1 of 2')).toBeTruthy();
    await waitFor(() => expect(lines()).toHaveLength(10), SLOW);
    const first = lines();
    expect(first[0]).toMatch(/^Obe – refund of prepayment OBE-\w+ \| Refund · 23 Nov 2026 \| \+HK\$1,496 \| Refunded to the card Visa •••• 4242 \| Obe · \d+ \w+ 2026 · OBE-\w+$/);
    expect(first[1]).toMatch(/ \| Payment · 23 Nov 2026 \| -HK\$1,496 \| Paid by card Visa •••• 4242 \| Obe · \d+ \w+ 2026 · OBE-\w+$/);
    expect(first[2]).toBe('Entry 1 | Adjustment · 22 Nov 2026 | +HK$100 | Club wallet');
    expect(first[9]).toBe('Entry 8 | Adjustment · 15 Nov 2026 | +HK$800 | Club wallet');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findText('Page 2 of 2')).toBeTruthy();
    await waitFor(() => expect(lines().map((l) => l.split(' | ')[0])).toEqual(['Entry 9', 'Entry 10', 'Entry 11']), SLOW);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-22' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-23' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await findText('Page 1 of 1')).toBeTruthy();
    expect(address()).toBe('/pages/transactions?from=2026-11-22&to=2026-11-23');
    await waitFor(() => expect(lines().map((l) => l.split(' | ').slice(1, 3).join(' '))).toEqual([
      'Refund · 23 Nov 2026 +HK$1,496',
      'Payment · 23 Nov 2026 -HK$1,496',
      'Adjustment · 22 Nov 2026 +HK$100',
    ]), SLOW);

    // The member's statement of the month lists them apart from the wallet's balances.
    cleanup();
    await openApp('/pages/monthly-statements?month=2026-11');
    await findHeading('Statement for November 2026');
    const cards = await region('Card payments and refunds');
    expect(within(cards).getByText('Paid by card or refunded to the card: not part of the wallet balance above.')).toBeTruthy();
    expect(within(cards).getAllByRole('listitem').map((item) => item.querySelectorAll('p')[1]!.textContent)).toEqual([
      'Payment · 23 Nov 2026',
      'Refund · 23 Nov 2026',
    ]);
    expect(fieldTexts(await region('Summary'))).toMatchObject({ 'Opening balance': 'HK$0', 'Closing balance': 'HK$6,600' });
  });
});

describe('the monthly statement PDF', () => {
  it('downloads with the session’s token, and says so clearly when it cannot', async () => {
    const member = await newAccount('member', 3);
    const user = userEvent.setup();
    await openAsUser(member, '/pages/monthly-statements', 'Monthly statements');

    failOnce('GET', '/guest/statement/2026-11/pdf', () =>
      Response.json({ status: 503, errorCode: 50300, message: 'The statement service is busy' }, { status: 503 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Download November 2026 as PDF' }, SLOW));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('The statement could not be downloaded. The statement service is busy');
    expect(saved).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Download November 2026 as PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(saved[0]!.download).toBe('statement-2026-11.pdf');
    expect(saved[0]!.href).toBe('blob:test/1');
    const bytes = await downloadBytes(saved[0]!.blob);
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('downloads from the month’s own page too', async () => {
    const member = await newAccount('member', 1);
    const user = userEvent.setup();
    await openAsUser(member, '/pages/monthly-statements?month=2026-11', 'Statement for November 2026');
    await user.click(await screen.findByRole('button', { name: 'Download November 2026 as PDF' }, SLOW));
    await waitFor(() => expect(saved.map((s) => s.download)).toEqual(['statement-2026-11.pdf']), SLOW);
  });
});

describe('the calendar file', () => {
  it('is offered on the result page and on the order page of the confirmed booking', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const user = userEvent.setup();
    await bookBarSeatingAtObe(user);
    const reference = /Reference (OBE-[A-Z0-9]{6})/.exec(document.body.textContent ?? '')?.[1];
    expect(reference).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(saved[0]!.download).toBe(`reservation-${reference}.ics`);
    const text = await downloadText(saved[0]!.blob);
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text).toContain('TZID=Asia/Hong_Kong');

    await user.click(screen.getByRole('link', { name: 'View reservation' }));
    await findHeading('Your reservation');
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }, SLOW));
    await waitFor(() => expect(saved).toHaveLength(2), SLOW);
    expect((await downloadText(saved[1]!.blob)).startsWith('BEGIN:VCALENDAR')).toBe(true);
  });
});
