/**
 * A guest's personal data under the Personal Data (Privacy) Ordinance, on PGlite and
 * PostgreSQL: the export (JSON and CSV) holds the guest's data and nobody else's, its CSV cells never run
 * as formulas; an erasure request, carried out by an admin, leaves the guest anonymous, every money record
 * in place and the ledger check whole; the retention job anonymises guests inactive for N years (on the
 * injected clock); only admins reach the admin calls.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, outbox, reservations, users, visitFeedback } from '../../../server/db/schema';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { anonymiseInactiveGuests } from '../../../server/services/privacy/retention';
import { newId } from '../../../server/lib/ids';
import { testDrivers, type TestApi } from '../../support/server/harness';
import type { paymentHelpers, TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts } from '../../support/server/staff-helpers';
import { parseCsv } from '../../support/server/csv-records';

const YEAR = 365 * 86_400_000;

for (const driver of testDrivers()) {
  describe(`a guest's personal data (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    let admin: TestUser;
    let obeStaff: TestUser;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, obeStaff } = accounts));

    /** A member with wallet credit, a booking paid by card with notes and a contact message; and another guest's booking. */
    async function guestWithHistory() {
      api.clock.set(new Date('2026-11-23T02:00:00Z'));
      const guest = await h.newUser('member', 50_000);
      await api.deps.db.update(users).set({ firstName: '=HYPERLINK("http://evil.example","Grace")', lastName: 'Chan', mobileCountryCode: '+852', mobileNumber: '91239123' }).where(eq(users.id, guest.id));
      const booking = await h.bookPaidByCard(guest);
      await api.deps.db.update(reservations).set({ notes: '@SUM(1+1) window seat', dietaryNote: 'Shellfish allergy' }).where(eq(reservations.id, booking.id));
      await api.deps.db.insert(contactMessages).values({ id: newId(), userId: guest.id, name: 'Grace Chan', email: guest.email, subject: 'Hello', message: 'About my visit', locale: 'en' });
      await api.deps.db.insert(visitFeedback).values({ reservationId: booking.id, userId: guest.id, venueId: (await h.reservationRow(booking.id)).venueId, visitDate: '2026-12-01', rating: 5, comment: 'Lovely, thank you Grace', createdAt: api.clock.now(), updatedAt: api.clock.now() });
      const other = await h.newUser();
      const otherBooking = await h.bookPaidByCard(other);
      return { guest, booking, other, otherBooking };
    }

    it("exports the guest's own data as JSON and as CSV, and nobody else's; CSV cells never run as formulas", async () => {
      const { guest, booking, other, otherBooking } = await guestWithHistory();
      const json = await api.request('GET', '/user/privacy/export', { token: guest.token() });
      expect(json.status).toBe(200);
      const data = json.body;
      expect(data.account).toMatchObject({ id: guest.id, email: guest.email, lastName: 'Chan', mobileNumber: '91239123' });
      expect(data.account.passwordHash).toBeUndefined();
      expect(data.reservations.map((r: { id: string }) => r.id)).toEqual([booking.id]);
      expect(data.reservations[0]).toMatchObject({ notes: '@SUM(1+1) window seat', dietaryNote: 'Shellfish allergy' });
      expect(data.payments).toHaveLength(1);
      expect(data.payments[0].processorRef).toBeUndefined();
      expect(data.walletEntries.map((e: { amount: number }) => e.amount)).toEqual([50_000]);
      expect(data.feedback).toMatchObject([{ rating: 5, comment: 'Lovely, thank you Grace' }]);
      expect(data.contactMessages).toMatchObject([{ subject: 'Hello' }]);
      const text = JSON.stringify(data);
      expect(text).not.toContain(other.id);
      expect(text).not.toContain(other.email);
      expect(text).not.toContain(otherBooking.id);

      const csv = await api.request('GET', '/user/privacy/export.csv', { token: guest.token() });
      expect(csv.status).toBe(200);
      const records = parseCsv(String(csv.body).replace(/^\uFEFF/, ''));
      expect(records[0]).toEqual(['section', 'record', 'field', 'value']);
      const value = (section: string, field: string) => records.find((r) => r[0] === section && r[2] === field)?.[3];
      expect(value('account', 'firstName')).toBe(`'=HYPERLINK("http://evil.example","Grace")`);
      expect(value('reservations', 'notes')).toBe(`'@SUM(1+1) window seat`);
      expect(value('reservations', 'id')).toBe(booking.id);
      expect(String(csv.body)).not.toContain(other.email);
      // Every cell that starts like a formula is text.
      for (const cell of records.flat()) expect(cell, cell).not.toMatch(/^[=@\t\r]|^[+-](?![\d.]+$)/);

      expect((await api.request('GET', '/user/privacy/export')).status).toBe(401);
    });

    it('an erasure request, carried out by an admin, leaves the guest anonymous and the money records and ledger whole', async () => {
      const { guest, booking } = await guestWithHistory();
      const walletBefore = await h.balanceOf(guest.id);
      const paymentsBefore = await h.paymentsOf(booking.id);
      expect((await api.request('GET', '/user/privacy', { token: guest.token() })).body.data.erasureRequestedAt).toBeNull();

      const asked = await api.request('POST', '/user/privacy/erasure-request', { token: guest.token() });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const requestedAt = asked.body.data.erasureRequestedAt;
      expect(requestedAt).toBe(api.clock.now().toISOString());
      api.clock.advance(60_000);
      expect((await api.request('POST', '/user/privacy/erasure-request', { token: guest.token() })).body.data.erasureRequestedAt).toBe(requestedAt);
      // Staff accounts are not erased this way.
      expect((await api.request('POST', '/user/privacy/erasure-request', { token: obeStaff.token() })).status).toBe(409);

      // Only admins see and carry out the requests.
      expect((await api.request('GET', '/admin/privacy/erasure-requests', { token: obeStaff.token() })).status).toBe(403);
      expect((await api.request('POST', `/admin/privacy/erasure-requests/${guest.id}/erase`, { token: obeStaff.token() })).status).toBe(403);
      expect((await api.request('POST', `/admin/privacy/erasure-requests/${guest.id}/erase`, { token: guest.token() })).status).toBe(403);
      const list = await api.request('GET', '/admin/privacy/erasure-requests', { token: admin.token() });
      expect(list.body.data).toContainEqual(expect.objectContaining({ userId: guest.id, email: guest.email, requestedAt, erasedAt: null }));
      expect((await api.request('POST', '/admin/privacy/erasure-requests/not-an-id/erase', { token: admin.token() })).status).toBe(400);
      const notAsked = await h.newUser();
      const refused = await api.request('POST', `/admin/privacy/erasure-requests/${notAsked.id}/erase`, { token: admin.token() });
      expect(refused.status).toBe(409);
      expect(refused.body.errorCode).toBe(20173);

      const erased = await api.request('POST', `/admin/privacy/erasure-requests/${guest.id}/erase`, { token: admin.token() });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      expect(erased.body.data).toMatchObject({ userId: guest.id, firstName: '', lastName: '', erasedAt: api.clock.now().toISOString() });
      expect((await api.request('POST', `/admin/privacy/erasure-requests/${guest.id}/erase`, { token: admin.token() })).body.errorCode).toBe(20172);

      // Anonymous: nothing that names or reaches the guest is left.
      const [user] = await api.deps.db.select().from(users).where(eq(users.id, guest.id));
      expect(user).toMatchObject({ firstName: '', lastName: '', mobileNumber: null, mobileCountryCode: null, dietaryNote: null });
      expect(user!.email).toMatch(/@erased\.invalid$/);
      const row = await h.reservationRow(booking.id);
      expect(row).toMatchObject({ firstName: null, lastName: null, email: null, mobileNumber: null, notes: null, dietaryNote: null });
      expect((await api.deps.db.select().from(contactMessages).where(eq(contactMessages.email, guest.email)))).toEqual([]);
      // What was queued to the guest is gone; only the mail saying the erasure is done goes to that address.
      const mails = await api.deps.db.select().from(outbox).where(eq(outbox.recipient, guest.email));
      expect(mails.map((m) => m.subject)).toEqual(['Your personal data has been erased']);
      expect(mails[0]!.body).toMatch(/^Dear .*Grace.*,$/m);
      expect(mails[0]!.body).toContain('We keep these money records, with no name or contact details in them:');
      expect(mails[0]!.body).toMatch(/^- 1 payment, with its refunds$/m);
      expect(mails[0]!.body).toMatch(/^- \d+ wallet entr(y|ies)$/m);
      expect(mails[0]!.body).toContain("Hong Kong's Inland Revenue Ordinance (section 51C)");
      const [feedback] = await api.deps.db.select().from(visitFeedback).where(eq(visitFeedback.userId, guest.id));
      expect(feedback).toMatchObject({ rating: 5, comment: null });
      const serialised = JSON.stringify({ user, row });
      for (const word of ['Grace', 'Chan', '91239123', guest.email, 'Shellfish']) expect(serialised).not.toContain(word);
      // Its sessions ended.
      expect((await api.request('GET', '/user/user/me', { token: guest.token() })).status).toBe(401);

      // The money stays, and the books balance.
      expect(row).toMatchObject({ status: 'CONFIRMED', amountDue: paymentsBefore[0]!.amount });
      expect(await h.paymentsOf(booking.id)).toEqual(paymentsBefore);
      expect(await h.balanceOf(guest.id)).toBe(walletBefore);
      expect(await ledgerProblems(api.deps.db)).toEqual([]);

      const audit = await api.request('GET', '/admin/audit-log', { token: admin.token() });
      const entry = audit.body.data.items.find((e: { action: string; entityId: string }) => e.action === 'guest.erase' && e.entityId === guest.id);
      expect(entry).toBeDefined();
      expect(JSON.stringify(entry)).not.toContain('Chan');
      expect((await api.request('GET', '/admin/privacy/erasure-requests', { token: admin.token() })).body.data).toContainEqual(
        expect.objectContaining({ userId: guest.id, erasedAt: api.clock.now().toISOString() }),
      );
    });

    it('mails the erased guest in their own language, and says when nothing of money is kept', async () => {
      const guest = await h.newUser();
      await api.deps.db.update(users).set({ locale: 'ja', firstName: 'Yuki' }).where(eq(users.id, guest.id));
      expect((await api.request('POST', '/user/privacy/erasure-request', { token: guest.token() })).status).toBe(200);
      expect((await api.request('POST', `/admin/privacy/erasure-requests/${guest.id}/erase`, { token: admin.token() })).status).toBe(200);
      const [mail] = await api.deps.db.select().from(outbox).where(eq(outbox.recipient, guest.email));
      expect(mail).toMatchObject({ channel: 'EMAIL', locale: 'ja', subject: '個人データを消去しました' });
      expect(mail!.body).toContain('Yuki');
      expect(mail!.body).toContain('お客様の金銭に関する記録は保管しておりません。');
    });

    it('anonymises guests inactive for the retention years, and only them; only admins set it', async () => {
      api.clock.set(new Date('2026-11-23T02:00:00Z'));
      expect((await api.request('GET', '/admin/privacy/retention', { token: admin.token() })).body.data.years).toBeNull();
      const now = api.clock.now();
      const longAgo = new Date(now.getTime() - 8 * YEAR);
      const stale = await h.newUser();
      const recentVisitor = await h.newUser();
      const fresh = await h.newUser();
      await api.deps.db.update(users).set({ createdAt: longAgo }).where(eq(users.id, stale.id));
      await api.deps.db.update(users).set({ createdAt: longAgo }).where(eq(users.id, recentVisitor.id));
      await api.deps.db.update(users).set({ createdAt: now }).where(eq(users.id, fresh.id));
      await h.bookPaidByCard(recentVisitor);

      // No setting: nobody.
      expect(await anonymiseInactiveGuests(api.deps)).toBe(0);

      expect((await api.request('PUT', '/admin/privacy/retention', { token: obeStaff.token(), body: { years: 7 } })).status).toBe(403);
      const bad = await api.request('PUT', '/admin/privacy/retention', { token: admin.token(), body: { years: 3 } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Enter a whole number of years from 7 to 20, or leave it empty');
      expect((await api.request('PUT', '/admin/privacy/retention', { token: admin.token(), body: { years: 7 } })).body.data.years).toBe(7);
      expect((await api.request('GET', '/admin/privacy/retention', { token: admin.token() })).body.data.years).toBe(7);

      await anonymiseInactiveGuests(api.deps);
      const emailOf = async (id: string) => (await api.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
      expect((await emailOf(stale.id)).anonymisedAt).toEqual(now);
      expect((await emailOf(recentVisitor.id)).anonymisedAt).toBeNull();
      expect((await emailOf(fresh.id)).anonymisedAt).toBeNull();
      expect((await emailOf(fresh.id)).email).toBe(fresh.email);

      // Years later with no visit, the visitor is anonymised too; the ledger stays whole.
      api.clock.set(new Date(now.getTime() + 8 * YEAR));
      await anonymiseInactiveGuests(api.deps);
      expect((await emailOf(recentVisitor.id)).anonymisedAt).not.toBeNull();
      expect(await ledgerProblems(api.deps.db)).toEqual([]);
      expect((await api.request('PUT', '/admin/privacy/retention', { token: admin.token(), body: { years: null } })).body.data.years).toBeNull();
    });
  });
}
