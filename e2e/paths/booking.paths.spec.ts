/**
 * Generated browser paths of the booking chart (machines/booking/booking.machine.ts): a small set of paths from
 * `xstate/graph` that together reach every state, each replayed in Chromium against the real server.
 * See booking-model.ts for how they are chosen and booking-runner.ts for how each step is done and read.
 */
import { declaredTransitions } from '../../tests/support/machines/graph-coverage';
import { bookingMachine } from '../../machines/booking/booking.machine';
import { expect, test } from '../support/fixtures';
import { BOOKING_STATES, pathTransitions, selectBookingPaths } from './booking-model';
import { replayBookingPath } from './booking-runner';

const paths = selectBookingPaths();
/** Booking days of these paths: 30 days ahead and on, one per path (other specs keep to other days). */
// Inside the 30 days guests book Bâtard ahead: a path's overlapping booking elsewhere is a Set Lunch there.
const FIRST_DAY = 5;

const reachedInBrowser = new Set<string>();
let replayed = 0;

test.describe('booking chart paths in the browser', () => {
  test('the chosen paths reach every state of the booking chart', () => {
    const reached = new Set(paths.flatMap((p) => p.path.steps.slice(1).flatMap((s) => (s.state as any)._nodes.map((n: { id: string }) => n.id))));
    expect(BOOKING_STATES.filter((id) => !reached.has(id))).toEqual([]);
    const taken = new Set(paths.flatMap((p) => pathTransitions(p.path)));
    const declared = declaredTransitions(bookingMachine);
    test.info().annotations.push({
      type: 'coverage',
      description: `${paths.length} paths, ${paths.reduce((n, p) => n + p.events.length, 0)} steps; ${BOOKING_STATES.length}/${BOOKING_STATES.length} states; ${[...taken].filter((t) => declared.has(t)).length}/${declared.size} declared transitions`,
    });
  });

  paths.forEach((plan, index) => {
    test(`${index + 1}. ${plan.startsLoggedIn ? '' : '(logs in on the way) '}${plan.title}`, async ({ page, server, clocks }) => {
      test.info().annotations.push({ type: 'scenario', description: plan.scenario?.name ?? 'no venue' });
      const result = await replayBookingPath({ page, server, clocks }, plan, FIRST_DAY + index);
      result.states.forEach((id) => reachedInBrowser.add(id));
      replayed++;
    });
  });

  test.afterAll(() => {
    // Only a full run of the paths in this worker can tell whether the browser saw every state.
    if (replayed !== paths.length) return;
    const missing = BOOKING_STATES.filter((id) => !reachedInBrowser.has(id));
    console.log(`booking chart in the browser: ${BOOKING_STATES.length - missing.length}/${BOOKING_STATES.length} states over ${paths.length} paths`);
    expect(missing, 'states no replay reached in the browser').toEqual([]);
  });
});
