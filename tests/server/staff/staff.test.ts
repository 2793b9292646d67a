/**
 * The staff console's server foundation through the HTTP API: staff accounts made by an admin (set up
 * through the reset link), the role and venue checks of every staff call, the visit's transitions (409
 * on a refused one), the no-show policy, a cancellation for the guest with its refund, and the audit log.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { addDays } from '../../../common/time';
import { BATARD, experienceIdByName, LECLOS, OBE } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import { type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const HOUR = 3_600_000;

for (const driver of testDrivers()) {
  describe(`staff console (${driver})`, () => {
    let { api, h, admin, obeStaff, leclosStaff, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, obeStaff, leclosStaff, newStaff } = accounts));


    let slot = 0;
    /** A confirmed À la Carte booking at Le Clos (nothing paid), on a day of its own. */
    async function bookLeClos(user: TestUser): Promise<{ id: string; startsAt: Date }> {
      const date = `2026-12-${String(1 + (slot++ % 28)).padStart(2, '0')}`;
      const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      const held = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: LECLOS, experienceId, date, startTime: 720 + 30 * Math.floor(slot / 28), numberOfGuests: 2 } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const done = await h.complete(user, held.body.data._id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return { id: held.body.data._id, startsAt: (await h.reservationRow(held.body.data._id)).startsAt };
    }

    const visit = (staff: TestUser, id: string, action: string) =>
      api.request('PUT', `/admin/reservation/${id}/visit`, { token: staff.token(), body: { action } });
    /** Half an hour before the booking: the party may be marked arrived or seated, and still cancelled for. */
    const onItsDay = async (id: string) => api.clock.set(new Date((await h.reservationRow(id)).startsAt.getTime() - 30 * 60_000));

    describe('roles and venues', () => {
      it('refuses guests and members every staff call with 403', async () => {
        const guest = await h.newUser('guest');
        const member = await h.newUser('member');
        const { id } = await bookLeClos(guest);
        for (const caller of [guest, member]) {
          expect((await api.request('GET', `/admin/reservation?venueId=${LECLOS}&date=2026-12-01`, { token: caller.token() })).status).toBe(403);
          expect((await visit(caller, id, 'arrive')).status).toBe(403);
          expect((await api.request('GET', '/admin/staff', { token: caller.token() })).status).toBe(403);
          expect((await api.request('GET', '/admin/audit-log', { token: caller.token() })).status).toBe(403);
          const made = await api.request('POST', '/admin/staff', { token: caller.token(), body: { email: 'x@example.com', firstName: 'X', lastName: 'Y', role: 'admin' } });
          expect(made.status).toBe(403);
        }
        expect((await h.reservationRow(id)).visitStatus).toBeNull();
      });

      it("keeps a venue's staff to their own venue's book: another venue's is 403 to read and to change", async () => {
        const guest = await h.newUser('guest');
        const { id } = await bookLeClos(guest);
        const { date } = await h.reservationRow(id);
        const day = (staff: TestUser, venueId: string) => api.request('GET', `/admin/reservation?venueId=${venueId}&date=${date}`, { token: staff.token() });
        expect((await day(obeStaff, LECLOS)).status).toBe(403);
        expect((await visit(obeStaff, id, 'arrive')).status).toBe(403);
        expect((await h.reservationRow(id)).visitStatus).toBeNull();
        const own = await day(leclosStaff, LECLOS);
        expect(own.status).toBe(200);
        expect(own.body.data.map((r: { _id: string }) => r._id)).toContain(id);
        expect((await day(admin, LECLOS)).status).toBe(200);
        await onItsDay(id);
        expect((await visit(leclosStaff, id, 'arrive')).status).toBe(200);
      });

      it('keeps staff accounts and the audit log to admins', async () => {
        expect((await api.request('GET', '/admin/staff', { token: obeStaff.token() })).status).toBe(403);
        expect((await api.request('GET', '/admin/audit-log', { token: obeStaff.token() })).status).toBe(403);
        const made = await api.request('POST', '/admin/staff', { token: obeStaff.token(), body: { email: 'y@example.com', firstName: 'X', lastName: 'Y', role: 'staff', venueId: OBE } });
        expect(made.status).toBe(403);
      });
    });

    describe('staff accounts', () => {
      it('an admin creates a member of staff, who sets a password from the mailed link and logs in to the admin area', async () => {
        const email = `host-${newId()}@club.example.com`;
        const made = await api.request('POST', '/admin/staff', { token: admin.token(), body: { email, firstName: 'Mei', lastName: 'Wong', role: 'staff', venueId: OBE } });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect(made.body.data).toMatchObject({ email, role: 'staff', venueId: OBE });
        const [mail] = await h.outboxOf(email);
        const token = decodeURIComponent(mail!.body.match(/[?&]token=([^&\s]+)/)![1]!);
        expect(mail!.body).toContain('area=admin');
        expect((await api.request('POST', '/user/user/reset-password', { body: { token, password: 'host-stand-pass-1' } })).status).toBe(200);
        const login = await api.request('POST', '/admin/authentication/login', { body: { email, password: 'host-stand-pass-1' } });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        expect(login.body.data.user.role).toBe('staff');
        // The new account works its own venue's book, and no other.
        const staffToken = login.body.data.token;
        expect((await api.request('GET', `/admin/reservation?venueId=${OBE}&date=2026-12-01`, { token: staffToken })).status).toBe(200);
        expect((await api.request('GET', `/admin/reservation?venueId=${BATARD}&date=2026-12-01`, { token: staffToken })).status).toBe(403);
        const listed = await api.request('GET', '/admin/staff', { token: admin.token() });
        expect(listed.body.data.map((s: { email: string }) => s.email)).toContain(email);
        const audit = await api.request('GET', `/admin/audit-log?actorId=${admin.id}`, { token: admin.token() });
        const entry = audit.body.data.items.find((e: { entityId: string }) => e.entityId === made.body.data._id);
        expect(entry).toMatchObject({ action: 'staff.create', before: null, after: { email, role: 'staff', venueId: OBE } });
        expect(JSON.stringify(entry)).not.toContain('password');
      });

      it('refuses a taken e-mail (409), staff without a venue and an admin with one (400), and takes no password', async () => {
        const taken = await api.request('POST', '/admin/staff', { token: admin.token(), body: { email: 'member@example.com', firstName: 'A', lastName: 'B', role: 'admin' } });
        expect(taken.status).toBe(409);
        const noVenue = await api.request('POST', '/admin/staff', { token: admin.token(), body: { email: `a-${newId()}@example.com`, firstName: 'A', lastName: 'B', role: 'staff' } });
        expect([noVenue.status, noVenue.body.field]).toEqual([400, 'venueId']);
        const adminVenue = await api.request('POST', '/admin/staff', { token: admin.token(), body: { email: `b-${newId()}@example.com`, firstName: 'A', lastName: 'B', role: 'admin', venueId: OBE } });
        expect([adminVenue.status, adminVenue.body.field]).toEqual([400, 'venueId']);
        const email = `c-${newId()}@example.com`;
        const withPassword = await api.request('POST', '/admin/staff', { token: admin.token(), body: { email, firstName: 'A', lastName: 'B', role: 'admin', password: 'chosen-by-admin-1' } });
        expect(withPassword.status).toBe(201);
        expect((await api.request('POST', '/admin/authentication/login', { body: { email, password: 'chosen-by-admin-1' } })).status).toBe(401);
      });
    });

    describe('the visit', () => {
      it('goes confirmed → arrived → seated → finished, each step audited with before and after', async () => {
        const guest = await h.newUser('guest');
        const { id } = await bookLeClos(guest);
        await onItsDay(id);
        for (const [action, visitStatus] of [['arrive', 'ARRIVED'], ['seat', 'SEATED'], ['finish', 'FINISHED']] as const) {
          const res = await visit(leclosStaff, id, action);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body.data).toMatchObject({ status: 'CONFIRMED', visitStatus });
        }
        const entries = await api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.seq);
        expect(entries.map((e) => [e.action, e.actorId, e.venueId, e.before, e.after])).toEqual([
          ['visit.arrive', leclosStaff.id, LECLOS, { status: 'CONFIRMED', visitStatus: null }, { status: 'CONFIRMED', visitStatus: 'ARRIVED' }],
          ['visit.seat', leclosStaff.id, LECLOS, { status: 'CONFIRMED', visitStatus: 'ARRIVED' }, { status: 'CONFIRMED', visitStatus: 'SEATED' }],
          ['visit.finish', leclosStaff.id, LECLOS, { status: 'CONFIRMED', visitStatus: 'SEATED' }, { status: 'CONFIRMED', visitStatus: 'FINISHED' }],
        ]);
      });

      it('answers 409 to a refused change and changes nothing, nor audits it', async () => {
        const guest = await h.newUser('guest');
        const { id } = await bookLeClos(guest);
        expect((await visit(leclosStaff, id, 'finish')).status).toBe(409);
        expect((await visit(leclosStaff, id, 'no-show')).status).toBe(409); // before the booked start
        expect((await visit(leclosStaff, id, 'arrive')).status).toBe(409); // days before the booking
        await onItsDay(id);
        expect((await visit(leclosStaff, id, 'arrive')).status).toBe(200);
        expect((await visit(leclosStaff, id, 'cancel')).status).toBe(409); // the party is here
        expect((await visit(leclosStaff, id, 'no-show')).status).toBe(409);
        // Nor can the guest cancel or move a visit that has begun.
        expect((await h.cancel(guest, id)).status).toBe(409);
        expect((await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: guest.token(), body: { startTime: 1020 } })).status).toBe(409);
        expect(await h.reservationRow(id)).toMatchObject({ status: 'CONFIRMED', visitStatus: 'ARRIVED' });
        const entries = await api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
        expect(entries.map((e) => e.action)).toEqual(['visit.arrive']);
        api.clock.set(TEST_NOW);
        const hold = await h.holdWhiskyFlight(await h.newUser('guest'));
        expect((await visit(obeStaff, hold.id, 'arrive')).status).toBe(409); // a hold is no booked visit
        expect((await visit(obeStaff, 'ffffffffffffffffffffffff', 'arrive')).status).toBe(404);
        const bad = await visit(obeStaff, hold.id, 'dance');
        expect([bad.status, bad.body.field]).toEqual([400, 'action']);
      });
    });

    describe('no-show', () => {
      it('keeps a card deposit, refunds nothing, and charges the rest of the fee to the card that paid it', async () => {
        const guest = await h.newUser('guest');
        const hold = await h.holdBatardDeposit(guest, '2026-12-10', 1110);
        const { payment: deposit } = await h.payByCard(guest, hold.id);
        await h.deliver();
        expect((await h.complete(guest, hold.id)).status).toBe(200);
        const batardStaff = await newStaff('staff', BATARD);
        const { startsAt } = await h.reservationRow(hold.id);
        api.clock.set(new Date(startsAt.getTime() + HOUR / 2));
        const res = await visit(batardStaff, hold.id, 'no-show');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        // Bâtard's policy: HK$1,000 a guest; the HK$600 deposit is kept and the rest goes on the same card.
        const rest = 200_000 - hold.amountDue;
        expect(res.body.data).toMatchObject({ status: 'NO_SHOW', visitStatus: null, noShow: { fee: 200_000, kept: hold.amountDue, walletCharged: 0, cardCharged: rest, outstanding: 0 } });
        await h.deliver(); // the processor's webhook for the fee changes nothing more
        const paid = await h.paymentsOf(hold.id);
        const depositRow = paid.find((p) => p.id === deposit._id)!;
        expect([depositRow.status, depositRow.refundedAmount]).toEqual(['SUCCEEDED', 0]);
        expect(await h.processorRefunds(depositRow.processorRef!)).toEqual([]);
        const fee = paid.find((p) => p.purpose === 'NO_SHOW_FEE')!;
        expect(fee).toMatchObject({ method: 'CARD', status: 'SUCCEEDED', amount: rest, refundedAmount: 0, cardLast4: depositRow.cardLast4 });
        expect((await api.deps.payments.retrieve(fee.processorRef!))?.status).toBe('succeeded');
        const history = await api.request('GET', '/user/transaction-history', { token: guest.token() });
        expect(history.body.data.items.map((t: { amount: number }) => t.amount)).toContain(-rest);
        const audit = await api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, hold.id)).orderBy(auditLog.seq);
        expect(audit.map((e) => e.action)).toEqual(['visit.no-show', 'payment.no-show-fee']);
        expect((await visit(batardStaff, hold.id, 'arrive')).status).toBe(409);
      });

      it("the test processor charges a card on file once per key, and only a card that has paid", async () => {
        const guest = await h.newUser('guest');
        const booked = await h.bookPaidByCard(guest);
        const charge = { amount: 5_000, currency: 'HKD' as const, idempotencyKey: `fee-${newId()}`, metadata: {}, cardOf: booked.intentId };
        const first = await api.deps.payments.chargeCardOnFile(charge);
        expect(first).toMatchObject({ status: 'succeeded', amount: 5_000 });
        expect((await api.deps.payments.chargeCardOnFile(charge)).id).toBe(first.id);
        await expect(api.deps.payments.chargeCardOnFile({ ...charge, amount: 6_000 })).rejects.toThrow(/idempotency key/);
        const unpaid = await h.startCard(guest, (await h.holdWhiskyFlight(guest)).id);
        await expect(api.deps.payments.chargeCardOnFile({ ...charge, idempotencyKey: `fee-${newId()}`, cardOf: unpaid.intentId })).rejects.toThrow(/No card on file/);
      });

      it('does not charge nor record as owed the fee of a guest with no wallet and no card on file', async () => {
        const guest = await h.newUser('guest');
        const { id, startsAt } = await bookLeClos(guest);
        api.clock.set(new Date(startsAt.getTime() + HOUR));
        const res = await visit(leclosStaff, id, 'no-show');
        expect(res.body.data.noShow).toEqual({ fee: 60_000, kept: 0, walletCharged: 0, cardCharged: 0, outstanding: 0, noCardOnFile: true });
        expect(await h.paymentsOf(id)).toEqual([]);
      });

      it("charges the rest of the policy's fee to a member's wallet", async () => {
        const member = await h.newUser('member', 500_000);
        const { id, startsAt } = await bookLeClos(member);
        api.clock.set(new Date(startsAt.getTime() + HOUR));
        const res = await visit(leclosStaff, id, 'no-show');
        // Le Clos: HK$300 a guest, nothing paid at booking.
        expect(res.body.data.noShow).toEqual({ fee: 60_000, kept: 0, walletCharged: 60_000, cardCharged: 0, outstanding: 0, noCardOnFile: false });
        expect(await h.balanceOf(member.id)).toBe(500_000 - 60_000);
        const wallet = await api.request('GET', '/user/wallet', { token: member.token() });
        expect(JSON.stringify(wallet.body)).toContain('no-show fee');
      });

      it('charges once when two hosts mark the same no-show at the same moment', async () => {
        const member = await h.newUser('member', 500_000);
        const { id, startsAt } = await bookLeClos(member);
        api.clock.set(new Date(startsAt.getTime() + HOUR));
        const other = await newStaff('staff', LECLOS);
        const answers = await Promise.all([visit(leclosStaff, id, 'no-show'), visit(other, id, 'no-show')]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect(await h.balanceOf(member.id)).toBe(500_000 - 60_000);
        expect((await api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id))).length).toBe(1);
      });

      it('charges nothing more when the prepayment covers the fee', async () => {
        const guest = await h.newUser('member', 0);
        const booked = await h.bookPaidByCard(guest);
        const { startsAt } = await h.reservationRow(booked.id);
        api.clock.set(new Date(startsAt.getTime() + HOUR));
        const res = await visit(obeStaff, booked.id, 'no-show');
        expect(res.body.data.noShow).toEqual({ fee: 40_000, kept: booked.amountDue, walletCharged: 0, cardCharged: 0, outstanding: 0, noCardOnFile: false });
        expect(await h.balanceOf(guest.id)).toBe(0);
      });
    });

    describe('cancelling for the guest', () => {
      it('refunds what the cancellation policy allows, mails the guest, and audits it', async () => {
        const guest = await h.newUser('guest');
        const booked = await h.bookPaidByCard(guest);
        expect(api.clock.now()).toEqual(TEST_NOW);
        const res = await visit(obeStaff, booked.id, 'cancel');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        // Days ahead, outside Obe's window: everything back.
        expect(res.body.data).toMatchObject({ status: 'CANCELED', refunded: booked.amountDue, noShow: null });
        expect((await h.processorRefunds(booked.intentId)).map((r) => r.amount)).toEqual([booked.amountDue]);
        expect((await h.mailTo(guest.email)).length).toBeGreaterThan(1);
        const audit = await api.request('GET', `/admin/audit-log?venueId=${OBE}&actorId=${obeStaff.id}`, { token: admin.token() });
        expect(audit.body.data.items.find((e: { entityId: string }) => e.entityId === booked.id)).toMatchObject({ action: 'visit.cancel', before: { status: 'CONFIRMED' }, after: { status: 'CANCELED' } });
        expect((await visit(obeStaff, booked.id, 'cancel')).status).toBe(409);
      });
    });

    describe('audit log', () => {
      it('pages newest first and filters by venue, actor and day', async () => {
        const guest = await h.newUser('guest');
        const { id } = await bookLeClos(guest);
        const host = await newStaff('staff', LECLOS);
        await onItsDay(id);
        const { date } = await h.reservationRow(id);
        await visit(host, id, 'arrive');
        await visit(host, id, 'undo-arrival');
        await visit(host, id, 'seat');
        const get = (query: string) => api.request('GET', `/admin/audit-log?${query}`, { token: admin.token() });
        const page1 = await get(`actorId=${host.id}&pageSize=2`);
        expect(page1.status).toBe(200);
        expect(page1.body.data.total).toBe(3);
        expect(page1.body.data.items.map((e: { action: string }) => e.action)).toEqual(['visit.seat', 'visit.undo-arrival']);
        const page2 = await get(`actorId=${host.id}&pageSize=2&page=2`);
        expect(page2.body.data.items[0].action).toBe('visit.arrive');
        const obe = await get(`venueId=${OBE}`);
        expect(obe.body.data.items.every((e: { venueId: string }) => e.venueId === OBE)).toBe(true);
        expect((await get(`actorId=${host.id}&from=${addDays(date, 1)}`)).body.data.total).toBe(0);
        expect((await get(`actorId=${host.id}&from=${date}&to=${date}`)).body.data.total).toBe(3);
        expect((await get('from=not-a-date')).status).toBe(400);
      });
    });
  });
}
