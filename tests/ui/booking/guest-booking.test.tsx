// @vitest-environment jsdom
/**
 * Booking rules by membership and booking before logging in (docs/PRODUCT.md §6) in the whole app against the
 * real API: a visitor who never logs in picks a time and finishes as a guest verified by a texted code; a
 * guest is told from when guests may book a day members already can; the details step before logging in has
 * no axe violations.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../../../server/db/schema';
import { addDays, hongKongToday } from '../../../common/time';
import { TEST_NOW } from '../../support/server/harness';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { reachDetailsStep } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({
  afterEach: (started) => {
    vi.useRealTimers();
    started.clock.set(TEST_NOW);
  },
});

/** The code the server last texted to +852 `number`. */
async function smsCode(number: string): Promise<string> {
  const [sms] = await api()
    .deps.db.select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'SMS'), eq(outbox.recipient, `+852${number}`)))
    .orderBy(desc(outbox.seq));
  return /(\d{6})/.exec(sms!.body)![1]!;
}

describe('booking before logging in, and booking rules by membership', () => {
  it('lets a visitor pick a time, then finish as a guest verified by a code, with the time kept', async () => {
    const user = userEvent.setup();
    await reachDetailsStep(user);
    expect(await axeViolations()).toEqual([]);

    // Bad input is named and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('Please enter first name!')).toBeTruthy();

    await user.type(screen.getByLabelText('First name'), 'Wing');
    await user.type(screen.getByLabelText('Last name'), 'Ho');
    await user.type(screen.getByLabelText('E-mail'), 'wing.ho@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '5123 4567');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await findHeading('Verify your mobile number');
    await user.type(await screen.findByLabelText('Verification code', {}, SLOW), await smsCode('51234567'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    // Held for the new guest account, the details as typed.
    await findHeading('Your details');
    expect(await screen.findByText(/Your table is held for/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('12:30 pm')).toBeTruthy();
    // The form shows once the new account's profile is loaded (the hold shows already while it loads).
    expect(await screen.findByLabelText('First name', {}, SLOW)).toHaveProperty('value', 'Wing');
    await user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));
    await findHeading('Review and confirm');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Confirm reservation' }));
    await findHeading('Your table is confirmed');
  });

  it('tells a guest from when guests may book a day members already can', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=batard');
    await findHeading('Choose your experience');
    await user.click(await screen.findByRole('button', { name: /Set Lunch/ }, SLOW));
    await findHeading('Date and party size');
    const day = addDays(hongKongToday(api().clock.now()), 60);
    await user.selectOptions(screen.getByLabelText('Or pick another date'), day);
    await user.click(screen.getByRole('button', { name: 'Find a table' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toMatch(/^Members can book .+ now\. Guests can book it from .+: log in as a member, or choose an earlier date\.$/);
    // The chart decided: no search was made, and the guest is still on the date step.
    await findHeading('Date and party size');
  });

  it('lets a member search 60 days ahead at the same venue', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=batard');
    await findHeading('Choose your experience');
    await user.click(await screen.findByRole('button', { name: /Set Lunch/ }, SLOW));
    await findHeading('Date and party size');
    await user.selectOptions(screen.getByLabelText('Or pick another date'), addDays(hongKongToday(api().clock.now()), 60));
    await user.click(screen.getByRole('button', { name: 'Find a table' }));
    await findHeading('Choose a time');
  });
});
