/**
 * Changing and removing staff accounts through the HTTP API (PATCH and DELETE /admin/staff/{id}), on
 * PGlite and on PostgreSQL: a move or promotion counts from the member's next call; a removal ends every
 * session at once and the log-in answers like any failed one; an admin never demotes or removes
 * themself, and of two admins who remove or demote each other at once one stays an admin; bad
 * calls change nothing; every change is audited with before and after.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { hashPassword } from '../../server/lib/password';
import { ERROR_CODES } from '../../src/domain/error-codes';
import { BATARD, LECLOS, OBE, UNKNOWN_ID } from './fixtures';
import { testDrivers } from './harness';
import { type TestUser } from './payment-helpers';
import { useStaffAccounts, type StaffAccounts } from './staff-helpers';

const WRONG_LOGIN = { status: 401, errorCode: ERROR_CODES.LOGIN_FAILED, message: 'Incorrect E-mail or Password' };
const LOGIN_EXPIRED = { status: 401, errorCode: ERROR_CODES.LOGIN_EXPIRED, message: 'Login expired' };

for (const driver of testDrivers()) {
  describe(`changing and removing staff (${driver})`, () => {
    let { api, admin, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, admin, newStaff } = accounts));

    const change = (caller: TestUser, id: string, body: unknown) => api.request('PATCH', `/admin/staff/${id}`, { token: caller.token(), body });
    const remove = (caller: TestUser, id: string) => api.request('DELETE', `/admin/staff/${id}`, { token: caller.token() });
    const day = (caller: { token(): string }, venueId: string) => api.request('GET', `/admin/reservation?venueId=${venueId}&date=2026-12-01`, { token: caller.token() });
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
  });
}
