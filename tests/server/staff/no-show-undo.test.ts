/**
 * A no-show undone, and honest fees (docs/PRODUCT.md §6), through the HTTP API on PGlite and PostgreSQL:
 * until the service day ends a no-show is put right, audited, and what it charged comes back (a card's fee
 * refunded at the processor, a wallet's credited through the ledger); a no-show marked again charges once
 * more, never twice over; after the day it stands (409 20110). A no-show of a guest nothing can charge is
 * recorded as "not charged", never as owed. Races: the undo against a card charge under way (refused until
 * it is answered) and against the payment worker's charge, each ending with every fee either kept once or
 * given back, and the ledger check (run at every close) clean.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, noShowFeeCharges, payments } from '../../../server/db/schema';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { retryNoShowFeeCharges } from '../../../server/services/payments/no-show-fee-charge';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { BATARD, experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const MINUTE = 60_000;
// Bâtard: a table for two pays a HK$600 deposit by card; its no-show fee is HK$2,000, the rest charged to the card.
const BATARD_FEE = 200_000;
// Le Clos: nothing paid ahead; HK$300 a guest for a no-show.
const LECLOS_FEE = 60_000;

for (const driver of testDrivers()) {
  describe(`a no-show undone, and honest fees (${driver})`, () => {
    let { api, h, leclosStaff, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, leclosStaff, newStaff } = accounts));
    let batardStaff: TestUser;
    let aLaCarte: string;
    beforeAll(async () => {
      batardStaff = await newStaff('staff', BATARD);
      aLaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    let day = 0;
    const ownDay = () => `2026-12-${String(1 + day++).padStart(2, '0')}`;

    const visit = (staff: TestUser, id: string, action: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: staff.token(), body: { action } });
    const pastStart = async (id: string) => api.clock.set(new Date((await h.reservationRow(id)).startsAt.getTime() + 30 * MINUTE));
    const feePayments = async (id: string) => (await h.paymentsOf(id)).filter((p) => p.purpose === 'NO_SHOW_FEE');
    const feeKept = async (id: string) => (await feePayments(id)).filter((p) => p.status !== 'FAILED').reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
    const chargeRow = async (id: string) => (await api.deps.db.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, id)))[0];
    async function sheetPayment(staff: TestUser, venueId: string, id: string) {
      const { date } = await h.reservationRow(id);
      const res = await api.request('GET', `/admin/venue/${venueId}/day-sheet/${date}`, { token: staff.token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const bookings = res.body.data.services.flatMap((s: any) => s.seatings.flatMap((seating: any) => seating.bookings));
      return bookings.find((b: { id: string }) => b.id === id).payment;
    }

    /** A Bâtard table for two, its deposit paid by card; the clock put past its start. */
    async function batardPaidByCard(): Promise<string> {
      api.clock.set(TEST_NOW);
      const guest = await h.newUser('guest');
      const hold = await h.holdBatardDeposit(guest, ownDay(), 1110);
      await h.payByCard(guest, hold.id);
      await h.deliver();
      expect((await h.complete(guest, hold.id)).status).toBe(200);
      await pastStart(hold.id);
      return hold.id;
    }

    /** A Le Clos table for two (nothing to pay) for `guest`; the clock put past its start. */
    async function leClosBooking(guest: TestUser): Promise<string> {
      api.clock.set(TEST_NOW);
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId: aLaCarte, date: ownDay(), startTime: 1140, numberOfGuests: 2 } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect((await h.complete(guest, held.body.data._id)).status).toBe(200);
      await pastStart(held.body.data._id);
      return held.body.data._id;
    }

    it("refunds the card's fee at the processor, keeps the deposit, audits the undo; a no-show marked again charges once more", async () => {
      const id = await batardPaidByCard();
      const marked = await visit(batardStaff, id, 'no-show');
      expect(marked.body.data.noShow).toMatchObject({ fee: BATARD_FEE, cardCharged: BATARD_FEE - 60_000, outstanding: 0, noCardOnFile: false });
      const [fee] = await feePayments(id);

      const undone = await visit(batardStaff, id, 'undo-no-show');
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      expect(undone.body.data).toMatchObject({ status: 'CONFIRMED', visitStatus: null, noShow: null, refunded: BATARD_FEE - 60_000 });
      expect(await h.paymentRow(fee!.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: BATARD_FEE - 60_000 });
      expect((await h.processorRefunds(fee!.processorRef!)).map((r) => r.amount)).toEqual([BATARD_FEE - 60_000]);
      const deposit = (await h.paymentsOf(id)).find((p) => p.purpose === 'RESERVATION')!;
      expect(deposit).toMatchObject({ status: 'SUCCEEDED', refundedAmount: 0 });
      expect(await chargeRow(id)).toBeUndefined();
      expect(await sheetPayment(batardStaff, BATARD, id)).toMatchObject({ paid: 60_000, refunded: 0, noShow: null });

      const [entry] = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'visit.undo-no-show')));
      expect(entry).toMatchObject({ actorId: batardStaff.id, venueId: BATARD, before: { status: 'NO_SHOW' }, after: { status: 'CONFIRMED', refunded: { card: BATARD_FEE - 60_000, wallet: 0 } } });

      const again = await visit(batardStaff, id, 'no-show');
      expect(again.body.data.noShow).toMatchObject({ cardCharged: BATARD_FEE - 60_000, outstanding: 0 });
      expect(await feeKept(id)).toBe(BATARD_FEE - 60_000);
      expect(await sheetPayment(batardStaff, BATARD, id)).toMatchObject({ noShow: { fee: BATARD_FEE, kept: 60_000, charged: BATARD_FEE - 60_000, outstanding: 0 } });
    });

    it("credits a member's wallet what the no-show took, through the ledger; charged again, the sheet counts it once", async () => {
      const member = await h.newUser('member', 100_000);
      const id = await leClosBooking(member);
      expect((await visit(leclosStaff, id, 'no-show')).body.data.noShow).toMatchObject({ walletCharged: LECLOS_FEE, outstanding: 0 });
      expect(await h.balanceOf(member.id)).toBe(100_000 - LECLOS_FEE);

      const undone = await visit(leclosStaff, id, 'undo-no-show');
      expect(undone.body.data).toMatchObject({ status: 'CONFIRMED', refunded: LECLOS_FEE });
      expect(await h.balanceOf(member.id)).toBe(100_000);
      expect((await h.walletOf(member.id)).at(-1)).toMatchObject({ type: 'REFUND', amount: LECLOS_FEE, reservationId: id, paymentId: null });

      expect((await visit(leclosStaff, id, 'no-show')).body.data.noShow).toMatchObject({ walletCharged: LECLOS_FEE, outstanding: 0 });
      expect(await h.balanceOf(member.id)).toBe(100_000 - LECLOS_FEE);
      expect(await sheetPayment(leclosStaff, LECLOS, id)).toMatchObject({ noShow: { charged: LECLOS_FEE, outstanding: 0 } });
    });

    it('lets the no-show stand once the service day is over (409 20110), changing nothing', async () => {
      const member = await h.newUser('member', 100_000);
      const id = await leClosBooking(member);
      expect((await visit(leclosStaff, id, 'no-show')).status).toBe(200);
      const sheet = await api.request('GET', `/admin/venue/${LECLOS}/day-sheet/${(await h.reservationRow(id)).date}`, { token: leclosStaff.token() });
      const row = sheet.body.data.services.flatMap((s: any) => s.seatings.flatMap((seating: any) => seating.bookings)).find((b: { id: string }) => b.id === id);
      api.clock.set(new Date(Date.parse(row.serviceEndsAt) + MINUTE));
      const late = await visit(leclosStaff, id, 'undo-no-show');
      expect([late.status, late.body.errorCode]).toEqual([409, ERROR_CODES.OUTSIDE_SERVICE_HOURS]);
      expect((await h.reservationRow(id)).status).toBe('NO_SHOW');
      expect(await h.balanceOf(member.id)).toBe(100_000 - LECLOS_FEE);
    });

    it('records "not charged" for a guest with no card on file and no wallet, never a fee owed (failed before: outstanding HK$600)', async () => {
      const guest = await h.newUser('guest');
      const id = await leClosBooking(guest);
      const marked = await visit(leclosStaff, id, 'no-show');
      expect(marked.body.data.noShow).toEqual({ fee: LECLOS_FEE, kept: 0, walletCharged: 0, cardCharged: 0, outstanding: 0, noCardOnFile: true });
      expect(await sheetPayment(leclosStaff, LECLOS, id)).toMatchObject({ noShow: { outstanding: 0, noCardOnFile: true, canChargeCard: false, card: null } });
      expect(await chargeRow(id)).toBeUndefined();
      const charge = await api.request('POST', `/admin/reservation/${id}/no-show-fee/charge`, { token: leclosStaff.token() });
      expect(charge.status).toBe(409);
      expect((await visit(leclosStaff, id, 'undo-no-show')).body.data).toMatchObject({ status: 'CONFIRMED', refunded: 0 });
    });

    it('refuses the undo while the card is being charged, and refunds the charge once it is answered', async () => {
      const id = await batardPaidByCard();
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      const real = api.processor.chargeCardOnFile.bind(api.processor);
      const calls: string[] = [];
      vi.spyOn(api.processor, 'chargeCardOnFile').mockImplementation(async (input) => {
        calls.push(input.idempotencyKey);
        await opened;
        return real(input);
      });
      const marking = visit(batardStaff, id, 'no-show');
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      const early = await visit(batardStaff, id, 'undo-no-show');
      expect([early.status, early.body.message]).toEqual([409, 'The card is being charged already. Please wait a moment.']);
      open();
      expect((await marking).body.data.noShow).toMatchObject({ cardCharged: BATARD_FEE - 60_000 });
      const undone = await visit(batardStaff, id, 'undo-no-show');
      expect(undone.body.data).toMatchObject({ status: 'CONFIRMED', refunded: BATARD_FEE - 60_000 });
      expect(await feeKept(id)).toBe(0);
    });

    it("races the undo against the payment worker's charge: the fee is kept once or given back, never lost", async () => {
      const id = await batardPaidByCard();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const real = api.processor.chargeCardOnFile.bind(api.processor);
      // The no-show's own charge gets no answer; the worker's, due 5 minutes later, goes through.
      vi.spyOn(api.processor, 'chargeCardOnFile').mockImplementationOnce(() => Promise.reject(new TypeError('fetch failed'))).mockImplementation(real);
      expect((await visit(batardStaff, id, 'no-show')).body.data.noShow).toMatchObject({ cardCharged: 0, outstanding: BATARD_FEE - 60_000 });
      api.clock.advance(5 * MINUTE);

      const [undo] = await Promise.all([visit(batardStaff, id, 'undo-no-show'), retryNoShowFeeCharges(api.deps)]);
      expect([200, 409]).toContain(undo.status);
      const row = await h.reservationRow(id);
      if (undo.status === 200) {
        // The undo took the booking first: the worker found no charge left to make.
        expect(row.status).toBe('CONFIRMED');
        expect(await feeKept(id)).toBe(0);
        expect(await chargeRow(id)).toBeUndefined();
      } else {
        // The worker held the charge: it is recorded, and the undo, tried again, gives it back.
        expect(row.status).toBe('NO_SHOW');
        expect(await feeKept(id)).toBe(BATARD_FEE - 60_000);
        expect((await visit(batardStaff, id, 'undo-no-show')).body.data).toMatchObject({ status: 'CONFIRMED', refunded: BATARD_FEE - 60_000 });
        expect(await feeKept(id)).toBe(0);
      }
      const charged = (await api.deps.db.select().from(payments).where(and(eq(payments.reservationId, id), eq(payments.purpose, 'NO_SHOW_FEE')))).filter((p) => p.status !== 'FAILED');
      for (const p of charged) expect((await h.processorRefunds(p.processorRef!)).reduce((sum, r) => sum + r.amount, 0)).toBe(p.amount);
      expect(await ledgerProblems(api.deps.db)).toEqual([]);
    });

    it('gives the fee straight back when the processor answers a charge after its claim ran out and the no-show was undone', async () => {
      const id = await batardPaidByCard();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const real = api.processor.chargeCardOnFile.bind(api.processor);
      const intents: string[] = [];
      vi.spyOn(api.processor, 'chargeCardOnFile').mockImplementation(async (input) => {
        await answered;
        const intent = await real(input);
        intents.push(intent.id);
        return intent;
      });
      const marking = visit(batardStaff, id, 'no-show');
      await vi.waitFor(async () => expect((await chargeRow(id))?.claimedUntil).toBeTruthy());
      // The processor is slower than the claim: the charge is no longer under way, and the undo drops it.
      api.clock.advance(3 * MINUTE);
      const undone = await visit(batardStaff, id, 'undo-no-show');
      expect(undone.body.data).toMatchObject({ status: 'CONFIRMED', refunded: 0 });
      expect(await chargeRow(id)).toBeUndefined();
      answer();
      await marking;
      // Taken at the processor after the undo: given back there at once, never kept, never tried again.
      expect(intents).toHaveLength(1);
      expect((await h.processorRefunds(intents[0]!)).reduce((sum, r) => sum + r.amount, 0)).toBe(BATARD_FEE - 60_000);
      expect(await feeKept(id)).toBe(0);
      expect((await h.reservationRow(id)).status).toBe('CONFIRMED');
      api.clock.advance(10 * MINUTE);
      expect(await retryNoShowFeeCharges(api.deps)).toBe(0);
      expect(await ledgerProblems(api.deps.db)).toEqual([]);
    });
  });
}
