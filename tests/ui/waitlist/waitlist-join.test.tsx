// @vitest-environment jsdom
/**
 * Joining the waitlist from the booking wizard against the real API: from the times step when none of
 * the free times suits the guest, and from the date-and-party step when nothing is free at all.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { testKit } from '../../support/server/kit';
import { TEST_NOW } from '../../support/server/harness';
import { openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { walkToTimes } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({
  afterEach: (started) => {
    vi.useRealTimers();
    started.clock.set(TEST_NOW);
  },
});

/**
 * Books Obe's K1, the only table for eight, on `date` at each of `startTimes`, each hold by a guest of its
 * own (one guest may hold only two unfinished bookings at once).
 */
async function takeK1(date: string, startTimes: number[]) {
  const experienceId = await experienceIdByName(api().deps.db, OBE, 'Bar Seating');
  for (const startTime of startTimes) {
    const guest = await testKit(api()).guest({ firstName: 'Kay', lastName: 'One' });
    const held = await api().request('POST', '/user/reservation/v1.1', {
      token: guest.token(),
      body: { venueId: OBE, experienceId, date, startTime, numberOfGuests: 8 },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
  }
}

const guestWaitlist = async () =>
  (await api().request('GET', '/user/waitlist', { token: await api().login('guest@example.com', 'guest-pass-1') })).body.data;

describe('joining the waitlist', () => {
  it('from the times step, for a window none of the free times is in', async () => {
    await takeK1('2026-11-24', [1200]);
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=obe');
    await walkToTimes(user, { experience: /Bar Seating/, guests: '8 guests' });
    // K1 is taken from 8 to 10 pm: 7 pm is not offered, 5 pm is.
    expect(screen.getByRole('button', { name: '5:00 pm' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '7:00 pm' })).toBeNull();

    await user.click(screen.getByText('None of these times suits you? Join the waitlist'));
    const form = screen.getByRole('form', { name: 'Join the waitlist' });
    await user.selectOptions(within(form).getByLabelText('Earliest time'), '1140');
    await user.selectOptions(within(form).getByLabelText('Latest time'), '1260');
    await user.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are on the waitlist. We will e-mail you as soon as a table frees.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My reservations' }).getAttribute('href')).toBe('#/pages/order');
    expect(await guestWaitlist()).toMatchObject([{ status: 'WAITING', date: '2026-11-24', numberOfGuests: 8, earliestTime: 1140, latestTime: 1260 }]);
  });

  it('from the date-and-party step, when no time is free for the party that day', async () => {
    // Sunday evening: starts from 5 pm to 10 pm, two hours each; K1 taken at 5, 7 and 9 pm leaves none.
    await takeK1('2026-11-29', [1020, 1140, 1260]);
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=obe');
    await user.click(await screen.findByRole('button', { name: /Bar Seating/ }, SLOW));
    await user.click(await screen.findByRole('radio', { name: /SUN\s*29/ }, SLOW));
    await user.selectOptions(screen.getByLabelText('Party size'), '8 guests');
    await user.click(screen.getByRole('button', { name: 'Find a table' }));

    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('No time slot available');
    const form = await screen.findByRole('form', { name: 'Join the waitlist' }, SLOW);
    // The whole day unless narrowed.
    expect(within(form).getByLabelText('Earliest time')).toHaveProperty('value', '360');
    expect(within(form).getByLabelText('Latest time')).toHaveProperty('value', '1560');
    await user.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are on the waitlist. We will e-mail you as soon as a table frees.', {}, SLOW)).toBeTruthy();
    const entries = await guestWaitlist();
    expect(entries.find((e: { date: string }) => e.date === '2026-11-29')).toMatchObject({ status: 'WAITING', earliestTime: 360, latestTime: 1560 });
  });
});
