/**
 * The waitlist chart's generated paths (tests/machines/waitlist.machine.test.ts) replayed on the server
 * through the HTTP API: each event is brought about as a guest or the clock would (a cancellation frees
 * the table, the guest books, gives the table up or leaves, the hold or the window runs out), and after
 * each step the entry's status is the chart's state. Events the chart refuses leave it where it was.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { STATE_OF_STATUS, waitlistMachine, type WaitlistEvent, type WaitlistStatus } from '../../../machines/waitlist.machine';
import { waitlistEntries } from '../../../server/db/schema';
import { addDays } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { branchesTaken, branchGaps } from '../../support/machines/branches';

const GUEST_DETAILS = {
  firstName: 'Path',
  lastName: 'Walker',
  email: 'path.walker@example.com',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  agreements: { cancellationPolicy: true, noShowPolicy: true },
};

const input = { earliestTime: 1140, latestTime: 1260, windowEndsAtMs: Number.MAX_SAFE_INTEGER };
// The events a guest, another guest and the clock can bring about on the server (the refused ones are the machine test's).
const events = [
  { type: 'table.offer', startTime: 1140, nowMs: 0 },
  { type: 'offer.book' },
  { type: 'offer.decline' },
  { type: 'offer.lapse' },
  { type: 'entry.leave' },
  { type: 'clock.tick', nowMs: Number.MAX_SAFE_INTEGER },
] as WaitlistEvent[];

// Every simple path from the start to each state: every way through the chart once.
const paths = getSimplePaths(waitlistMachine, { input, events });

/** Branches no generated path takes (a simple path never stays put), and where they are tested. */
const NOT_GENERATED: Record<string, string> = {
  'waitlist.waiting · table.offer [no guard passes] → (ignored here)':
    'a table freed outside the guest\'s window: the server\'s 409, in tests/machines/waitlist.machine.test.ts ("the server follows the chart")',
  'waitlist.waiting · clock.tick [no guard passes] → (ignored here)':
    'a tick before the window\'s last start: the server\'s 409, in tests/machines/waitlist.machine.test.ts ("the server follows the chart")',
};

for (const driver of testDrivers()) {
  describe(`waitlist chart paths on the server (${driver})`, () => {
    let api: TestApi;
    let bar: string;

    const newUser = () => testKit(api).guest({ firstName: 'Path', lastName: 'Walker' });

    beforeAll(async () => {
      api = await createTestApi({ driver });
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
    });
    afterAll(async () => {
      await api?.close();
    });

    it('covers every state of the chart', () => {
      const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      expect([...reached].sort()).toEqual(Object.values(STATE_OF_STATUS).map((s) => JSON.stringify(s)).sort());
    });

    it('takes every guarded branch of the chart', () => {
      const covered = new Set(paths.flatMap((p) => [...branchesTaken(waitlistMachine, p)]));
      expect(branchGaps(waitlistMachine, covered, NOT_GENERATED)).toEqual({ missed: [], listedButTaken: [], listedButUnknown: [] });
    });

    it.each(paths.map((p, i) => [p.steps.map((s) => s.event.type as string).filter((t) => t !== 'xstate.init').join(' → ') || 'waiting', p, i] as const))('%s', async (_, path, index) => {
      api.clock.set(TEST_NOW);
      // A day of its own: K1, Obe's only table for eight, booked at 8 pm by someone else.
      const date = addDays('2026-12-01', index);
      const [owner, guest] = [await newUser(), await newUser()];
      const eight = { venueId: OBE, experienceId: bar, date, numberOfGuests: 8 };
      const held = await api.request('POST', '/user/reservation/v1.1', { token: owner.token(), body: { ...eight, startTime: 1200 } });
      await api.request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, { token: owner.token(), body: GUEST_DETAILS });
      const joined = await api.request('POST', '/user/waitlist', { token: guest.token(), body: { ...eight, earliestTime: 1140, latestTime: 1260 } });
      expect(joined.body.data.status).toBe('WAITING');
      const entryId: string = joined.body.data._id;
      const status = async (): Promise<WaitlistStatus> => {
        const list = await api.request('GET', '/user/waitlist', { token: guest.token() });
        return list.body.data.find((e: { _id: string }) => e._id === entryId).status;
      };
      const offered = async () => (await api.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)))[0]!;

      for (const step of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        switch (step.event.type) {
          case 'table.offer':
            await api.request('PUT', `/user/reservation/v1.1/cancel/${held.body.data._id}`, { token: owner.token() });
            break;
          case 'offer.book': {
            const done = await api.request('PUT', `/user/reservation/v1.1/complete/${(await offered()).reservationId}`, { token: guest.token(), body: GUEST_DETAILS });
            expect(done.status).toBe(200);
            break;
          }
          case 'offer.decline':
            await api.request('PUT', `/user/reservation/v1.1/cancel/${(await offered()).reservationId}`, { token: guest.token() });
            break;
          case 'offer.lapse':
            api.clock.advanceMinutes(16);
            break;
          case 'entry.leave':
            expect((await api.request('PUT', `/user/waitlist/${entryId}/leave`, { token: guest.token() })).status).toBe(200);
            break;
          case 'clock.tick':
            api.clock.set((await offered()).windowEndsAt);
            break;
        }
        expect(STATE_OF_STATUS[await status()], `after ${step.event.type}`).toBe(step.state.value);
      }
      // An ended entry refuses to be left: the chart's final states take no event.
      if (waitlistMachine.root.states[path.state.value as string]!.type === 'final') {
        expect((await api.request('PUT', `/user/waitlist/${entryId}/leave`, { token: guest.token() })).status).toBe(409);
      }
      api.clock.set(TEST_NOW);
    });
  });
}
