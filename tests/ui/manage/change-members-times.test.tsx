// @vitest-environment jsdom
/**
 * A change is asked as a booking is, member-only times included: with Le Clos's lunch for members only, a
 * guest changing their dinner reads the change form's times as the wizard's time step shows them: the
 * dinner times as its buttons (the booked one pressed), and lunch headed "Members only" with the note that
 * members can also book it (docs/PRODUCT.md §6). Against the real API; axe finds nothing wrong.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { LECLOS } from '../../support/server/fixtures';
import { openAs, useAppHarness } from '../../support/ui/app-harness';
import { axeViolations } from '../../support/ui/axe';
import { GUEST_PASSWORD, leClos, manageScenes } from '../../support/ui/manage-scenes';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness();
const { newGuest, book } = manageScenes(api);

/** Le Clos's lunch made members-only through the set-up call, as an admin publishes it. */
async function lunchForMembersOnly() {
  const [admin] = await api().deps.db.select().from(users).where(eq(users.email, 'admin@example.com'));
  const token = api().tokenFor({ id: admin!.id, role: 'admin', venueId: null });
  const read = (await api().request('GET', `/admin/setup/venue/${LECLOS}/services`, { token })).body.data;
  const services = read.services.map((s: { name: string }) => (s.name === 'Lunch' ? { ...s, membersOnly: true } : s));
  expect((await api().request('PUT', `/admin/setup/venue/${LECLOS}/services`, { token, body: { version: read.version, services } })).status).toBe(200);
}

describe('the change form with member-only times', () => {
  it("shows the guest's times as the wizard's buttons, and lunch marked for members with the wizard's note", async () => {
    await lunchForMembersOnly();
    const guest = await newGuest();
    // À la Carte is served at lunch and dinner (no deposit); on Tuesday 24 Nov (the harness's clock) the guest has dinner at 7:00 pm.
    const booked = await book(guest, leClos('2026-11-24', 1140));
    await openAs(api(), [guest.email, GUEST_PASSWORD], `/pages/order?id=${booked._id}`, 'Your reservation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change' }, SLOW));
    const form = await screen.findByRole('form', { name: 'Change reservation' }, SLOW);
    await waitFor(() => expect(within(form).queryByText('Checking availability…')).toBeNull(), SLOW);

    const times = within(form).getByRole('group', { name: 'Time' });
    const dinner = within(times).getByRole('region', { name: 'Dinner' });
    expect(within(dinner).getByRole('heading', { level: 3 }).textContent).toBe('Dinner');
    expect(within(dinner).getByRole('button', { name: '7:00 pm' }).getAttribute('aria-pressed')).toBe('true');
    // Lunch has no times to pick here, only its heading with the mark, as the wizard shows it.
    expect(within(times).queryByRole('region', { name: 'Lunch' })).toBeNull();
    expect(within(times).getByRole('heading', { name: 'Lunch Members only' })).toBeTruthy();
    expect(within(times).getByRole('note').textContent).toMatch(/^Members can also book Lunch \(\d+:\d\d [ap]m to \d+:\d\d [ap]m\) on this day: log in as a member to see those times\.$/);
    // Logged in already: the note offers membership, not a log-in.
    expect(within(times).getByRole('link', { name: 'About membership' })).toBeTruthy();
    expect(within(times).queryByRole('link', { name: 'Members, log in' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
