/**
 * A no-show fee charged to the card that paid the booking, when the card processor does not answer or
 * the card refuses, on PGlite and on PostgreSQL: the payment worker's retries with the same key after
 * growing waits (the test clock moved by hand), up to the last attempt; a refusal left for staff, who
 * charge again from the day sheet with a new key (POST /admin/reservation/{id}/no-show-fee/charge, 409
 * when nothing is owed or a charge is under way, audited); the day sheet's payment column and the live
 * stream after each; and two server processes retrying side by side, each charge made once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { auditLog, noShowFeeCharges } from '../../../server/db/schema';
import { createThrowawayDatabase } from '../../../server/db/throwaway-database';
import type { CreateIntentInput, PaymentIntent } from '../../../server/services/payments/processor/processor';
import { DECLINE_MESSAGES, TEST_CARDS, type TestProcessor } from '../../../server/services/payments/processor/test-processor';
import { testProcessorIntents } from '../../../server/services/payments/processor/test-processor-tables';
import { CARD_REMOVED, DEFAULT_NO_SHOW_CHARGE_POLICY, retryNoShowFeeCharges } from '../../../server/services/payments/no-show-fee-charge';
import { subscribeToReservationEvents, type ReservationEvent } from '../../../server/services/reservations/reservation-events';
import { BATARD, experienceIdByName, LECLOS, UNKNOWN_ID } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { insertStaff, paymentHelpers, type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Bâtard: HK$1,000 a guest; a table for two takes a HK$600 deposit, which a no-show keeps.
const FEE = 200_000;

type ChargeCall = (input: CreateIntentInput & { cardOf: string }) => Promise<PaymentIntent>;

/** The processor's charges of cards on file, as it received them: seen, answered or not by `answer`. */
function watchCharges(processor: TestProcessor, answer: (input: CreateIntentInput & { cardOf: string }, real: ChargeCall) => Promise<PaymentIntent> = (input, real) => real(input)) {
  const real: ChargeCall = processor.chargeCardOnFile.bind(processor);
  const keys: string[] = [];
  vi.spyOn(processor, 'chargeCardOnFile').mockImplementation((input) => {
    keys.push(input.idempotencyKey);
    return answer(input, real);
  });
  return keys;
}

/** The processor cannot be reached (the log's complaint about it kept quiet). */
const unreachable = () => Promise.reject(new TypeError('fetch failed'));

/** A gate a processor call waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Helpers over one API (one server process): a Bâtard table for two paid by card, a no-show marked, the sheet. */
function noShowHelpers(api: TestApi, h: ReturnType<typeof paymentHelpers>) {
  let day = 0;
  return {
    /** A confirmed Bâtard booking for two, its deposit paid with `cardNumber`, on a day of its own; the clock is put past its start. */
    async bookPaidByCard(cardNumber: string = TEST_CARDS.visa): Promise<{ id: string; date: string; guest: TestUser; rest: number }> {
      api.clock.set(TEST_NOW);
      const guest = await h.newUser('guest');
      const date = `2026-12-${String(1 + (day++ % 28)).padStart(2, '0')}`;
      const hold = await h.holdBatardDeposit(guest, date, 1110);
      await h.payByCard(guest, hold.id, cardNumber);
      await h.deliver();
      expect((await h.complete(guest, hold.id)).status).toBe(200);
      const { startsAt } = await h.reservationRow(hold.id);
      api.clock.set(new Date(startsAt.getTime() + HOUR / 2));
      return { id: hold.id, date, guest, rest: FEE - hold.amountDue };
    },
    markNoShow: (staff: TestUser, id: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: staff.token(), body: { action: 'no-show' } }),
    chargeAgain: (staff: TestUser, id: string, headers: Record<string, string> = {}) =>
      api.request('POST', `/admin/reservation/${id}/no-show-fee/charge`, { token: staff.token(), headers }),
    /** The booking's payment column on the day sheet. */
    async sheetPayment(staff: TestUser, date: string, id: string, headers: Record<string, string> = {}) {
      const res = await api.request('GET', `/admin/venue/${BATARD}/day-sheet/${date}`, { token: staff.token(), headers });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const bookings = res.body.data.services.flatMap((s: any) => s.seatings.flatMap((seating: any) => seating.bookings));
      return bookings.find((b: { id: string }) => b.id === id).payment;
    },
    feePayments: async (id: string) => (await h.paymentsOf(id)).filter((p) => p.purpose === 'NO_SHOW_FEE').sort((a, b) => a.idempotencyKey.localeCompare(b.idempotencyKey)),
    /** The processor's own record of the charges made with a key. */
    processorCharges: (key: string) => api.deps.db.select().from(testProcessorIntents).where(eq(testProcessorIntents.idempotencyKey, key)),
    charge: async (id: string) => (await api.deps.db.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, id)))[0]!,
  };
}

for (const driver of testDrivers()) {
  describe(`no-show fee card charges (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff, newStaff } = accounts));
    let batardStaff: TestUser;
    let n: ReturnType<typeof noShowHelpers>;
    beforeAll(async () => {
      batardStaff = await newStaff('staff', BATARD);
      n = noShowHelpers(api, h);
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    const auditOf = async (id: string) => api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.seq);

    it('tries a charge the processor did not answer again, with the same key, after growing waits, until it is charged', async () => {
      const { id, date, guest, rest } = await n.bookPaidByCard();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      let down = true;
      const keys = watchCharges(api.processor, (input, real) => (down ? unreachable() : real(input)));
      const marked = await n.markNoShow(batardStaff, id);
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(marked.body.data.noShow).toMatchObject({ fee: FEE, cardCharged: 0, outstanding: rest });
      const markedAt = api.clock.now().getTime();
      expect(await n.sheetPayment(batardStaff, date, id)).toMatchObject({
        noShow: { outstanding: rest, charged: 0, canChargeCard: true, card: { status: 'PENDING', amount: rest, underWay: false, attempts: 1, reason: null, nextAttemptAt: new Date(markedAt + 5 * MINUTE).toISOString() } },
      });

      // Not due yet; then due after 5 minutes, and after 10 more; the clock is the test's, never a wait.
      expect(await retryNoShowFeeCharges(api.deps)).toBe(0);
      api.clock.advance(5 * MINUTE);
      expect(await retryNoShowFeeCharges(api.deps)).toBe(1);
      expect(await n.charge(id)).toMatchObject({ status: 'PENDING', attempts: 2, nextAttemptAt: new Date(markedAt + 15 * MINUTE) });
      api.clock.advance(9 * MINUTE);
      expect(await retryNoShowFeeCharges(api.deps)).toBe(0);
      down = false;
      api.clock.advance(MINUTE);
      expect(await retryNoShowFeeCharges(api.deps)).toBe(1);

      expect(keys).toEqual([`no-show-fee-${id}`, `no-show-fee-${id}`, `no-show-fee-${id}`]);
      expect((await n.processorCharges(`no-show-fee-${id}`)).map((c) => [c.amount, c.status])).toEqual([[rest, 'succeeded']]);
      expect((await n.feePayments(id)).map((p) => [p.status, p.amount, p.idempotencyKey])).toEqual([['SUCCEEDED', rest, `no-show-fee-${id}`]]);
      expect(await n.sheetPayment(batardStaff, date, id)).toMatchObject({ noShow: { outstanding: 0, charged: rest, canChargeCard: false, card: { status: 'CHARGED', nextAttemptAt: null } } });
      const history = await api.request('GET', '/user/transaction-history', { token: guest.token() });
      expect(history.body.data.items.map((t: { amount: number }) => t.amount)).toContain(-rest);
      // Staff's attempt at the no-show is audited; the worker's are no staff change.
      expect((await auditOf(id)).map((e) => [e.action, e.actorId, (e.after as { status?: string }).status])).toEqual([
        ['visit.no-show', batardStaff.id, 'NO_SHOW'],
        ['payment.no-show-fee', batardStaff.id, 'UNREACHABLE'],
      ]);
      expect(await retryNoShowFeeCharges(api.deps)).toBe(0);
    });

    it('stops after the last attempt; staff then charge with the same key, and a charge the processor made unanswered is found, not made again', async () => {
      const { id, date, rest } = await n.bookPaidByCard();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      // The processor takes the money, but its answer never comes back.
      const keys = watchCharges(api.processor, (input, real) => real(input).then(() => unreachable()));
      expect((await n.markNoShow(batardStaff, id)).status).toBe(200);
      const policy = { ...DEFAULT_NO_SHOW_CHARGE_POLICY, maxAttempts: 3 };
      api.clock.advance(5 * MINUTE);
      expect(await retryNoShowFeeCharges(api.deps, policy)).toBe(1);
      api.clock.advance(10 * MINUTE);
      expect(await retryNoShowFeeCharges(api.deps, policy)).toBe(1);
      expect(await n.charge(id)).toMatchObject({ status: 'GAVE_UP', attempts: 3, nextAttemptAt: null, lastError: 'fetch failed' });
      api.clock.advance(24 * HOUR);
      expect(await retryNoShowFeeCharges(api.deps, policy)).toBe(0);
      expect(await n.sheetPayment(batardStaff, date, id)).toMatchObject({ noShow: { outstanding: rest, canChargeCard: true, card: { status: 'GAVE_UP', underWay: false, nextAttemptAt: null } } });

      vi.mocked(api.processor.chargeCardOnFile).mockRestore();
      const again = await n.chargeAgain(batardStaff, id);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data).toEqual({ reservationId: id, result: 'CHARGED', amount: rest, reason: null, outstanding: 0, nextAttemptAt: null });
      expect(keys).toEqual(Array(3).fill(`no-show-fee-${id}`));
      // One charge at the processor for all four asks.
      expect((await n.processorCharges(`no-show-fee-${id}`)).map((c) => c.status)).toEqual(['succeeded']);
      expect((await n.feePayments(id)).map((p) => [p.status, p.idempotencyKey])).toEqual([['SUCCEEDED', `no-show-fee-${id}`]]);
      expect(await n.sheetPayment(batardStaff, date, id)).toMatchObject({ noShow: { outstanding: 0, charged: rest, canChargeCard: false } });
    });

    it('leaves a refused card to staff, who see the reason and charge again with a new key', async () => {
      const { id, date, rest } = await n.bookPaidByCard(TEST_CARDS.declinesLater);
      const marked = await n.markNoShow(batardStaff, id);
      expect(marked.body.data.noShow).toMatchObject({ cardCharged: 0, outstanding: rest });
      expect((await n.feePayments(id)).map((p) => [p.status, p.failureMessage, p.idempotencyKey])).toEqual([['FAILED', DECLINE_MESSAGES.declined, `no-show-fee-${id}`]]);
      // A refusal is the card's answer: the worker never asks again by itself.
      api.clock.advance(12 * HOUR);
      expect(await retryNoShowFeeCharges(api.deps)).toBe(0);
      expect(await n.sheetPayment(batardStaff, date, id)).toMatchObject({
        noShow: { outstanding: rest, canChargeCard: true, card: { status: 'DECLINED', reason: DECLINE_MESSAGES.declined, nextAttemptAt: null, underWay: false } },
      });
      expect((await n.sheetPayment(batardStaff, date, id, { 'accept-language': 'ja' })).noShow.card.reason).toBe('カードが承認されませんでした。');

      const again = await n.chargeAgain(batardStaff, id, { 'accept-language': 'ja' });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data).toEqual({ reservationId: id, result: 'DECLINED', amount: rest, reason: 'カードが承認されませんでした。', outstanding: rest, nextAttemptAt: null });
      expect((await n.feePayments(id)).map((p) => [p.status, p.idempotencyKey])).toEqual([
        ['FAILED', `no-show-fee-${id}`],
        ['FAILED', `no-show-fee-${id}-2`],
      ]);
      expect((await auditOf(id)).map((e) => [e.action, e.actorId, e.after])).toEqual([
        ['visit.no-show', batardStaff.id, expect.anything()],
        ['payment.no-show-fee', batardStaff.id, expect.objectContaining({ status: 'FAILED', amount: rest, idempotencyKey: `no-show-fee-${id}` })],
        ['payment.no-show-fee', batardStaff.id, expect.objectContaining({ status: 'FAILED', amount: rest, idempotencyKey: `no-show-fee-${id}-2` })],
      ]);
    });

    it('charges a card that refused once when staff try again (the guest has topped it up), and an admin may', async () => {
      const { id, date, rest } = await n.bookPaidByCard();
      // The first charge meets an empty card: the processor's refusal, as it answers one.
      let refuse = true;
      watchCharges(api.processor, async (input, real) => {
        if (!refuse) return real(input);
        refuse = false;
        return { id: `pi_refused_${id}`, clientSecret: '', status: 'failed', amount: input.amount, currency: 'HKD', amountRefunded: 0, card: { brand: 'visa', last4: '4242' }, lastError: DECLINE_MESSAGES.insufficientFunds, metadata: input.metadata };
      });
      expect((await n.markNoShow(batardStaff, id)).body.data.noShow).toMatchObject({ cardCharged: 0, outstanding: rest });
      expect(await n.sheetPayment(batardStaff, date, id)).toMatchObject({ noShow: { outstanding: rest, canChargeCard: true, card: { status: 'DECLINED', reason: DECLINE_MESSAGES.insufficientFunds } } });
      const again = await n.chargeAgain(admin, id);
      expect(again.body.data).toEqual({ reservationId: id, result: 'CHARGED', amount: rest, reason: null, outstanding: 0, nextAttemptAt: null });
      expect((await n.feePayments(id)).map((p) => [p.status, p.idempotencyKey])).toEqual([
        ['FAILED', `no-show-fee-${id}`],
        ['SUCCEEDED', `no-show-fee-${id}-2`],
      ]);
      expect(await n.sheetPayment(batardStaff, date, id)).toMatchObject({ noShow: { outstanding: 0, charged: rest, canChargeCard: false, card: { status: 'CHARGED', reason: null } } });
      const paidUp = await n.chargeAgain(batardStaff, id);
      expect([paidUp.status, paidUp.body.message]).toEqual([409, 'Nothing is owed for this booking']);
    });

    /** The guest removes the card that paid the booking, from their profile. */
    async function removeCard(guest: TestUser) {
      const [card] = (await api.request('GET', '/user/saved-card', { token: guest.token() })).body.data as { _id: string }[];
      const removed = await api.request('DELETE', `/user/saved-card/${card!._id}`, { token: guest.token() });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    }

    it('records a fee being tried again as owed at once when the guest removes its card, and never tries it again', async () => {
      const { id, date, guest, rest } = await n.bookPaidByCard();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const keys = watchCharges(api.processor, () => unreachable());
      expect((await n.markNoShow(batardStaff, id)).body.data.noShow).toMatchObject({ cardCharged: 0, outstanding: rest });
      expect(await n.charge(id)).toMatchObject({ status: 'PENDING' });
      await removeCard(guest);
      expect(await n.charge(id)).toMatchObject({ status: 'DECLINED', lastError: CARD_REMOVED, nextAttemptAt: null });
      api.clock.advance(5 * MINUTE);
      expect(await retryNoShowFeeCharges(api.deps)).toBe(0);
      expect(keys).toEqual([`no-show-fee-${id}`]);
      expect(await n.sheetPayment(batardStaff, date, id)).toMatchObject({ noShow: { outstanding: rest, canChargeCard: false, card: { status: 'DECLINED', reason: CARD_REMOVED } } });
      expect((await n.chargeAgain(batardStaff, id)).status).toBe(409);
    });

    it('records the fee of a booking whose card the guest removed as owed at the no-show, never asking the processor', async () => {
      const { id, guest, rest } = await n.bookPaidByCard();
      await removeCard(guest);
      const keys = watchCharges(api.processor);
      const marked = await n.markNoShow(batardStaff, id);
      expect(marked.body.data.noShow).toMatchObject({ fee: FEE, cardCharged: 0, outstanding: rest, noCardOnFile: false });
      expect(keys).toEqual([]);
      expect(await n.charge(id)).toMatchObject({ status: 'DECLINED', amount: rest, lastError: CARD_REMOVED });
      expect(await n.feePayments(id)).toEqual([]);
    });

    it('answers 409 when nothing is owed or no card paid, 403 for another venue and guests, 404 for no booking', async () => {
      const { id } = await n.bookPaidByCard();
      expect((await n.chargeAgain(obeStaff, id)).status).toBe(403);
      expect((await n.chargeAgain(await h.newUser('guest'), id)).status).toBe(403);
      const notYet = await n.chargeAgain(batardStaff, id);
      expect([notYet.status, notYet.body.message]).toEqual([409, 'Nothing is owed for this booking']);
      expect((await n.chargeAgain(batardStaff, UNKNOWN_ID)).status).toBe(404);

      // A guest at Le Clos who paid nothing: there is no card to charge, so the fee is not charged.
      api.clock.set(TEST_NOW);
      const guest = await h.newUser('guest');
      const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId, date: '2026-12-20', startTime: 720, numberOfGuests: 2 } });
      expect((await h.complete(guest, held.body.data._id)).status).toBe(200);
      api.clock.set(new Date((await h.reservationRow(held.body.data._id)).startsAt.getTime() + HOUR));
      expect((await api.request('PUT', `/admin/reservation/${held.body.data._id}/visit`, { token: leclosStaff.token(), body: { action: 'no-show' } })).status).toBe(200);
      const noCard = await n.chargeAgain(leclosStaff, held.body.data._id);
      expect([noCard.status, noCard.body.message]).toEqual([409, 'No card paid this booking: the fee is settled at the venue']);
      expect((await api.deps.db.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, held.body.data._id))).length).toBe(0);
    });

    it('answers 409 while a charge of the card is under way: two hosts pressing at the same moment charge once', async () => {
      const { id, date, rest } = await n.bookPaidByCard(TEST_CARDS.declinesLater);
      expect((await n.markNoShow(batardStaff, id)).status).toBe(200);
      const wait = gate();
      const keys = watchCharges(api.processor, async (input, real) => {
        await wait.opened;
        return real(input);
      });
      const other = await newStaff('staff', BATARD);
      const answered: { status: number; body: any }[] = [];
      const racing = [n.chargeAgain(batardStaff, id), n.chargeAgain(other, id)].map((call) => call.then((res) => (answered.push(res), res)));
      // One host's charge waits at the processor; the other is told at once.
      await vi.waitFor(() => expect(answered.map((a) => [a.status, a.body.message])).toEqual([[409, 'The card is being charged already. Please wait a moment.']]));
      expect(keys).toEqual([`no-show-fee-${id}-2`]);
      expect(await n.sheetPayment(other, date, id)).toMatchObject({ noShow: { outstanding: rest, canChargeCard: false, card: { underWay: true } } });
      wait.open();
      expect((await Promise.all(racing)).map((a) => a.status).sort()).toEqual([200, 409]);
      expect(keys).toEqual([`no-show-fee-${id}-2`]);
      expect((await n.feePayments(id)).map((p) => p.idempotencyKey)).toEqual([`no-show-fee-${id}`, `no-show-fee-${id}-2`]);
      expect(await n.sheetPayment(other, date, id)).toMatchObject({ noShow: { canChargeCard: true, card: { underWay: false, status: 'DECLINED' } } });
    });

    it("announces each change of the charge on the venue's live stream, a retry that got no answer too", async () => {
      const { id, date } = await n.bookPaidByCard();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      watchCharges(api.processor, unreachable);
      const heard: ReservationEvent[] = [];
      const stop = await subscribeToReservationEvents(api.deps.db, { onEvent: (e) => heard.push(e), onLost: () => {} });
      try {
        expect((await n.markNoShow(batardStaff, id)).status).toBe(200);
        await vi.waitFor(() => expect(heard).toContainEqual({ venueId: BATARD, date, reservationId: id }));
        heard.length = 0;
        // Only the charge's row changes: no payment is written for an attempt that got no answer.
        api.clock.advance(5 * MINUTE);
        expect(await retryNoShowFeeCharges(api.deps)).toBe(1);
        expect(await n.feePayments(id)).toEqual([]);
        await vi.waitFor(() => expect(heard).toContainEqual({ venueId: BATARD, date, reservationId: id }));
      } finally {
        await stop();
      }
    });
  });

  describe(`two server processes retrying no-show fees (${driver})`, () => {
    let first: TestApi;
    let second: TestApi;
    let n: ReturnType<typeof noShowHelpers>;
    let staff: TestUser;
    let dropDatabase: (() => Promise<void>) | undefined;

    /** Two app instances, each with its own connections and processor client, on one database (PGlite: one in-process database). */
    beforeAll(async () => {
      if (driver === 'pglite') {
        first = await createTestApi({ driver });
        second = { ...first, close: async () => {} };
      } else {
        const created = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'noshow');
        dropDatabase = created.drop;
        const open = (): Promise<Database> => openDatabase({ url: created.url, poolSize: 10 });
        first = await createTestApi({ database: await open() });
        second = await createTestApi({ database: await open(), seed: false });
      }
      n = noShowHelpers(first, paymentHelpers(first));
      staff = await insertStaff(first, 'staff', BATARD);
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
      await dropDatabase?.();
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    /** `count` no-shows whose card charge got no answer, due again 5 minutes on: both clocks are set there. */
    async function unansweredNoShows(count: number): Promise<string[]> {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const { id } = await n.bookPaidByCard();
        const down = vi.spyOn(first.processor, 'chargeCardOnFile').mockImplementationOnce(unreachable);
        expect((await n.markNoShow(staff, id)).status).toBe(200);
        down.mockRestore();
        ids.push(id);
      }
      first.clock.advance(5 * MINUTE);
      second.clock.set(first.clock.now());
      return ids;
    }

    /** What the processor and our payments hold of the fees of `ids`: [key, status] each, sorted. */
    async function chargesOf(ids: string[]) {
      const intents = (await second.deps.db.select().from(testProcessorIntents)).filter((i) => i.metadata.purpose === 'NO_SHOW_FEE' && ids.includes(i.metadata.reservationId ?? ''));
      const fees = (await Promise.all(ids.map((id) => n.feePayments(id)))).flat();
      return { atProcessor: intents.map((i) => [i.idempotencyKey, i.status]).sort(), ours: fees.map((p) => [p.idempotencyKey, p.status]).sort() };
    }

    it('charges each card once while both run the retry side by side', async () => {
      const ids = await unansweredNoShows(4);
      const calls = [...new Set([first.processor, second.processor])].map((processor) => watchCharges(processor));
      // Batches of one, so the two claim again and again while the other is charging.
      const policy = { ...DEFAULT_NO_SHOW_CHARGE_POLICY, batchSize: 1 };
      const rounds = await Promise.all([first, second, first, second].map((api) => retryNoShowFeeCharges(api.deps, policy)));
      expect(rounds.reduce((a, b) => a + b, 0)).toBe(4);
      const keys = ids.map((id) => `no-show-fee-${id}`).sort();
      expect(calls.flat().sort()).toEqual(keys);
      expect(await chargesOf(ids)).toEqual({ atProcessor: keys.map((k) => [k, 'succeeded']), ours: keys.map((k) => [k, 'SUCCEEDED']) });
      const rows = await second.deps.db.select().from(noShowFeeCharges);
      expect(rows.filter((c) => ids.includes(c.reservationId)).map((c) => c.status)).toEqual(Array(4).fill('CHARGED'));
    });

    it('lets the other process take over a charge whose claim ran out, and only one of them records it', async () => {
      const [id] = (await unansweredNoShows(1)) as [string];
      const stuck = gate();
      let calls = 0;
      // The first process's call hangs: its answer comes only after the other process has charged.
      const keys = [...new Set([first.processor, second.processor])].map((processor) =>
        watchCharges(processor, async (input, real) => {
          if (calls++ === 0) await stuck.opened;
          return real(input);
        }),
      );
      const hanging = retryNoShowFeeCharges(first.deps);
      await vi.waitFor(() => expect(calls).toBe(1));
      // While the claim holds, the other process leaves the charge alone; once it has run out, it takes it over.
      expect(await retryNoShowFeeCharges(second.deps)).toBe(0);
      second.clock.advance(DEFAULT_NO_SHOW_CHARGE_POLICY.claimMs + 1);
      expect(await retryNoShowFeeCharges(second.deps)).toBe(1);
      expect((await n.charge(id)).status).toBe('CHARGED');
      stuck.open();
      expect(await hanging).toBe(1);
      // Both asked with the one key: the processor charged once, and we recorded it once.
      expect(keys.flat()).toEqual([`no-show-fee-${id}`, `no-show-fee-${id}`]);
      expect(await chargesOf([id])).toEqual({ atProcessor: [[`no-show-fee-${id}`, 'succeeded']], ours: [[`no-show-fee-${id}`, 'SUCCEEDED']] });
      expect((await n.charge(id)).status).toBe('CHARGED');
    });
  });
}
