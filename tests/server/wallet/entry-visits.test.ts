/**
 * A wallet entry names its visit as the member knows it (venue, day, the booking's reference) wherever it
 * is read: the wallet's list, the entry on its own and the transaction history; and the wallet's list
 * carries the balance just after each entry.
 */
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../../support/server/harness';
import { usePaymentTestApi, type paymentHelpers } from '../../support/server/payment-helpers';
import type { TestApi } from '../../support/server/harness';

for (const driver of testDrivers()) {
  describe(`wallet entries in plain words (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    usePaymentTestApi(driver, (a, helpers) => {
      api = a;
      h = helpers;
    });

    it('names the visit a wallet payment was for, and the balance after each entry', async () => {
      const member = await h.newUser('member', 500_000);
      const hold = await h.holdWhiskyFlight(member, '2026-12-12');
      expect((await h.startPayment(member, hold.id, 'WALLET')).status).toBe(201);
      const done = await h.complete(member, hold.id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const reference = done.body.data.uniqueId as string;
      expect(reference).toMatch(/^OBE-/);
      const visit = { reservationId: hold.id, reference, venue: 'Obe', date: '2026-12-12', startTime: done.body.data.startTime };

      const wallet = (await api.request('GET', '/user/wallet', { token: member.token() })).body.data;
      expect(wallet.balance).toBe(500_000 - 149_600);
      expect(wallet.entries.map((e: { type: string; amount: number; balanceAfter: number; visit: unknown }) => [e.type, e.amount, e.balanceAfter, e.visit])).toEqual([
        ['PAYMENT', -149_600, 500_000 - 149_600, visit],
        ['ADJUSTMENT', 500_000, 500_000, null],
      ]);

      const paymentId = wallet.entries[0]._id as string;
      expect((await api.request('GET', `/user/wallet/entries/${paymentId}`, { token: member.token() })).body.data.visit).toEqual(visit);
      expect((await api.request('GET', `/user/transaction-history/${paymentId}`, { token: member.token() })).body.data.visit).toEqual(visit);
      const history = (await api.request('GET', '/user/transaction-history', { token: member.token() })).body.data.items;
      expect(history[0]).toMatchObject({ _id: paymentId, visit });
    });
  });
}
