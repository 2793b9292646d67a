// @vitest-environment jsdom
/**
 * An experience's own policy on the Set-up screen against the real API: the admin edits its
 * late-cancellation fees by party size and its largest party (copied from the venue's to start), reads
 * the policy texts as a guest of a chosen party size will, sees tiers out of order and a tier above the
 * largest party refused in words before anything is sent, and a largest party beyond what the venue
 * takes online refused by the server in words; then publishes. axe finds nothing wrong at phone and
 * tablet widths.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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
const EXPERIENCE = 'Rotisserie Sharing Menu';

const openSetup = () => openAsStaff(`/pages/staff/login?redirect=${encodeURIComponent('/pages/staff/setup?venue=leclos&tab=experiences')}`, ADMIN, 'Set-up');

async function retype(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

describe('the set-up screen: an experience’s own fees by party size and largest party', () => {
  it('edits the tiers and the largest party, previews the texts, refuses wrong values in words and publishes', async () => {
    const user = await openSetup();
    const panel = await screen.findByRole('region', { name: 'Experiences' }, SLOW);
    await user.click(await within(panel).findByRole('button', { name: EXPERIENCE }, SLOW));
    await within(panel).findByRole('heading', { name: `Change ${EXPERIENCE}` }, SLOW);
    await user.click(within(panel).getByLabelText('Its own policy (else the venue’s)'));

    // The venue's tiers and largest party to start from.
    expect((within(panel).getByLabelText('Tier 1: from guests') as HTMLInputElement).value).toBe('1');
    expect((within(panel).getByLabelText('Tier 2: from guests') as HTMLInputElement).value).toBe('6');
    expect((within(panel).getByLabelText('Tier 2: fee per person (HK$)') as HTMLInputElement).value).toBe('300');
    const largest = within(panel).getByLabelText('Largest party (larger ones contact the reservations team)') as HTMLInputElement;
    expect(largest.value).toBe('10');
    expect(await axeViolationsAt(375)).toEqual([]);
    expect(await axeViolationsAt(768)).toEqual([]);

    // The preview writes the guest's texts from the values as they stand.
    const preview = within(panel).getByRole('region', { name: 'The policy as guests read it' });
    await user.selectOptions(within(preview).getByLabelText('For a party of'), '6');
    expect(preview.textContent).toMatch(/For parties of 6 or more, the fee is HK\$300(\.00)? per person\./);
    expect(preview.textContent).toContain('For parties of more than 10 guests, please contact our reservations team.');

    // Tiers out of order are refused in words before anything is sent.
    await retype(user, within(panel).getByLabelText('Tier 2: from guests'), '1');
    expect(within(panel).getByRole('alert').textContent).toBe(
      'List the fees by party size from the smallest party up, each from more guests than the one before, at most 10',
    );
    await retype(user, within(panel).getByLabelText('Tier 2: from guests'), '4');
    await retype(user, within(panel).getByLabelText('Tier 2: fee per person (HK$)'), '350');
    // A tier above the largest party would never apply.
    await user.click(within(panel).getByRole('button', { name: 'Add a fee by party size' }));
    await user.type(within(panel).getByLabelText('Tier 3: from guests'), '12');
    await user.type(within(panel).getByLabelText('Tier 3: fee per person (HK$)'), '400');
    expect(within(panel).getByRole('alert').textContent).toBe('A fee by party size cannot start above the largest party');
    // A largest party beyond what the venue takes online (10) passes the form but not the server.
    await retype(user, largest, '12');
    expect(within(panel).queryByRole('alert')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Check the change' }));
    expect(await within(panel).findByText('The largest party (12) is more than the 10 guests this venue takes online', {}, SLOW)).toBeTruthy();
    const stored = async () => (await api().deps.db.select().from(experiences).where(and(eq(experiences.venueId, LECLOS), eq(experiences.name, EXPERIENCE))))[0]!;
    expect((await stored()).policy).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Change it' }));
    await user.click(within(panel).getByRole('button', { name: 'Remove fee tier 3' }));
    await retype(user, largest, '8');
    await user.selectOptions(within(preview).getByLabelText('For a party of'), '5');
    expect(preview.textContent).toMatch(/For parties of 4 or more, the fee is HK\$350(\.00)? per person\./);
    expect(preview.textContent).toContain('For parties of more than 8 guests, please contact our reservations team.');

    await user.click(within(panel).getByRole('button', { name: 'Check the change' }));
    expect(await within(panel).findByRole('heading', { name: 'What this change does to the book' }, SLOW)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Publish' }));
    expect(await within(panel).findByRole('heading', { name: 'Published. Guests and staff see it on their next request.' }, SLOW)).toBeTruthy();
    await waitFor(async () => expect((await stored()).policy).not.toBeNull());
    expect((await stored()).policy).toMatchObject({
      feesByPartySize: [
        { minGuestCount: 1, amount: 20_000 },
        { minGuestCount: 4, amount: 35_000 },
      ],
      maximumPartySize: 8,
    });
  });
});
