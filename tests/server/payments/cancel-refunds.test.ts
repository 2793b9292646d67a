/**
 * A cancelled reservation says what was refunded and where to: the cancellation's answer and the
 * reservation's own read carry `refunds` (amount, card or wallet, the card's brand and last digits).
 */
import { describe, expect, it } from 'vitest';
import { testDrivers, type TestApi } from '../../support/server/harness';
import { paymentHelpers, usePaymentTestApi } from '../../support/server/payment-helpers';

for (const driver of testDrivers()) {
  describe(`what a cancellation refunded (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    usePaymentTestApi(driver, (a, helpers) => {
      api = a;
      h = helpers;
    });
    const read = async (token: string | Promise<string>, id: string) => (await api.request('GET', `/user/reservation/${id}`, { token })).body.data;

    it('gives the whole prepayment back to the card that paid, outside the window', async () => {
      const user = await h.newUser();
      const paid = await h.bookPaidByCard(user);
      // Not cancelled: nothing to say about refunds.
      expect(await read(user.token(), paid.id)).not.toHaveProperty('refunds');

      const cancelled = await h.cancel(user, paid.id);
      expect(cancelled.status).toBe(200);
      const refund = { amount: 149_600, method: 'CARD', cardBrand: 'visa', cardLast4: '4242' };
      expect(cancelled.body.data).toMatchObject({ status: 'CANCELED', refunds: [refund] });
      expect((await read(user.token(), paid.id)).refunds).toEqual([refund]);
    });

    it('gives back what the late cancellation fee leaves, inside the window', async () => {
      const user = await h.newUser();
      // Tonight at Obe (the clock: 23 Nov 2026, 10:00 in Hong Kong): inside its 12 hours.
      const paid = await h.bookPaidByCard(user, '2026-11-23');
      const cancelled = await h.cancel(user, paid.id);
      // HK$100 a head kept of the HK$1,496.
      expect(cancelled.body.data).toMatchObject({ status: 'LATE_CANCELED', refunds: [{ amount: 129_600, method: 'CARD', cardLast4: '4242' }] });
      expect((await read(user.token(), paid.id)).refunds).toEqual(cancelled.body.data.refunds);
    });

    it('says nothing was refunded when nothing was paid', async () => {
      const user = await h.newUser();
      const hold = await h.holdWhiskyFlight(user);
      const cancelled = await h.cancel(user, hold.id);
      expect(cancelled.body.data).toMatchObject({ status: 'CANCELED', refunds: [] });
    });
  });
}
