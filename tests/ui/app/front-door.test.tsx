// @vitest-environment jsdom
/**
 * The front door: "Book a table" on Home and on every venue card, Venues in the menu, and a log-in that
 * lands a member where they were going (the page they came from, else their reservations).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VENUES } from '../../../common/venues';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { address, SLOW } from '../../support/ui/page-queries';

useAppHarness();

const MEMBER = ['member@example.com', 'member-pass-1'] as const;

async function logIn([email, password]: readonly [string, string]) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.keyboard('{Enter}');
}

const navLink = (name: string) => within(document.getElementById('site-nav')!).getByRole('link', { name, hidden: true });

describe('the front door', () => {
  it('offers "Book a table" on Home before anything else of the page, and on each venue card', async () => {
    await openApp('/');
    await findHeading('Welcome to The Aldrich Club');
    const main = screen.getByRole('main');
    const first = within(main).getAllByRole('link')[0]!;
    expect([first.textContent, first.getAttribute('href')]).toEqual(['Book a table', '#/pages/book-now']);
    for (const venue of VENUES) {
      const card = screen.getByRole('article', { name: venue.title });
      const book = within(card).getByRole('link', { name: `Book a table at ${venue.title}` });
      expect([book.textContent, book.getAttribute('href')]).toEqual(['Book a table', `#/pages/book?domain=${venue.domain}`]);
    }
  });

  it('has "Book a table" on every card of the venues page, which the menu names Venues', async () => {
    await openApp('/pages/press');
    await findHeading(/Press/);
    expect(navLink('Venues').getAttribute('href')).toBe('#/pages/venue');
    await userEvent.setup().click(navLink('Venues'));
    await findHeading('Our venues');
    expect(navLink('Venues').getAttribute('aria-current')).toBe('page');
    for (const venue of VENUES) {
      expect(within(screen.getByRole('article', { name: venue.title })).getByRole('link', { name: `Book a table at ${venue.title}` })).toBeTruthy();
    }
  });

  it("brings a member who logs in from the menu back to the page they were on", async () => {
    await openApp('/pages/venue-detail?domain=obe');
    await findHeading('Obe');
    expect(navLink('Log in').getAttribute('href')).toBe(`#/pages/login?redirect=${encodeURIComponent('/pages/venue-detail?domain=obe')}`);
    await userEvent.setup().click(navLink('Log in'));
    await findHeading('Log in');
    await logIn(MEMBER);
    await waitFor(() => expect(address()).toBe('/pages/venue-detail?domain=obe'), SLOW);
    await findHeading('Obe');
  });

  it('takes a member who logs in from Home, or straight from the log-in page, to their reservations', async () => {
    await openApp('/');
    await findHeading('Welcome to The Aldrich Club');
    expect(navLink('Log in').getAttribute('href')).toBe('#/pages/login');
    await userEvent.setup().click(navLink('Log in'));
    await findHeading('Log in');
    await logIn(MEMBER);
    await findHeading('My reservations');
    expect(address()).toBe('/pages/order');
  });
});
