// @vitest-environment jsdom
/**
 * The guest book in the whole app against the real API: the host searches 'chan 9123' from the bar of the
 * day sheet, opens Grace Chan's profile, tags her VIP and notes a shellfish allergy, and the day sheet
 * warns of it; '/' puts the cursor in the box; admins set up the club's tags (venue staff do not see the
 * page); a duplicate is merged from its page; axe finds nothing wrong.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users, phoneVerifications } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { hongKongToday } from '../../../common/time';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { findHeading, openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });
const HOST = ['host@example.com', 'host-pass-1'] as const;
const ADMIN = ['admin@example.com', 'admin-pass-1'] as const;

/** The demo guest Grace Chan's dinner at Le Clos tonight (the server's today). */
async function bookGraceTonight() {
  const a = api();
  const token = (await a.request('POST', '/user/authentication/login', { body: { email: 'guest@example.com', password: 'guest-pass-1' } })).body.data.token;
  const date = hongKongToday(a.clock.now());
  const experienceId = await experienceIdByName(a.deps.db, LECLOS, 'À la Carte');
  const held = await a.request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date, startTime: 1140, numberOfGuests: 2 } });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const done = await a.request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
    token,
    body: { firstName: 'Grace', lastName: 'Chan', mobileCountryCode: '+852', mobileNumber: '9123 4567', email: 'guest@example.com', agreements: { cancellationPolicy: true, noShowPolicy: true } },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return date;
}

describe('the guest book', () => {
  it("finds Grace Chan from the day sheet's search box, tags her VIP, notes a shellfish allergy, and the day sheet warns of it", async () => {
    const date = await bookGraceTonight();
    const user = await openAsStaff(`/pages/staff/day?venue=leclos&date=${date}`, HOST, 'Day sheet');

    // '/' outside a field puts the cursor in the box.
    await user.keyboard('/');
    const box = screen.getByRole('searchbox', { name: 'Find a guest' });
    expect(document.activeElement).toBe(box);
    await user.type(box, 'chan 9123{Enter}');
    await findHeading('Guest book');
    expect(await screen.findByText('1 guest matches “chan 9123”.', {}, SLOW)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Grace Chan' }));
    await findHeading('Guest profile');
    await screen.findByRole('heading', { name: /Grace Chan/, level: 2 }, SLOW);
    expect(screen.getByText('No tags yet.')).toBeTruthy();
    // Her feedback after visits, and the switch for the feedback mails, are on the profile too.
    await screen.findByRole('heading', { name: 'Feedback' }, SLOW);
    expect(await screen.findByRole('button', { name: 'Stop feedback mails' }, SLOW)).toBeTruthy();

    await user.selectOptions(await screen.findByLabelText('Tag'), 'VIP');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const tags = await screen.findByRole('list', { name: 'Tags' }, SLOW);
    expect(within(tags).getByText('VIP')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Kind'), 'Allergy');
    await user.type(screen.getByLabelText('Note'), 'Shellfish');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const warnings = await screen.findByRole('list', { name: 'Warnings' }, SLOW);
    expect(within(warnings).getByText('Allergy: Shellfish')).toBeTruthy();
    expect(screen.getByText(/by Henry Ho$/)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Day sheet' }));
    await findHeading('Day sheet');
    const row = await screen.findByRole('link', { name: 'Grace Chan' }, SLOW);
    await waitFor(() => expect(within(row.closest('tr')!).getByText('Allergy: Shellfish')).toBeTruthy());
  });

  it('says a search needs 2 characters, and sends nothing', async () => {
    const user = await openAsStaff('/pages/staff/day?venue=leclos', HOST, 'Day sheet');
    await user.type(screen.getByRole('searchbox', { name: 'Find a guest' }), 'c{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Type at least 2 characters to search');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Day sheet');
  });

  it("lets an admin add the club's own tag, which venue staff may not set up", async () => {
    const user = await openAsStaff('/pages/staff/guest-tags', ADMIN, 'Guest tags');
    await user.click(await screen.findByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Name the tag')).toBeTruthy();
    await user.type(screen.getByLabelText('New tag'), 'Wine club');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Tag “Wine club” added.', {}, SLOW)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Remove Wine club' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps the tag set-up from venue staff', async () => {
    await openAsStaff('/pages/staff/guest-tags', HOST, 'Guest tags');
    expect(await screen.findByText('This part of the staff console is for admins only.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Guest tags' })).toBeNull();
  });

  it('lists two accounts with one verified mobile number, and an admin merges the newer into the older with a reason', async () => {
    const { deps: { db }, clock } = api();
    // Only a number a texted code was confirmed for makes two accounts one person (docs/PRODUCT.md §2, "The guest book").
    await db.insert(phoneVerifications).values({ id: newId(), mobileCountryCode: '+852', mobileNumber: '55512345', codeHash: 'x', expiresAt: clock.now(), verifiedAt: clock.now() });
    const older = newId();
    const newer = newId();
    await db.insert(users).values([
      { id: older, role: 'guest', email: `${older}@example.com`, passwordHash: 'x', firstName: 'Mei', lastName: 'Lau', mobileCountryCode: '+852', mobileNumber: '55512345', createdAt: new Date('2025-01-01T00:00:00Z') },
      { id: newer, role: 'guest', email: `${newer}@example.com`, passwordHash: 'x', firstName: 'Mei', lastName: 'Lau', mobileCountryCode: '852', mobileNumber: '55512345', createdAt: new Date('2026-01-01T00:00:00Z') },
    ]);
    const user = await openAsStaff('/pages/staff/guest-duplicates', ADMIN, 'Duplicate guests');
    await screen.findByRole('heading', { name: 'Same mobile number: +852 5551 2345' }, SLOW);
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Merge into Mei Lau' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Why are these accounts one person?' }), 'Same mobile, same name');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged: 0 bookings, 0 payments and 0 wallet entries now belong to Mei Lau. An admin can undo this for 30 days.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Same mobile number: +852 5551 2345' })).toBeNull());
  });
});
