/**
 * A late cancellation keeps the fee of the party's size tier when one applies, the policy's own fee
 * otherwise (common/late-cancellation-fee.ts, docs/PRODUCT.md §9): through the HTTP API, for an experience
 * whose own policy an admin set up, with the refund, the kept fee and the ledger check agreeing. A party
 * that grows into a tier pays that tier's fee on cancelling; guests taken off late pay their party's, and
 * a wallet payment comes back in parts (migration 0038).
 * Dates come from the injected clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hongKongToday } from '../../../common/time';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { LECLOS } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const hkd = (dollars: number) => dollars * 100;

/** Late from three days ahead; HK$100 a guest, HK$300 a guest for parties of 6 or more. */
const TIERED_POLICY = {
  cancellationWindowHours: 72,
  cancellationFee: { type: 'PER_PERSON', amount: hkd(100) },
  feesByPartySize: [{ minGuestCount: 6, amount: hkd(300) }],
  noShowFeePerPerson: hkd(300),
  minimumSpend: null,
  maximumPartySize: 10,
};

for (const driver of testDrivers()) {
  describe(`late cancellation fees by party size (${driver})`, () => {
    let { api, h, admin } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin } = accounts));

    let experienceId: string;
    let tomorrow: string;
    let slot = 0;

    beforeAll(async () => {
      // Tomorrow is inside the policy's three days whatever the clock's time of day.
      tomorrow = addDays(hongKongToday(api.clock.now()), 1);
      const created = await api.request('POST', `/admin/venue/${LECLOS}/experience`, {
        token: admin.token(),
        body: {
          texts: { en: { name: 'Long Table Lunch', description: 'The chef’s lunch for the whole table.' } },
          durationMinutes: 90,
          minGuests: 1,
          maxGuests: 10,
          daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
          periodNames: ['Lunch'],
          membersOnly: false,
          active: true,
          // HK$1,000 a guest paid up front, no service charge or tax: the sums below stay plain.
          prePaymentType: 'PREPAYMENT',
          priceAmount: hkd(1000),
          serviceChargePercentage: 0,
          taxPercentage: 0,
          depositPolicy: [],
          policy: TIERED_POLICY,
          guestBookingDays: null,
          memberBookingDays: null,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      experienceId = created.body.data._id;
    });

    /** A confirmed booking for `guests` tomorrow at lunch, paid in full by card (or from a member's wallet). */
    async function bookPaid(guests: number, user?: TestUser) {
      const guest = user ?? (await h.newUser());
      const startTime = 720 + 30 * (slot++ % 8);
      const held = await api.request('POST', '/user/reservation/v1.1', {
        token: guest.token(),
        body: { venueId: LECLOS, experienceId, date: tomorrow, startTime, numberOfGuests: guests },
      });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const id = held.body.data._id as string;
      expect(held.body.data.payment.amountDue).toBe(hkd(1000) * guests);
      if (user) expect((await h.startPayment(guest, id, 'WALLET')).status).toBe(201);
      else {
        await h.payByCard(guest, id);
        await h.deliver();
      }
      const done = await h.complete(guest, id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return { guest, id };
    }

    const cancelLate = async (guest: TestUser, id: string) => {
      const res = await h.cancel(guest, id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.status).toBe('LATE_CANCELED');
      return res.body.data as { refunds: { amount: number; method: string }[]; feeKept: number };
    };
    const balanced = async () => expect(await ledgerProblems(api.deps.db)).toEqual([]);

    it("keeps the tier's HK$300 a guest from a party of 6: HK$1,800 of the HK$6,000 paid", async () => {
      const { guest, id } = await bookPaid(6);
      const cancelled = await cancelLate(guest, id);
      expect(cancelled.refunds).toMatchObject([{ amount: hkd(6000 - 1800), method: 'CARD' }]);
      expect((await h.reservationRow(id)).feeKept).toBe(hkd(1800));
      // The answer and the reservation's own read say the fee kept, as the ledger holds it.
      expect(cancelled.feeKept).toBe(hkd(1800));
      expect((await api.request('GET', `/user/reservation/${id}`, { token: guest.token() })).body.data).toMatchObject({ feeKept: hkd(1800), refunds: cancelled.refunds });
      await balanced();
    });

    it('keeps the flat HK$100 a guest from a party of 2: HK$200 of the HK$2,000 paid', async () => {
      const { guest, id } = await bookPaid(2);
      const cancelled = await cancelLate(guest, id);
      expect(cancelled.refunds).toMatchObject([{ amount: hkd(2000 - 200), method: 'CARD' }]);
      expect((await h.reservationRow(id)).feeKept).toBe(hkd(200));
      await balanced();
    });

    it('charges the party as it is when cancelling: grown from 4 to 6, the tier applies', async () => {
      const member = await h.newUser('member', hkd(20_000));
      const { id } = await bookPaid(4, member);
      const grown = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: member.token(), body: { numberOfGuests: 6, payWith: 'WALLET' } });
      expect(grown.status, JSON.stringify(grown.body)).toBe(200);
      expect(await h.balanceOf(member.id)).toBe(hkd(20_000 - 6000));
      await balanced();
      await cancelLate(member, id);
      // HK$6,000 paid, HK$1,800 kept (6 × HK$300), HK$4,200 back to the wallet.
      expect(await h.balanceOf(member.id)).toBe(hkd(20_000 - 1800));
      expect((await h.reservationRow(id)).feeKept).toBe(hkd(1800));
      await balanced();
    });

    it('keeps from guests taken off late the fee of the party they were in, and the flat fee when the rest cancel', async () => {
      const { guest, id } = await bookPaid(6);
      const smaller = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: guest.token(), body: { numberOfGuests: 4 } });
      expect(smaller.status, JSON.stringify(smaller.body)).toBe(200);
      // HK$2,000 less is due; the two taken off were in a party of 6: HK$600 kept, HK$1,400 back.
      expect((await h.reservationRow(id)).feeKept).toBe(hkd(600));
      await balanced();
      // Cancelled as a party of 4, the booking keeps HK$400 in all (4 × HK$100): HK$5,600 of the HK$6,000 back.
      const cancelled = await cancelLate(guest, id);
      expect(cancelled.refunds).toMatchObject([{ amount: hkd(5600), method: 'CARD' }]);
      expect(cancelled.feeKept).toBe(hkd(400));
      expect((await h.reservationRow(id)).feeKept).toBe(hkd(400));
      await balanced();
    });

    it('gives a wallet payment back in parts: guests taken off late, then the rest cancelled', async () => {
      const member = await h.newUser('member', hkd(20_000));
      const { id } = await bookPaid(6, member);
      const smaller = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: member.token(), body: { numberOfGuests: 4 } });
      expect(smaller.status, JSON.stringify(smaller.body)).toBe(200);
      expect(await h.balanceOf(member.id)).toBe(hkd(20_000 - 6000 + 1400));
      await balanced();
      await cancelLate(member, id);
      // HK$400 kept in all (4 × HK$100); the HK$6,000 came back in two refunds of the one payment.
      expect(await h.balanceOf(member.id)).toBe(hkd(20_000 - 400));
      expect((await h.walletOf(member.id)).filter((e) => e.type === 'REFUND').map((e) => e.amount).sort((a, b) => a - b)).toEqual([hkd(1400), hkd(4200)]);
      await balanced();
    });
  });
}
