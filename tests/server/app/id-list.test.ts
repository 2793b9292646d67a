/**
 * `idIn` (server/lib/ids.ts): a list of ids sent as one array parameter finds what drizzle's `inArray`
 * found, on either database: every listed id, none unlisted, nothing for an empty list, and an id that
 * holds a quote, a comma, a brace or a backslash (what an array's text form must escape) as itself.
 */
import { asc, inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { idIn } from '../../../server/lib/ids';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';

const AWKWARD = ['it\'s', 'a,b', '{x}', 'back\\slash', '"quoted"', 'NULL'];

for (const driver of testDrivers()) {
  describe(`a list of ids as one parameter (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await createTestApi({ driver });
      await api.deps.db.insert(users).values(AWKWARD.map((id) => ({ id, role: 'guest' as const, email: `${encodeURIComponent(id)}@ids.example.com`, passwordHash: 'x', firstName: 'Id', lastName: 'Test' })));
    });
    afterAll(async () => {
      await api?.close();
    });

    const idsWhere = async (where: SQL | undefined) =>
      (await api.deps.db.select({ id: users.id }).from(users).where(where).orderBy(asc(users.id))).map((u) => u.id);

    it('finds exactly the listed ids, as inArray does, and none for an empty list', async () => {
      const some = [...(await api.deps.db.select({ id: users.id }).from(users).limit(3)).map((u) => u.id), 'no-such-id'];
      expect(await idsWhere(idIn(users.id, some))).toEqual(await idsWhere(inArray(users.id, some)));
      expect(await idsWhere(idIn(users.id, some))).toHaveLength(3);
      expect(await idsWhere(idIn(users.id, []))).toEqual([]);
    });

    it('takes ids holding the characters an array literal escapes as they are', async () => {
      expect(await idsWhere(idIn(users.id, AWKWARD))).toEqual([...AWKWARD].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(await idsWhere(idIn(users.id, ['NULL']))).toEqual(['NULL']);
    });
  });
}
