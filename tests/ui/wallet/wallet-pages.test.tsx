// @vitest-environment jsdom
/**
 * The wallet pages in the whole app against the real API: the member's balance and latest entries, the
 * guest's members-only answer, one entry, the transaction history with its date range and pages, and
 * the monthly statements with one month opened.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/lib/ids';
import { UNKNOWN_ID } from '../../support/server/fixtures';
import { testKit } from '../../support/server/kit';
import { findHeading, openApp, openAs, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { address, fieldTexts, findText, region, SLOW } from '../../support/ui/page-queries';
import { loadWalletHistory } from '../../../server/services/wallet/wallet-ledger';

// The demo wallet's history is dated from the server's fixed now; the page reads it on the server's clock.
const api = useAppHarness();

const MEMBER = ['member@example.com', 'member-pass-1'] as const;
const GUEST = ['guest@example.com', 'guest-pass-1'] as const;

/** The entries on the page, as "description amount date" lines, in the order shown. */
function entryLines(): string[] {
  return screen
    .queryAllByRole('listitem')
    .filter((item) => item.classList.contains('card'))
    .map((item) => {
      const [title, meta, amount] = [...item.querySelectorAll('p')].map((p) => p.textContent);
      return `${title} | ${meta} | ${amount}`;
    });
}

const PASSWORD = 'wallet-pass-1';
/**
 * A fresh member with `count` entries, one a day going back from yesterday (HK$1 more each day back), so
 * the newest is 'Entry 1' and paging has something to page through.
 */
async function memberWithEntries(count: number): Promise<string> {
  const { id, email } = await testKit(api()).member({ email: `wallet-${newId()}@example.com`, password: PASSWORD, firstName: 'Martin', lastName: 'Leung' });
  if (count > 0) {
    await loadWalletHistory(api().deps.db, 
      Array.from({ length: count }, (_, i) => ({
        id: newId(),
        userId: id,
        type: i % 2 === 0 ? ('CHARGE' as const) : ('TOP_UP' as const),
        amount: (i % 2 === 0 ? -1 : 1) * (i + 1) * 100,
        description: `Entry ${i + 1}`,
        // Noon in Hong Kong, i + 1 days before TEST_NOW's day (23 Nov 2026).
        createdAt: new Date(Date.UTC(2026, 10, 22 - i, 4)),
      })),
    );
  }
  return email;
}

describe('wallet', () => {
  it("shows the member's balance and latest entries, newest first, each opening its page", async () => {
    await openAs(api(), MEMBER, '/pages/wallet', 'Wallet');

    const balance = await region('Balance');
    expect(balance.textContent).toBe('BalanceHK$4,634Member number M-10086');
    await region('Latest entries');
    expect(entryLines()).toEqual([
      'Le Clos – lunch bill | Charge · 11 Nov 2026 | -HK$652',
      'Wallet top-up | Top-up · 14 Oct 2026 | +HK$2,000',
      'Obe – bar tab | Charge · 9 Sep 2026 | -HK$428',
      'Bâtard – dinner bill | Charge · 26 Jul 2026 | -HK$1,286',
      'Wallet top-up | Top-up · 26 Jun 2026 | +HK$5,000',
    ]);
    expect(screen.getByRole('link', { name: 'Transactions' }).getAttribute('href')).toBe('#/pages/transactions');
    expect(screen.getByRole('link', { name: 'Monthly statements' }).getAttribute('href')).toBe('#/pages/monthly-statements');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Charge: Obe – bar tab, -HK$428, 9 Sep 2026' }));
    await findHeading('Wallet entry');
    expect(address()).toMatch(/^\/pages\/wallet-detail\?id=[0-9a-f]{24}$/);
    const entry = await region('Wallet entry');
    expect(fieldTexts(entry)).toEqual({
      Type: 'Charge',
      Amount: '-HK$428 (debit)',
      Description: 'Obe – bar tab',
      Date: '9 Sep 2026, 10:00 am',
    });
    // A bar tab is for no visit: no reference, and never the entry's internal id.
    expect(entry.textContent).not.toContain(address().split('=')[1]!);
  });

  it("gives a guest the server's members-only answer and the way to membership", async () => {
    await openAs(api(), GUEST, '/pages/wallet', 'Wallet');

    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('You must be a Club member to use the wallet');
    expect(screen.getByRole('link', { name: 'Become a member' }).getAttribute('href')).toBe('#/pages/membership');
    expect(screen.queryByRole('region', { name: 'Balance' })).toBeNull();
  });

  it('says so clearly when the entry is missing or unknown', async () => {
    await storeSession(api(), ...MEMBER);
    for (const address of ['/pages/wallet-detail', `/pages/wallet-detail?id=${UNKNOWN_ID}`, '/pages/wallet-detail?id=nope']) {
      await openApp(address);
      await findHeading('Wallet entry');
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('This wallet entry could not be found.');
      expect(screen.getByRole('link', { name: 'Back to the wallet' })).toBeTruthy();
      cleanup();
    }
  });

  it('shows the guest the members-only answer on the monthly statements too, and their card payments as transactions', async () => {
    await storeSession(api(), ...GUEST);
    for (const [address, heading] of [['/pages/monthly-statements', 'Monthly statements']] as const) {
      await openApp(address);
      await findHeading(heading);
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('You must be a Club member to use the wallet');
      cleanup();
    }
    // The transaction history is a guest's too: the card payments of their bookings (none yet here).
    await openApp('/pages/transactions');
    await findHeading('Transactions');
    expect(await findText('There are no transactions yet.')).toBeTruthy();
    expect(screen.getByText('Your card payments and refunds. The Club wallet is for members.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my reservations' }).getAttribute('href')).toBe('#/pages/order');
  });
});

describe('transactions', () => {
  it('pages through the history newest first with Previous and Next', async () => {
    const user = userEvent.setup();
    await openAs(api(), [await memberWithEntries(23), PASSWORD], '/pages/transactions', 'Transactions');

    expect(await findText('Page 1 of 3')).toBeTruthy();
    const first = entryLines();
    expect(first).toHaveLength(10);
    expect(first[0]).toBe('Entry 1 | Charge · 22 Nov 2026 | -HK$1');
    expect(first[1]).toBe('Entry 2 | Top-up · 21 Nov 2026 | +HK$2');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findText('Page 2 of 3')).toBeTruthy();
    expect(address()).toBe('/pages/transactions?page=2');
    await waitFor(() => expect(entryLines()[0]).toBe('Entry 11 | Charge · 12 Nov 2026 | -HK$11'), SLOW);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findText('Page 3 of 3')).toBeTruthy();
    await waitFor(() => expect(entryLines().map((l) => l.split(' | ')[0])).toEqual(['Entry 21', 'Entry 22', 'Entry 23']), SLOW);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await findText('Page 2 of 3')).toBeTruthy();
  });

  it('filters by Hong Kong days, both ends included, and says when a range is empty or reversed', async () => {
    const user = userEvent.setup();
    await openAs(api(), [await memberWithEntries(23), PASSWORD], '/pages/transactions?page=2', 'Transactions');
    expect(await findText('Page 2 of 3')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-18' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    // A new range starts again at its first page.
    expect(await findText('Page 1 of 1')).toBeTruthy();
    expect(address()).toBe('/pages/transactions?from=2026-11-18&to=2026-11-20');
    await waitFor(() => expect(entryLines().map((l) => l.split(' | ')[0])).toEqual(['Entry 3', 'Entry 4', 'Entry 5']), SLOW);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-21' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('The start date must not be after the end date');
    expect(address()).toBe('/pages/transactions?from=2026-11-18&to=2026-11-20');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await findText('There are no transactions in this period.')).toBeTruthy();
    expect(entryLines()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await findText('Page 1 of 3')).toBeTruthy();
    expect(address()).toBe('/pages/transactions');
  });

  it('says so when there are no transactions at all', async () => {
    await openAs(api(), [await memberWithEntries(0), PASSWORD], '/pages/transactions', 'Transactions');
    expect(await findText('There are no transactions yet.')).toBeTruthy();
    expect(await findText('Page 1 of 1')).toBeTruthy();
  });
});

describe('monthly statements', () => {
  it('shows one card per month, newest first, with its balances and totals', async () => {
    await openAs(api(), MEMBER, '/pages/monthly-statements', 'Monthly statements');

    const cards = await waitFor(() => {
      const found = screen.getAllByRole('listitem').filter((item) => item.classList.contains('card'));
      expect(found.length).toBeGreaterThan(0);
      return found;
    }, SLOW);
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'November 2026',
      'October 2026',
      'September 2026',
      'August 2026',
      'July 2026',
      'June 2026',
    ]);
    expect(fieldTexts(cards[0]!)).toEqual({
      'Opening balance': 'HK$5,286',
      Credits: '+HK$0',
      Debits: '-HK$652',
      'Closing balance': 'HK$4,634',
    });
    expect(fieldTexts(cards[3]!)).toEqual({
      'Opening balance': 'HK$3,714',
      Credits: '+HK$0',
      Debits: 'HK$0',
      'Closing balance': 'HK$3,714',
    });
    expect(fieldTexts(cards[5]!)).toEqual({
      'Opening balance': 'HK$0',
      Credits: '+HK$5,000',
      Debits: 'HK$0',
      'Closing balance': 'HK$5,000',
    });
  });

  it("opens one month with its entries, and says so for a month without a statement", async () => {
    const user = userEvent.setup();
    await openAs(api(), MEMBER, '/pages/monthly-statements', 'Monthly statements');
    await user.click(await screen.findByRole('link', { name: 'View the entries of July 2026' }, SLOW));

    await findHeading('Statement for July 2026');
    expect(address()).toBe('/pages/monthly-statements?month=2026-07');
    expect(fieldTexts(await region('Summary'))).toEqual({
      'Opening balance': 'HK$5,000',
      Credits: '+HK$0',
      Debits: '-HK$1,286',
      'Closing balance': 'HK$3,714',
    });
    await waitFor(() => expect(entryLines()).toEqual(['Bâtard – dinner bill | Charge · 26 Jul 2026 | -HK$1,286']), SLOW);
    cleanup();

    for (const month of ['2020-01', '2026-13']) {
      await openApp(`/pages/monthly-statements?month=${month}`);
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('There is no statement for this month');
      expect(screen.getByRole('link', { name: 'All statements' })).toBeTruthy();
      cleanup();
    }
  });
});
