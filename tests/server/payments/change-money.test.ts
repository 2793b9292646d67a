/**
 * A change settles its money: the quote before saving, an increase paid before the change takes effect
 * (from a member's wallet), a decrease given back once as the policy allows, a staff change's difference
 * owed and collected at the venue (audited), the mail stating each, and the ledger check balancing after
 * every one of them (and the races between them and a cancellation, a no-show).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, changeHolds, reservations, venueTables } from '../../../server/db/schema';
import { loadBusyIntervals } from '../../../server/services/booking-rules/busy-intervals';
import { manageTokenFor } from '../../../server/services/reservations/manage-link';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { testDrivers, type TestApi } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';
import type { TestUser } from '../../support/server/payment-helpers';

const hkd = (dollars: number) => dollars * 100;

for (const driver of testDrivers()) {
  describe(`a change settles its money (${driver})`, () => {
    let s: StaffAccounts;
    let api: TestApi;
    useStaffAccounts(driver, (accounts) => {
      s = accounts;
      api = accounts.api;
    });

    let slot = 0;
    /** A Le Clos Rotisserie Sharing Menu (deposit HK$200 a guest, HK$300 from six), held, paid and completed. */
    async function bookRotisserie(user: TestUser, guests: number, method: 'CARD' | 'WALLET', date?: string) {
      const n = slot++;
      const day = date ?? `2026-12-${String(1 + (n % 27)).padStart(2, '0')}`;
      const startTime = 720 + 15 * Math.floor(n / 27);
      const res = await api.request('POST', '/user/reservation/v1.1', {
        token: user.token(),
        body: { venueId: LECLOS, experienceId: await experienceIdByName(api.deps.db, LECLOS, 'Rotisserie Sharing Menu'), date: day, startTime, numberOfGuests: guests },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = res.body.data._id as string;
      if (method === 'CARD') {
        await s.h.payByCard(user, id);
        await s.h.deliver();
      } else {
        const started = await s.h.startPayment(user, id, 'WALLET');
        expect(started.status, JSON.stringify(started.body)).toBe(201);
      }
      const done = await s.h.complete(user, id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return id;
    }

    const change = (user: TestUser, id: string, body: Record<string, unknown>) =>
      api.request('PUT', `/user/reservation/v1.1/${id}`, { token: user.token(), body });
    const quote = (user: TestUser, id: string, body: Record<string, unknown>) =>
      api.request('POST', `/user/reservation/v1.1/${id}/quote`, { token: user.token(), body });
    const balanced = async () => expect(await ledgerProblems(api.deps.db)).toEqual([]);

    it('quotes a change from 4 to 6 guests before saving: HK$1,800 due, HK$800 paid, HK$1,000 more; nothing is saved', async () => {
      const member = await s.h.newUser('member', hkd(5000));
      const id = await bookRotisserie(member, 4, 'CARD');
      const before = await s.h.reservationRow(id);
      const res = await quote(member, id, { numberOfGuests: 6 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ amountDue: hkd(1800), paid: hkd(800), owed: 0, difference: hkd(1000), currency: 'HKD' });
      expect(await s.h.reservationRow(id)).toEqual(before);
      await balanced();
    });

    it('refuses an increase that is not paid (409 20111) and leaves the booking exactly as it was', async () => {
      const guest = await s.h.newUser('guest');
      const id = await bookRotisserie(guest, 4, 'CARD');
      const before = await s.h.reservationRow(id);
      const res = await change(guest, id, { numberOfGuests: 6 });
      expect(res.status).toBe(409);
      expect(res.body.errorCode).toBe(20111);
      expect(await s.h.reservationRow(id)).toEqual(before);
      // The wallet is the members' only: a guest cannot pay with it.
      expect((await change(guest, id, { numberOfGuests: 6, payWith: 'WALLET' })).status).toBe(403);
      expect(await s.h.reservationRow(id)).toEqual(before);
      await balanced();
    });

    it('takes an increase from the wallet with the change, and the mail says what was paid', async () => {
      const member = await s.h.newUser('member', hkd(5000));
      const id = await bookRotisserie(member, 4, 'WALLET');
      const res = await change(member, id, { numberOfGuests: 6, payWith: 'WALLET' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.payment.amountDue).toBe(hkd(1800));
      expect(await s.h.balanceOf(member.id)).toBe(hkd(5000 - 1800));
      const [mail] = await s.h.outboxOf(member.email);
      expect(mail!.body).toContain('Deposit for the new party: HK$1,800');
      expect(mail!.body).toContain('Difference paid: HK$1,000 (your club wallet)');
      await balanced();
    });

    it('refuses a short wallet and changes nothing', async () => {
      const member = await s.h.newUser('member', hkd(900));
      const id = await bookRotisserie(member, 4, 'WALLET');
      const before = await s.h.reservationRow(id);
      const res = await change(member, id, { numberOfGuests: 6, payWith: 'WALLET' });
      expect(res.status).toBe(409);
      expect(await s.h.reservationRow(id)).toEqual(before);
      expect(await s.h.balanceOf(member.id)).toBe(hkd(100));
      await balanced();
    });

    it('refunds a decrease to the card once, outside the window, and the mail says so', async () => {
      const guest = await s.h.newUser('guest');
      const id = await bookRotisserie(guest, 6, 'CARD');
      const [payment] = await s.h.paymentsOf(id);
      const res = await change(guest, id, { numberOfGuests: 4 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The same change again changes nothing: refused, and it moves no money.
      expect((await change(guest, id, { numberOfGuests: 4 })).status).toBe(400);
      const refunds = await s.h.processorRefunds(payment!.processorRef!);
      expect(refunds.map((r) => r.amount)).toEqual([hkd(1000)]);
      expect((await s.h.paymentRow(payment!.id)).refundedAmount).toBe(hkd(1000));
      const mails = await s.h.outboxOf(guest.email);
      expect(mails.filter((m) => m.body.includes('Refund: HK$1,000'))).toHaveLength(1);
      await balanced();
      // Cancelled later, the rest comes back too, at the processor as well.
      expect((await s.h.cancel(guest, id)).status).toBe(200);
      expect((await s.h.processorRefunds(payment!.processorRef!)).map((r) => r.amount).sort()).toEqual([hkd(1000), hkd(800)].sort());
      await balanced();
    });

    it('keeps the late fee for the guests taken off inside the window and refunds the rest to the wallet', async () => {
      const member = await s.h.newUser('member', hkd(5000));
      // 2026-11-23 10:00 now; the visit at 12:00 today is inside the 24-hour window.
      const id = await bookRotisserie(member, 6, 'WALLET', '2026-11-23');
      const res = await change(member, id, { numberOfGuests: 4 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // HK$1,000 less is due; the two taken off were in a party of 6, whose tier is HK$300 a guest: HK$600
      // is kept, HK$400 back.
      expect(await s.h.balanceOf(member.id)).toBe(hkd(5000 - 1800 + 400));
      expect((await s.h.reservationRow(id)).feeKept).toBe(hkd(600));
      await balanced();
    });

    it('two decreases at once refund the difference once', async () => {
      const member = await s.h.newUser('member', hkd(5000));
      const id = await bookRotisserie(member, 6, 'WALLET');
      const answers = await Promise.all([change(member, id, { numberOfGuests: 4 }), change(member, id, { numberOfGuests: 4 })]);
      // The second finds the party already at 4: nothing would change.
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(await s.h.balanceOf(member.id)).toBe(hkd(5000 - 800));
      await balanced();
    });

    it('two wallet increases at once take the difference once', async () => {
      const member = await s.h.newUser('member', hkd(5000));
      const id = await bookRotisserie(member, 4, 'WALLET');
      const answers = await Promise.all([
        change(member, id, { numberOfGuests: 6, payWith: 'WALLET' }),
        change(member, id, { numberOfGuests: 6, payWith: 'WALLET' }),
      ]);
      expect(answers.map((a) => a.status)).toContain(200);
      expect(await s.h.balanceOf(member.id)).toBe(hkd(5000 - 1800));
      await balanced();
    });

    it('a change racing a cancellation: one wins, and the books balance either way', async () => {
      const member = await s.h.newUser('member', hkd(5000));
      const id = await bookRotisserie(member, 4, 'WALLET');
      const [changed, cancelled] = await Promise.all([change(member, id, { numberOfGuests: 6, payWith: 'WALLET' }), s.h.cancel(member, id)]);
      expect(cancelled.status).toBe(200);
      // Cancelled outside the window, everything paid came back, whichever came first.
      expect(await s.h.balanceOf(member.id)).toBe(hkd(5000));
      expect([200, 409]).toContain(changed.status);
      await balanced();
    });

    it('a change racing a no-show: the no-show keeps what was paid, and the books balance', async () => {
      const member = await s.h.newUser('member', hkd(5000));
      const id = await bookRotisserie(member, 4, 'WALLET', '2026-11-23');
      // The visit started at 12:00: the no-show may be marked; the change is refused once it started.
      api.clock.set('2026-11-23T04:30:00Z');
      const [changed, noShow] = await Promise.all([
        change(member, id, { numberOfGuests: 6, payWith: 'WALLET' }),
        api.request('PUT', `/admin/reservation/${id}/visit`, { token: s.leclosStaff.token(), body: { action: 'no-show' } }),
      ]);
      expect(changed.status).toBe(409);
      expect(noShow.status, JSON.stringify(noShow.body)).toBe(200);
      await balanced();
    });

    it('a staff party change leaves the difference owed: on the day sheet, mailed, then paid at the venue once (audited)', async () => {
      const guest = await s.h.newUser('guest');
      const id = await bookRotisserie(guest, 4, 'CARD', '2026-12-05');
      const quoted = await api.request('POST', `/admin/reservation/${id}/quote`, { token: s.leclosStaff.token(), body: { numberOfGuests: 6 } });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      expect(quoted.body.data.difference).toBe(hkd(1000));
      const moved = await api.request('PUT', `/admin/reservation/${id}/move`, { token: s.leclosStaff.token(), body: { numberOfGuests: 6 } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect((await s.h.reservationRow(id)).amountOwed).toBe(hkd(1000));
      await balanced();

      const sheet = await api.request('GET', `/admin/venue/${LECLOS}/day-sheet/2026-12-05`, { token: s.leclosStaff.token() });
      expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
      const booking = sheet.body.data.services.flatMap((sv: any) => sv.seatings).flatMap((st: any) => st.bookings).find((b: any) => b.id === id);
      expect(booking.payment).toMatchObject({ amountDue: hkd(1800), paid: hkd(800), owed: hkd(1000), paidAtVenue: 0 });
      const [mail] = await s.h.outboxOf(guest.email);
      expect(mail!.body).toContain('Difference due: HK$1,000, payable at the venue.');

      const paid = await api.request('POST', `/admin/reservation/${id}/paid-at-venue`, { token: s.leclosStaff.token() });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect((await api.request('POST', `/admin/reservation/${id}/paid-at-venue`, { token: s.leclosStaff.token() })).status).toBe(409);
      expect(await s.h.reservationRow(id)).toMatchObject({ amountOwed: 0, paidAtVenue: hkd(1000) });
      const audits = await api.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'reservation.paid-at-venue')));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorId: s.leclosStaff.id, before: { amountOwed: hkd(1000), paidAtVenue: 0 }, after: { amountOwed: 0, paidAtVenue: hkd(1000) } });
      // Another venue's staff cannot record it.
      expect((await api.request('POST', `/admin/reservation/${id}/paid-at-venue`, { token: s.obeStaff.token() })).status).toBe(403);
      await balanced();
    });

    it('the ledger check finds a booking whose amount due moved without its money, and passes an owed phone booking', async () => {
      const guest = await s.h.newUser('guest');
      const id = await bookRotisserie(guest, 4, 'CARD');
      const phone = await api.request('POST', '/admin/reservation', {
        token: s.leclosStaff.token(),
        body: {
          venueId: LECLOS,
          experienceId: await experienceIdByName(api.deps.db, LECLOS, 'Rotisserie Sharing Menu'),
          date: '2026-12-20',
          startTime: 780,
          numberOfGuests: 4,
          firstName: 'Phone',
          lastName: 'Guest',
          email: 'phone.guest@example.com',
        },
      });
      expect(phone.status, JSON.stringify(phone.body)).toBe(201);
      await balanced();
      // What the change did before it settled its money: the deposit raised, nothing collected.
      await api.deps.db.update(reservations).set({ amountDue: hkd(1800), numberOfGuests: 6 }).where(eq(reservations.id, id));
      const problems = await ledgerProblems(api.deps.db);
      expect(problems).toEqual([expect.objectContaining({ id, status: 'CONFIRMED', kept: hkd(800), due: hkd(1800) })]);
      await api.deps.db.update(reservations).set({ amountDue: hkd(800), numberOfGuests: 4 }).where(eq(reservations.id, id));
      await balanced();
    });
    describe('an increase paid by card, through a held change', () => {
      const holdChange = (user: TestUser, id: string, body: Record<string, unknown>) =>
        api.request('POST', `/user/reservation/v1.1/${id}/change-hold`, { token: user.token(), body });
      const payChange = (user: TestUser, id: string, holdId: string, key = `change-${holdId}-${Math.random()}`) =>
        api.request('POST', `/user/reservation/v1.1/${id}/change-hold/${holdId}/payment`, { token: user.token(), body: { idempotencyKey: key } });
      const changeState = (user: TestUser, id: string, holdId: string) =>
        api.request('GET', `/user/reservation/v1.1/${id}/change-hold/${holdId}`, { token: user.token() });

      /** A held change's payment that succeeded too late: refunded in full, the guest told, the change given up and closed to new payments. */
      async function expectGivenUpAndRefunded(guest: TestUser, id: string, holdId: string, paymentId: string) {
        const payment = await s.h.paymentRow(paymentId);
        expect(payment).toMatchObject({ status: 'REFUNDED', refundedAmount: hkd(1000) });
        expect((await s.h.processorRefunds(payment.processorRef!)).map((r) => r.amount)).toEqual([hkd(1000)]);
        const [mail] = await s.h.outboxOf(guest.email);
        expect(mail!.body).toContain('The change you paid for could not be made');
        expect((await changeState(guest, id, holdId)).body.data.change.status).toBe('GIVEN_UP');
        expect((await payChange(guest, id, holdId)).body.errorCode).toBe(20112);
      }

      /** A booking of 4 paid by card, and its change to 6 held: HK$1,000 more. */
      async function heldIncrease() {
        const guest = await s.h.newUser('guest');
        const id = await bookRotisserie(guest, 4, 'CARD');
        const before = await s.h.reservationRow(id);
        const held = await holdChange(guest, id, { numberOfGuests: 6 });
        expect(held.status, JSON.stringify(held.body)).toBe(201);
        return { guest, id, before, hold: held.body.data as { _id: string; difference: number; status: string; holdExpiresAt: string; tableId?: string } };
      }

      it("answers starts with new keys with the change's open payment, and cancels it at the processor when another change is held", async () => {
        const { guest, id, hold } = await heldIncrease();
        const first = (await payChange(guest, id, hold._id)).body.data;
        expect((await payChange(guest, id, hold._id)).body.data).toMatchObject({ _id: first._id, intentId: first.intentId });
        // The guest asks for another party instead: the first change is given up, its payment cancelled.
        const other = await holdChange(guest, id, { numberOfGuests: 5 });
        expect(other.status, JSON.stringify(other.body)).toBe(201);
        const second = await payChange(guest, id, other.body.data._id);
        expect(second.status, JSON.stringify(second.body)).toBe(201);
        expect(second.body.data._id).not.toBe(first._id);
        expect((await s.h.paymentRow(first._id)).status).toBe('FAILED');
        expect((await api.processor.retrieve(first.intentId))!.status).toBe('failed');
        expect((await s.h.paymentsOf(id)).filter((p) => p.status === 'REQUIRES_PAYMENT_METHOD').map((p) => p.id)).toEqual([second.body.data._id]);
        expect(await s.h.payStarted(second.body.data)).toBe('succeeded');
        await s.h.deliver();
        expect((await changeState(guest, id, other.body.data._id)).body.data.change.status).toBe('MADE');
        await balanced();
      });

      it('holds the new party for 15 minutes, changes nothing until paid, then makes the change with the payment', async () => {
        const { guest, id, before, hold } = await heldIncrease();
        expect(hold).toMatchObject({ status: 'HELD', numberOfGuests: 6, amountDue: hkd(1800), difference: hkd(1000) });
        expect(new Date(hold.holdExpiresAt).getTime() - api.clock.now().getTime()).toBe(15 * 60_000);
        // The booking is exactly as it was while the difference is unpaid.
        expect(await s.h.reservationRow(id)).toEqual(before);
        await balanced();

        const started = await payChange(guest, id, hold._id);
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        expect(started.body.data).toMatchObject({ amount: hkd(1000), method: 'CARD', reservationId: id });
        expect(await s.h.payStarted(started.body.data)).toBe('succeeded');
        expect(await s.h.reservationRow(id)).toEqual(before);
        await s.h.deliver();

        const after = await s.h.reservationRow(id);
        expect(after).toMatchObject({ numberOfGuests: 6, amountDue: hkd(1800), sequence: before.sequence + 1, amountOwed: 0 });
        const state = await changeState(guest, id, hold._id);
        expect(state.body.data.change.status).toBe('MADE');
        expect(state.body.data.payment.status).toBe('SUCCEEDED');
        const [mail] = await s.h.outboxOf(guest.email);
        expect(mail!.body).toContain('Deposit for the new party: HK$1,800');
        expect(mail!.body).toContain('Difference paid: HK$1,000');
        await balanced();
        // A second payment of the made change is refused.
        expect((await payChange(guest, id, hold._id)).status).toBe(409);
      });

      it('takes the new table out of other bookings while held, and gives it back when given up', async () => {
        const { guest, id, before, hold } = await heldIncrease();
        const [row] = await api.deps.db.select().from(changeHolds).where(eq(changeHolds.id, hold._id));
        const busy = () =>
          loadBusyIntervals(api.deps.db, {
            venueId: LECLOS,
            date: row!.date,
            fromMs: row!.startsAt.getTime(),
            toMs: row!.endsAt.getTime(),
            now: api.clock.now(),
            tableIds: [row!.tableId],
          });
        expect((await busy()).length).toBeGreaterThan(row!.tableId === before.tableId ? 1 : 0);
        const gaveUp = await api.request('DELETE', `/user/reservation/v1.1/${id}/change-hold/${hold._id}`, { token: guest.token() });
        expect(gaveUp.status, JSON.stringify(gaveUp.body)).toBe(200);
        expect(gaveUp.body.data.status).toBe('GIVEN_UP');
        expect((await busy()).length).toBe(row!.tableId === before.tableId ? 1 : 0);
        expect(await s.h.reservationRow(id)).toEqual(before);
        // Given up, it can no longer be paid for.
        const late = await payChange(guest, id, hold._id);
        expect(late.status).toBe(409);
        expect(late.body.errorCode).toBe(20112);
        await balanced();
      });

      it('a declined card leaves the booking as it was; another card then pays', async () => {
        const { guest, id, before, hold } = await heldIncrease();
        const first = await payChange(guest, id, hold._id);
        expect(await s.h.payStarted(first.body.data, TEST_CARDS.declined)).toBe('failed');
        await s.h.deliver();
        expect(await s.h.reservationRow(id)).toEqual(before);
        const second = await payChange(guest, id, hold._id);
        expect(second.status, JSON.stringify(second.body)).toBe(201);
        expect(await s.h.payStarted(second.body.data)).toBe('succeeded');
        await s.h.deliver();
        expect((await s.h.reservationRow(id)).numberOfGuests).toBe(6);
        await balanced();
      });

      it("a reload on the bank's check answers the same payment; another card replaces it, and the change is paid once", async () => {
        const { guest, id, before, hold } = await heldIncrease();
        const key = `change-${hold._id}-card-1`;
        const first = (await payChange(guest, id, hold._id, key)).body.data;
        expect(await s.h.payStarted(first, TEST_CARDS.threeDSecure)).toBe('requires_action');
        expect((await payChange(guest, id, hold._id, key)).body.data).toMatchObject({ _id: first._id, status: 'REQUIRES_ACTION' });
        // Another card after the reload: the attempt in the bank's check is cancelled at the processor.
        const second = await payChange(guest, id, hold._id, `change-${hold._id}-card-2`);
        expect(second.status, JSON.stringify(second.body)).toBe(201);
        expect(second.body.data._id).not.toBe(first._id);
        expect((await s.h.paymentRow(first._id)).status).toBe('FAILED');
        expect((await s.h.challenge(first.intentId, 'approve')).status).toBe(400);
        expect(await s.h.reservationRow(id)).toEqual(before);
        expect(await s.h.payStarted(second.body.data)).toBe('succeeded');
        await s.h.deliver();
        expect((await s.h.reservationRow(id)).numberOfGuests).toBe(6);
        expect((await s.h.paymentsOf(id)).filter((p) => p.status === 'SUCCEEDED' && p.changeHoldId === hold._id)).toHaveLength(1);
        await balanced();
      });

      it('the card that paid the booking pays the difference as a saved card, without typing it', async () => {
        const { guest, id, hold } = await heldIncrease();
        const [card] = (await api.request('GET', '/user/saved-card', { token: guest.token() })).body.data;
        expect(card).toMatchObject({ brand: 'visa', last4: '4242' });
        const paid = await api.request('POST', `/user/reservation/v1.1/${id}/change-hold/${hold._id}/payment`, {
          token: guest.token(),
          body: { idempotencyKey: `change-${hold._id}-saved-1`, savedCardId: card._id },
        });
        expect(paid.status, JSON.stringify(paid.body)).toBe(201);
        expect(paid.body.data).toMatchObject({ status: 'SUCCEEDED', amount: hkd(1000), cardLast4: '4242' });
        // Made with the answer, before the processor's webhook: the page reads the booking changed at once.
        expect((await s.h.reservationRow(id)).numberOfGuests).toBe(6);
        await s.h.deliver();
        expect((await changeState(guest, id, hold._id)).body.data.change.status).toBe('MADE');
        await balanced();
      });

      it('a payment that succeeds after the hold ran out is refunded in full, and the booking stays as it was', async () => {
        const { guest, id, before, hold } = await heldIncrease();
        const started = await payChange(guest, id, hold._id);
        api.clock.advanceMinutes(15);
        expect(await s.h.payStarted(started.body.data)).toBe('succeeded');
        await s.h.deliver();
        expect(await s.h.reservationRow(id)).toEqual(before);
        // Refunded in full, and no new payment can start.
        await expectGivenUpAndRefunded(guest, id, hold._id, started.body.data._id);
        await balanced();
      });

      it('races the hold running out: a success a moment before the end makes the change, whichever the sweeper does', async () => {
        const { guest, id, hold } = await heldIncrease();
        const started = await payChange(guest, id, hold._id);
        api.clock.advance(15 * 60_000 - 1);
        expect(await s.h.payStarted(started.body.data)).toBe('succeeded');
        await Promise.all([s.h.deliver(), changeState(guest, id, hold._id)]);
        expect((await s.h.reservationRow(id)).numberOfGuests).toBe(6);
        await balanced();
      });

      it('races a cancellation: the change and the cancellation never both keep money, and the books balance', async () => {
        const { guest, id, hold } = await heldIncrease();
        const started = await payChange(guest, id, hold._id);
        expect(await s.h.payStarted(started.body.data)).toBe('succeeded');
        const [, cancelled] = await Promise.all([s.h.deliver(), s.h.cancel(guest, id)]);
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        await s.h.deliver();
        // Cancelled outside the window: every payment (the change's too) comes back in full.
        for (const p of await s.h.paymentsOf(id)) expect(p.refundedAmount).toBe(p.amount);
        await balanced();
      });

      it("a second change replaces the held one; the first one's late payment is refunded", async () => {
        const { guest, id, hold } = await heldIncrease();
        const first = await payChange(guest, id, hold._id);
        const again = await holdChange(guest, id, { numberOfGuests: 5 });
        expect(again.status, JSON.stringify(again.body)).toBe(201);
        expect((await changeState(guest, id, hold._id)).body.data.change.status).toBe('GIVEN_UP');
        expect(await s.h.payStarted(first.body.data)).toBe('succeeded');
        await s.h.deliver();
        expect((await s.h.reservationRow(id)).numberOfGuests).toBe(4);
        expect((await s.h.paymentRow(first.body.data._id)).status).toBe('REFUNDED');
        await balanced();
      });

      const staffMove = (id: string, body: Record<string, unknown>) =>
        api.request('PUT', `/admin/reservation/${id}/move`, { token: s.leclosStaff.token(), body });
      /** Another Le Clos table that seats four: where staff move the booking. */
      async function anotherTableForFour(tableId: string | null): Promise<string> {
        const tables = await api.deps.db.select().from(venueTables).where(eq(venueTables.venueId, LECLOS)).orderBy(venueTables.name);
        return tables.find((t) => t.id !== tableId && t.minGuests <= 4 && t.maxGuests >= 4)!.id;
      }

      it("staff moving the booking gives the held change up: its payment, succeeding after, is refunded in full and the staff's move stays", async () => {
        const { guest, id, before, hold } = await heldIncrease();
        const started = await payChange(guest, id, hold._id);
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        const table = await anotherTableForFour(before.tableId);
        const moved = await staffMove(id, { startTime: 1140, tableId: table });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        expect((await changeState(guest, id, hold._id)).body.data.change.status).toBe('GIVEN_UP');
        const staffs = await s.h.reservationRow(id);
        expect(staffs).toMatchObject({ startTime: 1140, tableId: table, numberOfGuests: 4, amountDue: hkd(800), sequence: before.sequence + 1 });

        // The card goes through all the same: the change is not made, the whole difference comes back.
        expect(await s.h.payStarted(started.body.data)).toBe('succeeded');
        await s.h.deliver();
        expect(await s.h.reservationRow(id)).toMatchObject({ startTime: 1140, tableId: table, numberOfGuests: 4, amountDue: hkd(800), sequence: staffs.sequence });
        // Refunded in full, and no new payment can start.
        await expectGivenUpAndRefunded(guest, id, hold._id, started.body.data._id);
        await balanced();
      });

      // Each order on its own, then both at once (on PostgreSQL truly side by side), where either may commit first.
      type Settle = () => Promise<unknown>;
      type Move = () => Promise<{ status: number; body: unknown }>;
      const orders = {
        'the payment first': async (settle: Settle, move: Move) => {
          await settle();
          return move();
        },
        'the move first': async (settle: Settle, move: Move) => {
          const moved = await move();
          await settle();
          return moved;
        },
        'both at once': async (settle: Settle, move: Move) => (await Promise.all([settle(), move()]))[1],
      };
      it.each(Object.keys(orders) as (keyof typeof orders)[])("a payment's success and a staff move, %s: the staff's move stands and the difference is kept only with the change", async (order) => {
        const { guest, id, before, hold } = await heldIncrease();
        const started = await payChange(guest, id, hold._id);
        expect(await s.h.payStarted(started.body.data)).toBe('succeeded');
        const moved = await orders[order](s.h.deliver, () => staffMove(id, { startTime: 1140 }));
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        // A refund the race left for later is made by the payment worker's next round.
        await s.h.deliver();

        const after = await s.h.reservationRow(id);
        const payment = await s.h.paymentRow(started.body.data._id);
        const state = (await changeState(guest, id, hold._id)).body.data.change.status;
        expect(after.startTime).toBe(1140);
        if (order !== 'both at once') expect(state).toBe(order === 'the payment first' ? 'MADE' : 'GIVEN_UP');
        if (state === 'MADE') {
          // The payment first: the change is made, then staff move the party of six; the difference is kept.
          expect(after).toMatchObject({ numberOfGuests: 6, amountDue: hkd(1800), amountOwed: 0, sequence: before.sequence + 2 });
          expect(payment).toMatchObject({ status: 'SUCCEEDED', refundedAmount: 0 });
        } else {
          // The move first: the change is given up and its payment refunded in full.
          expect(state).toBe('GIVEN_UP');
          expect(after).toMatchObject({ numberOfGuests: 4, amountDue: hkd(800), amountOwed: 0, sequence: before.sequence + 1 });
          expect(payment).toMatchObject({ status: 'REFUNDED', refundedAmount: hkd(1000) });
        }
        await balanced();
      });

      it("refuses to hold a change that costs nothing more, and another guest's change", async () => {
        const { id } = await heldIncrease();
        const guest = await s.h.newUser('guest');
        const own = await bookRotisserie(guest, 4, 'CARD');
        const nothing = await holdChange(guest, own, { numberOfGuests: 3 });
        expect(nothing.status).toBe(409);
        expect((await holdChange(guest, id, { numberOfGuests: 6 })).status).toBe(404);
      });

      it('through the manage link: held, paid, and the answer carries the booking as changed and its new link', async () => {
        const guest = await s.h.newUser('guest');
        const id = await bookRotisserie(guest, 4, 'CARD');
        const row = await s.h.reservationRow(id);
        const token = manageTokenFor(api.deps.config, row);
        const held = await api.request('POST', `/manage/${token}/change-hold`, { body: { numberOfGuests: 6 } });
        expect(held.status, JSON.stringify(held.body)).toBe(201);
        const holdId = held.body.data._id as string;
        const started = await api.request('POST', `/manage/${token}/change-hold/${holdId}/payment`, { body: { idempotencyKey: `manage-${holdId}` } });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        let state = await api.request('GET', `/manage/${token}/change-hold/${holdId}`);
        expect(state.body.data).toMatchObject({ change: { status: 'HELD' }, managed: null });
        expect(await s.h.payStarted(started.body.data)).toBe('succeeded');
        // Without the webhook: the state asks the processor itself.
        state = await api.request('GET', `/manage/${token}/change-hold/${holdId}`);
        expect(state.status, JSON.stringify(state.body)).toBe(200);
        expect(state.body.data.change.status).toBe('MADE');
        expect(state.body.data.managed.reservation.numberOfGuests).toBe(6);
        expect(state.body.data.managed.token).not.toBe(token);
        // The old link is outdated for anything else now.
        expect((await api.request('POST', `/manage/${token}/quote`, { body: { numberOfGuests: 5 } })).status).toBe(409);
        await balanced();
      });
    });
  });
}
