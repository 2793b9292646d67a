/**
 * The wallet area through its HTTP API: balance, entries, transaction history by Hong Kong days and pages,
 * monthly statements, and who may see them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, walletEntries, type WalletEntryType } from '../../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../../server/db/seed';
import { newId } from '../../../server/lib/ids';
import { createTestApi, testDrivers, TEST_NOW, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { loadWalletHistory } from '../../../server/services/wallet/wallet-ledger';

const MEMBERS_ONLY = { status: 403, errorCode: 40300, message: 'You must be a Club member to use the wallet' };

interface SeedEntry {
  type: WalletEntryType;
  amount: number;
  at: string;
  description: string;
}

/**
 * A member's history with entries on both sides of Hong Kong midnights (UTC+8): 2026-08-31T16:00Z is
 * 1 September 00:00 in Hong Kong, and 2026-10-31T16:30Z is 1 November 00:30.
 */
const HISTORY: SeedEntry[] = [
  { type: 'TOP_UP', amount: 100_000, at: '2026-08-15T04:00:00Z', description: 'Top-up' },
  { type: 'CHARGE', amount: -25_000, at: '2026-08-31T15:59:00Z', description: 'Late August bill' },
  { type: 'CHARGE', amount: -12_345, at: '2026-08-31T16:00:00Z', description: 'Early September bill' },
  { type: 'REFUND', amount: 5_000, at: '2026-10-31T16:30:00Z', description: 'Refund just after midnight' },
  // 23 small charges on 20 November, a minute apart, for paging.
  ...Array.from({ length: 23 }, (_, i): SeedEntry => ({
    type: 'CHARGE',
    amount: -100,
    at: new Date(Date.parse('2026-11-20T04:00:00Z') + i * 60_000).toISOString(),
    description: `Bar tab ${i + 1}`,
  })),
];
const BALANCE = 100_000 - 25_000 - 12_345 + 5_000 - 2_300;

describe.each(testDrivers())('wallet API on %s', (driver) => {
  let api: TestApi;
  let memberToken: string;
  let guestToken: string;
  let adminToken: string;
  let testerId: string;
  let testerToken: string;
  const ids: string[] = [];

  beforeAll(async () => {
    api = await createTestApi({ driver });
    [memberToken, guestToken] = await Promise.all([
      api.login(DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password),
      api.login(DEMO_ACCOUNTS.guest.email, DEMO_ACCOUNTS.guest.password),
    ]);
    // Admins log in through their own area.
    const { email, password } = DEMO_ACCOUNTS.admin;
    const admin = await api.request('POST', '/admin/authentication/login', { body: { email, password } });
    adminToken = admin.body.data.token;
    // A second member whose history this file controls entirely.
    testerId = (await testKit(api).member({ email: `wallet.tester.${driver}@example.com`, firstName: 'Wallet', lastName: 'Tester' })).id;
    ids.push(...HISTORY.map(() => newId()));
    await loadWalletHistory(api.deps.db, 
      HISTORY.map((entry, i) => ({
        id: ids[i]!,
        userId: testerId,
        type: entry.type,
        amount: entry.amount,
        description: entry.description,
        createdAt: new Date(entry.at),
      })),
    );
    testerToken = await token();
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A fresh access token for the tester at the clock's current time. */
  const token = () => api.tokenFor({ id: testerId, role: 'member' });
  const get = (path: string, as: string | Promise<string> = testerToken) => api.request('GET', path, { token: as });

  describe('who may use the wallet', () => {
    const paths = [
      '/user/wallet',
      `/user/wallet/entries/${'0'.repeat(24)}`,
      '/user/transaction-history',
      `/user/transaction-history/${'0'.repeat(24)}`,
      '/guest/statement',
      '/guest/statement/2026-11',
    ];

    it.each(paths)('%s answers 401 without a token', async (path) => {
      const res = await api.request('GET', path);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 401, errorCode: 40100 });
    });

    // The transaction history is a guest's too (their card payments): see its own tests below.
    const walletOnly = (path: string) => !path.startsWith('/user/transaction-history');

    it.each(paths)('%s answers 403 to a guest (the wallet itself) and an admin', async (path) => {
      for (const as of walletOnly(path) ? [guestToken, adminToken] : [adminToken]) {
        const res = await get(path, as);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(MEMBERS_ONLY);
      }
    });

    it('serves a guest their transaction history, which holds no wallet entries', async () => {
      const res = await get('/user/transaction-history', guestToken);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ page: 1, pageSize: 20 });
      for (const item of res.body.data.items) expect(item.source).toBe('CARD');
      expect((await get(`/user/transaction-history/${ids[0]}`, guestToken)).status).toBe(404);
    });

    it('leaves the rest of the app unguarded', async () => {
      expect((await api.request('GET', '/public/venue/by-domain/leclos')).status).toBe(200);
    });
  });

  describe('the demo member', () => {
    it('sees the seeded balance and entries', async () => {
      const [member] = await api.deps.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.member.email));
      const rows = await api.deps.db.select().from(walletEntries).where(eq(walletEntries.userId, member!.id));
      expect(rows.length).toBeGreaterThan(0);
      const res = await get('/user/wallet', memberToken);
      expect(res.status).toBe(200);
      expect(res.body.data.balance).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
      expect(res.body.data.entries).toHaveLength(Math.min(10, rows.length));
    });

    it("cannot read another member's entry", async () => {
      const res = await get(`/user/wallet/entries/${ids[0]}`, memberToken);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, errorCode: 40400 });
    });
  });

  describe('GET /user/wallet', () => {
    it('gives the balance in HKD minor units and the latest 10 entries, newest first', async () => {
      const res = await get('/user/wallet');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);
      expect(res.body.data.balance).toBe(BALANCE);
      expect(res.body.data.currency).toBe('HKD');
      const entries = res.body.data.entries;
      expect(entries).toHaveLength(10);
      expect(entries[0]).toEqual({
        _id: ids[HISTORY.length - 1],
        type: 'CHARGE',
        amount: -100,
        description: 'Bar tab 23',
        reservationId: null,
        createdAt: '2026-11-20T04:22:00.000Z',
        visit: null,
        // The newest entry leaves the balance as it stands.
        balanceAfter: BALANCE,
      });
      // Each older entry left the balance at the next one's less that one's amount.
      for (let i = 1; i < entries.length; i++) expect(entries[i].balanceAfter).toBe(entries[i - 1].balanceAfter - entries[i - 1].amount);
      expect(entries.map((e: { description: string }) => e.description).slice(-1)).toEqual(['Bar tab 14']);
    });
  });

  describe('GET /user/wallet/entries/{id}', () => {
    it('gives one entry of the caller', async () => {
      const res = await get(`/user/wallet/entries/${ids[3]}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        _id: ids[3],
        type: 'REFUND',
        amount: 5000,
        description: 'Refund just after midnight',
        reservationId: null,
        createdAt: '2026-10-31T16:30:00.000Z',
        visit: null,
      });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await get(`/user/wallet/entries/${'a'.repeat(24)}`)).status).toBe(404);
      const bad = await get('/user/wallet/entries/not-an-id');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('id');
    });
  });

  describe('GET /user/transaction-history', () => {
    it('pages through every entry, newest first', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await get(`/user/transaction-history?page=${page}&pageSize=10`);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ page, pageSize: 10, total: HISTORY.length });
        expect(res.body.data.items).toHaveLength(page < 3 ? 10 : HISTORY.length - 20);
        for (const item of res.body.data.items) {
          expect(Object.keys(item).sort()).toEqual(['_id', 'amount', 'card', 'createdAt', 'description', 'reservationId', 'source', 'type', 'visit']);
          expect(item).toMatchObject({ source: 'WALLET', card: null });
          seen.push(item._id);
        }
      }
      expect(seen).toEqual([...ids].reverse());
      const beyond = await get('/user/transaction-history?page=4&pageSize=10');
      expect(beyond.body.data).toMatchObject({ items: [], total: HISTORY.length });
    });

    it('gives one transaction by id; 404 for an unknown id and 400 for a malformed one', async () => {
      const res = await get(`/user/transaction-history/${ids[3]}`);
      expect(res.body.data).toEqual({
        _id: ids[3],
        source: 'WALLET',
        type: 'REFUND',
        amount: 5000,
        description: 'Refund just after midnight',
        reservationId: null,
        card: null,
        createdAt: '2026-10-31T16:30:00.000Z',
        visit: null,
      });
      expect((await get(`/user/transaction-history/${'a'.repeat(24)}`)).status).toBe(404);
      expect((await get(`/user/transaction-history/${ids[3]}`, memberToken)).status).toBe(404);
      const bad = await get('/user/transaction-history/not-an-id');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('id');
    });

    it('defaults to page 1 of 20', async () => {
      const res = await get('/user/transaction-history');
      expect(res.body.data).toMatchObject({ page: 1, pageSize: 20, total: HISTORY.length });
      expect(res.body.data.items).toHaveLength(20);
    });

    it('filters by Hong Kong days, both ends included', async () => {
      const lastOfAugust = await get('/user/transaction-history?from=2026-08-31&to=2026-08-31');
      expect(lastOfAugust.body.data.items.map((e: { _id: string }) => e._id)).toEqual([ids[1]]);

      const autumn = await get('/user/transaction-history?from=2026-09-01&to=2026-11-01');
      expect(autumn.body.data.total).toBe(2);
      expect(autumn.body.data.items.map((e: { _id: string }) => e._id)).toEqual([ids[3], ids[2]]);

      const fromNovember = await get('/user/transaction-history?from=2026-11-02');
      expect(fromNovember.body.data.total).toBe(23);
      const untilAugust = await get('/user/transaction-history?to=2026-08-31');
      expect(untilAugust.body.data.total).toBe(2);
    });

    it.each([
      ['from=2026-11-31', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-11-02&to=2026-11-01', 'from'],
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=ten', 'pageSize'],
    ])('refuses %s', async (query, field) => {
      const res = await get(`/user/transaction-history?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, errorCode: 40000, field });
    });
  });

  describe('statements', () => {
    it('lists one statement per month from the first entry to this month, newest first', async () => {
      const res = await get('/guest/statement');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { month: '2026-11', openingBalance: 62_655, closingBalance: BALANCE, totalCredits: 5_000, totalDebits: 2_300, entryCount: 24 },
        { month: '2026-10', openingBalance: 62_655, closingBalance: 62_655, totalCredits: 0, totalDebits: 0, entryCount: 0 },
        { month: '2026-09', openingBalance: 75_000, closingBalance: 62_655, totalCredits: 0, totalDebits: 12_345, entryCount: 1 },
        { month: '2026-08', openingBalance: 0, closingBalance: 75_000, totalCredits: 100_000, totalDebits: 25_000, entryCount: 2 },
      ]);
    });

    it('gives one month with its entries, oldest first', async () => {
      const september = await get('/guest/statement/2026-09');
      expect(september.status).toBe(200);
      expect(september.body.data).toMatchObject({ month: '2026-09', openingBalance: 75_000, closingBalance: 62_655 });
      expect(september.body.data.entries.map((e: { _id: string }) => e._id)).toEqual([ids[2]]);

      const october = await get('/guest/statement/2026-10');
      expect(october.body.data).toMatchObject({ openingBalance: 62_655, closingBalance: 62_655, entries: [] });

      const november = await get('/guest/statement/2026-11');
      expect(november.body.data.entries.map((e: { _id: string }) => e._id)).toEqual(ids.slice(3));
    });

    it('agrees between the list, each month and the balance', async () => {
      const list = (await get('/guest/statement')).body.data as { month: string; openingBalance: number; closingBalance: number }[];
      for (let i = 0; i + 1 < list.length; i++) expect(list[i]!.openingBalance).toBe(list[i + 1]!.closingBalance);
      expect(list[0]!.closingBalance).toBe((await get('/user/wallet')).body.data.balance);
      for (const summary of list) {
        const detail = (await get(`/guest/statement/${summary.month}`)).body.data;
        const sum = detail.entries.reduce((s: number, e: { amount: number }) => s + e.amount, 0);
        expect(detail).toMatchObject({ openingBalance: summary.openingBalance, closingBalance: summary.closingBalance });
        expect(detail.openingBalance + sum).toBe(detail.closingBalance);
      }
    });

    it('answers 404 outside the statement months and 400 for a bad month', async () => {
      expect((await get('/guest/statement/2026-07')).status).toBe(404);
      expect((await get('/guest/statement/2026-12')).status).toBe(404);
      const bad = await get('/guest/statement/2026-13');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('month');
    });

    it('grows with the clock, month by Hong Kong month', async () => {
      try {
        // 31 December 16:00 UTC is already 1 January in Hong Kong.
        api.clock.set('2026-12-31T16:00:00Z');
        const res = await get('/guest/statement', token());
        expect(res.body.data.map((s: { month: string }) => s.month)).toEqual(['2027-01', '2026-12', '2026-11', '2026-10', '2026-09', '2026-08']);
        expect(res.body.data[0]).toMatchObject({ openingBalance: BALANCE, closingBalance: BALANCE, entryCount: 0 });
        expect((await get('/guest/statement/2026-12', token())).status).toBe(200);
      } finally {
        api.clock.set(TEST_NOW);
      }
    });

    it('is empty for a member who never used the wallet', async () => {
      const { id } = await testKit(api).member({ email: `wallet.empty.${driver}@example.com`, firstName: 'Empty', lastName: 'Wallet' });
      const fresh = await api.tokenFor({ id, role: 'member' });
      expect((await get('/guest/statement', fresh)).body.data).toEqual([]);
      expect((await get('/user/wallet', fresh)).body.data).toEqual({ balance: 0, currency: 'HKD', entries: [] });
      expect((await get('/guest/statement/2026-11', fresh)).status).toBe(404);
    });
  });
});
