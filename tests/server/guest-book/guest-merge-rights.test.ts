/**
 * Who may merge which guest accounts, through the HTTP API (docs/PRODUCT.md §2, "The guest book"; decision
 * 0031): only accounts sharing a verified e-mail or mobile number, by an admin or staff of a venue both
 * have booked at; a member's account only by an admin, who is shown both wallets first; every merge
 * audited with its reason and undoable by an admin for 30 days by the injected clock.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardEntries, payments, phoneVerifications, reservations, users, walletEntries } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { hashPassword } from '../../../server/lib/password';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';
import { loadWalletHistory } from '../../../server/services/wallet/wallet-ledger';

const DAY_MS = 86_400_000;
const PASSWORD = 'merge-test-pass-1';

for (const driver of testDrivers()) {
  describe(`guest merge rights (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff } = accounts));

    /** An account as sign-up stores it; `verified` sets its e-mail verification (by the link), `password` lets it log in. */
    const insertAccount = async (fields: Partial<typeof users.$inferInsert> & { verified?: boolean; password?: string } = {}) => {
      const { verified = true, password, ...row } = fields;
      const id = newId();
      const email = row.email ?? `${id}@example.com`;
      const passwordHash = password ? await hashPassword(password) : 'not-used';
      await api.deps.db.insert(users).values({ id, role: 'guest', email, passwordHash, firstName: 'Test', lastName: 'Guest', emailVerifiedAt: verified ? api.clock.now() : null, ...row });
      const role = row.role ?? 'guest';
      return { id, email, role, token: () => api.tokenFor({ id, role }) } as TestUser;
    };
    /** A code texted to the number was confirmed (the phone verification's own record). */
    const verifyNumber = (mobileCountryCode: string, mobileNumber: string) =>
      api.deps.db.insert(phoneVerifications).values({ id: newId(), mobileCountryCode, mobileNumber, codeHash: 'x', expiresAt: api.clock.now(), verifiedAt: api.clock.now() });
    const merge = (staff: TestUser, keptId: string, duplicateId: string, reason = 'Same person: confirmed by phone') =>
      api.request('POST', `/admin/guest/${keptId}/merge`, { token: staff.token(), body: { duplicateId, reason } });
    const undo = (staff: TestUser, mergeId: string, reason = 'Merged by mistake') =>
      api.request('POST', `/admin/guest/merge/${mergeId}/undo`, { token: staff.token(), body: { reason } });
    /** Everything the merge would move, by table, and the account's fields a merge changes. */
    const holdings = async (userId: string) => {
      const ids = async (table: typeof reservations | typeof payments | typeof walletEntries | typeof cardEntries) =>
        (await api.deps.db.select({ id: table.id }).from(table).where(eq(table.userId, userId))).map((r) => r.id).sort();
      const [user] = await api.deps.db.select().from(users).where(eq(users.id, userId));
      return {
        reservations: await ids(reservations),
        payments: await ids(payments),
        walletEntries: await ids(walletEntries),
        cardEntries: await ids(cardEntries),
        balance: await h.balanceOf(userId),
        role: user!.role,
        customId: user!.customId,
        mergedInto: user!.mergedInto,
        deactivatedAt: user!.deactivatedAt,
      };
    };
    /** Two accounts booked at Obe that share a mobile number a code was confirmed for. */
    const phoneTwins = async () => {
      const number = String(55_000_000 + Math.floor(Math.random() * 999_999));
      await verifyNumber('+852', number);
      const kept = await insertAccount({ firstName: 'Mei', lastName: 'Lau', mobileCountryCode: '+852', mobileNumber: number });
      const duplicate = await insertAccount({ firstName: 'Mei', lastName: 'Lau', mobileCountryCode: '852', mobileNumber: number });
      return { kept, duplicate };
    };

    it("refuses Le Clos's host merging the member into a new unrelated guest, and moves nothing", async () => {
      const [member] = await api.deps.db.select().from(users).where(eq(users.email, 'member@example.com'));
      const memberUser: TestUser = { id: member!.id, email: member!.email, role: 'member', token: () => api.tokenFor({ id: member!.id, role: 'member' }) };
      await h.bookPaidByCard(memberUser);
      const stranger = await insertAccount({ firstName: 'New', lastName: 'Account' });
      await h.bookPaidByCard(stranger);
      const before = await holdings(member!.id);
      expect(before.payments.length).toBeGreaterThan(0);
      expect(before.walletEntries.length).toBeGreaterThan(0);

      const byHost = await merge(leclosStaff, stranger.id, member!.id);
      expect(byHost.status, JSON.stringify(byHost.body)).toBe(403);
      expect(byHost.body.errorCode).toBe(ERROR_CODES.MERGE_NOT_ENTITLED);
      // Not even an admin: the two share no verified e-mail or number.
      const byAdmin = await merge(admin, stranger.id, member!.id);
      expect(byAdmin.body).toMatchObject({ status: 409, errorCode: ERROR_CODES.MERGE_NOT_VERIFIED });

      expect(await holdings(member!.id)).toEqual(before);
      expect(await h.balanceOf(stranger.id)).toBe(0);
      expect(await api.login('member@example.com', 'member-pass-1')).toBeTruthy();
    });

    it('refuses the host of a venue only one of the accounts has booked at', async () => {
      const { kept, duplicate } = await phoneTwins();
      await h.bookPaidByCard(duplicate);
      const res = await merge(obeStaff, kept.id, duplicate.id);
      expect(res.body).toMatchObject({ status: 403, errorCode: ERROR_CODES.MERGE_NOT_ENTITLED });
      expect(res.body.message).toBe('Only an admin, or staff of a venue both guests have booked at, can merge these accounts.');
      expect((await holdings(duplicate.id)).mergedInto).toBeNull();
    });

    it('refuses two accounts that share only an unverified e-mail, in the staff member’s language', async () => {
      const a = await insertAccount({ email: 'Pat.Yip@example.com', verified: false });
      const b = await insertAccount({ email: 'pat.yip@example.com' });
      const res = await merge(admin, a.id, b.id);
      expect(res.body).toMatchObject({ status: 409, errorCode: ERROR_CODES.MERGE_NOT_VERIFIED });
      const ja = await api.request('POST', `/admin/guest/${a.id}/merge`, { token: admin.token(), body: { duplicateId: b.id, reason: 'x' }, headers: { 'Accept-Language': 'ja' } });
      expect(ja.body.message).not.toBe(res.body.message);
      expect((await holdings(b.id)).mergedInto).toBeNull();
    });

    it('asks why', async () => {
      const { kept, duplicate } = await phoneTwins();
      const res = await merge(admin, kept.id, duplicate.id, '   ');
      expect(res.body).toMatchObject({ status: 400, field: 'reason' });
    });

    it('lets an admin merge two guests sharing a verified number, audited with who, what moved and why', async () => {
      const { kept, duplicate } = await phoneTwins();
      const booking = await h.bookPaidByCard(duplicate);
      const res = await merge(admin, kept.id, duplicate.id, 'Same mobile, confirmed by code');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.mergeId).toMatch(/^[0-9a-f]{24}$/);
      expect((await h.reservationRow(booking.id)).userId).toBe(kept.id);

      const log = await api.request('GET', `/admin/audit-log?actorId=${admin.id}`, { token: admin.token() });
      const entry = log.body.data.items.find((e: any) => e.action === 'guest.merge' && e.entityId === kept.id);
      expect(entry).toMatchObject({
        actorId: admin.id,
        after: { mergedInto: kept.id, mergeId: res.body.data.mergeId, reason: 'Same mobile, confirmed by code', moved: { reservations: 1, payments: 1 } },
      });
    });

    it('lets venue staff merge two guests both booked at their venue', async () => {
      const { kept, duplicate } = await phoneTwins();
      await h.bookPaidByCard(kept);
      await h.bookPaidByCard(duplicate);
      const res = await merge(obeStaff, kept.id, duplicate.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it("keeps a member's account to admins, who see both wallets before merging", async () => {
      const email = `m-${newId()}@example.com`;
      const memberAccount = await insertAccount({ email, role: 'member', customId: 'M-20417' });
      await loadWalletHistory(api.deps.db, { id: newId(), userId: memberAccount.id, type: 'ADJUSTMENT', amount: 423_400, description: 'Opening credit', createdAt: api.clock.now() });
      const guest = await insertAccount({ email: email.toUpperCase() });
      await h.bookPaidByCard(memberAccount);
      await h.bookPaidByCard(guest);

      const byStaff = await merge(obeStaff, guest.id, memberAccount.id);
      expect(byStaff.body).toMatchObject({ status: 403, errorCode: ERROR_CODES.MERGE_MEMBER_ADMIN_ONLY });
      expect(await h.balanceOf(memberAccount.id)).toBe(423_400);

      const preview = await api.request('GET', '/admin/guest-duplicates', { token: admin.token() });
      const group = preview.body.data.find((g: any) => g.match === 'EMAIL' && g.guests.some((d: any) => d._id === memberAccount.id));
      expect(group.guests).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ _id: memberAccount.id, memberId: 'M-20417', walletBalance: 423_400 }),
          expect.objectContaining({ _id: guest.id, memberId: null, walletBalance: 0 }),
        ]),
      );

      const byAdmin = await merge(admin, guest.id, memberAccount.id, 'The member booked once as a guest');
      expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
      expect(byAdmin.body.data.profile).toMatchObject({ guestType: 'member', memberId: 'M-20417', walletBalance: 423_400 });
    });

    describe('undo', () => {
      /** A member with a password, merged by an admin into a guest with the same verified e-mail. */
      const mergedMember = async () => {
        const email = `u-${newId()}@example.com`;
        const memberAccount = await insertAccount({ email, role: 'member', customId: 'M-30001', password: PASSWORD });
        await loadWalletHistory(api.deps.db, { id: newId(), userId: memberAccount.id, type: 'ADJUSTMENT', amount: 50_000, description: 'Opening credit', createdAt: api.clock.now() });
        const booking = await h.bookPaidByCard(memberAccount);
        const guest = await insertAccount({ email: email.toUpperCase() });
        const guestBooking = await h.bookPaidByCard(guest);
        const before = { member: await holdings(memberAccount.id), guest: await holdings(guest.id) };
        const res = await merge(admin, guest.id, memberAccount.id);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect((await holdings(memberAccount.id)).reservations).toEqual([]);
        await expect(api.login(email, PASSWORD)).rejects.toThrow();
        return { memberAccount, guest, booking, guestBooking, before, mergeId: res.body.data.mergeId as string };
      };

      it('within 30 days restores both accounts: bookings, payments, wallet, member number and log-in; audited', async () => {
        const { memberAccount, guest, booking, guestBooking, before, mergeId } = await mergedMember();
        api.clock.advance(29 * DAY_MS);

        expect((await undo(obeStaff, mergeId)).status).toBe(403);
        const res = await undo(admin, mergeId, 'Two people after all');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.restored).toMatchObject({ _id: memberAccount.id, memberId: 'M-30001', walletBalance: 50_000 });

        expect(await holdings(memberAccount.id)).toEqual(before.member);
        expect(await holdings(guest.id)).toEqual(before.guest);
        expect((await h.reservationRow(booking.id)).userId).toBe(memberAccount.id);
        expect((await h.reservationRow(guestBooking.id)).userId).toBe(guest.id);
        expect(await api.login(memberAccount.email, PASSWORD)).toBeTruthy();

        const log = await api.request('GET', `/admin/audit-log?actorId=${admin.id}`, { token: admin.token() });
        expect(log.body.data.items.find((e: any) => e.action === 'guest.merge.undo' && e.entityId === memberAccount.id)).toMatchObject({
          after: { mergeId, reason: 'Two people after all', movedBack: { reservations: 1, walletEntries: 1 } },
        });
        expect((await undo(admin, mergeId)).body).toMatchObject({ status: 409, errorCode: ERROR_CODES.MERGE_UNDO_NOT_POSSIBLE });
      });

      it('after 30 days is refused with a clear message, and changes nothing', async () => {
        const { memberAccount, guest, mergeId } = await mergedMember();
        api.clock.advance(30 * DAY_MS + 60_000);
        const after = { member: await holdings(memberAccount.id), guest: await holdings(guest.id) };
        const res = await undo(admin, mergeId);
        expect(res.body).toMatchObject({ status: 409, errorCode: ERROR_CODES.MERGE_UNDO_EXPIRED, message: 'This merge is more than 30 days old and can no longer be undone.' });
        expect({ member: await holdings(memberAccount.id), guest: await holdings(guest.id) }).toEqual(after);
      });

      it('is refused once a wallet entry was written after the merge', async () => {
        const { guest, mergeId } = await mergedMember();
        await loadWalletHistory(api.deps.db, { id: newId(), userId: guest.id, type: 'ADJUSTMENT', amount: -1_000, description: 'Bar tab', createdAt: api.clock.now() });
        const res = await undo(admin, mergeId);
        expect(res.body).toMatchObject({ status: 409, errorCode: ERROR_CODES.MERGE_UNDO_NOT_POSSIBLE });
      });
    });
  });
}
