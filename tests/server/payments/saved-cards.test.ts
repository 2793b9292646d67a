/**
 * Saved cards (docs/PRODUCT.md §9), through the HTTP API on PGlite and PostgreSQL, on the built-in test
 * processor and on Stripe (the real SDK against the local fake, where the card is the payment's Customer's
 * saved PaymentMethod): the card that paid a booking is listed and pays the next booking without being
 * typed, once for one key; a card the bank now refuses says why; a removed card is neither listed nor
 * usable, and the processor forgets it (detached at Stripe); a top-up's card is not kept; no one pays with
 * another's card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { paymentHelpers, type TestUser } from '../../support/server/payment-helpers';
import type { FakeStripe } from '../../support/server/fake-stripe/fake-stripe';
import { payOnFakeStripe } from '../../support/server/fake-stripe/stripe-test-api';

type Started = { _id: string; intentId: string; clientSecret: string };

for (const driver of testDrivers()) {
  for (const processorName of ['test-mode', 'stripe'] as const) {
    describe(`saved cards (${driver}, ${processorName})`, () => {
      let api: TestApi;
      let h: ReturnType<typeof paymentHelpers>;
      let fake: FakeStripe | undefined;
      /** The browser pays a started payment with a card that is approved now (and, for `later`, refused when charged again). */
      let payTyped: (payment: Started, later?: 'declinesLater') => Promise<void>;

      beforeAll(async () => {
        api = await createTestApi({ driver });
        h = paymentHelpers(api);
        if (processorName === 'stripe') {
          const stripe = (fake = (await payOnFakeStripe(api)).fake);
          payTyped = async (payment, later) => {
            stripe.payAsBrowser(payment.intentId, later ?? 'visa');
            await stripe.deliverAll(payment.intentId);
          };
        } else {
          payTyped = async (payment, later) => {
            expect(await h.payStarted(payment, later ? TEST_CARDS.declinesLater : TEST_CARDS.visa)).toBe('succeeded');
            await h.deliver();
          };
        }
      });
      afterAll(async () => {
        await fake?.stop();
        await api?.close();
      });

      const savedCards = async (user: TestUser) => (await api.request('GET', '/user/saved-card', { token: user.token() })).body.data as { _id: string; brand: string; last4: string }[];

      /** A booking held and paid with a typed card, then completed. */
      async function bookAndPay(user: TestUser, later?: 'declinesLater') {
        const hold = await h.holdWhiskyFlight(user);
        const started = await h.startCard(user, hold.id);
        await payTyped(started, later);
        expect((await h.complete(user, hold.id)).status).toBe(200);
        return hold;
      }

      it('lists the card that paid a booking, and pays the next booking with it, once for one key', async () => {
        const guest = await h.newUser();
        await bookAndPay(guest);
        const [card, ...others] = await savedCards(guest);
        expect(others).toEqual([]);
        expect(card).toMatchObject({ brand: 'visa', last4: '4242' });
        expect((await api.request('GET', '/user/payment/config', { token: guest.token() })).body.data.savedCards).toEqual([card]);

        const next = await h.holdWhiskyFlight(guest);
        const pay = () =>
          api.request('POST', `/user/reservation/${next.id}/payment`, { token: guest.token(), body: { method: 'CARD', idempotencyKey: `${next.id}-saved-1`, savedCardId: card!._id } });
        const paid = await pay();
        expect(paid.status, JSON.stringify(paid.body)).toBe(201);
        expect(paid.body.data).toMatchObject({ status: 'SUCCEEDED', amount: next.amountDue, cardLast4: '4242', clientSecret: null });
        // The same key again (a reload): the same payment, not a second charge.
        expect((await pay()).body.data).toMatchObject({ _id: paid.body.data._id, status: 'SUCCEEDED' });
        expect((await h.paymentsOf(next.id)).map((p) => p.status)).toEqual(['SUCCEEDED']);
        if (fake) expect([...fake.intents.values()].filter((i) => i.metadata.reservationId === next.id)).toHaveLength(1);
        expect((await h.complete(guest, next.id)).body.data.status).toBe('CONFIRMED');
        // Still one card: the same card paid twice.
        expect((await savedCards(guest)).map((c) => c.last4)).toEqual(['4242']);
      });

      it("says why when the card's bank now refuses it, and the booking can still be paid by typing a card", async () => {
        const guest = await h.newUser();
        await bookAndPay(guest, 'declinesLater');
        const [card] = await savedCards(guest);
        const next = await h.holdWhiskyFlight(guest);
        const refused = await api.request('POST', `/user/reservation/${next.id}/payment`, {
          token: guest.token(),
          body: { method: 'CARD', idempotencyKey: `${next.id}-saved-1`, savedCardId: card!._id },
        });
        expect(refused.status, JSON.stringify(refused.body)).toBe(201);
        expect(refused.body.data).toMatchObject({ status: 'FAILED', failureMessage: expect.stringMatching(/declined/) });
        const typed = await h.startCard(guest, next.id);
        await payTyped(typed);
        expect((await h.complete(guest, next.id)).status).toBe(200);
      });

      it("removes a saved card: no longer listed nor usable; another's card and a top-up's are never offered", async () => {
        const guest = await h.newUser();
        const paidWith = await bookAndPay(guest);
        const [card] = await savedCards(guest);
        const stranger = await h.newUser();
        const theirs = await h.holdWhiskyFlight(stranger);
        const withOthers = await api.request('POST', `/user/reservation/${theirs.id}/payment`, {
          token: stranger.token(),
          body: { method: 'CARD', idempotencyKey: `${theirs.id}-saved-1`, savedCardId: card!._id },
        });
        expect(withOthers.body).toMatchObject({ status: 404, message: 'This saved card was not found' });
        expect((await api.request('DELETE', `/user/saved-card/${card!._id}`, { token: stranger.token() })).status).toBe(404);

        const removed = await api.request('DELETE', `/user/saved-card/${card!._id}`, { token: guest.token() });
        expect(removed.body).toEqual({ status: 200, data: [] });
        // The processor forgot it too (Stripe: the PaymentMethod detached from its Customer): nothing charges it again.
        const [paid] = await h.paymentsOf(paidWith.id);
        const intentId = paid!.processorRef!;
        if (fake) {
          const pm = fake.paymentMethods.get(fake.intents.get(intentId)!.payment_method)!;
          expect(pm.customer).toBeNull();
          expect(fake.requests.filter((r) => r.path === `/v1/payment_methods/${pm.id}/detach`)).toHaveLength(1);
        }
        await expect(
          api.deps.payments.chargeCardOnFile({ amount: 10_000, currency: 'HKD', idempotencyKey: `after-removal-${paidWith.id}`, metadata: {}, cardOf: intentId }),
        ).rejects.toThrow();
        expect(await savedCards(guest)).toEqual([]);
        const next = await h.holdWhiskyFlight(guest);
        const late = await api.request('POST', `/user/reservation/${next.id}/payment`, {
          token: guest.token(),
          body: { method: 'CARD', idempotencyKey: `${next.id}-saved-1`, savedCardId: card!._id },
        });
        expect(late.status).toBe(404);
        expect(await h.paymentsOf(next.id)).toEqual([]);

        const member = await h.newUser('member');
        const topUp = (await api.request('POST', '/user/wallet/top-up', { token: member.token(), body: { amount: 50_000, idempotencyKey: `top-up-${member.id}` } })).body.data;
        await payTyped(topUp);
        expect(await savedCards(member)).toEqual([]);
      });
    });
  }
}
