// @vitest-environment jsdom
/**
 * What the navigation offers whom: My reservations to everyone logged in, the wallet to club members only;
 * and a toast that goes with the page it was shown on.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { navigateHash } from '../../../src/navigation/hash-location';
import { findHeading, openApp, openAs, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => vi.restoreAllMocks() });

const GUEST = ['guest@example.com', 'guest-pass-1'] as const;
const MEMBER = ['member@example.com', 'member-pass-1'] as const;

/** The links of the main navigation, by their text, once the session has settled. */
function menuLinks(): Record<string, string> {
  // The phone's menu is folded away until opened; its links are the same.
  const nav = document.getElementById('site-nav')!;
  return Object.fromEntries([...nav.querySelectorAll('a')].map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
}

describe('the main navigation', () => {
  it('offers a guest My reservations and no wallet', async () => {
    await openAs(api(), GUEST, '/pages/press', /Press/);
    await waitFor(() => expect(menuLinks()).toHaveProperty('My reservations', '#/pages/order'), SLOW);
    expect(menuLinks()).not.toHaveProperty('Wallet');
    expect(menuLinks()).not.toHaveProperty('Log in');
  });

  it('offers a member My reservations and the wallet', async () => {
    await openAs(api(), MEMBER, '/pages/press', /Press/);
    await waitFor(() => expect(menuLinks()).toHaveProperty('Wallet', '#/pages/wallet'), SLOW);
    expect(menuLinks()).toHaveProperty('My reservations', '#/pages/order');
  });

  it('offers a visitor neither, and the log-in', async () => {
    await openApp('/pages/press');
    await findHeading(/Press/);
    expect(Object.keys(menuLinks())).toEqual(['Home', 'Venues', 'Membership', 'Press', 'Book now', 'Log in']);
  });

  it('marks My reservations as where the guest is, on the list and on one reservation', async () => {
    await openAs(api(), GUEST, '/pages/order', 'My reservations');
    const link = await screen.findByRole('link', { name: 'My reservations', hidden: true }, SLOW);
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});

describe('a toast', () => {
  it('goes when the guest leaves the page it was shown on', async () => {
    const answer = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
      new Request(input, init).url.includes('/public/venue/by-domain/')
        ? Response.json({ status: 503, errorCode: 50000, message: 'The club is closed for maintenance' }, { status: 503 })
        : answer(input, init),
    );
    await openApp('/pages/venue-detail?domain=obe');
    await screen.findByText('The club is closed for maintenance', { selector: '.toast' }, SLOW);
    act(() => navigateHash('/pages/press'));
    // At once, not when its 3 s are up.
    expect(screen.queryByText('The club is closed for maintenance', { selector: '.toast' })).toBeNull();
    await findHeading(/Press/);
  });

  it('is not shown to a guest who opens the wallet: the page itself says it is for members', async () => {
    await openAs(api(), GUEST, '/pages/wallet', 'Wallet');
    await screen.findByRole('link', { name: 'Become a member' }, SLOW);
    expect(document.querySelector('.toast')).toBeNull();
  });
});
