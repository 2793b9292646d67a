// @vitest-environment jsdom
/**
 * Booking before logging in (docs/decisions/0018-verified-guests.md) in the whole app against the real API: a
 * visitor who picked a time chooses to have the code e-mailed rather than texted, types the code from the
 * mail and finishes as a verified guest, with the time kept; the choice is reachable by keyboard and axe
 * finds nothing wrong on either step.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../../../server/db/schema';
import { TEST_NOW } from '../../support/server/harness';
import { findHeading, useAppHarness } from '../../support/ui/app-harness';
import { reachDetailsStep } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({
  afterEach: (started) => {
    vi.useRealTimers();
    started.clock.set(TEST_NOW);
  },
});

/** The code last mailed to `email`. */
async function mailedCode(email: string): Promise<string> {
  const [mail] = await api()
    .deps.db.select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'EMAIL'), eq(outbox.recipient, email)))
    .orderBy(desc(outbox.seq));
  expect(mail?.subject).toBe('Your verification code');
  return /(\d{6})/.exec(mail!.body)![1]!;
}

describe('continuing as a guest by an e-mailed code', () => {
  it('sends the code to the e-mail chosen, and books once it is typed, with the time kept', async () => {
    const user = userEvent.setup();
    await reachDetailsStep(user);

    const choice = screen.getByRole('group', { name: 'Send my code by' });
    expect(screen.getByRole('radio', { name: 'Text message (SMS)' })).toHaveProperty('checked', true);
    // By keyboard: the space bar chooses the focused option (jsdom cannot walk a radio group by arrows).
    screen.getByRole('radio', { name: 'Mail to the address above' }).focus();
    await user.keyboard(' ');
    // The two options are the group's, the mail now chosen over the text.
    expect(within(choice).getByRole('radio', { name: 'Mail to the address above' })).toHaveProperty('checked', true);
    expect(within(choice).getByRole('radio', { name: 'Text message (SMS)' })).toHaveProperty('checked', false);
    expect(await axeViolations()).toEqual([]);

    await user.type(screen.getByLabelText('First name'), 'Mei');
    await user.type(screen.getByLabelText('Last name'), 'Lau');
    await user.type(screen.getByLabelText('E-mail'), 'mei.lau@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '6123 4567');
    await user.click(screen.getByRole('button', { name: 'E-mail me a code' }));

    await findHeading('Verify your e-mail address');
    expect(screen.getByText('We have sent a 6-digit code by e-mail to mei.lau@example.com.')).toBeTruthy();
    const codeBox = await screen.findByLabelText('Verification code', {}, SLOW);
    expect(await axeViolations()).toEqual([]);
    await user.type(codeBox, await mailedCode('mei.lau@example.com'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await findHeading('Your details');
    expect(await screen.findByText(/Your table is held for/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('12:30 pm')).toBeTruthy();
    expect(await screen.findByLabelText('First name', {}, SLOW)).toHaveProperty('value', 'Mei');
    await user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));
    await findHeading('Review and confirm');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Confirm reservation' }));
    await findHeading('Your table is confirmed');
  });
});
