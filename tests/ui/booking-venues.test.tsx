// @vitest-environment jsdom
/**
 * Every experience that needs no payment, at every venue, booked through the wizard as a guest would:
 * at Hop Sze with the SMS code the venue asks for (a wrong code first, then the right one).
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidate } from '../../src/api/use-api-query';
import { TEST_NOW } from '../server/harness';
import { findHeading, openApp, startApi, storeSession, type TestApi } from './app-harness';

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

beforeEach(() => {
  invalidate('');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

const SLOW = { timeout: 10_000 };

/** Reads the newest verification code texted to a number. */
async function smsCode(number: string): Promise<string> {
  const res = await api.request('GET', `/dev/outbox?recipient=${encodeURIComponent(number)}&channel=SMS`);
  return /\b(\d{6})\b/.exec(res.body.data[0].body)![1]!;
}

describe.each([
  // One day each: a guest cannot hold overlapping tables at two venues (10208).
  ['leclos', 'À la Carte', 'TUE', 24, '7:00 pm'],
  ['batard', 'Set Lunch', 'WED', 25, '12:00 pm'],
  ['hopsze', 'Dim Sum Lunch', 'THU', 26, '12:30 pm'],
  ['hopsze', 'À la Carte Dinner', 'FRI', 27, '8:30 pm'],
  ['obe', 'Bar Seating', 'SAT', 28, '12:00 am'],
])('at %s, %s', (domain, experience, weekday, day, time) => {
  it('books a table without payment', async () => {
    await storeSession(api, 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp(`/pages/experience?domain=${domain}`);
    await user.click(await screen.findByRole('button', { name: new RegExp(`^${experience}`) }, SLOW));
    await findHeading('Date and party size');
    await user.click(screen.getByRole('radio', { name: new RegExp(`${weekday}\\s*${day}`) }));
    await user.click(screen.getByRole('button', { name: 'Find a table' }));
    await findHeading('Choose a time');
    await user.click(screen.getByRole('button', { name: time }));
    const next = await screen.findByRole('heading', { level: 1, name: /Choose a dining area|Your details/ }, SLOW);
    if (next.textContent === 'Choose a dining area') await user.click(screen.getByRole('button', { name: /No preference/ }));
    await findHeading('Your details');
    await user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));

    if (domain === 'hopsze') {
      await findHeading('Verify your mobile number');
      const code = screen.getByLabelText('Verification code');
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('The verification code is incorrect.', {}, SLOW)).toBeTruthy();
      await user.clear(screen.getByLabelText('Verification code'));
      await user.type(screen.getByLabelText('Verification code'), await smsCode('+85291234567'));
      await user.click(screen.getByRole('button', { name: 'Verify' }));
    }

    await findHeading('Review and confirm');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Confirm reservation' }));
    await findHeading('Your table is confirmed');
    expect(screen.getByText(/^Reference [A-Z]+-[A-Z0-9]+$/)).toBeTruthy();
  });
});
