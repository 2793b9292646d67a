/**
 * What one waitlist pass costs with N guests waiting for a day that is full (nothing to offer): the work
 * every cancellation and change adds. `N=2000 npx tsx scripts/bench-waitlist.ts` (PGlite; DRIVER=postgres
 * with TEST_DATABASE_URL set).
 */
import { users, waitlistEntries } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { settleWaitlist } from '../server/services/waitlist/waitlist-offers';
import { experienceIdByName, OBE } from '../tests/support/server/fixtures';
import { createTestApi } from '../tests/support/server/harness';

const api = await createTestApi({ driver: (process.env.DRIVER as 'pglite' | 'postgres') ?? 'pglite' });
const bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
const N = Number(process.env.N ?? 200);
const date = '2026-11-30';
const owner = newId();
await api.deps.db.insert(users).values({ id: owner, role: 'guest', email: `${owner}@x.com`, passwordHash: 'x', firstName: 'a', lastName: 'b' });
const token = api.tokenFor({ id: owner, role: 'guest' });
for (const startTime of [1020, 1140, 1260]) {
  const r = await api.request('POST', '/user/reservation/v1.1', { token, body: { venueId: OBE, experienceId: bar, date, startTime, numberOfGuests: 8 } });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
}
for (let i = 0; i < N; i++) {
  const id = newId();
  await api.deps.db.insert(users).values({ id, role: 'guest', email: `${id}@x.com`, passwordHash: 'x', firstName: 'a', lastName: 'b' });
  await api.deps.db.insert(waitlistEntries).values({ id: newId(), userId: id, venueId: OBE, experienceId: bar, date, numberOfGuests: 8, earliestTime: 1020, latestTime: 1320, windowEndsAt: new Date('2026-11-30T13:00:00Z'), status: 'WAITING', locale: 'en', createdAt: api.clock.now(), updatedAt: api.clock.now() });
}
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await settleWaitlist(api.deps);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(`${api.database.driver}: ${N} waiting entries (nothing free): settle median ${times[2]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms`);
await api.close();
