// @vitest-environment jsdom
/**
 * Member-only times in the whole app against the real API: an admin makes Bâtard's
 * lunch members-only with the services form's switch (by keyboard; axe finds nothing wrong) and
 * publishes it; a visitor searching Set Lunch, served only at lunch, is told members can book those
 * times, while a member is offered them.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { findHeading, openApp, openAsStaff, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { BATARD } from '../../support/server/fixtures';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

/** Set Lunch at Bâtard, for two, on Tuesday 24 Nov (the harness's clock): the visitor's search. */
async function searchSetLunch(user: ReturnType<typeof userEvent.setup>, { first }: { first: boolean }) {
  await openApp('/pages/book?domain=batard');
  // The wizard keeps a draft it has begun: the experience is asked for only the first time.
  if (first) {
    await findHeading('Choose your experience');
    await user.click(await screen.findByRole('button', { name: /Set Lunch/ }, SLOW));
  }
  await findHeading('Date and party size');
  await user.click(screen.getByRole('radio', { name: /TUE\s*24/ }));
  await user.click(screen.getByRole('button', { name: 'Find a table' }));
}

describe('member-only times', () => {
  it('are switched on in the services form, and a guest is told members can book them while a member books', async () => {
    const admin = await openAsStaff('/pages/staff/setup?venue=batard&tab=venue', ['admin@example.com', 'admin-pass-1'], 'Set-up');
    const services = await screen.findByRole('form', { name: 'Services' }, SLOW);
    const lunch = within(services).getByRole('group', { name: 'Lunch' });
    const lunchSwitch = within(lunch).getByRole('checkbox', { name: /^Members only/ });
    expect(lunchSwitch).toHaveProperty('checked', false);
    lunchSwitch.focus();
    await admin.keyboard(' ');
    expect(lunchSwitch).toHaveProperty('checked', true);
    expect(within(within(services).getByRole('group', { name: 'Dinner' })).getByRole('checkbox', { name: /^Members only/ })).toHaveProperty('checked', false);
    expect(await axeViolations()).toEqual([]);
    await admin.click(within(services).getByRole('button', { name: 'Check the change' }));
    await admin.click(await within(services).findByRole('button', { name: 'Publish' }, SLOW));
    expect(await within(services).findByText(/^Published\./, {}, SLOW)).toBeTruthy();

    cleanup();
    const visitor = userEvent.setup();
    await searchSetLunch(visitor, { first: true });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe('Members can book Lunch (12:00 pm to 3:30 pm) on this day. Please choose another day, or log in as a member.');
    await findHeading('Date and party size');
    expect(await axeViolations()).toEqual([]);

    cleanup();
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const member = userEvent.setup();
    await searchSetLunch(member, { first: false });
    await findHeading('Choose a time');
    expect(screen.getByRole('button', { name: '12:30 pm' })).toBeTruthy();
  });

  it("leave the other services' times on the times page, with a note naming the service members can also book", async () => {
    // Bâtard's lunch members-only, through the set-up call.
    const [admin] = await api().deps.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const token = api().tokenFor({ id: admin!.id, role: 'admin', venueId: null });
    const read = (await api().request('GET', `/admin/setup/venue/${BATARD}/services`, { token })).body.data;
    const services = read.services.map((s: { name: string }) => (s.name === 'Lunch' ? { ...s, membersOnly: true } : s));
    expect((await api().request('PUT', `/admin/setup/venue/${BATARD}/services`, { token, body: { version: read.version, services } })).status).toBe(200);

    // À la Carte is served at lunch and dinner: a visitor gets dinner's times and the note.
    const visitor = userEvent.setup();
    await openApp('/pages/book?domain=batard');
    await findHeading('Choose your experience');
    await visitor.click(await screen.findByRole('button', { name: /À la Carte/ }, SLOW));
    await findHeading('Date and party size');
    await visitor.click(screen.getByRole('radio', { name: /TUE\s*24/ }));
    await visitor.click(screen.getByRole('button', { name: 'Find a table' }));
    await findHeading('Choose a time');
    expect(await screen.findByRole('region', { name: 'Dinner' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lunch' })).toBeNull();
    expect(screen.getByRole('note').textContent).toBe('Members can also book Lunch (12:00 pm to 3:30 pm) on this day: log in as a member to see those times.');
    expect(await axeViolations()).toEqual([]);
  });
});
