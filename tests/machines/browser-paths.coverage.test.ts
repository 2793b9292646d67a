/**
 * The browser's generated path sets (e2e/paths/*-model.ts), checked without a browser: together they take
 * every guarded branch of their chart, but those listed as out of the runners' reach with a reason.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { BOOKING_UNREACHABLE, bookingPathBranches, selectBookingPaths } from '../../e2e/paths/booking-model';
import { PAYMENT_UNREACHABLE, paymentPathBranches, selectPaymentPaths } from '../../e2e/paths/payment-model';
import { SESSION_UNREACHABLE, selectSessionPaths, sessionPathBranches } from '../../e2e/paths/session-model';
import { bookingMachine } from '../../machines/booking/booking.machine';
import { paymentMachine } from '../../machines/payment.machine';
import { sessionMachine } from '../../machines/session.machine';
import { branchGaps, type Branch } from '../support/machines/branches';

/** What a path set takes: its size and the branches its paths take together. */
function measured<Planned>(select: () => Planned[], branchesOf: (planned: Planned) => Set<Branch>) {
  const paths = select();
  return { count: paths.length, covered: new Set(paths.flatMap((path) => [...branchesOf(path)])) };
}

// A covering set stays small: each path is a page visit in a browser on a 2-core CI.
const PATH_SETS: [name: string, machine: AnyStateMachine, measure: () => ReturnType<typeof measured>, unreachable: Record<Branch, string>, maxPaths: number][] = [
  // The details step before logging in (log in, or continue as a verified guest) takes one path more.
  ['booking', bookingMachine, () => measured(selectBookingPaths, bookingPathBranches), BOOKING_UNREACHABLE, 21],
  ['payment', paymentMachine, () => measured(selectPaymentPaths, paymentPathBranches), PAYMENT_UNREACHABLE, 10],
  ['session', sessionMachine, () => measured(selectSessionPaths, sessionPathBranches), SESSION_UNREACHABLE, 10],
];

describe.each(PATH_SETS)('the %s chart’s browser paths', (_, machine, measure, unreachable, maxPaths) => {
  it('take every guarded branch, but those listed out of reach (each with its reason)', () => {
    const { count, covered } = measure();
    expect(branchGaps(machine, covered, unreachable)).toEqual({ missed: [], listedButTaken: [], listedButUnknown: [] });
    expect(count).toBeLessThanOrEqual(maxPaths);
  });
});
