// @vitest-environment jsdom
/**
 * Members' money in plain words: a wallet entry names its visit (venue, day, the booking's reference) and
 * links to it, never an internal id; the wallet shows the balance after each entry and the member number.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/lib/ids';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { GUEST_DETAILS, testKit } from '../../support/server/kit';
import { openAs, useAppHarness } from '../../support/ui/app-harness';
import { fieldTexts, region } from '../../support/ui/page-queries';

const api = useAppHarness();
const PASSWORD = 'visits-pass-1';

/** A member with HK$5,000 in the wallet who paid Obe's Whisky Flight for two on Sat 12 Dec 2026 from it. */
async function memberWhoPaidByWallet() {
  const email = `visits-${newId()}@example.com`;
  const member = await testKit(api()).member({ email, password: PASSWORD, wallet: 500_000 });
  const token = member.token();
  const experienceId = await experienceIdByName(api().deps.db, OBE, 'Whisky Flight');
  const held = await api().request('POST', '/user/reservation/v1.1', { token, body: { venueId: OBE, experienceId, date: '2026-12-12', startTime: 1140, numberOfGuests: 2 } });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const paid = await api().request('POST', `/user/reservation/${held.body.data._id}/payment`, { token, body: { method: 'WALLET', idempotencyKey: `visit-${newId()}` } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const done = await api().request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, { token, body: { ...GUEST_DETAILS, email } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { email, id: held.body.data._id as string, reference: done.body.data.uniqueId as string };
}

describe('wallet entries in plain words', () => {
  it('names and links the visit of a wallet payment, with the balance after each entry and the member number', async () => {
    const { email, id, reference } = await memberWhoPaidByWallet();
    await openAs(api(), [email, PASSWORD], '/pages/wallet', 'Wallet');

    const balance = await region('Balance');
    expect(within(balance).getByText(/^Member number M-/)).toBeTruthy();
    const latest = await region('Latest entries');
    const [payment, credit] = within(latest).getAllByRole('listitem');
    const visit = within(payment!).getByRole('link', { name: `The visit: Obe · 12 Dec 2026 · ${reference}` });
    expect(visit.getAttribute('href')).toBe(`#/pages/order?id=${id}`);
    expect(within(payment!).getByText('Balance after: HK$3,504')).toBeTruthy();
    expect(within(credit!).getByText('Balance after: HK$5,000')).toBeTruthy();
    // No internal id is shown anywhere in the list.
    expect(latest.textContent).not.toContain(id);

    const entryId = within(payment!).getAllByRole('link')[0]!.getAttribute('href')!.split('id=')[1];
    cleanup();
    await openAs(api(), [email, PASSWORD], `/pages/wallet-detail?id=${entryId}`, 'Wallet entry');
    const fields = fieldTexts(screen.getByRole('region', { name: 'Wallet entry' }));
    expect(fields.Reference).toBe(reference);
    expect(fields.Visit).toBe(`Obe · 12 Dec 2026 · ${reference}`);
    expect(document.body.textContent).not.toMatch(/[0-9a-f]{24}/);
  });
});
