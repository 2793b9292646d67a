// @vitest-environment jsdom
/**
 * Every experience that needs no payment, at every venue, booked through the wizard as a guest would:
 * at Hop Sze with the SMS code the venue asks for (a wrong code first, then the right one).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { pickTime, walkToTimes } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';

// Each test a new visit, on the server's clock (the page learns it from the answers): Monday 23 Nov 2026, 10:00 in Hong Kong.
const api = useAppHarness();

/** Reads the newest verification code texted to a number. */
async function smsCode(number: string): Promise<string> {
  const res = await api().request('GET', `/dev/outbox?recipient=${encodeURIComponent(number)}&channel=SMS`);
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
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp(`/pages/experience?domain=${domain}`);
    await walkToTimes(user, { experience: new RegExp(`^${experience}`), day: new RegExp(`${weekday}\\s*${day}`) });
    await pickTime(user, time);
    await findHeading('Your details');
    await user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));

    if (domain === 'hopsze') {
      await findHeading('Verify your mobile number');
      // The field comes once the code is sent.
      const code = await screen.findByLabelText('Verification code', {}, SLOW);
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
