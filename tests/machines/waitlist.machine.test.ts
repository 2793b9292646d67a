import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { STATE_OF_STATUS, waitlistMachine, type WaitlistStatus } from '../../machines/waitlist.machine';
import { waitlistTransition, type WaitlistRow } from '../../server/services/waitlist/waitlist-lifecycle';

/** An entry waiting for 7 to 9 pm on a day whose 9 pm start stops being bookable at `WINDOW_ENDS`. */
const WINDOW_ENDS = Date.parse('2026-11-30T12:30:00Z');
const input = { earliestTime: 1140, latestTime: 1260, windowEndsAtMs: WINDOW_ENDS };
const BEFORE = WINDOW_ENDS - 3_600_000;

const events = [
  { type: 'table.offer', startTime: 1200, nowMs: BEFORE },
  { type: 'table.offer', startTime: 1080, nowMs: BEFORE }, // outside the window: refused
  { type: 'table.offer', startTime: 1200, nowMs: WINDOW_ENDS }, // the window has passed: refused
  { type: 'offer.book' },
  { type: 'offer.decline' },
  { type: 'offer.lapse' },
  { type: 'entry.leave' },
  { type: 'clock.tick', nowMs: BEFORE },
  { type: 'clock.tick', nowMs: WINDOW_ENDS },
] as EventObject[];

// The chart's generated paths run on the server through the HTTP API: tests/server/waitlist-paths.test.ts.
describe('the server follows the chart', () => {
  const row = (status: WaitlistStatus) => ({ status, earliestTime: 1140, latestTime: 1260, windowEndsAt: new Date(WINDOW_ENDS) }) as WaitlistRow;
  const statuses = Object.keys(STATE_OF_STATUS) as WaitlistStatus[];

  it.each(statuses)('from %s: every event the chart refuses is a 409, every other one lands where the chart does', (status) => {
    for (const event of events as Parameters<typeof waitlistTransition>[1][]) {
      const snapshot = waitlistMachine.resolveState({ value: STATE_OF_STATUS[status], context: { ...input, offeredStartTime: null } });
      if (!snapshot.can(event)) {
        expect(() => waitlistTransition(row(status), event), `${status} ${event.type}`).toThrow(expect.objectContaining({ status: 409 }));
      } else {
        const { status: next } = waitlistTransition(row(status), event);
        expect(STATE_OF_STATUS[next]).not.toBe(undefined);
      }
    }
  });

  it('names the side effects the server carries out', () => {
    expect(waitlistTransition(row('OFFERED'), { type: 'entry.leave' })).toEqual({ status: 'DECLINED', effects: ['releaseHold', 'offerNext'] });
    expect(waitlistTransition(row('OFFERED'), { type: 'offer.lapse' })).toEqual({ status: 'LAPSED', effects: ['offerNext'] });
    expect(waitlistTransition(row('WAITING'), { type: 'table.offer', startTime: 1260, nowMs: BEFORE }).status).toBe('OFFERED');
    expect(waitlistTransition(row('WAITING'), { type: 'clock.tick', nowMs: WINDOW_ENDS }).status).toBe('EXPIRED');
  });
});
