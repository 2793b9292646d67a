/**
 * The wallet's one writer (server/services/wallet/wallet-ledger.ts, decision 0033) under two transactions
 * at once on one member's wallet: two debits that together exceed the balance, one is refused; two
 * no-show fees that together exceed it, the second takes what is left and the rest stays owed. The
 * balance is never wrong and never below zero, on both drivers. On PostgreSQL, where transactions really
 * run side by side (PGlite runs them one at a time), a debit in flight makes the next one wait for the
 * member's lock, which then sees the first debit's entry.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conflict } from '../../../server/lib/errors';
import { walletBalance } from '../../../server/services/wallet/wallet';
import { chargeFeeToWallet, creditWallet, debitWallet, type WalletMovement } from '../../../server/services/wallet/wallet-ledger';
import { testDrivers, type TestApi } from '../../support/server/harness';
import { usePaymentTestApi, type paymentHelpers } from '../../support/server/payment-helpers';

const short = (balance: number) => conflict(`balance ${balance} is short`);

for (const driver of testDrivers()) {
  describe(`the wallet ledger (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    usePaymentTestApi(driver, (a, helpers) => ((api = a), (h = helpers)));

    /** A member with `balance` on the wallet, credited through the ledger. */
    async function memberWith(balance: number) {
      const member = await h.newUser('member');
      await api.deps.db.transaction((tx) => creditWallet(tx, 'ADJUSTMENT', { userId: member.id, amount: balance, description: 'Opening credit', now: api.clock.now() }));
      return member;
    }
    const movement = (userId: string, amount: number, description: string): WalletMovement => ({ userId, amount, description, now: api.clock.now() });
    const debit = (userId: string, amount: number) => api.deps.db.transaction((tx) => debitWallet(tx, 'CHARGE', movement(userId, amount, `bill of ${amount}`), short));
    const fee = (userId: string, amount: number) => api.deps.db.transaction((tx) => chargeFeeToWallet(tx, movement(userId, amount, `fee of ${amount}`)));

    it('refuses one of two debits at once that together exceed the balance, and keeps the balance right', async () => {
      const member = await memberWith(10_000);
      const results = await Promise.allSettled([debit(member.id, 6_000), debit(member.id, 7_000)]);
      const done = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(done).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/balance (10000|4000|3000) is short/);
      const spent = results[0]!.status === 'fulfilled' ? 6_000 : 7_000;
      expect(await h.balanceOf(member.id)).toBe(10_000 - spent);
      expect((await h.walletOf(member.id)).map((e) => e.amount).sort((a, b) => a - b)).toEqual([-spent, 10_000]);
    });

    it('takes two debits at once that the balance covers, both in full', async () => {
      const member = await memberWith(10_000);
      await Promise.all([debit(member.id, 4_000), debit(member.id, 6_000)]);
      expect(await h.balanceOf(member.id)).toBe(0);
    });

    it('charges two fees at once as far as the balance goes: one in full, the other what is left, never below zero', async () => {
      const member = await memberWith(10_000);
      const charged = await Promise.all([fee(member.id, 6_000), fee(member.id, 6_000)]);
      expect([...charged].sort((a, b) => a - b)).toEqual([4_000, 6_000]);
      expect(await h.balanceOf(member.id)).toBe(0);
      // An empty wallet gives nothing, and gets no entry of nothing.
      expect(await fee(member.id, 6_000)).toBe(0);
      expect((await h.walletOf(member.id)).map((e) => e.amount).sort((a, b) => a - b)).toEqual([-6_000, -4_000, 10_000]);
    });

    it('writes nothing for a debit it refuses', async () => {
      const member = await memberWith(1_000);
      await expect(debit(member.id, 1_001)).rejects.toThrow('balance 1000 is short');
      expect(await walletBalance(api.deps.db, member.id)).toBe(1_000);
      expect(await h.walletOf(member.id)).toHaveLength(1);
    });

    // Only PostgreSQL has sessions side by side whose locks can be watched; PGlite runs one transaction at a time.
    const onPostgres = driver === 'postgres' ? it : () => {};
    onPostgres("makes a debit wait for the member's lock while another is in flight, and then see it", async () => {
      const member = await memberWith(10_000);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let debited!: () => void;
      const inFlight = new Promise<void>((resolve) => (debited = resolve));
      const first = api.deps.db.transaction(async (tx) => {
        await debitWallet(tx, 'CHARGE', movement(member.id, 6_000, 'first'), short);
        debited();
        await released;
      });
      await inFlight;
      const second = debit(member.id, 6_000);
      // Without the lock the second would read the balance before the first commits, and overdraw it.
      expect(await waitingOrSettled(api, second)).toBe('waiting');
      release();
      await first;
      await expect(second).rejects.toThrow('balance 4000 is short');
      expect(await h.balanceOf(member.id)).toBe(4_000);
    });
  });
}

/**
 * 'waiting' once a transaction of this database waits for an advisory lock (the other debit, behind the
 * member's lock), or 'settled' if `work` finished first. Polls the lock table, so no timer decides it.
 */
async function waitingOrSettled(api: TestApi, work: Promise<unknown>): Promise<'waiting' | 'settled'> {
  let settled = false;
  work.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    const result = (await api.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
          WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(result.rows[0]?.n) > 0) return 'waiting';
  }
  return 'settled';
}
