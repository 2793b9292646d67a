/**
 * The transaction history beside the wallet: card payments and card refunds listed with the wallet's
 * entries (newest first, one order for both, paged and filtered in SQL), a guest's card payments, one
 * transaction by id, and the month's statement with its card payments apart from the wallet's balances.
 */
import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardEntries } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { hongKongMonth } from '../../../server/services/wallet/wallet';
import { formatHkd } from '../../../common/money';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { card, paymentHelpers, usePaymentTestApi, type TestUser } from '../../support/server/payment-helpers';
import { pdfText } from '../../support/server/pdf-text';
import { loadWalletHistory } from '../../../server/services/wallet/wallet-ledger';

interface Item {
  _id: string;
  source: 'WALLET' | 'CARD';
  type: string;
  amount: number;
  description: string;
  reservationId: string | null;
  card: { brand: string; last4: string } | null;
  createdAt: string;
}

/** Tonight at Obe (Monday 23 Nov 2026): inside its 12-hour cancellation window. */
const TODAY = '2026-11-23';

describe.each(testDrivers())('transaction history on %s', (driver) => {
  let api: TestApi;
  let h: ReturnType<typeof paymentHelpers>;

  usePaymentTestApi(driver, (started, helpers) => {
    api = started;
    h = helpers;
  });

  const history = async (user: TestUser, query = '') => {
    const res = await api.request('GET', `/user/transaction-history${query}`, { token: user.token() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { items: Item[]; page: number; pageSize: number; total: number };
  };
  const balance = async (user: TestUser) => (await api.request('GET', '/user/wallet', { token: user.token() })).body.data.balance as number;

  it("lists a guest's card payment with its reservation and card, and its refund after a cancellation, newest first", async () => {
    const guest = await h.newUser('guest');
    const booked = await h.bookPaidByCard(guest);
    const paid = await history(guest);
    expect(paid.total).toBe(1);
    expect(paid.items[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      source: 'CARD',
      type: 'PAYMENT',
      amount: -149_600,
      description: expect.stringMatching(/^Obe – prepayment OBE-/),
      reservationId: booked.id,
      card: { brand: 'visa', last4: '4242' },
      createdAt: TEST_NOW.toISOString(),
      // The visit named as the guest knows it, not by an internal id.
      visit: { reservationId: booked.id, reference: expect.stringMatching(/^OBE-/), venue: 'Obe', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), startTime: expect.any(Number) },
    });

    api.clock.advanceMinutes(5);
    expect((await h.cancel(guest, booked.id)).body.data.status).toBe('CANCELED');
    const after = await history(guest);
    expect(after.total).toBe(2);
    expect(after.items.map((i) => [i.source, i.type, i.amount])).toEqual([
      ['CARD', 'REFUND', 149_600],
      ['CARD', 'PAYMENT', -149_600],
    ]);
    expect(after.items[0]).toMatchObject({ reservationId: booked.id, card: { brand: 'visa', last4: '4242' } });
    expect(after.items[0]!.description).toMatch(/^Obe – refund of prepayment OBE-/);

    // One transaction by id, to its owner only.
    const one = await api.request('GET', `/user/transaction-history/${after.items[0]!._id}`, { token: guest.token() });
    expect(one.body.data).toEqual(after.items[0]);
    const stranger = await h.newUser('member');
    expect((await api.request('GET', `/user/transaction-history/${after.items[0]!._id}`, { token: stranger.token() })).status).toBe(404);
    // The wallet itself stays the members'.
    expect((await api.request('GET', '/user/wallet', { token: guest.token() })).status).toBe(403);
  });

  it('lists the refund of a late cancellation less the fee kept', async () => {
    const guest = await h.newUser('guest');
    const booked = await h.bookPaidByCard(guest, TODAY);
    expect((await h.cancel(guest, booked.id)).body.data.status).toBe('LATE_CANCELED');
    expect((await history(guest)).items.map((i) => [i.type, i.amount])).toEqual([
      ['REFUND', 129_600],
      ['PAYMENT', -149_600],
    ]);
  });

  it('lists a payment refunded at once because the hold had run out: the refund after the payment, in the same instant', async () => {
    const guest = await h.newUser('guest');
    const hold = await h.holdWhiskyFlight(guest);
    const started = await h.startPayment(guest, hold.id, 'CARD');
    const payment = started.body.data;
    api.clock.advanceMinutes(16);
    await h.confirm(payment.intentId, card(payment.clientSecret));
    await h.deliver();
    const { items } = await history(guest);
    expect(items.map((i) => [i.type, i.amount, i.createdAt])).toEqual([
      ['REFUND', 149_600, api.clock.now().toISOString()],
      ['PAYMENT', -149_600, api.clock.now().toISOString()],
    ]);
    // The same events again change nothing.
    await h.deliver();
    expect((await history(guest)).total).toBe(2);
  });

  it('lists neither a declined card nor a second delivery of the same webhook', async () => {
    const guest = await h.newUser('guest');
    const hold = await h.holdWhiskyFlight(guest);
    await h.payByCard(guest, hold.id, TEST_CARDS.declined);
    await h.deliver();
    expect((await history(guest)).total).toBe(0);
    const { payment } = await h.payByCard(guest, hold.id);
    await h.deliver();
    await h.getPayment(guest, payment._id);
    await h.deliver();
    expect((await history(guest)).items.map((i) => i.type)).toEqual(['PAYMENT']);
  });

  it('records a refund made at the processor without us', async () => {
    const guest = await h.newUser('guest');
    const booked = await h.bookPaidByCard(guest);
    api.clock.advanceMinutes(1);
    await api.processor.refund(booked.intentId, 50_000, `dashboard-${newId()}`);
    await h.deliver();
    expect((await history(guest)).items.map((i) => [i.type, i.amount])).toEqual([
      ['REFUND', 50_000],
      ['PAYMENT', -149_600],
    ]);
    // Money given back outside the club's own decisions: the ledger check names the booking for staff to look at.
    expect(await ledgerProblems(api.deps.db)).toEqual([expect.objectContaining({ id: booked.id, kept: 99_600, due: 149_600 })]);
    // Cancelled (outside the window), what is left comes back, and the books balance again.
    expect((await h.cancel(guest, booked.id)).status).toBe(200);
    expect(await ledgerProblems(api.deps.db)).toEqual([]);
  });

  it("gives a member's wallet payment, card payment and card top-up their sources; only the wallet's move the balance", async () => {
    const member = await h.newUser('member', 500_000);
    const fromWallet = await h.holdWhiskyFlight(member);
    await h.startPayment(member, fromWallet.id, 'WALLET');
    expect((await h.complete(member, fromWallet.id)).status).toBe(200);
    api.clock.advanceMinutes(1);
    const byCard = await h.bookPaidByCard(member);
    api.clock.advanceMinutes(1);
    const topUp = await api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount: 100_000, idempotencyKey: `top-up-${newId()}` } });
    await h.confirm(topUp.body.data.intentId, card(topUp.body.data.clientSecret, TEST_CARDS.mastercard));
    await h.deliver();

    const { items, total } = await history(member);
    expect(total).toBe(4);
    expect(items.map((i) => [i.source, i.type, i.amount, i.card?.last4 ?? null, i.reservationId])).toEqual([
      ['WALLET', 'TOP_UP', 100_000, '4444', null],
      ['CARD', 'PAYMENT', -149_600, '4242', byCard.id],
      ['WALLET', 'PAYMENT', -149_600, null, fromWallet.id],
      ['WALLET', 'ADJUSTMENT', 500_000, null, null],
    ]);
    expect(items[0]!.card).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(await balance(member)).toBe(500_000 - 149_600 + 100_000);
  });

  it('pages and filters wallet and card transactions as one list, by Hong Kong days', async () => {
    const member = await h.newUser('member');
    // Wallet entries at 23:30 in Hong Kong on 1 to 5 November, and card payments on the 3rd and the 23rd.
    await loadWalletHistory(api.deps.db, 
      [1, 2, 3, 4, 5].map((day) => ({
        id: newId(),
        userId: member.id,
        type: 'ADJUSTMENT' as const,
        amount: day * 100,
        description: `Credit ${day}`,
        createdAt: new Date(`2026-11-0${day}T23:30:00+08:00`),
      })),
    );
    api.clock.set('2026-11-03T12:00:00+08:00');
    const early = await h.bookPaidByCard(member);
    api.clock.set(TEST_NOW);
    const late = await h.bookPaidByCard(member);

    const all = await history(member, '?pageSize=100');
    expect(all.total).toBe(7);
    expect(all.items.map((i) => i.description.startsWith('Obe') ? `card ${i.reservationId === late.id ? 'late' : 'early'}` : i.description)).toEqual([
      'card late',
      'Credit 5',
      'Credit 4',
      'Credit 3',
      'card early',
      'Credit 2',
      'Credit 1',
    ]);
    expect(all.items.map((i) => i.reservationId).filter(Boolean)).toEqual([late.id, early.id]);

    // Pages of 3 put together are the whole list, in the same order.
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await history(member, `?page=${page}&pageSize=3`);
      expect(res).toMatchObject({ page, pageSize: 3, total: 7 });
      paged.push(...res.items.map((i) => i._id));
    }
    expect(paged).toEqual(all.items.map((i) => i._id));

    const third = await history(member, '?from=2026-11-03&to=2026-11-03');
    expect(third.items.map((i) => [i.source, i.description.startsWith('Obe') ? 'card' : i.description])).toEqual([
      ['WALLET', 'Credit 3'],
      ['CARD', 'card'],
    ]);
    const fromTheFourth = await history(member, '?from=2026-11-04&pageSize=2');
    expect(fromTheFourth.total).toBe(3);
    expect(fromTheFourth.items.map((i) => i.source)).toEqual(['CARD', 'WALLET']);
  });

  it("shows the month's card payments on its statement apart from the wallet's balances, and in the PDF", async () => {
    // A member who has only ever paid by card: the statements start with that month.
    const member = await h.newUser('member');
    const booked = await h.bookPaidByCard(member);
    api.clock.advanceMinutes(1);
    await h.cancel(member, booked.id);

    const list = (await api.request('GET', '/guest/statement', { token: member.token() })).body.data;
    expect(list).toEqual([{ month: hongKongMonth(TEST_NOW), openingBalance: 0, closingBalance: 0, totalCredits: 0, totalDebits: 0, entryCount: 0 }]);
    const month = await api.request('GET', `/guest/statement/${hongKongMonth(TEST_NOW)}`, { token: member.token() });
    expect(month.body.data).toMatchObject({ openingBalance: 0, closingBalance: 0, entries: [] });
    expect(month.body.data.cardEntries.map((i: Item) => [i.source, i.type, i.amount])).toEqual([
      ['CARD', 'PAYMENT', -149_600],
      ['CARD', 'REFUND', 149_600],
    ]);

    const res = await api.app.request(`/guest/statement/${hongKongMonth(TEST_NOW)}/pdf`, { headers: { authorization: `Bearer ${await member.token()}` } });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Card payments and refunds');
    expect(text).toContain(`${month.body.data.cardEntries[0].description} (Visa ending 4242)`);
    expect(text).toContain(formatHkd(-149_600));
    expect(text).toContain(`+${formatHkd(149_600)}`);
    // The wallet's figures are untouched by the card.
    expect(text).toContain('No transactions this month.');
  });

  it('has the migration recreate, from the payments alone, the card entries the app writes', async () => {
    const guest = await h.newUser('guest');
    const kept = await h.bookPaidByCard(guest);
    const refunded = await h.bookPaidByCard(guest);
    await h.cancel(guest, refunded.id);
    const entriesOf = async () =>
      (await api.deps.db.select().from(cardEntries).where(eq(cardEntries.userId, guest.id)).orderBy(asc(cardEntries.seq))).map(
        ({ userId, paymentId, reservationId, type, amount, description }) => ({ userId, paymentId, reservationId, type, amount, description }),
      );
    const written = await entriesOf();
    expect(written.map((e) => [e.reservationId, e.type])).toEqual([
      [kept.id, 'PAYMENT'],
      [refunded.id, 'PAYMENT'],
      [refunded.id, 'REFUND'],
    ]);

    // The statements of 0004 that fill the table for payments made before it existed.
    const migration = readFileSync(new URL('../../../server/db/migrations/0001-0020/0004_card_entries.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('INSERT INTO card_entries'), migration.indexOf('-- The whole history of a user'));
    await api.deps.db.delete(cardEntries).where(eq(cardEntries.userId, guest.id));
    for (const statement of backfill.split(';').filter((s) => s.trim())) {
      await api.deps.db.execute(sql.raw(`${statement} AND p.user_id = '${guest.id}'`));
    }
    const sorted = (entries: typeof written) => entries.map((e) => JSON.stringify(e)).sort();
    expect(sorted(await entriesOf())).toEqual(sorted(written));
  });
});
