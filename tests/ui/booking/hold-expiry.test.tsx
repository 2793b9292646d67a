// @vitest-environment jsdom
/**
 * The hold as the guest sees it: 15:00 counting down on the held steps, spoken at milestones, and on
 * expiry 'Reservation expired' with a fresh start. Both clocks (page and server) are moved by hand.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { pickTime, walkToTimes } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';

// The test stops the page's timers itself.
const api = useAppHarness({ afterEach: () => vi.useRealTimers() });

describe('the hold', () => {
  it('counts down from 15:00, speaks at milestones, and expires into a fresh start', async () => {
    // Timers are fake but still run with real time, so the page's own waits work. The page's clock is
    // the machine's; the countdown runs on the server's (TEST_NOW), learned from its answers.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openApp('/pages/book?domain=leclos');
    await walkToTimes(user, { experience: /À la Carte/ });
    await pickTime(user, '7:00 pm');
    await findHeading('Your details');
    expect((await screen.findByText(/^1[45]:\d\d$/, {}, SLOW)).textContent).toMatch(/^(15:00|14:5\d)$/);

    api().clock.advanceMinutes(10);
    await act(async () => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getByText(/^[45]:\d\d$/)).toBeTruthy();
    expect(screen.getByText('5 minutes left to complete your reservation')).toBeTruthy();

    api().clock.advanceMinutes(6);
    await act(async () => vi.advanceTimersByTime(6 * 60_000));
    await findHeading('Reservation expired');
    // The server released the table too.
    const token = await api().login('guest@example.com', 'guest-pass-1');
    const list = await api().request('GET', '/user/reservation', { token });
    expect(list.body.data.filter((r: { status: string }) => r.status === 'PENDING')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Make a new reservation' }));
    await findHeading('Date and party size');
  });
});
