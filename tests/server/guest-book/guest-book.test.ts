/**
 * The guest book through the HTTP API: search forgiving typos and spacing, a guest's
 * profile and its figures, tags and dated notes (audited), allergy warnings on the day sheet and the table
 * plan, likely duplicates and their merge (every booking, payment and wallet entry kept, the ledger whole),
 * and who may do what. Dates come from the injected clock.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, cardEntries, payments, reservations, users, phoneVerifications } from '../../../server/db/schema';
import { creditWallet } from '../../../server/services/wallet/wallet-ledger';
import { newId } from '../../../server/lib/ids';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { addDays, hongKongToday } from '../../../common/time';
import { OBE, UNKNOWN_ID } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

for (const driver of testDrivers()) {
  describe(`guest book (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff } = accounts));

    const search = (staff: TestUser, q: string) => api.request('GET', `/admin/guest?${new URLSearchParams({ q })}`, { token: staff.token() });
    const profile = (staff: TestUser, id: string) => api.request('GET', `/admin/guest/${id}`, { token: staff.token() });
    const names = (res: { body: { data: { firstName: string; lastName: string }[] } }) => res.body.data.map((g) => `${g.firstName} ${g.lastName}`);
    const tagId = async (code: string) => {
      const res = await api.request('GET', '/admin/guest-tag', { token: leclosStaff.token() });
      return (res.body.data as { _id: string; code: string | null }[]).find((t) => t.code === code)!._id;
    };
    /** A guest account inserted as sign-up would store it. */
    const insertGuest = async (fields: Partial<typeof users.$inferInsert>) => {
      const id = newId();
      await api.deps.db.insert(users).values({ id, role: 'guest', email: `${id}@example.com`, passwordHash: 'not-used', firstName: 'Test', lastName: 'Guest', ...fields });
      return { id, email: fields.email ?? `${id}@example.com`, role: 'guest' as const, token: () => api.tokenFor({ id, role: 'guest' }) };
    };

    describe('search', () => {
      it.each([
        ['chan 9123'],
        ['Chan 9123'],
        ['  chan   9123 '],
        ['chna 9123'],
        ['grace chan'],
        ['gracechan'],
        ['9123 4567'],
        ['+852 9123-4567'],
        ['guest@example.com'],
      ])('finds the demo guest Grace Chan from %j', async (q) => {
        const res = await search(leclosStaff, q);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(names(res)[0]).toBe('Grace Chan');
        expect(res.body.data[0]).toMatchObject({ email: 'guest@example.com', mobile: '+852 9123 4567', guestType: 'guest' });
      });

      it('finds a guest by booking reference, typed in any case and spacing', async () => {
        const guest = await insertGuest({ firstName: 'Ivy', lastName: 'Tsang' });
        const { id } = await h.bookPaidByCard(guest);
        const reference = (await h.reservationRow(id)).uniqueId;
        const typed = reference.toLowerCase().replace('-', ' ');
        const res = await search(obeStaff, typed);
        expect(res.status).toBe(200);
        expect(res.body.data[0]).toMatchObject({ _id: guest.id, matchedReference: reference });
      });

      it('lists members with their number, and leaves out staff and merged accounts', async () => {
        const res = await search(admin, 'leung 6123');
        expect(res.body.data[0]).toMatchObject({ firstName: 'Martin', lastName: 'Leung', guestType: 'member', memberId: 'M-10086' });
        const staff = await search(admin, 'henry ho');
        expect(names(staff)).not.toContain('Henry Ho');
      });

      it('refuses a search of fewer than 2 characters, naming the field', async () => {
        const res = await search(leclosStaff, 'a');
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 40000, message: 'Type at least 2 characters to search' });
      });
    });

    describe('who may', () => {
      it('refuses guests and members every guest-book call with 403, and anyone without a token with 401', async () => {
        const guest = await h.newUser('guest');
        const member = await h.newUser('member');
        const grace = (await search(leclosStaff, 'chan 9123')).body.data[0]._id as string;
        for (const user of [guest, member]) {
          expect((await search(user, 'chan 9123')).status).toBe(403);
          expect((await profile(user, grace)).status).toBe(403);
          expect((await api.request('POST', `/admin/guest/${grace}/note`, { token: user.token(), body: { kind: 'NOTE', body: 'x' } })).status).toBe(403);
          expect((await api.request('GET', '/admin/guest-duplicates', { token: user.token() })).status).toBe(403);
        }
        expect((await api.request('GET', '/admin/guest?q=chan')).status).toBe(401);
        expect((await profile(leclosStaff, grace)).body.data.notes).toEqual([]);
      });

      it('lets venue staff search and tag, and only admins set up the club tags', async () => {
        const refused = await api.request('POST', '/admin/guest-tag', { token: leclosStaff.token(), body: { name: 'Wine club' } });
        expect(refused.status).toBe(403);
        const made = await api.request('POST', '/admin/guest-tag', { token: admin.token(), body: { name: 'Wine club' } });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect(made.body.data).toMatchObject({ code: null, name: 'Wine club', archived: false });
        const again = await api.request('POST', '/admin/guest-tag', { token: admin.token(), body: { name: 'wine CLUB' } });
        expect(again.body).toMatchObject({ status: 409, errorCode: 20151 });
        const blank = await api.request('POST', '/admin/guest-tag', { token: admin.token(), body: { name: '  ' } });
        expect(blank.status).toBe(400);

        const guest = await insertGuest({ firstName: 'Wing', lastName: 'Lam' });
        const given = await api.request('POST', `/admin/guest/${guest.id}/tag`, { token: obeStaff.token(), body: { tagId: made.body.data._id } });
        expect(given.status, JSON.stringify(given.body)).toBe(200);
        expect(given.body.data.map((t: { name: string }) => t.name)).toEqual(['Wine club']);

        expect((await api.request('DELETE', `/admin/guest-tag/${made.body.data._id}`, { token: obeStaff.token() })).status).toBe(403);
        const archived = await api.request('DELETE', `/admin/guest-tag/${made.body.data._id}`, { token: admin.token() });
        expect(archived.body.data.archived).toBe(true);
        // No longer offered, still on the guest who has it.
        const offered = await api.request('GET', '/admin/guest-tag', { token: obeStaff.token() });
        expect(offered.body.data.map((t: { name: string | null; code: string | null }) => t.name ?? t.code)).toEqual(['VIP', 'REGULAR', 'PRESS', 'ALLERGY']);
        expect((await profile(obeStaff, guest.id)).body.data.tags.map((t: { name: string }) => t.name)).toEqual(['Wine club']);
        const other = await insertGuest({});
        const late = await api.request('POST', `/admin/guest/${other.id}/tag`, { token: obeStaff.token(), body: { tagId: made.body.data._id } });
        expect(late.body).toMatchObject({ status: 409, errorCode: 20152 });
        const builtIn = await api.request('DELETE', `/admin/guest-tag/${await tagId('VIP')}`, { token: admin.token() });
        expect(builtIn.body).toMatchObject({ status: 409, errorCode: 20153 });
      });

      it('answers 404 for an unknown guest and changes nothing', async () => {
        expect((await profile(leclosStaff, UNKNOWN_ID)).status).toBe(404);
        const note = await api.request('POST', `/admin/guest/${UNKNOWN_ID}/note`, { token: leclosStaff.token(), body: { kind: 'NOTE', body: 'Hello' } });
        expect(note.status).toBe(404);
        // Staff accounts are no guests.
        expect((await profile(leclosStaff, admin.id)).status).toBe(404);
      });
    });

    describe('profile', () => {
      it("adds up a member's visits, covers, spend, no-shows, late cancellations, last and next visit and venues", async () => {
        const member = await h.newUser('member', 50_000);
        const today = hongKongToday(api.clock.now());
        const noShow = await h.bookPaidByCard(member, addDays(today, 8));
        const visit = await h.bookPaidByCard(member, addDays(today, 9));
        const next = await h.bookPaidByCard(member, addDays(today, 12));
        // This evening, inside Obe's 12-hour window: cancelling it keeps the fee.
        const late = await h.bookPaidByCard(member, today);
        expect((await h.cancel(member, late.id)).status).toBe(200);
        expect((await h.reservationRow(late.id)).status).toBe('LATE_CANCELED');
        await api.deps.db.update(reservations).set({ status: 'NO_SHOW' }).where(eq(reservations.id, noShow.id));
        api.clock.set(new Date((await h.reservationRow(visit.id)).endsAt.getTime() + 3_600_000));

        const res = await profile(leclosStaff, member.id);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const refunded = (await h.paymentRow(late.paymentId)).refundedAmount;
        expect(res.body.data).toMatchObject({
          _id: member.id,
          guestType: 'member',
          memberId: `M-${member.id.slice(0, 5)}`,
          walletBalance: 50_000,
          stats: {
            visits: 1,
            covers: 2,
            noShows: 1,
            lateCancellations: 1,
            lastVisit: { _id: visit.id, venue: { _id: OBE, name: 'Obe' } },
            nextVisit: { _id: next.id },
            venues: [{ _id: OBE, name: 'Obe', visits: 1 }],
          },
          spend: { deposits: 0, prepayments: 4 * visit.amountDue, fees: 0, refunds: refunded },
          alerts: [],
          duplicates: [],
        });
        expect(res.body.data.bookings).toHaveLength(4);
      });

      it('shows a guest (not a member) without member number or wallet', async () => {
        const guest = await insertGuest({ firstName: 'Kit', lastName: 'Ng' });
        const res = await profile(obeStaff, guest.id);
        expect(res.body.data).toMatchObject({ guestType: 'guest', memberId: null, walletBalance: null, stats: { visits: 0, lastVisit: null, nextVisit: null } });
      });
    });

    describe('tags, notes and warnings', () => {
      it('tags a guest VIP and notes a shellfish allergy, audited with their author, and warns the day sheet, the table plan and the profile', async () => {
        const guest = await insertGuest({ firstName: 'Grace', lastName: 'Wong' });
        const { id } = await h.bookPaidByCard(guest, hongKongToday(api.clock.now()));
        const row = await h.reservationRow(id);

        const vip = await api.request('POST', `/admin/guest/${guest.id}/tag`, { token: obeStaff.token(), body: { tagId: await tagId('VIP') } });
        expect(vip.body.data.map((t: { code: string }) => t.code)).toEqual(['VIP']);
        const note = await api.request('POST', `/admin/guest/${guest.id}/note`, { token: obeStaff.token(), body: { kind: 'ALLERGY', body: ' Shellfish ' } });
        expect(note.status, JSON.stringify(note.body)).toBe(201);
        expect(note.body.data).toMatchObject({ kind: 'ALLERGY', body: 'Shellfish', createdAt: api.clock.now().toISOString(), author: { _id: obeStaff.id, name: 'Host Stand' } });
        api.clock.advanceMinutes(1);
        await api.request('POST', `/admin/guest/${guest.id}/note`, { token: obeStaff.token(), body: { kind: 'SEATING', body: 'Quiet corner, away from the bar' } });

        const audited = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, guest.id), eq(auditLog.actorId, obeStaff.id)));
        expect(audited.map((a) => a.action).sort()).toEqual(['guest.note', 'guest.note', 'guest.tag']);
        expect(audited.find((a) => a.action === 'guest.tag')!.after).toEqual({ tag: 'VIP' });

        const shown = await profile(leclosStaff, guest.id);
        expect(shown.body.data.alerts).toEqual([{ kind: 'ALLERGY', text: 'Shellfish' }]);
        expect(shown.body.data.notes.map((n: { kind: string }) => n.kind)).toEqual(['SEATING', 'ALLERGY']);

        const sheet = await api.request('GET', `/admin/venue/${OBE}/day-sheet/${row.date}`, { token: obeStaff.token() });
        const booking = sheet.body.data.services.flatMap((s: any) => s.seatings).flatMap((s: any) => s.bookings).find((b: any) => b.id === id);
        expect(booking).toMatchObject({ guestId: guest.id, guestAlerts: [{ kind: 'ALLERGY', text: 'Shellfish' }] });

        const plan = await api.request('GET', `/admin/venue/${OBE}/table-plan?at=${encodeURIComponent(row.startsAt.toISOString())}`, { token: obeStaff.token() });
        const table = plan.body.data.areas.flatMap((a: any) => a.tables).find((t: any) => t.booking?._id === id);
        expect(table.booking.guestAlerts).toEqual([{ kind: 'ALLERGY', text: 'Shellfish' }]);

        // A removed note warns no more, and its removal is audited.
        const removed = await api.request('DELETE', `/admin/guest/${guest.id}/note/${note.body.data._id}`, { token: leclosStaff.token() });
        expect(removed.status).toBe(200);
        expect((await profile(leclosStaff, guest.id)).body.data.alerts).toEqual([]);
        const [entry] = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, guest.id), eq(auditLog.action, 'guest.note-remove')));
        expect(entry).toMatchObject({ actorId: leclosStaff.id, before: { kind: 'ALLERGY', body: 'Shellfish' } });
      });

      it('refuses a blank or unknown kind of note, naming the field, and keeps nothing', async () => {
        const guest = await insertGuest({});
        const blank = await api.request('POST', `/admin/guest/${guest.id}/note`, { token: obeStaff.token(), body: { kind: 'ALLERGY', body: '   ' } });
        expect(blank.body).toMatchObject({ status: 400, field: 'body', message: 'Write the note' });
        const kind = await api.request('POST', `/admin/guest/${guest.id}/note`, { token: obeStaff.token(), body: { kind: 'GOSSIP', body: 'x' } });
        expect(kind.body).toMatchObject({ status: 400, field: 'kind' });
        expect((await profile(obeStaff, guest.id)).body.data.notes).toEqual([]);
      });
    });

    describe('duplicates and merge', () => {
      it('lists accounts sharing a mobile number, and merges one into the other keeping every booking, payment and wallet entry', async () => {
        // A shared number merges only once a code texted to it was confirmed (tests/server/guest-merge-rights.test.ts).
        await api.deps.db.insert(phoneVerifications).values({ id: newId(), mobileCountryCode: '+852', mobileNumber: '55512345', codeHash: 'x', expiresAt: api.clock.now(), verifiedAt: api.clock.now() });
        const kept = await insertGuest({ firstName: 'Mei', lastName: 'Lau', mobileCountryCode: '+852', mobileNumber: '55512345' });
        const duplicate = await insertGuest({ firstName: 'Mei', lastName: 'Lau', mobileCountryCode: '852', mobileNumber: '55512345' });
        const keptBooking = await h.bookPaidByCard(kept);
        const dupBooking = await h.bookPaidByCard(duplicate);
        await creditWallet(api.deps.db, 'ADJUSTMENT', { userId: duplicate.id, amount: 12_300, description: 'Opening credit', now: api.clock.now() });
        await api.request('POST', `/admin/guest/${duplicate.id}/note`, { token: obeStaff.token(), body: { kind: 'DIETARY', body: 'Vegetarian' } });
        const before = {
          payments: (await api.deps.db.select().from(payments).where(eq(payments.userId, duplicate.id))).length,
          cards: (await api.deps.db.select().from(cardEntries).where(eq(cardEntries.userId, duplicate.id))).length,
        };

        const list = await api.request('GET', '/admin/guest-duplicates', { token: leclosStaff.token() });
        const group = list.body.data.find((g: any) => g.guests.some((d: any) => d._id === kept.id));
        expect(group).toMatchObject({ match: 'PHONE' });
        expect(group.guests.map((d: any) => d._id).sort()).toEqual([kept.id, duplicate.id].sort());
        expect((await profile(leclosStaff, kept.id)).body.data.duplicates).toMatchObject([{ _id: duplicate.id, match: 'PHONE' }]);

        const reason = 'Same mobile number, confirmed by code';
        const self = await api.request('POST', `/admin/guest/${kept.id}/merge`, { token: admin.token(), body: { duplicateId: kept.id, reason } });
        expect(self.body).toMatchObject({ status: 409, errorCode: 20150 });
        const bad = await api.request('POST', `/admin/guest/${kept.id}/merge`, { token: admin.token(), body: { duplicateId: 'nope', reason } });
        expect(bad.body).toMatchObject({ status: 400, field: 'duplicateId' });

        // The duplicate has a wallet, so only an admin merges it.
        const merged = await api.request('POST', `/admin/guest/${kept.id}/merge`, { token: admin.token(), body: { duplicateId: duplicate.id, reason } });
        expect(merged.status, JSON.stringify(merged.body)).toBe(200);
        expect(merged.body.data.moved).toEqual({ reservations: 1, payments: before.payments, walletEntries: 1, cardEntries: before.cards });
        expect(merged.body.data.profile.bookings.map((b: any) => b._id).sort()).toEqual([keptBooking.id, dupBooking.id].sort());
        expect(merged.body.data.profile.alerts).toEqual([{ kind: 'DIETARY', text: 'Vegetarian' }]);
        expect(merged.body.data.profile.duplicates).toEqual([]);

        expect((await h.reservationRow(dupBooking.id)).userId).toBe(kept.id);
        expect((await h.paymentRow(dupBooking.paymentId)).userId).toBe(kept.id);
        expect(await h.balanceOf(kept.id)).toBe(12_300);
        expect(await h.walletOf(duplicate.id)).toEqual([]);
        expect(await ledgerProblems(api.deps.db)).toEqual([]);

        // The duplicate is gone from the book and can no longer log in; the merge is audited.
        expect((await profile(leclosStaff, duplicate.id)).status).toBe(404);
        expect((await api.request('GET', '/user/user/me', { token: duplicate.token() })).status).toBe(401);
        const [entry] = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, kept.id), eq(auditLog.action, 'guest.merge')));
        expect(entry).toMatchObject({ actorId: admin.id, after: { mergedInto: kept.id, reason } });
        const again = await api.request('POST', `/admin/guest/${kept.id}/merge`, { token: admin.token(), body: { duplicateId: duplicate.id, reason } });
        expect(again.status).toBe(404);
      });

      it('lists accounts whose e-mails differ only in case', async () => {
        const a = await insertGuest({ email: 'Pat.Yip@example.com' });
        const b = await insertGuest({ email: 'pat.yip@example.com' });
        const res = await api.request('GET', '/admin/guest-duplicates', { token: admin.token() });
        const group = res.body.data.find((g: any) => g.match === 'EMAIL' && g.guests.some((d: any) => d._id === a.id));
        expect(group.guests.map((d: any) => d._id).sort()).toEqual([a.id, b.id].sort());
      });
    });
  });
}
