/**
 * The availability answer's size for a busy day: Le Clos's À la Carte for two on a Tuesday a week or
 * more ahead (breakfast, lunch, dinner and supper), as JSON bytes and gzipped, with its slot count.
 * `npx tsx scripts/availability-size.ts`
 */
import { gzipSync } from 'node:zlib';
import { createTestApi } from '../tests/support/server/harness';
import { experienceIdByName, LECLOS } from '../tests/support/server/fixtures';
import { addDays, hongKongToday, isoWeekday } from '../common/time';

const api = await createTestApi();
try {
  const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
  let date = addDays(hongKongToday(api.clock.now()), 7);
  while (isoWeekday(date) !== 2) date = addDays(date, 1);
  const token = await api.login('guest@example.com', 'guest-pass-1');
  const res = await api.app.request(`/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?experienceId=${experienceId}&numberOfGuests=2`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  const body = JSON.parse(text) as { data: { timeslots: unknown[] } };
  console.log(`${date}: ${body.data.timeslots.length} slots, ${Buffer.byteLength(text)} bytes of JSON, ${gzipSync(text).length} gzipped`);
} finally {
  await api.close();
}
