// @vitest-environment jsdom
/**
 * Staff's "Why not?" in the whole app against the real API: from the table plan, a host asks
 * why a time is not offered and reads each reason in staff words, looks at another time from the day's
 * list, asks from the phone booking form, and axe finds nothing wrong.
 */
import { screen, within } from '@testing-library/react';
import { and, eq, inArray } from 'drizzle-orm';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';
import { venueTables } from '../../../server/db/schema';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { LECLOS } from '../../support/server/fixtures';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

const openAsHost = (address: string) => openAsStaff(address, ['host@example.com', 'host-pass-1'], 'Table plan');

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

describe('"Why not?"', () => {
  it('tells a host why a time is not offered, time by time and table by table, and passes axe', async () => {
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-04');
    await user.click(await screen.findByRole('button', { name: 'Why not?' }, SLOW));
    const dialog = within(await screen.findByRole('dialog', { name: 'Why not?' }));
    await dialog.findByText(/is offered to guests online\.$/, {}, SLOW);
    // Outside every service: the reason, and the tables still told for that stay.
    await retype(user, dialog.getByLabelText('Time'), '04:00');
    // Found, not got: the previous question may still be looking.
    await user.click(await dialog.findByRole('button', { name: 'Ask' }, SLOW));
    expect(await dialog.findByText('4:00 am for 2 is not offered to guests online.', {}, SLOW)).toBeTruthy();
    expect(dialog.getAllByText('Outside the service: À la Carte is not served at 4:00 am that day.').length).toBeGreaterThan(0);
    expect(dialog.getByText('Too large: seats at least 6.')).toBeTruthy();
    // A bad party size is refused before asking, in words.
    await retype(user, dialog.getByLabelText('Guests'), '0');
    await user.click(await dialog.findByRole('button', { name: 'Ask' }, SLOW));
    expect(await dialog.findByText('Choose a party of 1 to 50 guests')).toBeTruthy();
    await retype(user, dialog.getByLabelText('Guests'), '2');
    await user.click(await dialog.findByRole('button', { name: 'Ask' }, SLOW));
    // Lunch at 16:00 would run past its end: the reason, and the time in the day's list with its own "Why not?".
    await retype(user, dialog.getByLabelText('Time'), '16:00');
    await user.click(await dialog.findByRole('button', { name: 'Ask' }, SLOW));
    expect(await dialog.findByText('4:00 pm for 2 is not offered to guests online.', {}, SLOW)).toBeTruthy();
    expect(dialog.getAllByText('A stay of 90 minutes would run past the end of Lunch at 5:00 pm.').length).toBe(2);
    await user.click(dialog.getByRole('button', { name: 'Why not 4:00 pm?' }));
    expect(await dialog.findByText('4:00 pm for 2 is not offered to guests online.', {}, SLOW)).toBeTruthy();

    expect(await axeViolations()).toEqual([]);
  });

  it('says which tables joined would seat a party no table guests book seats, and why the others would not', async () => {
    // D10 and D11 (4 to 6 each) join; with D12 kept for staff, no single table guests book at Le Clos seats 9.
    const db = api().deps.db;
    const set = async (names: string[], values: Partial<typeof venueTables.$inferInsert>) => {
      await db.update(venueTables).set(values).where(and(eq(venueTables.venueId, LECLOS), inArray(venueTables.name, names)));
      await catalogChanged(db);
    };
    const join = (values: Partial<typeof venueTables.$inferInsert>) => set(['D10', 'D11'], values);
    await join({ combineGroup: 'long' });
    await set(['D12'], { bookable: 'STAFF' });
    try {
      const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-07');
      await user.click(await screen.findByRole('button', { name: 'Why not?' }, SLOW));
      const dialog = within(await screen.findByRole('dialog', { name: 'Why not?' }));
      await dialog.findByText(/is offered to guests online\.$/, {}, SLOW);
      await retype(user, dialog.getByLabelText('Time'), '19:00');
      await retype(user, dialog.getByLabelText('Guests'), '9');
      await user.click(await dialog.findByRole('button', { name: 'Ask' }, SLOW));
      expect(await dialog.findByText('7:00 pm for 9 is offered to guests online.', {}, SLOW)).toBeTruthy();
      expect(dialog.getByRole('heading', { name: 'Tables joined at 7:00 pm' })).toBeTruthy();
      expect(dialog.getByText('D10 + D11 would seat 9.')).toBeTruthy();
      expect(dialog.getByText('7:00 pm: D10 + D11 would seat 9.')).toBeTruthy();
      await join({ bookable: 'STAFF' });
      await user.click(await dialog.findByRole('button', { name: 'Ask' }, SLOW));
      expect(await dialog.findByText('7:00 pm for 9 is not offered to guests online.', {}, SLOW)).toBeTruthy();
      expect(dialog.getByText('D10 + D11 · Dining Room')).toBeTruthy();
      expect(dialog.getByText('D10: Staff only: not bookable online.')).toBeTruthy();
      expect(dialog.getByText('D11: Staff only: not bookable online.')).toBeTruthy();
      expect(await axeViolations()).toEqual([]);
    } finally {
      await set(['D10', 'D11', 'D12'], { combineGroup: null, bookable: 'ONLINE' });
    }
  });

  it('opens from the day sheet', async () => {
    const user = await openAsStaff('/pages/staff/day?venue=leclos&date=2026-12-06', ['host@example.com', 'host-pass-1'], /Day sheet/);
    await user.click(await screen.findByRole('button', { name: 'Why not?' }, SLOW));
    const dialog = within(await screen.findByRole('dialog', { name: 'Why not?' }));
    expect(await dialog.findByText('7:00 pm for 2 is offered to guests online.', {}, SLOW)).toBeTruthy();
  });

  it('opens from the phone booking form with its time and party', async () => {
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-05');
    await user.click(await screen.findByRole('button', { name: 'Phone booking' }, SLOW));
    const form = within(await screen.findByRole('dialog', { name: 'Phone booking' }));
    await retype(user, form.getByLabelText('Time'), '04:00');
    const button = form.getByRole('button', { name: 'Why not?' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = within(form.getByRole('region', { name: 'Why is this time not offered?' }));
    expect(await panel.findByText('4:00 am for 2 is not offered to guests online.', {}, SLOW)).toBeTruthy();
  });
});
