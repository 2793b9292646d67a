/**
 * A guest's hold checks the caller's session in its own first read, not in a read of its own
 * (docs/decisions/0025-generic-plans.md): the rules of every other call still hold. An ended session
 * (password changed elsewhere), a removed account and a deactivated one get 401 'Login expired' and
 * nothing is written; the role counted is the one in the database now, not the token's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, users, type UserRole } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { signAccessToken } from '../../../server/lib/jwt';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { addDays, hongKongToday } from '../../../common/time';
import { BATARD, experienceIdByName } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

for (const driver of testDrivers()) {
  describe(`a hold checks the caller's session (${driver})`, () => {
    let api: TestApi;
    let setLunch: string;

    const ahead = (days: number) => addDays(hongKongToday(api.clock.now()), days);
    const newUser = async (role: 'guest' | 'staff') =>
      (role === 'staff' ? await testKit(api).staff(BATARD) : await testKit(api).guest({ firstName: 'Session', lastName: 'Check' })).id;
    const tokenOf = (id: string, role: UserRole, sessionGeneration = 0) =>
      signAccessToken({ id, role, sessionGeneration }, api.deps.config.jwtSecret, api.clock.now());
    const hold = (token: string | Promise<string>, date: string) =>
      api.request('POST', '/user/reservation/v1.1', { token, body: { venueId: BATARD, experienceId: setLunch, date, startTime: 720, numberOfGuests: 2 } });
    const holdsOf = async (userId: string) => (await api.deps.db.select().from(reservations).where(eq(reservations.userId, userId))).length;

    beforeAll(async () => {
      api = await createTestApi({ driver });
      setLunch = await experienceIdByName(api.deps.db, BATARD, 'Set Lunch');
    });
    afterAll(async () => {
      await api?.close();
    });

    it('holds a table for a live session', async () => {
      const id = await newUser('guest');
      const res = await hold(tokenOf(id, 'guest'), ahead(5));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await holdsOf(id)).toBe(1);
    });

    it('refuses a token whose session ended (the password changed since), writing nothing', async () => {
      const id = await newUser('guest');
      const token = await tokenOf(id, 'guest');
      await api.deps.db.update(users).set({ sessionGeneration: 1 }).where(eq(users.id, id));
      const res = await hold(token, ahead(5));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ errorCode: ERROR_CODES.LOGIN_EXPIRED, message: 'Login expired' });
      expect(await holdsOf(id)).toBe(0);
      // The new session's token books.
      expect((await hold(tokenOf(id, 'guest', 1), ahead(5))).status).toBe(201);
    });

    it('refuses a removed member of staff and an account that no longer exists', async () => {
      const staff = await newUser('staff');
      await api.deps.db.update(users).set({ deactivatedAt: api.clock.now() }).where(eq(users.id, staff));
      expect((await hold(tokenOf(staff, 'staff'), ahead(5))).status).toBe(401);
      expect(await holdsOf(staff)).toBe(0);
      expect((await hold(tokenOf(newId(), 'guest'), ahead(5))).status).toBe(401);
    });

    it("counts the role in the database now, not the token's: a member no longer is one books as a guest", async () => {
      const id = await newUser('guest');
      // Members book Bâtard 90 days ahead, guests 30 (membership-rules.test.ts): the token still says member.
      const res = await hold(tokenOf(id, 'member'), ahead(60));
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errorCode).toBe(ERROR_CODES.MEMBERS_BOOK_FURTHER);
      expect(await holdsOf(id)).toBe(0);
    });
  });
}
