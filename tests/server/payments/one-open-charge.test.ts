/**
 * One open charge per booking, through the HTTP API on PGlite and PostgreSQL, on the built-in test
 * processor and on Stripe (the real SDK against the local fake): ten payment starts with ten idempotency
 * keys side by side make one payment and one intent at the processor, so the card is charged once (not
 * ten times and refunded nine, each charge leaving a fee); once the amount due has changed, a new start
 * cancels the open intent at the processor and opens one new one, never two. A member's top-ups alike.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, reservations } from '../../../server/db/schema';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { paymentHelpers, type TestUser } from '../../support/server/payment-helpers';
import type { FakeStripe } from '../../support/server/fake-stripe/fake-stripe';
import { openProcessorView, type ProcessorView } from '../../support/server/processor-view';


const TEN = Array.from({ length: 10 }, (_, i) => i);

for (const driver of testDrivers()) {
  for (const processorName of ['test-mode', 'stripe'] as const) {
    describe(`one open charge per booking (${driver}, ${processorName})`, () => {
      let api: TestApi;
      let h: ReturnType<typeof paymentHelpers>;
      let fake: FakeStripe | undefined;
      let view: ProcessorView;

      beforeAll(async () => {
        api = await createTestApi({ driver });
        h = paymentHelpers(api);
        ({ view, fake } = await openProcessorView(api, h, processorName));
      });
      afterAll(async () => {
        await fake?.stop();
        await api?.close();
      });

      const tenStarts = (guest: TestUser, reservationId: string) =>
        Promise.all(TEN.map((i) => h.startPayment(guest, reservationId, 'CARD', `tab-${i}-${reservationId}`)));
      const openPayments = async (reservationId: string) => (await h.paymentsOf(reservationId)).filter((p) => p.status === 'REQUIRES_PAYMENT_METHOD');

      it('answers ten starts with ten keys side by side with one payment and one intent, charged once', async () => {
        const guest = await h.newUser();
        const hold = await h.holdWhiskyFlight(guest);
        const answers = await tenStarts(guest, hold.id);
        expect(answers.map((a) => a.status)).toEqual(TEN.map(() => 201));
        const ids = new Set(answers.map((a) => a.body.data._id));
        expect(ids.size).toBe(1);
        expect(new Set(answers.map((a) => a.body.data.intentId)).size).toBe(1);
        expect(await h.paymentsOf(hold.id)).toHaveLength(1);
        const intents = await view.intentsNaming('reservationId', hold.id);
        expect(intents).toHaveLength(1);

        expect(await view.pay(answers[0]!.body.data)).toBe(true);
        expect((await h.complete(guest, hold.id)).status).toBe(200);
        const [paid] = await h.paymentsOf(hold.id);
        expect(paid).toMatchObject({ status: 'SUCCEEDED', amount: hold.amountDue, refundedAmount: 0 });
        // One charge, nothing to refund.
        expect(await view.intentsNaming('reservationId', hold.id)).toEqual([{ id: intents[0]!.id, status: 'succeeded', amount: hold.amountDue }]);
        if (fake) expect([...fake.refunds.values()].filter((r) => r.payment_intent === intents[0]!.id)).toEqual([]);
      });

      it('cancels the open intent at the processor before opening one for a changed amount, never two open', async () => {
        const guest = await h.newUser();
        const hold = await h.holdWhiskyFlight(guest);
        const old = (await h.startPayment(guest, hold.id, 'CARD', `first-${hold.id}`)).body.data;
        // The amount due changes while the payment is open (the booking was re-priced).
        const newAmount = hold.amountDue + 10_000;
        await api.deps.db.update(reservations).set({ amountDue: newAmount }).where(eq(reservations.id, hold.id));

        const answers = await tenStarts(guest, hold.id);
        expect(answers.map((a) => a.status)).toEqual(TEN.map(() => 201));
        const fresh = answers[0]!.body.data;
        expect(new Set(answers.map((a) => a.body.data._id))).toEqual(new Set([fresh._id]));
        expect(fresh).toMatchObject({ amount: newAmount });
        expect(fresh._id).not.toBe(old._id);

        expect((await h.paymentRow(old._id)).status).toBe('FAILED');
        expect((await openPayments(hold.id)).map((p) => p.id)).toEqual([fresh._id]);
        const intents = await view.intentsNaming('reservationId', hold.id);
        expect(intents.map((i) => [i.amount, i.status]).sort()).toEqual(
          [
            [hold.amountDue, view.cancelled],
            [newAmount, 'requires_payment_method'],
          ].sort(),
        );
        // The old intent cannot be charged any more; the new one pays the booking.
        expect(await view.pay(old)).toBe(false);
        expect(await view.pay(fresh)).toBe(true);
        expect((await h.complete(guest, hold.id)).status).toBe(200);
        expect((await h.paymentRow(fresh._id)).status).toBe('SUCCEEDED');
      });

      it('asks the processor for an open payment\'s intent once when a new start answers it again', async () => {
        const guest = await h.newUser();
        const hold = await h.holdWhiskyFlight(guest);
        const first = (await h.startPayment(guest, hold.id, 'CARD', `first-${hold.id}`)).body.data;
        const processor = api.deps.payments;
        const asked: string[] = [];
        const retrieve = processor.retrieve.bind(processor);
        processor.retrieve = (id) => {
          asked.push(id);
          return retrieve(id);
        };
        try {
          const again = await h.startPayment(guest, hold.id, 'CARD', `second-${hold.id}`);
          expect(again.status).toBe(201);
          expect(again.body.data).toMatchObject({ _id: first._id, intentId: first.intentId, clientSecret: first.clientSecret });
        } finally {
          processor.retrieve = retrieve;
        }
        expect(asked.filter((id) => id === first.intentId)).toHaveLength(1);
      });

      it("cancels the open card payment when the member pays from the wallet instead", async () => {
        const member = await h.newUser('member', 500_000);
        const hold = await h.holdWhiskyFlight(member);
        const card = (await h.startPayment(member, hold.id, 'CARD')).body.data;
        const wallet = await h.startPayment(member, hold.id, 'WALLET');
        expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
        expect((await h.paymentRow(card._id)).status).toBe('FAILED');
        expect((await view.intentsNaming('reservationId', hold.id)).map((i) => i.status)).toEqual([view.cancelled]);
        expect(await view.pay(card)).toBe(false);
        expect((await h.complete(member, hold.id)).status).toBe(200);
        expect(await h.balanceOf(member.id)).toBe(500_000 - hold.amountDue);
      });

      it("gives a member's ten top-ups of one amount one payment, and replaces it for another amount", async () => {
        const member = await h.newUser('member');
        const topUp = (amount: number, key: string) =>
          api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount, idempotencyKey: key } });
        const answers = await Promise.all(TEN.map((i) => topUp(50_000, `top-up-${i}`)));
        expect(answers.map((a) => a.status)).toEqual(TEN.map(() => 201));
        const first = answers[0]!.body.data;
        expect(new Set(answers.map((a) => a.body.data._id))).toEqual(new Set([first._id]));
        expect(await view.intentsNaming('userId', member.id)).toHaveLength(1);

        const other = (await topUp(80_000, 'top-up-other')).body.data;
        expect(other._id).not.toBe(first._id);
        const rows = await api.deps.db.select().from(payments).where(eq(payments.userId, member.id));
        expect(rows.filter((p) => p.status === 'REQUIRES_PAYMENT_METHOD').map((p) => p.id)).toEqual([other._id]);
        const intents = await view.intentsNaming('userId', member.id);
        expect(intents.find((i) => i.amount === 50_000)?.status).toBe(view.cancelled);
        expect(intents.find((i) => i.amount === 80_000)?.status).toBe('requires_payment_method');
      });

      it('refuses one key given to two different top-ups, at once or one after the other: the key made one payment', async () => {
        const member = await h.newUser('member');
        const topUp = (amount: number) => api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount, idempotencyKey: 'top-up-same-key' } });
        const answers = await Promise.all([topUp(50_000), topUp(80_000)]);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
        expect(answers.find((a) => a.status === 409)!.body.message).toBe('This idempotency key was already used for a different payment');
        const made = answers.find((a) => a.status === 201)!.body.data;
        const later = await topUp(made.amount === 50_000 ? 80_000 : 50_000);
        expect(later.status).toBe(409);
        expect((await topUp(made.amount)).body.data._id).toBe(made._id);
        expect(await api.deps.db.select().from(payments).where(eq(payments.userId, member.id))).toHaveLength(1);
      });
    });
  }
}
