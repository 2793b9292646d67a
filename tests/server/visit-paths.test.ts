/**
 * The visit chart's generated paths (tests/machines/visit.machine.test.ts) replayed on the server through
 * the HTTP API: each event is a host's call at the booking's venue (the clock moved past the booked start
 * for a no-show), and after each step the booking stands where the chart is. At the end, a final state
 * refuses every change with 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { visitMachine, visitStateOf, type VisitEvent } from '../../machines/visit.machine';
import { users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { VISIT_ACTIONS, type VisitAction } from '../../src/domain/staff-validation';
import { addDays } from '../../src/domain/time';
import { experienceIdByName, LECLOS } from './fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from './harness';
import { branchesTaken, branchGaps, coveringPaths } from '../machines/branches';
import { transitionCoverPaths } from '../machines/graph-coverage';

const GUEST_DETAILS = {
  firstName: 'Path',
  lastName: 'Walker',
  email: 'visit.walker@example.com',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  agreements: { cancellationPolicy: true, noShowPolicy: true },
};

const input = { startsAtMs: TEST_NOW.getTime() + 86_400_000 };
// The events a host can bring about: a no-show once the start has passed, a cancellation before it.
const events = [
  { type: 'visit.arrive' },
  { type: 'visit.undoArrival' },
  { type: 'visit.seat' },
  { type: 'visit.finish' },
  { type: 'visit.noShow', nowMs: Number.MAX_SAFE_INTEGER },
  { type: 'visit.cancel', nowMs: 0 },
] as VisitEvent[];

const ACTION_OF_EVENT: Record<VisitEvent['type'], VisitAction> = {
  'visit.arrive': 'arrive',
  'visit.undoArrival': 'undo-arrival',
  'visit.seat': 'seat',
  'visit.finish': 'finish',
  'visit.noShow': 'no-show',
  'visit.cancel': 'cancel',
};

// Every simple path from the start to each state: every way through the chart once; and, since a simple
// path never comes back to a state, the few more that take the branches leading back (an arrival undone).
const simplePaths = getSimplePaths(visitMachine, { input, events });
const paths = [
  ...simplePaths,
  ...coveringPaths(
    visitMachine,
    transitionCoverPaths(visitMachine, { input, events }),
    simplePaths.flatMap((p) => [...branchesTaken(visitMachine, p)]),
  ).paths,
];

/** Where each host action leaves the booking, as SPEC's front-of-house rules say (not as the chart does). */
const STATE_AFTER: Record<VisitEvent['type'], string> = {
  'visit.arrive': 'arrived',
  'visit.undoArrival': 'confirmed',
  'visit.seat': 'seated',
  'visit.finish': 'finished',
  'visit.noShow': 'noShow',
  'visit.cancel': 'cancelled',
};

/** Branches no generated path takes (a simple path never stays put), and where they are tested. */
const NOT_GENERATED: Record<string, string> = {
  'visit.confirmed · visit.noShow [no guard passes] → (ignored here)': 'a no-show before the start: 409 in tests/server/staff.test.ts',
  'visit.confirmed · visit.cancel [no guard passes] → (ignored here)': 'a staff cancellation after the start: 409 in tests/server/staff.test.ts',
};

for (const driver of testDrivers()) {
  describe(`visit chart paths on the server (${driver})`, () => {
    let api: TestApi;
    let alaCarte: string;
    let host: { id: string; token: () => string };

    const newUser = async (role: 'guest' | 'staff') => {
      const id = newId();
      await api.deps.db.insert(users).values({ id, role, email: `${id}@example.com`, passwordHash: 'x', firstName: 'Path', lastName: 'Walker', venueId: role === 'staff' ? LECLOS : null });
      return { id, token: () => api.tokenFor({ id, role }) };
    };

    beforeAll(async () => {
      api = await createTestApi({ driver });
      alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      host = await newUser('staff');
    });
    afterAll(async () => {
      await api?.close();
    });

    it('covers every state of the chart', () => {
      const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      expect([...reached].sort()).toEqual(Object.keys(visitMachine.root.states).map((s) => JSON.stringify(s)).sort());
    });

    it('takes every guarded branch of the chart', () => {
      const covered = new Set(paths.flatMap((p) => [...branchesTaken(visitMachine, p)]));
      expect(branchGaps(visitMachine, covered, NOT_GENERATED)).toEqual({ missed: [], listedButTaken: [], listedButUnknown: [] });
    });

    it.each(paths.map((p, i) => [p.steps.map((s) => s.event.type as string).filter((t) => t !== 'xstate.init').join(' → ') || 'confirmed', p, i] as const))('%s', async (_, path, index) => {
      api.clock.set(TEST_NOW);
      // A day of its own, lunch at Le Clos for two (nothing to pay).
      const date = addDays('2026-12-01', index);
      const guest = await newUser('guest');
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId: alaCarte, date, startTime: 750, numberOfGuests: 2 } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const id: string = held.body.data._id;
      expect((await api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: guest.token(), body: GUEST_DETAILS })).status).toBe(200);
      // 12:30 in Hong Kong, a minute past which the party is a no-show.
      const pastStart = new Date(`${date}T04:31:00Z`);
      const visit = (action: VisitAction) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: host.token(), body: { action } });

      for (const step of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        const event = step.event as VisitEvent;
        if (event.type === 'visit.noShow') api.clock.set(pastStart);
        const res = await visit(ACTION_OF_EVENT[event.type]);
        expect(res.status, `${event.type}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(visitStateOf(res.body.data), `after ${event.type}`).toBe(step.state.value);
        expect(step.state.value, `where SPEC puts ${event.type}`).toBe(STATE_AFTER[event.type]);
      }
      // A finished visit, a no-show and a cancellation take no further change.
      if (visitMachine.root.states[path.state.value as string]!.type === 'final') {
        for (const action of VISIT_ACTIONS) expect((await visit(action)).status, action).toBe(409);
      }
      api.clock.set(TEST_NOW);
    });
  });
}
