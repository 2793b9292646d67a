// @vitest-environment jsdom
/**
 * The booking wizard in the whole app against the real API: each step is a page the chart shows, and
 * the guest walks it as a person would, from the venue to the confirmed table.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEST_NOW } from '../../support/server/harness';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { bookBarSeatingAtObe, pickTime, walkToTimes } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';

// Each test a new visit, on the server's clock (the page learns it from the answers): Monday 23 Nov 2026, 10:00 in Hong Kong.
// A test that moves the clocks puts them back: the page's to the machine's, the server's to TEST_NOW.
const api = useAppHarness({
  afterEach: (started) => {
    vi.useRealTimers();
    started.clock.set(TEST_NOW);
  },
});

describe('the booking wizard', () => {
  it('walks a member from the venue to a confirmed table', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=batard');
    await walkToTimes(user, { experience: /Set Lunch/, guests: '2 guests' });
    expect(location.hash).toBe('#/pages/timeslot');
    // Bâtard's lunch may offer a choice of area; any will do.
    await pickTime(user, '12:00 pm');

    await findHeading('Your details');
    expect(await screen.findByText(/Your table is held for/, {}, SLOW)).toBeTruthy();
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Martin');
    await user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));

    await findHeading('Review and confirm');
    await user.click(screen.getByRole('button', { name: 'Confirm reservation' }));
    expect(await screen.findByText('Please agree to cancellation policy')).toBeTruthy();
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Confirm reservation' }));

    await findHeading('Your table is confirmed');
    const member = await api().login('member@example.com', 'member-pass-1');
    const list = await api().request('GET', '/user/reservation', { token: member });
    expect(list.body.data.some((r: { status: string; venue: { domain: string } }) => r.status === 'CONFIRMED' && r.venue.domain === 'batard')).toBe(true);
  });

  it('asks the API for nothing twice along the way', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const calls: string[] = [];
    const fetchToApi = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname !== '/public/analytics/page-view') calls.push(`${request.method} ${url.pathname}${url.search}`);
      return fetchToApi(request);
    });
    const user = userEvent.setup();
    await bookBarSeatingAtObe(user);
    const repeated = calls.filter((call, i) => calls.indexOf(call) !== i);
    expect(repeated).toEqual([]);
    expect(calls.filter((c) => c.startsWith('GET /public/venue/by-domain/obe'))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('GET /user/user/me'))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('POST /user/reservation/v1.1'))).toHaveLength(1);
  });

  it('shows a logged-out guest the times, and asks them to log in at the details step, keeping the time', async () => {
    const user = userEvent.setup();
    await openApp('/pages/book?domain=leclos');
    await findHeading('Choose your experience');
    await user.click(await screen.findByRole('button', { name: /À la Carte/ }, SLOW));
    await findHeading('Date and party size');
    await user.click(screen.getByRole('button', { name: 'Find a table' }));
    // No wall before the times.
    await findHeading('Choose a time');
    await pickTime(user, '12:30 pm');
    await findHeading('Your details');
    await user.click(await screen.findByRole('button', { name: 'Log in' }, SLOW));
    await findHeading('Log in');
    // The member: the guest's two holds are the tests' below (fair inventory: two at once).
    await user.type(screen.getByLabelText('E-mail'), 'member@example.com');
    await user.type(screen.getByLabelText('Password'), 'member-pass-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // The time chosen before logging in is the one held.
    await findHeading('Your details');
    expect(await screen.findByText(/Your table is held for/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('12:30 pm')).toBeTruthy();
  });

  it('shows the guest-details messages of docs/PRODUCT.md §5 and keeps the hold', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=batard');
    await walkToTimes(user, { experience: /Set Lunch/, guests: '2 guests' });
    await pickTime(user, '12:30 pm');
    await findHeading('Your details');
    await screen.findByRole('button', { name: 'Continue' }, SLOW);
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter first name!')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address!')).toBeTruthy();
    expect(screen.getByText('Please enter mobile number!')).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    await findHeading('Your details');
  });

  it('resumes the same step after a reload, with the hold still counting', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    const first = await openApp('/pages/book?domain=batard');
    await walkToTimes(user, { experience: /Set Lunch/, guests: '3 guests' });
    await pickTime(user, '1:00 pm');
    await findHeading('Your details');
    first.unmount();
    // Five minutes later, on both clocks.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    api().clock.advanceMinutes(5);
    await openApp('/pages/profile');
    await findHeading('Your details');
    const held = await screen.findByText(/Your table is held for/, {}, SLOW);
    expect(within(held).getByText(/^(9|10):\d\d$/)).toBeTruthy();
  });

  it('gives the held table up when the guest leaves the flow', async () => {
    // The member: the guest still holds the two tables of the tests above, as many as one may (fair inventory).
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=batard');
    await walkToTimes(user, { experience: /Set Lunch/, day: /WED\s*25/ });
    await pickTime(user, '1:30 pm');
    await findHeading('Your details');
    const token = await api().login('member@example.com', 'member-pass-1');
    const statuses = async () =>
      ((await api().request('GET', '/user/reservation', { token })).body.data as { status: string; date: string }[])
        .filter((r) => r.date === '2026-11-25')
        .map((r) => r.status);
    expect(await statuses()).toEqual(['PENDING']);

    await user.click(screen.getAllByRole('link', { name: 'Press', hidden: true })[0]!);
    await findHeading(/Press/);
    await waitFor(async () => expect(await statuses()).toEqual(['CANCELED']), SLOW);
  });

  it('sends a party above the online limit to the reservations team', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=hopsze');
    await findHeading('Choose your experience');
    await user.click(await screen.findByRole('button', { name: /Dim Sum Lunch/ }, SLOW));
    await findHeading('Date and party size');
    await user.selectOptions(screen.getByLabelText('Party size'), '8 guests');
    await user.click(screen.getByRole('button', { name: 'Find a table' }));
    await findHeading('We need to help you personally');
    expect(screen.getByRole('link', { name: /Call \+852/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /hopsze.reservations@/ })).toBeTruthy();
    await waitFor(() => expect(location.hash).toBe('#/pages/warning'));
  });
});
