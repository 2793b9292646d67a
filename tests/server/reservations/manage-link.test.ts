/**
 * The manage link every reservation mail carries: it opens that reservation, and only it, without
 * logging in; acts only while it is the current version's; expires a day after the visit (injected
 * clock); cancels under the venue's policy; reconfirms; and is rate-limited by the caller's address.
 */
import { describe, expect, it } from 'vitest';
import { MANAGE_LIMIT } from '../../../server/routes/reservations/manage.handlers';
import { signManageToken } from '../../../server/services/reservations/manage-link';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { manageTokenIn } from '../../support/server/manage-helpers';
import { newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { usePaymentTestApi, type paymentHelpers, type TestUser } from '../../support/server/payment-helpers';

for (const driver of testDrivers()) {
  describe(`manage link (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    usePaymentTestApi(driver, (started, helpers) => {
      api = started;
      h = helpers;
    });

    const call = (method: string, token: string, path = '', body?: unknown) =>
      api.request(method, `/manage/${token}${path}`, { body, from: newClientAddress() });

    /** A booking paid by card and its confirmation mail's token. */
    async function booked(user?: TestUser) {
      const guest = user ?? (await h.newUser());
      const booking = await h.bookPaidByCard(guest);
      const [mail] = await h.outboxOf(guest.email);
      expect(mail!.subject).toMatch(/confirmed/);
      const token = manageTokenIn(mail!.body);
      expect(token, mail!.body).toBeDefined();
      return { guest, booking, token: token! };
    }

    it('every reservation mail carries a link that opens the reservation without logging in', async () => {
      const { booking, token } = await booked();
      expect((await api.request('GET', `/user/reservation/${booking.id}`)).status).toBe(401);
      const res = await call('GET', token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.link).toBe('current');
      expect(res.body.data.reservation._id).toBe(booking.id);
      expect(res.body.data.reservation.status).toBe('CONFIRMED');
      expect(res.body.data.token).toBe(token);
      const ics = await call('GET', token, '/calendar.ics');
      expect(ics.status).toBe(200);
      expect(String(ics.body)).toContain('METHOD:REQUEST');
    });

    it('opens only its own reservation: a token altered to name another is refused', async () => {
      const first = await booked();
      const second = await booked();
      const forged = `${second.booking.id}${first.token.slice(24)}`;
      const res = await call('GET', forged);
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe(ERROR_CODES.LINK_INVALID);
      expect(res.body.message).toMatch(/not valid/);
      // Signed with another secret, or cut short: the same.
      const alien = signManageToken('another-secret', { reservationId: second.booking.id, version: 0, expiresAt: new Date('2030-01-01') });
      expect((await call('GET', alien)).status).toBe(404);
      expect((await call('PUT', first.token.slice(0, -2), '/cancel')).status).toBe(404);
      expect((await h.reservationRow(first.booking.id)).status).toBe('CONFIRMED');
      // The genuine one opens its own.
      expect((await call('GET', first.token)).body.data.reservation._id).toBe(first.booking.id);
    });

    it('changes the booking through the link; the old link then says it was changed and changes nothing', async () => {
      const { guest, booking, token } = await booked();
      const before = await h.reservationRow(booking.id);
      const slots = await call('GET', token, `/timeslot-availability/${before.date}?numberOfGuests=2`);
      expect(slots.status, JSON.stringify(slots.body)).toBe(200);
      const free = slots.body.data.timeslots.map((s: { startTime: number }) => s.startTime).filter((t: number) => t !== before.startTime);
      expect(free.length).toBeGreaterThan(0);

      // A bigger party costs more, to be paid first: refused as it stands, nothing changed (tests/server/payments/change-money.test.ts).
      const unpaid = await call('PUT', token, '', { numberOfGuests: 3, startTime: free[0] });
      expect(unpaid.status).toBe(409);
      expect(unpaid.body.errorCode).toBe(ERROR_CODES.CHANGE_PAYMENT_REQUIRED);
      const quoted = await call('POST', token, '/quote', { numberOfGuests: 3, startTime: free[0] });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      expect(quoted.body.data.difference).toBe(quoted.body.data.amountDue - before.amountDue);

      const changed = await call('PUT', token, '', { startTime: free[0] });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data.reservation.startTime).toBe(free[0]);
      const newToken = changed.body.data.token as string;
      expect(newToken).not.toBe(token);

      const old = await call('GET', token);
      expect(old.status).toBe(200);
      expect(old.body.data).toMatchObject({ link: 'changed', reservation: null, token: null, reference: before.uniqueId });
      const refused = await call('PUT', token, '', { numberOfGuests: 2 });
      expect(refused.status).toBe(409);
      expect(refused.body.errorCode).toBe(ERROR_CODES.LINK_OUTDATED);
      expect((await call('PUT', token, '/cancel')).status).toBe(409);
      expect((await h.reservationRow(booking.id)).startTime).toBe(free[0]);

      // The change mail carries the new version's link.
      const [mail] = await h.outboxOf(guest.email);
      expect(mail!.subject).toMatch(/changed/);
      const mailed = manageTokenIn(mail!.body)!;
      expect((await call('GET', mailed)).body.data).toMatchObject({ link: 'current', token: mailed });
      expect(mailed).toBe(newToken);
    });

    it('moves the booking to another dining area through the link, from free times in every area; a bad area is refused', async () => {
      const { booking, token } = await booked();
      const before = await h.reservationRow(booking.id);
      const slots = await call('GET', token, `/timeslot-availability/${before.date}?numberOfGuests=${before.numberOfGuests}`);
      expect(slots.status, JSON.stringify(slots.body)).toBe(200);
      // Every area's times, not only the booking's own area's.
      const elsewhere = (slots.body.data.timeslots as { startTime: number; seatingOptions: string[] }[])
        .flatMap((slot) => slot.seatingOptions.filter((area) => area !== before.seatingAreaId).map((area) => ({ startTime: slot.startTime, area })))
        .find((option) => option.startTime !== before.startTime);
      expect(elsewhere, JSON.stringify(slots.body.data)).toBeDefined();

      const bad = await call('PUT', token, '', { startTime: elsewhere!.startTime, seatingAreaId: 'terrace' });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('seatingAreaId');
      expect((await h.reservationRow(booking.id)).seatingAreaId).toBe(before.seatingAreaId);

      const quoted = await call('POST', token, '/quote', { startTime: elsewhere!.startTime, seatingAreaId: elsewhere!.area });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      const moved = await call('PUT', token, '', { startTime: elsewhere!.startTime, seatingAreaId: elsewhere!.area });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.data.reservation.seatingArea._id).toBe(elsewhere!.area);
      expect(await h.reservationRow(booking.id)).toMatchObject({ seatingAreaId: elsewhere!.area, startTime: elsewhere!.startTime });
    });

    it('expires a day after the visit, by the injected clock, and then changes nothing', async () => {
      const { booking, token } = await booked();
      const row = await h.reservationRow(booking.id);
      api.clock.set(new Date(row.endsAt.getTime() + 24 * 3_600_000 - 1000));
      expect((await call('GET', token)).status).toBe(200);
      api.clock.advance(1000);
      const res = await call('GET', token);
      expect(res.status).toBe(410);
      expect(res.body.errorCode).toBe(ERROR_CODES.LINK_EXPIRED);
      expect((await call('PUT', token, '/cancel')).status).toBe(410);
      expect((await h.reservationRow(booking.id)).status).toBe('CONFIRMED');
    });

    it('cancels under the venue’s policy: the prepayment refunded in full outside the window', async () => {
      const { guest, booking, token } = await booked();
      const res = await call('PUT', token, '/cancel');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ link: 'canceled', token: null });
      expect(res.body.data.reservation.status).toBe('CANCELED');
      const refunds = await h.processorRefunds(booking.intentId);
      expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(booking.amountDue);
      // The confirmation's link and the cancellation mail's both say so; neither acts again.
      expect((await call('GET', token)).body.data.link).toBe('canceled');
      const [mail] = await h.outboxOf(guest.email);
      expect(mail!.subject).toMatch(/cancelled/);
      const mailed = manageTokenIn(mail!.body)!;
      expect((await call('GET', mailed)).body.data).toMatchObject({ link: 'canceled', reservation: { status: 'CANCELED' } });
      expect((await call('PUT', mailed, '/cancel')).status).toBe(409);
    });

    it('cancels late inside the window: status Canceled Late and the fee kept', async () => {
      const { booking, token } = await booked();
      const row = await h.reservationRow(booking.id);
      // Obe's window is 12 hours; an hour before the visit is inside it.
      api.clock.set(new Date(row.startsAt.getTime() - 3_600_000));
      const res = await call('PUT', token, '/cancel');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.reservation.status).toBe('LATE_CANCELED');
      const refunded = (await h.processorRefunds(booking.intentId)).reduce((sum, r) => sum + r.amount, 0);
      expect(refunded).toBeLessThan(booking.amountDue);
    });

    it('records a reconfirmation once, shown in the reservation’s answers', async () => {
      const { guest, booking, token } = await booked();
      const res = await call('PUT', token, '/reconfirm');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const at = api.clock.now().toISOString();
      expect(res.body.data.reservation.reconfirmedAt).toBe(at);
      api.clock.advance(60_000);
      expect((await call('PUT', token, '/reconfirm')).body.data.reservation.reconfirmedAt).toBe(at);
      // The link still works (a reconfirmation is no new version), and the guest's own read shows it.
      expect((await call('GET', token)).body.data.link).toBe('current');
      const own = await api.request('GET', `/user/reservation/${booking.id}`, { token: guest.token() });
      expect(own.body.data.reconfirmedAt).toBe(at);
    });

    it('is rate-limited by the caller’s address, forged tokens counted too', async () => {
      const from = newClientAddress();
      for (let i = 0; i < MANAGE_LIMIT.limit; i++) {
        expect((await api.request('GET', `/manage/not-a-token-${i}`, { from })).status).toBe(404);
      }
      const { token } = await booked();
      const refused = await api.request('GET', `/manage/${token}`, { from });
      expect(refused.status).toBe(429);
      expect((await api.request('GET', `/manage/${token}`, { from: newClientAddress() })).status).toBe(200);
    });
  });
}
