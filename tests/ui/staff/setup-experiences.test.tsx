// @vitest-environment jsdom
/**
 * The Set-up screen's experiences in the whole app against the real API: an admin writes a
 * new experience (English only: the other languages are then listed as missing), with a deposit by
 * tier, sees a wrong value refused in words before anything is sent, checks it and publishes it; axe
 * finds nothing wrong at phone and tablet widths.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experiences } from '../../../server/db/schema';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { LECLOS } from '../../support/server/fixtures';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolationsAt } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });
const ADMIN = ['admin@example.com', 'admin-pass-1'] as const;

const openSetup = () => openAsStaff(`/pages/staff/login?redirect=${encodeURIComponent('/pages/staff/setup?venue=leclos&tab=experiences')}`, ADMIN, 'Set-up');

describe('the set-up screen: experiences', () => {
  it('writes a new experience with a deposit by tier, refusing a wrong value in words, then checks and publishes it', async () => {
    const user = await openSetup();
    const panel = await screen.findByRole('region', { name: 'Experiences' }, SLOW);
    expect(within(panel).getByRole('heading', { name: 'New experience' })).toBeTruthy();
    expect(await axeViolationsAt(390)).toEqual([]);
    expect(await axeViolationsAt(820)).toEqual([]);

    await user.type(within(panel).getByLabelText('Name in English'), 'Garden Lunch');
    await user.type(within(panel).getByLabelText('Description in English'), 'Three courses on the terrace.');
    const most = within(panel).getByLabelText('Most guests');
    await user.clear(most);
    await user.type(most, '0');
    expect(within(panel).getByRole('alert').textContent).toBe('Enter a number of guests from 1 to 40');
    await user.clear(most);
    await user.type(most, '6');
    await user.selectOptions(within(panel).getByLabelText('Paid when booking'), 'DEPOSIT');
    expect(within(panel).getByRole('alert').textContent).toBe('A deposit needs a tier that starts at or below the fewest guests');
    await user.click(within(panel).getByRole('button', { name: 'Add a tier' }));
    await user.type(within(panel).getByLabelText('Deposit per person (HK$)'), '150');

    await user.click(within(panel).getByRole('button', { name: 'Check the new experience' }));
    expect(await within(panel).findByRole('heading', { name: 'What this change does to the book' }, SLOW)).toBeTruthy();
    const stored = () => api().deps.db.select().from(experiences).where(and(eq(experiences.venueId, LECLOS), eq(experiences.name, 'Garden Lunch')));
    // The check saved nothing.
    expect(await stored()).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Publish' }));
    expect(await within(panel).findByRole('heading', { name: 'Published. Guests and staff see it on their next request.' }, SLOW)).toBeTruthy();
    await waitFor(async () => expect(await stored()).toHaveLength(1));
    expect((await stored())[0]).toMatchObject({ maxGuests: 6, prePaymentType: 'DEPOSIT', depositPolicy: [{ minGuestCount: 1, price: { amount: 15_000 } }], policy: null });
    // Read again to edit on: listed with its five other languages missing.
    await user.click(within(panel).getByRole('button', { name: 'Make another change' }));
    const item = (await within(panel).findByRole('button', { name: 'Garden Lunch' }, SLOW)).closest('li')!;
    expect(within(item).getByText('5 languages missing')).toBeTruthy();
  });
});
