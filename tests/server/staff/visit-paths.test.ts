/**
 * The visit chart's generated paths (tests/support/machines/visit-model.ts) replayed on the server through
 * the HTTP API: each event is a host's call at the booking's venue (the clock moved past the booked start
 * for a no-show), and after each step the booking stands where the chart is. At the end, a final state
 * refuses every change with 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitMachine, visitStateOf, type VisitEvent } from '../../../machines/visit.machine';
import { VISIT_ACTIONS, type VisitAction } from '../../../common/validation/staff-validation';
import { addDays } from '../../../common/time';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { branchesTaken, branchGaps } from '../../support/machines/branches';
import { ACTION_OF_EVENT, STATE_AFTER, VISIT_NOT_GENERATED, VISIT_PATHS as paths, visitPathLabel, visitSteps } from '../../support/machines/visit-model';

const GUEST_DETAILS = {
  firstName: 'Path',
  lastName: 'Walker',
  email: 'visit.walker@example.com',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  agreements: { cancellationPolicy: true, noShowPolicy: true },
};

for (const driver of testDrivers()) {
  describe(`visit chart paths on the server (${driver})`, () => {
    let api: TestApi;
    let alaCarte: string;
    let host: { id: string; token: () => Promise<string> };

    const newUser = (role: 'guest' | 'staff') => (role === 'staff' ? testKit(api).staff(LECLOS) : testKit(api).guest({ firstName: 'Path', lastName: 'Walker' }));

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
      expect(branchGaps(visitMachine, covered, VISIT_NOT_GENERATED)).toEqual({ missed: [], listedButTaken: [], listedButUnknown: [] });
    });

    it.each(paths.map((p, i) => [visitPathLabel(p), p, i] as const))('%s', async (_, path, index) => {
      api.clock.set(TEST_NOW);
      // A day of its own, lunch at Le Clos for two (nothing to pay).
      const date = addDays('2026-12-01', index);
      const guest = await newUser('guest');
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId: alaCarte, date, startTime: 750, numberOfGuests: 2 } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const id: string = held.body.data._id;
      expect((await api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: guest.token(), body: GUEST_DETAILS })).status).toBe(200);
      // 12:30 in Hong Kong, a minute past which the party is a no-show; half an hour before it the host
      // may mark the party arrived or seated, and still cancel for the guest.
      const pastStart = new Date(`${date}T04:31:00Z`);
      api.clock.set(new Date(`${date}T04:00:00Z`));
      const visit = (action: VisitAction) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: host.token(), body: { action } });

      for (const step of visitSteps(path)) {
        const event = step.event as VisitEvent;
        if (event.type === 'visit.noShow') api.clock.set(pastStart);
        const res = await visit(ACTION_OF_EVENT[event.type]);
        expect(res.status, `${event.type}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(visitStateOf(res.body.data), `after ${event.type}`).toBe(step.state.value);
        expect(step.state.value, `where docs/PRODUCT.md puts ${event.type}`).toBe(STATE_AFTER[event.type]);
      }
      // A finished visit, a no-show and a cancellation take no further change.
      if (visitMachine.root.states[path.state.value as string]!.type === 'final') {
        for (const action of VISIT_ACTIONS) expect((await visit(action)).status, action).toBe(409);
      }
      api.clock.set(TEST_NOW);
    });
  });
}
