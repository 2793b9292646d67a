// @vitest-environment jsdom
/**
 * The guest's text-message page (docs/PRODUCT.md §4, no-shows) in the whole app against the real API:
 * reached from My data, SMS and no marketing until the guest says otherwise, the choice saved and
 * announced, and marketing consent withdrawn again; what is saved is what the outbox sends by.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { queueGuestText } from '../../../server/services/messaging/guest-texts';
import { findHeading, openAs, useAppHarness } from '../../support/ui/app-harness';
import { axeViolations } from '../../support/ui/axe';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness();
const GUEST = ['guest@example.com', 'guest-pass-1'] as const;

describe('the text-message page', () => {
  it('chooses WhatsApp for booking messages and gives, then withdraws, marketing consent', async () => {
    await openAs(api(), GUEST, '/pages/my-data', 'Your personal data');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Choose how we text you' }));
    await findHeading('Text messages');

    const channel = await screen.findByRole('group', { name: 'Send messages about my bookings by' }, SLOW);
    expect((within(channel).getByRole('radio', { name: 'Text message (SMS)' }) as HTMLInputElement).checked).toBe(true);
    const marketing = screen.getByRole('checkbox', { name: /send me the club's news and offers/ }) as HTMLInputElement;
    // Off until the guest gives it.
    expect(marketing.checked).toBe(false);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(channel).getByRole('radio', { name: 'WhatsApp' }));
    await user.click(marketing);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Announced: the form's message is a status in a live region.
    const saved = await screen.findByText('Saved. Booking messages come by WhatsApp; you will also receive news and offers.', {}, SLOW);
    expect(saved.getAttribute('role')).toBe('status');

    const [guest] = await api().deps.db.select().from(users).where(eq(users.email, GUEST[0]));
    const text = (purpose: 'booking' | 'marketing') => queueGuestText(api().deps.db, { userId: guest!.id, number: '+85291234567', body: 'Hello', purpose, now: api().clock.now() });
    expect(await text('booking')).toBe('WHATSAPP');
    expect(await text('marketing')).toBe('WHATSAPP');

    await user.click(marketing);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Booking messages come by WhatsApp; you will receive no marketing messages.', {}, SLOW)).toBeTruthy();
    expect(await text('marketing')).toBeNull();
    expect(await text('booking')).toBe('WHATSAPP');
  });
});
