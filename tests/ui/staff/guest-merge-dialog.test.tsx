// @vitest-environment jsdom
/**
 * The guest book's merge dialog against the real API (docs/PRODUCT.md §2, "The guest book"): before an
 * admin merges a member's account, the dialog shows both accounts' member numbers and wallet balances and
 * asks why; venue staff asking the same are told in the dialog that only an admin may, and what they typed
 * stays; an admin undoes a merge from its line of the audit log.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';
import { loadWalletHistory } from '../../../server/services/wallet/wallet-ledger';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });
const HOST = ['host@example.com', 'host-pass-1'] as const;
const ADMIN = ['admin@example.com', 'admin-pass-1'] as const;

/** A member with HK$4,234 in the wallet and, newer, a guest account with the same verified e-mail in capitals. */
async function memberAndGuest() {
  const { deps, clock } = api();
  const [member, guest] = [newId(), newId()];
  const email = `ada.wong.${member}@example.com`;
  await deps.db.insert(users).values([
    { id: member, role: 'member', customId: 'M-20417', email, passwordHash: 'x', firstName: 'Ada', lastName: 'Wong', emailVerifiedAt: clock.now(), createdAt: new Date('2025-01-01T00:00:00Z') },
    { id: guest, role: 'guest', email: email.toUpperCase(), passwordHash: 'x', firstName: 'Ada', lastName: 'Wong', emailVerifiedAt: clock.now(), createdAt: new Date('2026-01-01T00:00:00Z') },
  ]);
  await loadWalletHistory(deps.db, { id: newId(), userId: member, type: 'ADJUSTMENT', amount: 423_400, description: 'Opening credit', createdAt: clock.now() });
  return { member, guest, email };
}

async function openDialog(account: readonly [string, string], email: string) {
  const user = await openAsStaff('/pages/staff/guest-duplicates', account, 'Duplicate guests');
  await screen.findByRole('heading', { name: `Same e-mail: ${email}` }, SLOW);
  await user.click(screen.getByRole('button', { name: 'Merge into Ada Wong' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('the merge dialog', () => {
  it("shows an admin both accounts' member numbers and wallets before the merge", async () => {
    const { email } = await memberAndGuest();
    const { user, dialog } = await openDialog(ADMIN, email);

    const kept = within(within(dialog).getByRole('region', { name: 'Kept account' }));
    expect(kept.getByText('M-20417')).toBeTruthy();
    expect(kept.getByText('HK$4,234')).toBeTruthy();
    const merged = within(within(dialog).getByRole('region', { name: 'Account merged into it' }));
    expect(merged.getByText('None')).toBeTruthy();
    expect(merged.getByText('HK$0')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    // A merge needs a reason.
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText('Say why these accounts are one person')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Why are these accounts one person?' }), 'The member booked once as a guest');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged: 0 bookings, 0 payments and 0 wallet entries now belong to Ada Wong. An admin can undo this for 30 days.', {}, SLOW)).toBeTruthy();
  });

  it('tells venue staff that only an admin merges a member, keeping the reason typed', async () => {
    const { email } = await memberAndGuest();
    const { user, dialog } = await openDialog(HOST, email);
    const reason = within(dialog).getByRole('textbox', { name: 'Why are these accounts one person?' });
    await user.type(reason, 'Same e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    // The host's venue has no booking of either: the first rule refuses.
    expect(await within(dialog).findByText('Only an admin, or staff of a venue both guests have booked at, can merge these accounts.', {}, SLOW)).toBeTruthy();
    expect((reason as HTMLInputElement).value).toBe('Same e-mail');
  });

  it('lets an admin undo a merge from the audit log', async () => {
    const { member, guest } = await memberAndGuest();
    const a = api();
    const login = await a.request('POST', '/admin/authentication/login', { body: { email: ADMIN[0], password: ADMIN[1] } });
    const merged = await a.request('POST', `/admin/guest/${guest}/merge`, { token: login.body.data.token, body: { duplicateId: member, reason: 'Same e-mail' } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);

    const user = await openAsStaff('/pages/staff/audit-log', ADMIN, 'Audit log');
    // Newest first: this merge's line leads (an earlier test's merge is further down).
    const [newest] = await screen.findAllByRole('button', { name: 'Undo merge' }, SLOW);
    await user.click(newest!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Why undo this merge?' }), 'Two people after all');
    await user.click(within(dialog).getByRole('button', { name: 'Undo merge' }));
    expect(await screen.findByText('Merge undone: Ada Wong has their own account again and can log in.', {}, SLOW)).toBeTruthy();
  });
});
