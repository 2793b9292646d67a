/**
 * A payment survives what a browser does (docs/PRODUCT.md §9), through the HTTP API on PGlite and
 * PostgreSQL, on the built-in test processor and on Stripe (the real SDK against the local fake): an
 * attempt left in 3-D Secure (a reload on the bank's check, a closed tab) is answered again by its own key,
 * still in the bank's check, and a new attempt with another card cancels it at the processor and replaces
 * it. Two tabs starting at once make one new payment; the bank's approval and a new start at once charge
 * the card once. A member's top-up alike.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../server/db/schema';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { paymentHelpers, type TestUser } from '../../support/server/payment-helpers';
import type { FakeStripe } from '../../support/server/fake-stripe/fake-stripe';
import { openProcessorView, type ProcessorView } from '../../support/server/processor-view';

interface Started {
  _id: string;
  intentId: string;
  clientSecret: string;
}


for (const driver of testDrivers()) {
  for (const processorName of ['test-mode', 'stripe'] as const) {
    describe(`an attempt left in 3-D Secure (${driver}, ${processorName})`, () => {
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

      /** A held booking whose first attempt (key `…-card-1`) waits for the bank's check. */
      async function inChallenge(guest: TestUser) {
        const hold = await h.holdWhiskyFlight(guest);
        const first = await h.startPayment(guest, hold.id, 'CARD', `${hold.id}-card-1`);
        expect(first.status, JSON.stringify(first.body)).toBe(201);
        expect(await view.startChallenge(first.body.data)).toBe('requires_action');
        return { hold, first: first.body.data as Started };
      }

      const succeededIntents = async (reservationId: string) =>
        (await view.intentsNaming('reservationId', reservationId)).filter((i) => i.status === 'succeeded');

      it("answers a reload's start (the same key) with the same payment, still in the bank's check", async () => {
        const guest = await h.newUser();
        const { hold, first } = await inChallenge(guest);
        const again = await h.startPayment(guest, hold.id, 'CARD', `${hold.id}-card-1`);
        expect(again.status).toBe(201);
        expect(again.body.data).toMatchObject({ _id: first._id, intentId: first.intentId, clientSecret: first.clientSecret, status: 'REQUIRES_ACTION' });
        // Resumed: the bank's check passes and the booking is paid by that attempt.
        expect(await view.approve(first)).toBe(true);
        expect((await h.complete(guest, hold.id)).status).toBe(200);
        expect((await h.paymentRow(first._id)).status).toBe('SUCCEEDED');
      });

      it('takes another card after a reload: the attempt in 3-D Secure is cancelled at the processor, and the card pays once', async () => {
        const guest = await h.newUser();
        const { hold, first } = await inChallenge(guest);
        const next = await h.startPayment(guest, hold.id, 'CARD', `${hold.id}-card-2`);
        expect(next.status, JSON.stringify(next.body)).toBe(201);
        expect(next.body.data._id).not.toBe(first._id);
        expect((await h.paymentRow(first._id)).status).toBe('FAILED');
        expect((await view.intentsNaming('reservationId', hold.id)).find((i) => i.id === first.intentId)?.status).toBe(view.cancelled);
        // The bank's check of the old attempt can no longer charge the card.
        expect(await view.approve(first)).toBe(false);
        expect(await view.pay(next.body.data)).toBe(true);
        expect((await h.complete(guest, hold.id)).status).toBe(200);
        expect((await h.paymentsOf(hold.id)).filter((p) => p.status === 'SUCCEEDED').map((p) => p.id)).toEqual([next.body.data._id]);
        expect(await succeededIntents(hold.id)).toHaveLength(1);
      });

      it('gives two tabs starting new attempts at once one new payment, the old one cancelled', async () => {
        const guest = await h.newUser();
        const { hold, first } = await inChallenge(guest);
        const answers = await Promise.all([2, 3].map((n) => h.startPayment(guest, hold.id, 'CARD', `tab-${n}-${hold.id}`)));
        expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 201]);
        expect(answers[0]!.body.data._id).toBe(answers[1]!.body.data._id);
        expect(answers[0]!.body.data._id).not.toBe(first._id);
        const open = (await h.paymentsOf(hold.id)).filter((p) => p.status !== 'FAILED');
        expect(open.map((p) => p.id)).toEqual([answers[0]!.body.data._id]);
        expect((await view.intentsNaming('reservationId', hold.id)).filter((i) => i.status !== view.cancelled)).toHaveLength(1);
      });

      it("charges once when the bank's approval and another tab's new attempt meet", async () => {
        const guest = await h.newUser();
        const { hold, first } = await inChallenge(guest);
        const [approved, started] = await Promise.all([view.approve(first), h.startPayment(guest, hold.id, 'CARD', `race-${hold.id}`)]);
        if (started.status === 201 && started.body.data._id !== first._id && started.body.data.status !== 'SUCCEEDED') {
          // The cancel came first: the bank's check was refused, and the new attempt pays.
          expect(approved).toBe(false);
          expect(await view.pay(started.body.data)).toBe(true);
        } else {
          // The approval came first: the new start found the booking paid.
          expect(approved).toBe(true);
          expect(started.body).toMatchObject({ status: 409, errorCode: 20107 });
        }
        expect((await h.complete(guest, hold.id)).status).toBe(200);
        expect((await h.paymentsOf(hold.id)).filter((p) => p.status === 'SUCCEEDED')).toHaveLength(1);
        expect(await succeededIntents(hold.id)).toHaveLength(1);
      });

      it("replaces a member's top-up left in 3-D Secure by a new one of the same amount", async () => {
        const member = await h.newUser('member');
        const topUp = (key: string) => api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount: 50_000, idempotencyKey: key } });
        const first = (await topUp('top-up-a-1')).body.data as Started;
        expect(await view.startChallenge(first)).toBe('requires_action');
        expect((await topUp('top-up-a-1')).body.data).toMatchObject({ _id: first._id, status: 'REQUIRES_ACTION' });
        const next = await topUp('top-up-a-2');
        expect(next.status, JSON.stringify(next.body)).toBe(201);
        expect(next.body.data._id).not.toBe(first._id);
        expect(await view.approve(first)).toBe(false);
        expect(await view.pay(next.body.data)).toBe(true);
        const rows = await api.deps.db.select().from(payments).where(eq(payments.userId, member.id));
        expect(rows.map((p) => [p.id, p.status]).sort()).toEqual([[first._id, 'FAILED'], [next.body.data._id, 'SUCCEEDED']].sort());
        expect(await h.balanceOf(member.id)).toBe(50_000);
      });
    });
  }
}
