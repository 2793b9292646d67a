// @vitest-environment jsdom
/**
 * The Set-up screen in the whole app against the real API: an admin moves a table on the floor
 * plan from the keyboard, checks the change (its preview), and publishes it; a new pacing limit's preview
 * lists the booking it puts over the limit; a second admin's stale edit gets the conflict; venue staff are
 * told they may not change it; axe finds nothing wrong. The form's messages match the shared schema's.
 */
import { i18n } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { venueTables } from '../../../server/db/schema';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { SETUP_MESSAGE_TEXTS } from '../../../src/staff/setup/setup-messages';
import { SETUP_MESSAGES } from '../../../common/validation/setup-validation';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });
const ADMIN = ['admin@example.com', 'admin-pass-1'] as const;

const openSetup = (tab = 'tables') => openAsStaff(`/pages/staff/login?redirect=${encodeURIComponent(`/pages/staff/setup?venue=leclos&tab=${tab}`)}`, ADMIN, 'Set-up');

const tableRow = async (name: string) => (await api().deps.db.select().from(venueTables).where(eq(venueTables.name, name))).find((t) => t.venueId === LECLOS)!;

describe('the set-up screen', () => {
  it('moves a table from the keyboard, previews and publishes it; axe finds nothing wrong', async () => {
    // The demo floor places D1; two small steps right, one big step down and a turn move it from there.
    const before = await tableRow('D1');
    const moved = { x: before.x! + 20, y: before.y! + 50, rotation: (before.rotation + 15) % 360 };
    const user = await openSetup();
    const d1 = await screen.findByRole('button', { name: /^Table D1: / }, SLOW);
    expect(await axeViolations()).toEqual([]);
    d1.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}r');
    await waitFor(() => expect(d1.getAttribute('aria-label')).toBe(`Table D1: ${moved.x} across, ${moved.y} down, turned ${moved.rotation} degrees`));
    await user.click(screen.getByRole('button', { name: 'Check the new layout' }));
    expect(await screen.findByRole('heading', { name: 'What this change does to the book' }, SLOW)).toBeTruthy();
    expect(screen.getAllByText('No confirmed booking is affected.').length).toBeGreaterThan(0);
    expect(await axeViolations()).toEqual([]);
    // The preview saved nothing.
    expect(await tableRow('D1')).toMatchObject({ x: before.x, y: before.y, rotation: before.rotation });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('heading', { name: 'Published. Guests and staff see it on their next request.' }, SLOW)).toBeTruthy();
    expect(await tableRow('D1')).toMatchObject(moved);
  });

  it('lists the booking a new pacing limit puts over it before publishing', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 6);
    const token = await api().login('guest@example.com', 'guest-pass-1');
    const experienceId = await experienceIdByName(api().deps.db, LECLOS, 'À la Carte');
    const held = await api().request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date, startTime: 720, numberOfGuests: 4 } });
    expect(held.status).toBe(201);
    const done = await api().request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
      token,
      body: { firstName: 'Ivy', lastName: 'Paced', email: 'guest@example.com', mobileCountryCode: '852', mobileNumber: '61234567', agreements: { cancellationPolicy: true, noShowPolicy: true } },
    });
    expect(done.status).toBe(200);

    const user = await openSetup('pacing');
    const lunch = await screen.findByRole('group', { name: 'Lunch' }, SLOW);
    await user.type(within(lunch).getByLabelText('Covers per slot'), '2');
    await user.click(screen.getByRole('button', { name: 'Check the pacing' }));
    const row = (await screen.findByText('Ivy Paced', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('Over pacing')).toBeTruthy();
    expect(screen.getByText('1 booking affected: contact the guest')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to the change' }));
  });

  it("gives a second admin's stale edit the conflict, and starts again from what is stored", async () => {
    const user = await openSetup();
    const d2 = await screen.findByRole('button', { name: /^Table D2: / }, SLOW);
    // Another admin moves D2 meanwhile.
    const login = await api().request('POST', '/admin/authentication/login', { body: { email: ADMIN[0], password: ADMIN[1] } });
    const other = login.body.data.token as string;
    const stored = await tableRow('D2');
    const moved = await api().request('PUT', `/admin/venue/${LECLOS}/floor`, {
      token: other,
      body: { tables: [{ tableId: stored.id, version: stored.version, shape: 'RECT', x: 500, y: 500, width: 80, height: 80, rotation: 0 }] },
    });
    expect(moved.status).toBe(200);
    d2.focus();
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Check the new layout' }));
    expect(await screen.findByRole('heading', { name: 'Someone else changed this first. Nothing was saved.' }, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload and start again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Table D2: / }).getAttribute('aria-label')).toBe('Table D2: 500 across, 500 down, turned 0 degrees'), SLOW);
  });

  it('draws the table plan as a map of each dining area, from the layout published', async () => {
    await openAsStaff(`/pages/staff/login?redirect=${encodeURIComponent('/pages/staff/table-plan?venue=leclos')}`, ADMIN, 'Table plan');
    const map = await screen.findByRole('img', { name: 'Floor plan of Dining Room' }, SLOW);
    expect(map.querySelector('[data-name="D12"]')).not.toBe(null);
    expect(await axeViolations()).toEqual([]);
  });

  it("tells venue staff an admin has not allowed them to change their venue's set-up, and offers no form", async () => {
    await openAsStaff(`/pages/staff/login?redirect=${encodeURIComponent('/pages/staff/setup?venue=leclos&tab=tables')}`, ['host@example.com', 'host-pass-1'], 'Set-up');
    expect(await screen.findByText("An admin has not allowed your venue's team to change its set-up. Ask an admin to switch it on.", {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBe(null);
    expect(screen.queryByRole('form')).toBe(null);
  });

  it("says each form message as the shared schema does", () => {
    for (const [key, text] of Object.entries(SETUP_MESSAGES)) expect(i18n._(SETUP_MESSAGE_TEXTS[key as keyof typeof SETUP_MESSAGES])).toBe(text);
  });
});
