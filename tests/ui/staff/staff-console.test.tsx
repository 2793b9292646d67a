// @vitest-environment jsdom
/**
 * The staff console in the whole app against the real API: its own log-in and session (apart from a
 * guest's), the guard that sends a logged-out visitor there and back, the navigation by role, and the
 * venue and date pickers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { LECLOS } from '../../support/server/fixtures';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { address, SLOW } from '../../support/ui/page-queries';

// The console's session actor outlives a test's page: log it out for the next visit.
const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.keyboard('{Enter}');
}

const navLinks = () => within(screen.getByRole('navigation', { name: 'Staff' })).getAllByRole('link').map((a) => a.textContent);

describe('the staff console', () => {
  it('sends a logged-out visitor to the staff log-in and back; venue staff see their venue only', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const guestToken = localStorage.getItem('access_token');
    await openApp('/pages/staff/day?venue=batard&date=2026-12-01');
    await findHeading('Staff log in');
    expect(address()).toBe('/pages/staff/login?redirect=/pages/staff/day?venue=batard&date=2026-12-01');

    await logIn('host@example.com', 'host-pass-1');
    await findHeading('Day sheet');
    await waitFor(() => expect(address()).toMatch(/^\/pages\/staff\/day\?/), SLOW);
    // Le Clos's host asked for Bâtard's book gets their own venue's.
    const venue = screen.getByLabelText('Venue') as HTMLSelectElement;
    expect([...venue.options].map((o) => o.textContent)).toEqual(['Le Clos']);
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-12-01');
    expect(navLinks()).toEqual(['Host stand', 'Day sheet', 'Table plan', 'Closures', 'Call list', 'Reports', 'Duplicate guests', 'Set-up']);
    // The guest's session on this device is untouched by the staff log-in.
    expect(localStorage.getItem('access_token')).toBe(guestToken);
    expect(localStorage.getItem('staff_access_token')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it("lands venue staff on the host stand while their venue's service runs by the server's clock", async () => {
    // Monday 23 November 2026 at Le Clos: dinner runs at 7:30 pm; there is no supper on Mondays.
    api().clock.set('2026-11-23T19:30:00+08:00');
    await openApp('/pages/staff/login');
    await findHeading('Staff log in');
    await logIn('host@example.com', 'host-pass-1');
    await findHeading('Host stand');
    await waitFor(() => expect(address()).toBe('/pages/staff/host-stand?date=2026-11-23'), SLOW);
  });

  it("lands venue staff on the day sheet when no service of their venue runs by the server's clock", async () => {
    api().clock.set('2026-11-23T23:00:00+08:00');
    await openApp('/pages/staff/login');
    await findHeading('Staff log in');
    await logIn('host@example.com', 'host-pass-1');
    await findHeading('Day sheet');
    expect(address()).toMatch(/^\/pages\/staff\/day/);
  });

  it('shows admins every venue and the admin sections, and moves the day with the pickers', async () => {
    await openApp('/pages/staff/login');
    await findHeading('Staff log in');
    await logIn('admin@example.com', 'admin-pass-1');
    await findHeading('Day sheet');
    expect(navLinks()).toEqual(['Host stand', 'Day sheet', 'Table plan', 'Closures', 'Call list', 'Reports', 'Duplicate guests', 'Guest tags', 'Set-up', 'Staff accounts', 'Audit log', 'Privacy', 'Stripe reconciliation']);
    const venue = screen.getByLabelText('Venue') as HTMLSelectElement;
    expect(venue.options).toHaveLength(4);

    const user = userEvent.setup();
    await user.selectOptions(venue, 'obe');
    await waitFor(() => expect(address()).toMatch(/venue=obe/));
    const date = (screen.getByLabelText('Date') as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect((screen.getByLabelText('Date') as HTMLInputElement).value).not.toBe(date));
    expect(address()).toMatch(/venue=obe/);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await findHeading('Staff log in');
    expect(localStorage.getItem('staff_access_token')).toBeNull();
  });

  it('refuses a guest at the staff log-in', async () => {
    await openApp('/pages/staff/login');
    await findHeading('Staff log in');
    await logIn('guest@example.com', 'guest-pass-1');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Incorrect E-mail or Password');
    expect(localStorage.getItem('staff_access_token')).toBeNull();
  });

  it('lets an admin add a member of staff, who is mailed a link, and read it in the audit log', async () => {
    await openApp('/pages/staff/login?redirect=%2Fpages%2Fstaff%2Faccounts');
    await findHeading('Staff log in');
    await logIn('admin@example.com', 'admin-pass-1');
    await findHeading('Staff accounts');
    await screen.findByRole('cell', { name: 'host@example.com' }, SLOW);

    const user = userEvent.setup();
    const email = `new-host-${Date.now()}@example.com`;
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter your email address!')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), email);
    await user.type(screen.getByLabelText('First name'), 'Mei');
    await user.type(screen.getByLabelText('Last name'), 'Wong');
    await user.selectOptions(screen.getByLabelText('Venue'), 'Obe');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(`${email} can now set a password from the link we have mailed.`, {}, SLOW)).toBeTruthy();
    const row = (await screen.findByRole('cell', { name: email }, SLOW)).closest('tr')!;
    expect(within(row).getByText('Staff at Obe')).toBeTruthy();
    const mails = await api().request('GET', `/dev/outbox?recipient=${encodeURIComponent(email)}`);
    expect(mails.body.data[0].body).toMatch(/reset-password\?token=.*area=admin|area=admin.*token=/);

    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    await findHeading('Audit log');
    const entry = (await screen.findByText('staff.create', {}, SLOW)).closest('tr')!;
    expect(within(entry).getByText('Ada Wong')).toBeTruthy();
    // In the changes, and again in the record behind the disclosure.
    expect(within(within(entry).getByRole('list')).getByText(email, { exact: false })).toBeTruthy();
  });

  it("lets an admin move a member to another venue and remove their access after a confirmation, and shows a refusal", async () => {
    const id = newId();
    const email = `${id}@club.example.com`;
    await api().deps.db.insert(users).values({ id, role: 'staff', email, passwordHash: 'not-used', firstName: 'Kit', lastName: 'Lau', venueId: LECLOS });
    await openApp('/pages/staff/login?redirect=%2Fpages%2Fstaff%2Faccounts');
    await findHeading('Staff log in');
    await logIn('admin@example.com', 'admin-pass-1');
    await findHeading('Staff accounts');
    const row = async () => (await screen.findByRole('cell', { name: email }, SLOW)).closest('tr')!;
    const user = userEvent.setup();

    await user.click(within(await row()).getByRole('button', { name: 'Change Kit Lau' }));
    let dialog = screen.getByRole('dialog', { name: 'Change Kit Lau' });
    await user.selectOptions(within(dialog).getByLabelText('Venue'), 'Obe');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("Kit Lau's role and venue are saved.", {}, SLOW)).toBeTruthy();
    await waitFor(async () => expect(within(await row()).getByText('Staff at Obe')).toBeTruthy(), SLOW);
    // The row stays through the re-read, and so does the focus on its button.
    expect(document.activeElement).toBe(within(await row()).getByRole('button', { name: 'Change Kit Lau' }));

    await user.click(within(await row()).getByRole('button', { name: 'Change Kit Lau' }));
    await user.click(screen.getByRole('button', { name: 'Remove staff access…' }));
    dialog = screen.getByRole('dialog', { name: "Remove Kit Lau's staff access?" });
    await user.click(within(dialog).getByRole('button', { name: 'Remove staff access' }));
    expect(await screen.findByText('Kit Lau no longer has staff access.', {}, SLOW)).toBeTruthy();
    // The list is read again: the row moves from those with access to the former staff.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Former staff' })).getByRole('cell', { name: email })).toBeTruthy(), SLOW);
    expect(within(screen.getByRole('region', { name: 'Staff accounts' })).queryByRole('cell', { name: email })).toBeNull();
    // The row left with the button that had the focus: the focus is on the list's heading, above the message.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: "The club's staff" })));

    // The server's refusal, in the dialog: an admin's own access.
    await user.click(screen.getByRole('button', { name: 'Change Ada Wong' }));
    await user.click(screen.getByRole('button', { name: 'Remove staff access…' }));
    await user.click(screen.getByRole('button', { name: 'Remove staff access' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('You cannot remove your own staff access: ask another admin');
  });

  it('lists former staff apart and lets an admin restore one, who is mailed a link; shows a refusal; hands focus back to the button', async () => {
    const [kit, sam] = [newId(), newId()];
    const removedAt = api().clock.now();
    for (const [id, firstName] of [[kit, 'Kit'], [sam, 'Sam']] as const) {
      await api().deps.db.insert(users).values({ id, role: 'staff', email: `${id}@club.example.com`, passwordHash: 'not-used', firstName, lastName: 'Chan', venueId: LECLOS, deactivatedAt: removedAt });
    }
    await openApp('/pages/staff/login?redirect=%2Fpages%2Fstaff%2Faccounts');
    await findHeading('Staff log in');
    await logIn('admin@example.com', 'admin-pass-1');
    await findHeading('Staff accounts');
    const former = () => within(screen.getByRole('region', { name: 'Former staff' }));
    const current = () => within(screen.getByRole('region', { name: 'Staff accounts' }));
    await screen.findByRole('cell', { name: `${kit}@club.example.com` }, SLOW);
    expect(former().getByRole('cell', { name: `${sam}@club.example.com` })).toBeTruthy();
    expect(current().queryByRole('cell', { name: `${kit}@club.example.com` })).toBeNull();
    const user = userEvent.setup();

    // Escape closes the dialog and gives focus back to the button that opened it.
    const restoreKit = former().getByRole('button', { name: 'Restore Kit Chan' });
    await user.click(restoreKit);
    expect(screen.getByRole('dialog', { name: "Restore Kit Chan's staff access" })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(restoreKit);

    await user.click(restoreKit);
    const dialog = within(screen.getByRole('dialog', { name: "Restore Kit Chan's staff access" }));
    await user.selectOptions(dialog.getByLabelText('Venue'), 'Obe');
    await user.click(dialog.getByRole('button', { name: 'Restore access' }));
    expect(await screen.findByText('Kit Chan has staff access again and can set a new password from the link we have mailed.', {}, SLOW)).toBeTruthy();
    // The list is read again: the row comes back among those with access.
    const row = await waitFor(() => current().getByRole('cell', { name: `${kit}@club.example.com` }).closest('tr')!, SLOW);
    expect(within(row).getByText('Staff at Obe')).toBeTruthy();
    expect(former().queryByRole('cell', { name: `${kit}@club.example.com` })).toBeNull();
    const mails = await api().request('GET', `/dev/outbox?recipient=${encodeURIComponent(`${kit}@club.example.com`)}`);
    expect(mails.body.data[0].body).toMatch(/area=admin/);

    // Another admin restored Sam meanwhile: the server's refusal shows in the dialog.
    await user.click(former().getByRole('button', { name: 'Restore Sam Chan' }));
    const admin = await api().deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    const elsewhere = await api().request('POST', `/admin/staff/${sam}/restore`, { token: api().tokenFor({ id: admin[0]!.id, role: 'admin' }), body: { role: 'admin' } });
    expect(elsewhere.status).toBe(200);
    await user.click(screen.getByRole('button', { name: 'Restore access' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('This member of staff already has access');
  });

  it('keeps venue staff out of the admin sections', async () => {
    await openApp('/pages/staff/login?redirect=%2Fpages%2Fstaff%2Faudit-log');
    await findHeading('Staff log in');
    await logIn('host@example.com', 'host-pass-1');
    await findHeading('Audit log');
    expect(screen.getByText('This part of the staff console is for admins only.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
