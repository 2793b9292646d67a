/**
 * Changing and removing staff accounts through the HTTP API (PATCH and DELETE /admin/staff/{id}), on
 * PGlite and on PostgreSQL: a move or promotion counts from the member's next call; a removal ends every
 * session at once and the log-in answers like any failed one; an admin never demotes or removes
 * themself, and of two admins who remove or demote each other at once one stays an admin; bad
 * calls change nothing; every change is audited with before and after. A removed member is restored
 * (POST /admin/staff/{id}/restore) with a role and venue and sets a new password from a mailed reset link,
 * their old password, sessions and links dead; two admins restoring at once restore, log and mail once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { hashPassword } from '../../../server/lib/password';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { BATARD, LECLOS, OBE, UNKNOWN_ID } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const WRONG_LOGIN = { status: 401, errorCode: ERROR_CODES.LOGIN_FAILED, message: 'Incorrect E-mail or Password' };
const LOGIN_EXPIRED = { status: 401, errorCode: ERROR_CODES.LOGIN_EXPIRED, message: 'Login expired' };

for (const driver of testDrivers()) {
  describe(`changing and removing staff (${driver})`, () => {
    let { api, h, admin, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, newStaff } = accounts));

    const change = (caller: TestUser, id: string, body: unknown) => api.request('PATCH', `/admin/staff/${id}`, { token: caller.token(), body });
    const remove = (caller: TestUser, id: string) => api.request('DELETE', `/admin/staff/${id}`, { token: caller.token() });
    const restore = (caller: TestUser, id: string, body: unknown) => api.request('POST', `/admin/staff/${id}/restore`, { token: caller.token(), body });
    const resetToken = (mail: { body: string }) => decodeURIComponent(mail.body.match(/[?&]token=([^&\s]+)/)![1]!);
    const day = (caller: { token(): string | Promise<string> }, venueId: string) => api.request('GET', `/admin/reservation?venueId=${venueId}&date=2026-12-01`, { token: caller.token() });
    const row = async (id: string) => (await api.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
    const auditOf = (id: string) => api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.seq);

    /** A member of staff with a password, logged in to the admin area: their access and refresh tokens. */
    async function loggedInStaff(venueId: string) {
      const id = newId();
      const email = `${id}@club.example.com`;
      const password = 'host-stand-pass-1';
      const at = api.clock.now();
      await api.deps.db.insert(users).values({ id, role: 'staff', email, passwordHash: await hashPassword(password), firstName: 'Ada', lastName: 'Ho', venueId, emailVerifiedAt: at });
      const login = await api.request('POST', '/admin/authentication/login', { body: { email, password } });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const { token, refreshToken } = login.body.data as { token: string; refreshToken: string };
      return { id, email, password, token: () => token, refreshToken };
    }

    it("moves a member to another venue: their next call works the new venue's book and not the old, audited", async () => {
      const host = await newStaff('staff', LECLOS);
      const moved = await change(admin, host.id, { role: 'staff', venueId: BATARD });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.data).toMatchObject({ _id: host.id, role: 'staff', venueId: BATARD });
      expect((await day(host, BATARD)).status).toBe(200);
      expect((await day(host, LECLOS)).status).toBe(403);
      const [entry] = await auditOf(host.id);
      expect(entry).toMatchObject({ action: 'staff.update', actorId: admin.id, venueId: BATARD, before: { role: 'staff', venueId: LECLOS }, after: { role: 'staff', venueId: BATARD } });
    });

    it('promotes a member to admin and demotes another admin, each from their next call', async () => {
      const host = await newStaff('staff', OBE);
      expect((await change(admin, host.id, { role: 'admin' })).body.data).toMatchObject({ role: 'admin', venueId: null });
      expect((await api.request('GET', '/admin/staff', { token: host.token() })).status).toBe(200);
      const other = await newStaff('admin', null);
      expect((await change(host, other.id, { role: 'staff', venueId: OBE })).status).toBe(200);
      expect((await api.request('GET', '/admin/staff', { token: other.token() })).status).toBe(403);
      expect((await day(other, OBE)).status).toBe(200);
    });

    it('refuses a bad body (400), an unknown id (404) and a caller who is no admin (403), changing nothing', async () => {
      const host = await newStaff('staff', LECLOS);
      for (const [body, field] of [
        [{ role: 'owner' }, 'role'],
        [{ role: 'staff' }, 'venueId'],
        [{ role: 'admin', venueId: OBE }, 'venueId'],
        [{ role: 'staff', venueId: 'nope' }, 'venueId'],
        [{ role: 'staff', venueId: UNKNOWN_ID }, 'venueId'],
      ] as const) {
        const res = await change(admin, host.id, body);
        expect([res.status, res.body.errorCode, res.body.field], JSON.stringify(body)).toEqual([400, ERROR_CODES.VALIDATION, field]);
      }
      expect((await change(admin, UNKNOWN_ID, { role: 'admin' })).status).toBe(404);
      expect((await remove(admin, UNKNOWN_ID)).status).toBe(404);
      const guest = await api.deps.db.select({ id: users.id }).from(users).where(eq(users.role, 'guest')).limit(1);
      expect((await remove(admin, guest[0]!.id)).status).toBe(404);
      expect((await change(host, host.id, { role: 'admin' })).status).toBe(403);
      expect((await remove(host, admin.id)).status).toBe(403);
      expect(await row(host.id)).toMatchObject({ role: 'staff', venueId: LECLOS, deactivatedAt: null });
      expect(await row(admin.id)).toMatchObject({ role: 'admin', deactivatedAt: null });
      expect(await auditOf(host.id)).toEqual([]);
    });

    it('never lets an admin demote or remove themself (403 40301)', async () => {
      const self = await newStaff('admin', null);
      for (const res of [await change(self, self.id, { role: 'staff', venueId: OBE }), await remove(self, self.id)]) {
        expect([res.status, res.body.errorCode]).toEqual([403, ERROR_CODES.OWN_STAFF_ACCESS]);
      }
      expect(await row(self.id)).toMatchObject({ role: 'admin', deactivatedAt: null });
    });

    it('removes a member at once: tokens refused, refresh revoked, log-in and reset like an unknown account, marked removed in the list, audited', async () => {
      const host = await loggedInStaff(LECLOS);
      expect((await day(host, LECLOS)).status).toBe(200);
      const removed = await remove(admin, host.id);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body.data).toMatchObject({ _id: host.id, role: 'staff', venueId: LECLOS });

      // The access token is still within its 15 minutes, and refused.
      expect(await day(host, LECLOS)).toEqual({ status: 401, body: LOGIN_EXPIRED });
      expect(await api.request('POST', '/user/authentication/refresh-token', { body: { refreshToken: host.refreshToken } })).toEqual({ status: 401, body: LOGIN_EXPIRED });
      expect(await api.request('POST', '/admin/authentication/login', { body: { email: host.email, password: host.password } })).toEqual({ status: 401, body: WRONG_LOGIN });
      const reset = await api.request('POST', '/admin/admin-user/initiate-password-reset', { body: { email: host.email } });
      expect(reset.status).toBe(200);
      const mailed = await api.request('GET', `/dev/outbox?${new URLSearchParams({ recipient: host.email, channel: 'EMAIL' })}`);
      expect(mailed.body.data).toEqual([]);

      const listed = await api.request('GET', '/admin/staff', { token: admin.token() });
      expect(listed.body.data.find((s: { _id: string }) => s._id === host.id)).toMatchObject({ removedAt: api.clock.now().toISOString() });
      expect(listed.body.data.find((s: { _id: string }) => s._id === admin.id)).toMatchObject({ removedAt: null });
      expect((await remove(admin, host.id)).status).toBe(404);
      expect((await change(admin, host.id, { role: 'admin' })).status).toBe(404);
      const entries = await auditOf(host.id);
      expect(entries.map((e) => [e.action, e.actorId, e.venueId, e.after])).toEqual([['staff.remove', admin.id, LECLOS, null]]);
      expect(entries[0]!.before).toMatchObject({ email: host.email, role: 'staff', venueId: LECLOS });
    });

    it('leaves one of two admins who remove each other at the same moment, and one of two who demote each other', async () => {
      for (const act of [
        (a: TestUser, b: TestUser) => remove(a, b.id),
        (a: TestUser, b: TestUser) => change(a, b.id, { role: 'staff', venueId: OBE }),
      ]) {
        for (let round = 0; round < 5; round++) {
          const [first, second] = [await newStaff('admin', null), await newStaff('admin', null)];
          const answers = await Promise.all([act(first, second), act(second, first)]);
          // The second is refused inside its transaction (403: no admin by then), or at its door if the first
          // had already committed (401 for a removed caller, 403 for a demoted one).
          const [won, lost] = answers.map((a) => a.status).sort();
          expect([won, [401, 403].includes(lost!)]).toEqual([200, true]);
          const rows = [await row(first.id), await row(second.id)];
          expect(rows.filter((r) => r.role === 'admin' && r.deactivatedAt === null)).toHaveLength(1);
        }
      }
    });

    describe('restoring a removed member', () => {
      it('gives access again with the role and venue chosen now: a new password from the mailed link, the old password, sessions and links dead, audited', async () => {
        const host = await loggedInStaff(LECLOS);
        const sent = await api.request('POST', '/admin/admin-user/initiate-password-reset', { body: { email: host.email } });
        expect(sent.status).toBe(200);
        const [oldLink] = await h.outboxOf(host.email);
        expect((await remove(admin, host.id)).status).toBe(200);

        const restored = await restore(admin, host.id, { role: 'staff', venueId: OBE });
        expect(restored.status, JSON.stringify(restored.body)).toBe(200);
        expect(restored.body.data).toMatchObject({ _id: host.id, email: host.email, role: 'staff', venueId: OBE, removedAt: null });
        expect(await row(host.id)).toMatchObject({ role: 'staff', venueId: OBE, deactivatedAt: null });

        // What they held before the removal stays dead.
        expect(await day(host, OBE)).toEqual({ status: 401, body: LOGIN_EXPIRED });
        expect(await api.request('POST', '/user/authentication/refresh-token', { body: { refreshToken: host.refreshToken } })).toEqual({ status: 401, body: LOGIN_EXPIRED });
        expect(await api.request('POST', '/admin/authentication/login', { body: { email: host.email, password: host.password } })).toEqual({ status: 401, body: WRONG_LOGIN });
        expect((await api.request('POST', '/user/user/reset-password', { body: { token: resetToken(oldLink!), password: 'old-link-pass-1' } })).status).not.toBe(200);

        // The new link sets a password, as for a new member, and the access is Obe's book.
        const mails = await h.outboxOf(host.email);
        expect(mails).toHaveLength(2);
        const newLink = mails.find((m) => resetToken(m) !== resetToken(oldLink!))!;
        expect(newLink.body).toContain('area=admin');
        expect((await api.request('POST', '/user/user/reset-password', { body: { token: resetToken(newLink), password: 'back-again-pass-1' } })).status).toBe(200);
        const login = await api.request('POST', '/admin/authentication/login', { body: { email: host.email, password: 'back-again-pass-1' } });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        const token = login.body.data.token as string;
        expect((await day({ token: () => token }, OBE)).status).toBe(200);
        expect((await day({ token: () => token }, LECLOS)).status).toBe(403);

        const entries = await auditOf(host.id);
        expect(entries.map((e) => [e.action, e.actorId, e.venueId])).toEqual([
          ['staff.remove', admin.id, LECLOS],
          ['staff.restore', admin.id, OBE],
        ]);
        expect(entries[1]!.before).toMatchObject({ email: host.email, role: 'staff', venueId: LECLOS, removedAt: expect.any(String) });
        expect(entries[1]!.after).toMatchObject({ email: host.email, role: 'staff', venueId: OBE, removedAt: null });
      });

      it('restores a former admin as an admin, and points a new account with their e-mail to restoring (409)', async () => {
        const former = await newStaff('admin', null);
        expect((await remove(admin, former.id)).status).toBe(200);
        const email = (await row(former.id)).email;
        const again = await api.request('POST', '/admin/staff', { token: admin.token(), body: { email, firstName: 'A', lastName: 'B', role: 'admin' } });
        expect([again.status, again.body.message]).toEqual([409, 'This e-mail address belongs to a former member of staff: restore their access under Former staff']);
        const taken = await api.request('POST', '/admin/staff', { token: admin.token(), body: { email: 'member@example.com', firstName: 'A', lastName: 'B', role: 'admin' } });
        expect([taken.status, taken.body.message]).toEqual([409, 'An account with this e-mail address already exists']);
        expect((await restore(admin, former.id, { role: 'admin' })).body.data).toMatchObject({ role: 'admin', venueId: null, removedAt: null });
      });

      it('refuses a bad body (400), an unknown or guest id (404), a member with access (409) and a caller who is no admin (403), changing nothing', async () => {
        const host = await newStaff('staff', LECLOS);
        expect((await remove(admin, host.id)).status).toBe(200);
        const removedRow = await row(host.id);
        for (const [body, field] of [
          [{ role: 'owner' }, 'role'],
          [{ role: 'staff' }, 'venueId'],
          [{ role: 'admin', venueId: OBE }, 'venueId'],
          [{ role: 'staff', venueId: UNKNOWN_ID }, 'venueId'],
        ] as const) {
          const res = await restore(admin, host.id, body);
          expect([res.status, res.body.errorCode, res.body.field], JSON.stringify(body)).toEqual([400, ERROR_CODES.VALIDATION, field]);
        }
        const unknown = await restore(admin, UNKNOWN_ID, { role: 'admin' });
        expect([unknown.status, unknown.body.message]).toEqual([404, 'This member of staff was not found']);
        const guest = await h.newUser('guest');
        expect((await restore(admin, guest.id, { role: 'admin' })).status).toBe(404);
        const active = await newStaff('staff', OBE);
        const has = await restore(admin, active.id, { role: 'staff', venueId: OBE });
        expect([has.status, has.body.errorCode, has.body.message]).toEqual([409, ERROR_CODES.CONFLICT, 'This member of staff already has access']);
        const staffCaller = await newStaff('staff', LECLOS);
        expect((await restore(staffCaller, host.id, { role: 'staff', venueId: LECLOS })).status).toBe(403);

        expect(await row(host.id)).toEqual(removedRow);
        expect((await auditOf(host.id)).map((e) => e.action)).toEqual(['staff.remove']);
        expect(await h.outboxOf((await row(host.id)).email)).toEqual([]);
      });

      it('restores once when admins restore the same member at the same moment: one audit entry, one mail', async () => {
        // PGlite runs one transaction at a time; PostgreSQL really runs them side by side.
        const admins = await Promise.all(Array.from({ length: driver === 'postgres' ? 8 : 3 }, () => newStaff('admin', null)));
        for (let round = 0; round < 3; round++) {
          const host = await newStaff('staff', LECLOS);
          expect((await remove(admin, host.id)).status).toBe(200);
          const answers = await Promise.all(admins.map((a) => restore(a, host.id, { role: 'staff', venueId: OBE })));
          expect(answers.map((a) => a.status).sort()).toEqual([200, ...admins.slice(1).map(() => 409)]);
          expect((await auditOf(host.id)).map((e) => e.action)).toEqual(['staff.remove', 'staff.restore']);
          expect(await h.outboxOf(host.email)).toHaveLength(1);
        }
      });
    });
  });
}
