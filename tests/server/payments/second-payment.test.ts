/**
 * Two payments for one held reservation (two tabs, a double click, a retry), in every order the two
 * payments and the completion can happen: the booking completes with one payment, every surplus one is
 * refunded in full once (at the processor too), and the guest gets one e-mail about it. Through the HTTP
 * API on PGlite and, where transactions really run side by side, on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { expireStaleHolds } from '../../../server/services/reservations/hold-expiry';
import { runPaymentJobs } from '../../../server/services/payments/payment-worker';
import { testDrivers, type TestApi } from '../../support/server/harness';
import { paymentHelpers, usePaymentTestApi, type TestUser } from '../../support/server/payment-helpers';

const REFUND_SUBJECT = /^Your payment of HK\$1,496 has been refunded – OBE-/;
const CONFIRMED_SUBJECT = /^Your reservation at Obe is confirmed – OBE-/;

for (const driver of testDrivers()) {
  describe(`a second payment for one hold (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;

    usePaymentTestApi(driver, (started, helpers) => {
      api = started;
      h = helpers;
    });

    /**
     * A guest holding a Whisky Flight (HK$1,496) with two open card payments: a second start answers the
     * open one (one open charge per booking), so the second is the twin an older server or a processor
     * out of step leaves, which must still end paid once.
     */
    async function twoCardPayments(user?: TestUser) {
      const guest = user ?? (await h.newUser());
      const hold = await h.holdWhiskyFlight(guest);
      const first = await h.startCard(guest, hold.id);
      expect((await h.startCard(guest, hold.id))._id).toBe(first._id);
      const second = await h.secondOpenPayment(first);
      return { guest, hold, first, second };
    }

    /**
     * The end of every race, after the payment worker has had its turn (stranded refunds, refund events):
     * the reservation CONFIRMED, exactly the amount due kept on one payment, each other one refunded in
     * full once at the processor, one confirmation and one e-mail about the refund, which says the
     * booking was already paid (not that the hold ran out). Returns the kept payment.
     */
    async function expectPaidOnce(guest: TestUser, hold: { id: string; amountDue: number }, surplusCount = 1) {
      await runPaymentJobs(api.deps);
      expect((await h.reservationRow(hold.id)).status).toBe('CONFIRMED');
      const rows = await h.paymentsOf(hold.id);
      const kept = rows.filter((p) => p.status === 'SUCCEEDED');
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ amount: hold.amountDue, refundedAmount: 0 });
      const surplus = rows.filter((p) => p.status === 'REFUNDED');
      expect(surplus).toHaveLength(surplusCount);
      expect(rows.reduce((sum, p) => sum + (p.status === 'FAILED' ? 0 : p.amount - p.refundedAmount), 0)).toBe(hold.amountDue);
      for (const row of rows.filter((p) => p.method === 'CARD')) {
        const refunds = await h.processorRefunds(row.processorRef!);
        const intent = await api.processor.retrieve(row.processorRef!);
        if (row.status === 'REFUNDED') {
          expect(row).toMatchObject({ refundedAmount: hold.amountDue, refundRef: expect.stringMatching(/^re_/) });
          expect(refunds.map((r) => r.amount)).toEqual([hold.amountDue]);
          expect(intent).toMatchObject({ status: 'refunded', amountRefunded: hold.amountDue });
        } else {
          expect(refunds).toEqual([]);
        }
      }
      const mails = await h.outboxOf(guest.email);
      expect(mails.filter((m) => CONFIRMED_SUBJECT.test(m.subject))).toHaveLength(1);
      const refundMails = mails.filter((m) => REFUND_SUBJECT.test(m.subject));
      expect(refundMails).toHaveLength(surplusCount);
      for (const mail of refundMails) {
        expect(mail.body).toContain('This reservation had already been paid, so the second payment is not needed.');
        expect(mail.body).toContain('We have refunded the full HK$1,496 to');
        expect(mail.body).toContain('Your booking is not affected by this refund.');
        expect(mail.body).not.toContain('had run out');
        expect(mail.body).not.toContain('make a new reservation');
      }
      return { kept: kept[0]!, refundMails };
    }

    it('keeps the first and refunds the second when both succeed before the guest completes', async () => {
      const { guest, hold, first, second } = await twoCardPayments();
      expect(await h.payStarted(first, TEST_CARDS.visa)).toBe('succeeded');
      expect(await h.payStarted(second, TEST_CARDS.mastercard)).toBe('succeeded');
      await h.deliver();
      // The hold stands, with its end unchanged, and the guest completes with the first payment.
      expect(await h.reservationRow(hold.id)).toMatchObject({ status: 'PENDING' });
      const done = await h.complete(guest, hold.id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data.status).toBe('CONFIRMED');

      const { kept, refundMails } = await expectPaidOnce(guest, hold);
      expect(kept.id).toBe(first._id);
      expect(refundMails[0]!.body).toContain('Mastercard card ending 4444');
      const confirmation = (await h.outboxOf(guest.email)).find((m) => CONFIRMED_SUBJECT.test(m.subject))!;
      expect(confirmation.body).toContain('Prepayment paid: HK$1,496 (Visa card ending 4242)');
    });

    it('refunds the second when it succeeds after the guest completed with the first', async () => {
      const { guest, hold, first, second } = await twoCardPayments();
      await h.payStarted(first);
      await h.deliver();
      expect((await h.complete(guest, hold.id)).body.data.status).toBe('CONFIRMED');
      await h.payStarted(second, TEST_CARDS.mastercard);
      await h.deliver();
      expect((await expectPaidOnce(guest, hold)).kept.id).toBe(first._id);
    });

    it("settles each payment once when the webhooks and the guest's polls race", async () => {
      const { guest, hold, first, second } = await twoCardPayments();
      await h.payStarted(first);
      await h.payStarted(second, TEST_CARDS.mastercard);
      const polls = await Promise.all([
        h.deliver(),
        h.getPayment(guest, first._id),
        h.getPayment(guest, second._id),
        h.getPayment(guest, second._id),
        h.getPayment(guest, first._id),
      ]);
      for (const poll of polls.slice(1) as { status: number; body: any }[]) {
        expect(poll.status).toBe(200);
        expect(['SUCCEEDED', 'REFUNDED']).toContain(poll.body.data.status);
      }
      expect((await h.complete(guest, hold.id)).body.data.status).toBe('CONFIRMED');
      await expectPaidOnce(guest, hold);
    });

    it("settles the two payments' webhooks delivered at the same moment, each twice", async () => {
      const { guest, hold, first, second } = await twoCardPayments();
      await h.payStarted(first);
      await h.payStarted(second, TEST_CARDS.mastercard);
      await Promise.all([
        h.postWebhook(first.intentId),
        h.postWebhook(second.intentId),
        h.postWebhook(second.intentId),
        h.postWebhook(first.intentId),
      ]);
      expect((await h.complete(guest, hold.id)).body.data.status).toBe('CONFIRMED');
      await expectPaidOnce(guest, hold);
    });

    it("completes once when the completion races the second payment's webhook and poll", async () => {
      const { guest, hold, first, second } = await twoCardPayments();
      await h.payStarted(first);
      await h.deliver();
      await h.payStarted(second, TEST_CARDS.mastercard);
      const [done, again] = await Promise.all([h.complete(guest, hold.id), h.complete(guest, hold.id), h.deliver(), h.getPayment(guest, second._id)]);
      expect([done.status, again.status]).toEqual([200, 200]);
      expect(done.body.data.status).toBe('CONFIRMED');
      expect((await expectPaidOnce(guest, hold)).kept.id).toBe(first._id);
    });

    describe("a member's card and wallet for the same hold", () => {
      const WALLET = 500_000;

      async function cardAndWallet() {
        const member = await h.newUser('member', WALLET);
        const hold = await h.holdWhiskyFlight(member);
        const wallet = await h.startPayment(member, hold.id, 'WALLET');
        expect(wallet.status).toBe(201);
        const cardPayment = await h.startCard(member, hold.id);
        return { member, hold, walletId: wallet.body.data._id as string, cardPayment };
      }

      it('keeps the card and never debits the wallet when the card succeeds first', async () => {
        const { member, hold, walletId, cardPayment } = await cardAndWallet();
        await h.payStarted(cardPayment);
        await h.deliver();
        expect((await h.complete(member, hold.id)).body.data.status).toBe('CONFIRMED');
        await runPaymentJobs(api.deps);
        expect(await h.balanceOf(member.id)).toBe(WALLET);
        expect(await h.paymentRow(walletId)).toMatchObject({ status: 'FAILED', failureMessage: 'Not needed: the reservation was paid another way' });
        expect(await h.paymentRow(cardPayment._id)).toMatchObject({ status: 'SUCCEEDED', refundedAmount: 0 });
        expect(await h.processorRefunds(cardPayment.intentId)).toEqual([]);
        expect((await h.outboxOf(member.email)).filter((m) => REFUND_SUBJECT.test(m.subject))).toEqual([]);
      });

      it('refunds the card that succeeds after the completion debited the wallet', async () => {
        const { member, hold, walletId, cardPayment } = await cardAndWallet();
        // The card is taken at the processor, but its word reaches the server only after the completion.
        await h.payStarted(cardPayment);
        expect((await h.complete(member, hold.id)).body.data.status).toBe('CONFIRMED');
        await h.deliver();
        const { kept } = await expectPaidOnce(member, hold);
        expect(kept.id).toBe(walletId);
        expect(await h.balanceOf(member.id)).toBe(WALLET - hold.amountDue);
      });

      it('takes exactly the amount due when the completion and the card webhook race', async () => {
        const { member, hold, walletId, cardPayment } = await cardAndWallet();
        await h.payStarted(cardPayment);
        const [done] = await Promise.all([h.complete(member, hold.id), h.deliver()]);
        expect(done.body.data.status).toBe('CONFIRMED');
        await runPaymentJobs(api.deps);
        const card = await h.paymentRow(cardPayment._id);
        if (card.status === 'SUCCEEDED') {
          // The card's word came first: the completion used it.
          expect(await h.balanceOf(member.id)).toBe(WALLET);
          expect((await h.paymentRow(walletId)).status).toBe('FAILED');
        } else {
          expect((await expectPaidOnce(member, hold)).kept.id).toBe(walletId);
          expect(await h.balanceOf(member.id)).toBe(WALLET - hold.amountDue);
        }
      });
    });

    describe('one payment in 3-D Secure while the other succeeded', () => {
      async function oneInChallenge() {
        const { guest, hold, first, second } = await twoCardPayments();
        expect(await h.payStarted(first, TEST_CARDS.threeDSecure)).toBe('requires_action');
        expect(await h.payStarted(second, TEST_CARDS.mastercard)).toBe('succeeded');
        await h.deliver();
        return { guest, hold, inChallenge: first, paid: second };
      }

      /** The hold's 15 minutes pass; the sweeper and the payment worker have their turn. */
      async function holdTimePasses() {
        api.clock.advanceMinutes(16);
        await expireStaleHolds(api.deps.db, api.clock.now());
        await runPaymentJobs(api.deps);
      }

      it('refunds the challenged one approved before the completion; the hold running out later changes nothing', async () => {
        const { guest, hold, inChallenge, paid } = await oneInChallenge();
        expect((await h.challenge(inChallenge.intentId, 'approve')).body.data.status).toBe('succeeded');
        await h.deliver();
        expect((await h.complete(guest, hold.id)).body.data.status).toBe('CONFIRMED');
        await holdTimePasses();
        expect((await expectPaidOnce(guest, hold)).kept.id).toBe(paid._id);
      });

      it('refunds the challenged one approved after the hold would have run out', async () => {
        const { guest, hold, inChallenge, paid } = await oneInChallenge();
        expect((await h.complete(guest, hold.id)).body.data.status).toBe('CONFIRMED');
        await holdTimePasses();
        await h.challenge(inChallenge.intentId, 'approve');
        await h.deliver();
        expect((await expectPaidOnce(guest, hold)).kept.id).toBe(paid._id);
      });

      it('gives both back, once each, when the guest never completes and the hold runs out', async () => {
        const { guest, hold, inChallenge, paid } = await oneInChallenge();
        await holdTimePasses();
        await h.challenge(inChallenge.intentId, 'approve');
        await h.deliver();
        await runPaymentJobs(api.deps);
        expect((await h.reservationRow(hold.id)).status).toBe('CANCELED');
        for (const payment of [paid, inChallenge]) {
          expect(await h.paymentRow(payment._id)).toMatchObject({ status: 'REFUNDED', refundedAmount: hold.amountDue });
          expect((await h.processorRefunds(payment.intentId)).map((r) => r.amount)).toEqual([hold.amountDue]);
        }
        // One e-mail for each payment given back, each saying the hold ran out.
        const refundMails = (await h.outboxOf(guest.email)).filter((m) => REFUND_SUBJECT.test(m.subject));
        expect(refundMails).toHaveLength(2);
        for (const mail of refundMails) expect(mail.body).toContain('had run out');
      });
    });
  });
}
