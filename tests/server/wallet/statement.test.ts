/**
 * Monthly statements: over random months of random wallet entries (property test, with entries bunched
 * at Hong Kong month boundaries) each statement closes at its opening plus its entries, and the PDF,
 * parsed back, holds the month, the member, every entry and the totals.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type WalletEntryType } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { hongKongMonth } from '../../../server/services/wallet/wallet';
import { formatHkd } from '../../../common/money';
import { formatDate, hongKongDate } from '../../../common/time';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { pdfText } from '../../support/server/pdf-text';
import { loadWalletHistory } from '../../../server/services/wallet/wallet-ledger';

interface Entry {
  type: WalletEntryType;
  amount: number;
  at: number;
  description: string;
}

const FIRST = Date.parse('2026-01-01T00:00:00+08:00');
const LAST = TEST_NOW.getTime() - 1;
/** Hong Kong month starts from January to November 2026 (UTC+8). */
const MONTH_STARTS = Array.from({ length: 11 }, (_, i) => Date.parse(`2026-${String(i + 1).padStart(2, '0')}-01T00:00:00+08:00`));

const instant = fc.oneof(
  fc.integer({ min: FIRST, max: LAST }),
  // A few minutes either side of a Hong Kong midnight that starts a month.
  fc.tuple(fc.constantFrom(...MONTH_STARTS.slice(1)), fc.integer({ min: -180_000, max: 180_000 })).map(([start, offset]) => start + offset),
);

const entry: fc.Arbitrary<Entry> = fc.record({
  type: fc.constantFrom<WalletEntryType>('TOP_UP', 'PAYMENT', 'REFUND', 'CHARGE', 'ADJUSTMENT'),
  amount: fc.integer({ min: -2_000_000, max: 2_000_000 }),
  at: instant,
  description: fc.constantFrom('Wallet top-up', 'Bâtard – dinner bill', 'Obe – bar tab', 'Refund, with thanks (deposit)'),
});

describe.each(testDrivers())('monthly statements on %s', (driver) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi({ driver });
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A member with exactly these entries; returns a token-maker. */
  async function memberWith(entries: Entry[], name = { firstName: 'Prop', lastName: 'Erty' }) {
    const id = newId();
    await api.deps.db.insert(users).values({ id, role: 'member', email: `${id}@example.com`, passwordHash: 'x', ...name, customId: `M-${id.slice(0, 6)}` });
    if (entries.length) {
      await loadWalletHistory(api.deps.db, 
        entries.map((e) => ({ id: newId(), userId: id, type: e.type, amount: e.amount, description: e.description, createdAt: new Date(e.at) })),
      );
    }
    return { id, token: () => api.tokenFor({ id, role: 'member' }) };
  }

  async function pdfOf(token: string | Promise<string>, month: string) {
    const res = await api.app.request(`/guest/statement/${month}/pdf`, { headers: { authorization: `Bearer ${await token}` } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('closes every month at its opening balance plus its entries, over random months of random entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 30 }), async (entries) => {
        const member = await memberWith(entries);
        const list = (await api.request('GET', '/guest/statement', { token: member.token() })).body.data as {
          month: string;
          openingBalance: number;
          closingBalance: number;
          totalCredits: number;
          totalDebits: number;
          entryCount: number;
        }[];

        // One statement a month, from the first entry's month to now, newest first, each chained to the last.
        const months = entries.map((e) => hongKongMonth(new Date(e.at))).sort();
        expect(list.at(-1)!.month).toBe(months[0]);
        expect(list[0]!.month).toBe(hongKongMonth(TEST_NOW));
        expect(list.at(-1)!.openingBalance).toBe(0);
        for (let i = 0; i + 1 < list.length; i++) expect(list[i]!.openingBalance).toBe(list[i + 1]!.closingBalance);
        expect(list[0]!.closingBalance).toBe(entries.reduce((s, e) => s + e.amount, 0));

        for (const summary of list) {
          const mine = entries.filter((e) => hongKongMonth(new Date(e.at)) === summary.month);
          expect(summary.entryCount).toBe(mine.length);
          expect(summary.closingBalance).toBe(summary.openingBalance + mine.reduce((s, e) => s + e.amount, 0));
          expect(summary.closingBalance).toBe(summary.openingBalance + summary.totalCredits - summary.totalDebits);
        }

        // The months with entries, one by one: the detail agrees with the list and sums up.
        for (const month of new Set(months)) {
          const detail = (await api.request('GET', `/guest/statement/${month}`, { token: member.token() })).body.data;
          const sum = (detail.entries as { amount: number }[]).reduce((s, e) => s + e.amount, 0);
          expect(detail.closingBalance).toBe(detail.openingBalance + sum);
          expect(detail).toMatchObject(list.find((s) => s.month === month)!);
        }

        // And the PDF of the busiest month holds its balances.
        const busiest = [...new Set(months)].sort((a, b) => months.filter((m) => m === b).length - months.filter((m) => m === a).length)[0]!;
        const summary = list.find((s) => s.month === busiest)!;
        const text = pdfText((await pdfOf(member.token(), busiest)).bytes);
        expect(text).toContain(formatHkd(summary.openingBalance));
        expect(text).toContain(formatHkd(summary.closingBalance));
        expect(text).toContain(`+${formatHkd(summary.totalCredits)}`);
        expect(text).toContain(formatHkd(-summary.totalDebits));
      }),
      { numRuns: 15 },
    );
  });

  it('downloads a PDF with the month, the member, every entry and the totals', async () => {
    const entries: Entry[] = [
      { type: 'TOP_UP', amount: 500_000, at: Date.parse('2026-09-20T12:00:00+08:00'), description: 'Wallet top-up' },
      { type: 'PAYMENT', amount: -149_600, at: Date.parse('2026-10-01T00:05:00+08:00'), description: 'Obe – prepayment OBE-7K3Q9X' },
      { type: 'CHARGE', amount: -128_650, at: Date.parse('2026-10-14T21:30:00+08:00'), description: 'Bâtard – dinner bill' },
      { type: 'REFUND', amount: 30_000, at: Date.parse('2026-10-31T23:59:00+08:00'), description: 'Bâtard – refund of deposit BAT-22QX4M' },
      { type: 'CHARGE', amount: -1_000, at: Date.parse('2026-11-01T00:00:00+08:00'), description: 'Early November' },
    ];
    const member = await memberWith(entries, { firstName: 'Martina', lastName: 'Leung' });
    const { res, bytes } = await pdfOf(member.token(), '2026-10');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="statement-2026-10.pdf"');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const lines = pdfText(bytes).split('\n');
    const text = lines.join('\n');
    expect(lines).toContain('Monthly statement');
    expect(lines).toContain('October 2026');
    expect(lines).toContain('Martina Leung');
    expect(lines).toContain(`Member ID M-${member.id.slice(0, 6)}`);
    expect(lines).toContain('1 Oct 2026 – 31 Oct 2026');
    // Opening 5,000; credits 300; debits 1,496 + 1,286.50; closing 2,517.50.
    for (const figure of ['HK$5,000', '+HK$300', '-HK$2,782.50', 'HK$2,517.50']) expect(lines).toContain(figure);
    expect(lines).toContain('Total credits (1)');
    expect(lines).toContain('Total debits (2)');
    expect(lines).toContain('Closing balance');
    for (const e of entries.slice(1, 4)) {
      expect(text).toContain(e.description);
      expect(lines).toContain(formatDate(hongKongDate(new Date(e.at))));
      expect(lines).toContain(e.amount > 0 ? `+${formatHkd(e.amount)}` : formatHkd(e.amount));
    }
    expect(text).not.toContain('Early November');
    expect(text).not.toContain('Wallet top-up');
    // The club's address and contact details, on the statement itself.
    expect(lines).toContain('Aldrich House, 12 Ice House Street, Central, Hong Kong · Telephone +852 2388 6200 · E-mail concierge@example.com');
  });

  it('refuses a guest, a bad month and a month without a statement', async () => {
    const member = await memberWith([{ type: 'TOP_UP', amount: 10_000, at: Date.parse('2026-10-02T10:00:00+08:00'), description: 'Wallet top-up' }]);
    const guest = await api.login('guest@example.com', 'guest-pass-1');
    expect((await pdfOf(guest, '2026-10')).res.status).toBe(403);
    expect((await pdfOf(member.token(), '2026-13')).res.status).toBe(400);
    expect((await pdfOf(member.token(), '2026-09')).res.status).toBe(404);
    expect((await pdfOf(member.token(), '2026-12')).res.status).toBe(404);
    // An empty month after the first entry still has a statement.
    const november = await pdfOf(member.token(), '2026-11');
    expect(november.res.status).toBe(200);
    expect(pdfText(november.bytes)).toContain('No transactions this month.');
  });
});
