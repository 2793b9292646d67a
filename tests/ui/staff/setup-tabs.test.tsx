// @vitest-environment jsdom
/**
 * The Set-up section's tabs and its forms in the whole app against the real API: the tab is
 * in the address and moves with the arrow keys; an admin changes an existing table, adds a dining area
 * and changes one, and sets turn times, each checked then published through the set-up edit chart;
 * venue staff may work on it once an admin switches it on. axe finds nothing wrong.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seatingAreas, venues, venueTables, venueTurnTimes } from '../../../server/db/schema';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { LECLOS } from '../../support/server/fixtures';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });
const ADMIN = ['admin@example.com', 'admin-pass-1'] as const;
const HOST = ['host@example.com', 'host-pass-1'] as const;

const openSetup = (tab: string, who: readonly [string, string] = ADMIN) =>
  openAsStaff(`/pages/staff/login?redirect=${encodeURIComponent(`/pages/staff/setup?venue=leclos&tab=${tab}`)}`, who, 'Set-up');

/** Checks the form's change, then publishes it. */
async function checkAndPublish(user: Awaited<ReturnType<typeof openSetup>>, form: HTMLElement, check: string) {
  await user.click(within(form).getByRole('button', { name: check }));
  await user.click(await within(form).findByRole('button', { name: 'Publish' }, SLOW));
  expect(await within(form).findByRole('heading', { name: 'Published. Guests and staff see it on their next request.' }, SLOW)).toBeTruthy();
}

describe('the set-up tabs', () => {
  it('opens the tab the address names, moves with the arrow keys and puts the tab in the address; axe finds nothing wrong', async () => {
    const user = await openSetup('pacing');
    const pacing = await screen.findByRole('tab', { name: 'Pacing and turn times', selected: true }, SLOW);
    expect(await screen.findByRole('heading', { name: 'Turn times' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(pacing.id);
    expect(await axeViolations()).toEqual([]);
    pacing.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Experiences' }).getAttribute('aria-selected')).toBe('true'));
    await user.keyboard('{ArrowRight}');
    // From the last tab the arrow wraps to the first.
    const venue = screen.getByRole('tab', { name: 'Venue' });
    await waitFor(() => expect(venue.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(venue);
    expect(location.hash).toContain('tab=venue');
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(location.hash).toContain('tab=tables'));
    expect(screen.getByRole('tab', { name: 'Areas and tables' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Venue' }).getAttribute('tabindex')).toBe('-1');
    expect(await screen.findByRole('heading', { name: 'Add a table' }, SLOW)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it("changes an existing table's covers, who may book it and whether it is in use", async () => {
    const user = await openSetup('tables');
    await user.selectOptions(await screen.findByLabelText('Dining area', {}, SLOW), 'Garden Terrace');
    await user.selectOptions(screen.getByLabelText('Table to change'), 'T1');
    const form = await screen.findByRole('form', { name: 'Change table T1' }, SLOW);
    const most = within(form).getByLabelText('Most guests');
    await user.clear(most);
    await user.type(most, '6');
    await user.click(within(form).getByLabelText('Staff only'));
    await user.click(within(form).getByLabelText(/^In use/));
    await checkAndPublish(user, form, 'Check the change of the table');
    const [t1] = await api().deps.db.select().from(venueTables).where(and(eq(venueTables.venueId, LECLOS), eq(venueTables.name, 'T1')));
    expect(t1).toMatchObject({ maxGuests: 6, bookable: 'STAFF', active: false });
  });

  it('adds a dining area and makes an existing one members-only', async () => {
    const user = await openSetup('tables');
    const add = await screen.findByRole('form', { name: 'Add a dining area' }, SLOW);
    await user.type(within(add).getByLabelText('Area name'), 'Cellar');
    await user.type(within(add).getByLabelText(/^Description/), 'Below the bar');
    await checkAndPublish(user, add, 'Check the new area');
    const [cellar] = await api().deps.db.select().from(seatingAreas).where(and(eq(seatingAreas.venueId, LECLOS), eq(seatingAreas.name, 'Cellar')));
    expect(cellar).toMatchObject({ description: 'Below the bar', membersOnly: false, active: true });

    // Read again, the Bar Counter's own form makes it members-only.
    await user.click(within(add).getByRole('button', { name: 'Make another change' }));
    await user.selectOptions(await screen.findByLabelText('Dining area', {}, SLOW), 'Bar Counter');
    const bar = await screen.findByRole('form', { name: 'Change the area Bar Counter' }, SLOW);
    await user.click(within(bar).getByLabelText(/^Members only/));
    await checkAndPublish(user, bar, 'Check the change of the area');
    const [counter] = await api().deps.db.select().from(seatingAreas).where(and(eq(seatingAreas.venueId, LECLOS), eq(seatingAreas.name, 'Bar Counter')));
    expect(counter).toMatchObject({ membersOnly: true, active: true, version: 2 });
  });

  it('sets turn times by party size and service', async () => {
    const user = await openSetup('pacing');
    const form = await screen.findByRole('form', { name: 'Turn times' }, SLOW);
    await user.click(within(form).getByRole('button', { name: 'Add a rule' }));
    const rule = within(form).getByRole('group', { name: 'Rule 1' });
    await user.selectOptions(within(rule).getByLabelText('Service'), 'Dinner');
    const to = within(rule).getByLabelText('To guests');
    await user.clear(to);
    await user.type(to, '50');
    // Out of range: said at once, nothing offered to send.
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', 'Enter a number of guests from 1 to 40');
    await user.clear(to);
    await user.type(to, '4');
    const minutes = within(rule).getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '120');
    await checkAndPublish(user, form, 'Check the turn times');
    const [stored] = await api().deps.db.select().from(venueTurnTimes).where(eq(venueTurnTimes.venueId, LECLOS));
    expect(stored!.rules).toEqual([{ periodName: 'Dinner', minGuests: 1, maxGuests: 4, minutes: 120 }]);
  });

  it("lets venue staff work on their venue's set-up once an admin switches it on", async () => {
    let user = await openSetup('tables');
    const allow = await screen.findByLabelText("Let this venue's team change its set-up", {}, SLOW);
    expect(allow).toHaveProperty('checked', false);
    await user.click(allow);
    expect(await screen.findByText("Saved: the venue's team may now change its set-up.", {}, SLOW)).toBeTruthy();
    const [venue] = await api().deps.db.select().from(venues).where(eq(venues.id, LECLOS));
    expect(venue!.staffMaySetUp).toBe(true);
    staffSessionActor().send({ type: 'logout' });
    cleanup();

    user = await openSetup('tables', HOST);
    expect(await screen.findByRole('heading', { name: 'Add a table' }, SLOW)).toBeTruthy();
    // The switch is the admins' own.
    expect(screen.queryByLabelText("Let this venue's team change its set-up")).toBe(null);
    expect(user).toBeTruthy();
  });
});
