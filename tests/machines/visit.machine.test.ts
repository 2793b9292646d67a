import { describe, expect, it } from 'vitest';
import { transition, type EventObject } from 'xstate';
import { visitMachine, visitStateOf, type VisitState } from '../../machines/visit.machine';
import { visitTransition } from '../../server/services/staff/visit-lifecycle';
import type { ReservationRow } from '../../server/services/reservations/reservations';

const STARTS = Date.parse('2026-12-01T11:00:00Z');
const input = { startsAtMs: STARTS };
const BEFORE = STARTS - 3_600_000;

const events = [
  { type: 'visit.arrive' },
  { type: 'visit.undoArrival' },
  { type: 'visit.seat' },
  { type: 'visit.finish' },
  { type: 'visit.noShow', nowMs: STARTS },
  { type: 'visit.noShow', nowMs: BEFORE }, // before the booked start: refused
  { type: 'visit.cancel', nowMs: BEFORE },
  { type: 'visit.cancel', nowMs: STARTS }, // after the booked start: refused
] as EventObject[];

// The chart's generated paths run on the server through the HTTP API: tests/server/visit-paths.test.ts.
describe('the server follows the chart', () => {
  const STORED: Record<VisitState, Pick<ReservationRow, 'status' | 'visitStatus'>> = {
    confirmed: { status: 'CONFIRMED', visitStatus: null },
    arrived: { status: 'CONFIRMED', visitStatus: 'ARRIVED' },
    seated: { status: 'CONFIRMED', visitStatus: 'SEATED' },
    finished: { status: 'CONFIRMED', visitStatus: 'FINISHED' },
    noShow: { status: 'NO_SHOW', visitStatus: null },
    cancelled: { status: 'LATE_CANCELED', visitStatus: null },
  };
  const row = (state: VisitState) => ({ ...STORED[state], startsAt: new Date(STARTS) }) as ReservationRow;

  it.each(Object.keys(STORED) as VisitState[])('from %s: every event the chart refuses is a 409, every other one lands where the chart does', (state) => {
    expect(visitStateOf(STORED[state])).toBe(state);
    for (const event of events as Parameters<typeof visitTransition>[1][]) {
      const snapshot = visitMachine.resolveState({ value: state, context: input });
      if (!snapshot.can(event)) {
        expect(() => visitTransition(row(state), event), `${state} ${event.type}`).toThrow(expect.objectContaining({ status: 409 }));
      } else {
        expect(visitTransition(row(state), event).state).toBe(transition(visitMachine, snapshot, event)[0].value);
      }
    }
  });

  it('refuses every change of a hold or an expired booking, which are no booked visits', () => {
    for (const status of ['PENDING', 'EXPIRED'] as const) {
      expect(() => visitTransition({ status, visitStatus: null, startsAt: new Date(STARTS) } as ReservationRow, { type: 'visit.arrive' })).toThrow(expect.objectContaining({ status: 409 }));
    }
  });

  it('names the side effects the server carries out', () => {
    expect(visitTransition(row('confirmed'), { type: 'visit.noShow', nowMs: STARTS })).toEqual({ state: 'noShow', effects: ['applyNoShowPolicy'] });
    expect(visitTransition(row('confirmed'), { type: 'visit.cancel', nowMs: BEFORE })).toEqual({ state: 'cancelled', effects: ['refundPerPolicy'] });
    expect(visitTransition(row('arrived'), { type: 'visit.seat' })).toEqual({ state: 'seated', effects: [] });
    expect(visitTransition(row('seated'), { type: 'visit.finish' })).toEqual({ state: 'finished', effects: ['freeTable'] });
  });
});
