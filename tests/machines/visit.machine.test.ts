import { describe, expect, it } from 'vitest';
import { transition, type EventObject } from 'xstate';
import {
  visitMachine,
  visitStateOf,
  type VisitState,
  allowedVisitActions,
  refusedVisitActions,
} from '../../machines/visit.machine';
import { visitTransition } from '../../server/services/staff/visit-transition';
import type { ReservationRow } from '../../server/services/reservations/reservations';

const STARTS = Date.parse('2026-12-01T11:00:00Z');
const input = { startsAtMs: STARTS };
const BEFORE = STARTS - 3_600_000;

const events = [
  { type: 'visit.arrive', nowMs: STARTS },
  { type: 'visit.arrive', nowMs: STARTS - 3 * 3_600_000 }, // three hours before: refused
  { type: 'visit.undoArrival' },
  { type: 'visit.seat', nowMs: STARTS },
  { type: 'visit.seat', nowMs: STARTS - 4 * 24 * 3_600_000 }, // four days before: refused
  { type: 'visit.finish' },
  { type: 'visit.undoFinish', nowMs: STARTS },
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
      expect(() => visitTransition({ status, visitStatus: null, startsAt: new Date(STARTS) } as ReservationRow, { type: 'visit.arrive', nowMs: STARTS })).toThrow(expect.objectContaining({ status: 409 }));
    }
  });

  it('names the side effects the server carries out', () => {
    expect(visitTransition(row('confirmed'), { type: 'visit.noShow', nowMs: STARTS })).toEqual({ state: 'noShow', effects: ['applyNoShowPolicy'] });
    expect(visitTransition(row('confirmed'), { type: 'visit.cancel', nowMs: BEFORE })).toEqual({ state: 'cancelled', effects: ['refundPerPolicy'] });
    expect(visitTransition(row('arrived'), { type: 'visit.seat', nowMs: STARTS })).toEqual({ state: 'seated', effects: [] });
    expect(visitTransition(row('finished'), { type: 'visit.undoFinish', nowMs: STARTS })).toEqual({ state: 'seated', effects: ['retakeTable'] });
    expect(visitTransition(row('seated'), { type: 'visit.finish' })).toEqual({ state: 'finished', effects: ['freeTable'] });
  });
});

/** An instant of a Hong Kong day, 'HH:MM' local. */
const hongKong = (date: string, time: string) => Date.parse(`${date}T${time}:00+08:00`);

describe('arrival and seating only on the service day, from two hours before the booking', () => {
  // Obe on a Wednesday: a booking at 23:30, the bar open until 02:00 on Thursday morning.
  const bar = { startsAtMs: hongKong('2026-12-02', '23:30'), serviceEndsAtMs: hongKong('2026-12-03', '02:00') };

  it.each([
    ['four days before', hongKong('2026-11-28', '23:30'), { reason: 'tooEarly', atMs: hongKong('2026-12-02', '21:30') }],
    ['a minute before the two hours', hongKong('2026-12-02', '21:29'), { reason: 'tooEarly', atMs: hongKong('2026-12-02', '21:30') }],
    ['at 04:43, the bar closed', hongKong('2026-12-03', '04:43'), { reason: 'serviceOver' }],
  ])('refuses arriving and seating %s, saying why', (_, nowMs, refusal) => {
    expect(allowedVisitActions('confirmed', bar, nowMs)).not.toContain('arrive');
    expect(allowedVisitActions('confirmed', bar, nowMs)).not.toContain('seat');
    expect(refusedVisitActions('confirmed', bar, nowMs)).toMatchObject({ arrive: refusal, seat: refusal });
  });

  it.each([
    ['two hours before', hongKong('2026-12-02', '21:30')],
    ['at 23:59', hongKong('2026-12-02', '23:59')],
    ['at 00:01, the bar still open', hongKong('2026-12-03', '00:01')],
  ])('allows arriving and seating %s', (_, nowMs) => {
    expect(allowedVisitActions('confirmed', bar, nowMs)).toEqual(expect.arrayContaining(['arrive', 'seat']));
  });

  it('closes with the restaurant: Le Clos on a Monday (dinner until 22:00) refuses at 23:59 and 00:01', () => {
    const dinner = { startsAtMs: hongKong('2026-12-07', '20:00'), serviceEndsAtMs: hongKong('2026-12-07', '22:00') };
    for (const nowMs of [hongKong('2026-12-07', '23:59'), hongKong('2026-12-08', '00:01')]) {
      expect(refusedVisitActions('confirmed', dinner, nowMs)).toMatchObject({ arrive: { reason: 'serviceOver' }, seat: { reason: 'serviceOver' } });
    }
    // A party that arrived in time is seated whenever the table is ready.
    expect(allowedVisitActions('arrived', dinner, hongKong('2026-12-07', '22:10'))).toContain('seat');
  });

  it('undoes a finish until another party has the table, or the service is over', () => {
    const nowMs = hongKong('2026-12-03', '00:01');
    expect(allowedVisitActions('finished', bar, nowMs)).toEqual(['undo-finish']);
    expect(refusedVisitActions('finished', { ...bar, tableTaken: true }, nowMs)).toEqual({ 'undo-finish': { reason: 'tableTaken' } });
    expect(refusedVisitActions('finished', bar, hongKong('2026-12-03', '04:43'))).toEqual({ 'undo-finish': { reason: 'serviceOver' } });
  });

  it('says why a no-show or a cancellation is missing', () => {
    expect(refusedVisitActions('confirmed', bar, hongKong('2026-12-02', '23:00'))).toEqual({ 'no-show': { reason: 'beforeStart', atMs: bar.startsAtMs } });
    expect(refusedVisitActions('confirmed', bar, hongKong('2026-12-02', '23:45'))).toEqual({ cancel: { reason: 'afterStart' } });
  });
});
