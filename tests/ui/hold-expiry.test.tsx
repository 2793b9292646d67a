// @vitest-environment jsdom
/**
 * The hold as the guest sees it: 15:00 counting down on the held steps, spoken at milestones, and on
 * expiry 'Reservation expired' with a fresh start. Both clocks (page and server) are moved by hand.
 */
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_NOW } from '../server/harness';
import { findHeading, openApp, startApi, storeSession, type TestApi } from './app-harness';

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

const SLOW = { timeout: 10_000 };

describe('the hold', () => {
  it('counts down from 15:00, speaks at milestones, and expires into a fresh start', async () => {
    // Timers are fake but still run with real time, so the page's own waits work.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: TEST_NOW });
    await storeSession(api, 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openApp('/pages/book?domain=leclos');
    await user.click(await screen.findByRole('button', { name: /À la Carte/ }, SLOW));
    await findHeading('Date and party size');
    await user.click(screen.getByRole('radio', { name: /TUE\s*24/ }));
    await user.click(screen.getByRole('button', { name: 'Find a table' }));
    await findHeading('Choose a time');
    await user.click(screen.getByRole('button', { name: '7:00 pm' }));
    const heading = await screen.findByRole('heading', { level: 1, name: /Choose a dining area|Your details/ }, SLOW);
    if (heading.textContent === 'Choose a dining area') await user.click(screen.getByRole('button', { name: /No preference/ }));
    await findHeading('Your details');
    expect((await screen.findByText(/^1[45]:\d\d$/, {}, SLOW)).textContent).toMatch(/^(15:00|14:5\d)$/);

    await act(async () => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getByText(/^[45]:\d\d$/)).toBeTruthy();
    expect(screen.getByText('5 minutes left to complete your reservation')).toBeTruthy();

    api.clock.advanceMinutes(16);
    await act(async () => vi.advanceTimersByTime(6 * 60_000));
    await findHeading('Reservation expired');
    // The server released the table too.
    const token = await api.login('guest@example.com', 'guest-pass-1');
    const list = await api.request('GET', '/user/reservation', { token });
    expect(list.body.data.filter((r: { status: string }) => r.status === 'PENDING')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Make a new reservation' }));
    await findHeading('Date and party size');
  });
});
