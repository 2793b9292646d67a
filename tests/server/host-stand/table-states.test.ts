/** The host stand's pure rules (server/services/host-stand/): each party's status and each table's state at a given instant. */
import { describe, expect, it } from 'vitest';
import { isOverdue, lateMinutes, partyStatus, seatedMinutes, type StandBooking } from '../../../server/services/host-stand/party-status';
import { tableStates, type StandTable } from '../../../server/services/host-stand/table-states';

const MIN = 60_000;
/** A Friday at 7:52 pm in Hong Kong, as the journey's clock stands. */
const NOW = Date.parse('2027-03-05T19:52:00+08:00');
const at = (minutesFromNow: number) => NOW + minutesFromNow * MIN;
const clock = { nowMs: NOW, graceMinutes: 15 };

const booking = (over: Partial<StandBooking> = {}): StandBooking => ({
  id: 'b1',
  status: 'CONFIRMED',
  visitStatus: null,
  tableIds: ['t1'],
  startsAtMs: at(30),
  durationMinutes: 90,
  seatedAtMs: null,
  holdExpiresAtMs: null,
  ...over,
});
const table = (id: string, over: Partial<StandTable> = {}): StandTable => ({ id, active: true, turnMinutes: 90, ...over });
const stateOf = (b: StandBooking[], t: StandTable[] = [table('t1')], c = clock) => tableStates(t, b, c);

describe('a party\'s status', () => {
  it('is upcoming before its start and for the grace after it', () => {
    expect(partyStatus(booking(), clock)).toBe('upcoming');
    expect(partyStatus(booking({ startsAtMs: at(-15) + 1 }), clock)).toBe('upcoming');
  });

  it('is late once the start plus the venue\'s grace has passed and it has not arrived', () => {
    expect(partyStatus(booking({ startsAtMs: at(-15) }), clock)).toBe('late');
    expect(partyStatus(booking({ startsAtMs: at(-22) }), clock)).toBe('late');
    expect(lateMinutes(booking({ startsAtMs: at(-22) }), NOW)).toBe(22);
  });

  it('follows the venue\'s own grace', () => {
    expect(partyStatus(booking({ startsAtMs: at(-10) }), { nowMs: NOW, graceMinutes: 5 })).toBe('late');
    expect(partyStatus(booking({ startsAtMs: at(-10) }), { nowMs: NOW, graceMinutes: 30 })).toBe('upcoming');
  });

  it('is arrived, seated or finished by its visit, however late', () => {
    expect(partyStatus(booking({ startsAtMs: at(-40), visitStatus: 'ARRIVED' }), clock)).toBe('arrived');
    expect(partyStatus(booking({ startsAtMs: at(-40), visitStatus: 'SEATED' }), clock)).toBe('seated');
    expect(partyStatus(booking({ startsAtMs: at(-40), visitStatus: 'FINISHED' }), clock)).toBe('finished');
  });

  it('is no-show and cancelled by the booking\'s status; an expired hold is no party', () => {
    expect(partyStatus(booking({ status: 'NO_SHOW' }), clock)).toBe('noShow');
    expect(partyStatus(booking({ status: 'CANCELED' }), clock)).toBe('cancelled');
    expect(partyStatus(booking({ status: 'LATE_CANCELED' }), clock)).toBe('cancelled');
    expect(partyStatus(booking({ status: 'EXPIRED' }), clock)).toBeNull();
  });

  it('is held while an online hold runs, and nothing once it has run out', () => {
    expect(partyStatus(booking({ status: 'PENDING', holdExpiresAtMs: at(5) }), clock)).toBe('held');
    expect(partyStatus(booking({ status: 'PENDING', holdExpiresAtMs: at(0) }), clock)).toBeNull();
    expect(partyStatus(booking({ status: 'PENDING', holdExpiresAtMs: null }), clock)).toBeNull();
  });

  it('counts seated minutes from when the party sat down, and is overdue past its turn time', () => {
    const seated = booking({ startsAtMs: at(-100), visitStatus: 'SEATED', seatedAtMs: at(-90) });
    expect(seatedMinutes(seated, NOW)).toBe(90);
    expect(isOverdue(seated, NOW)).toBe(false);
    expect(isOverdue(seated, at(1))).toBe(true);
    expect(isOverdue({ ...seated, visitStatus: 'ARRIVED' }, at(60))).toBe(false);
  });

  it('counts a party seated before the timer was kept from its booked start', () => {
    expect(seatedMinutes(booking({ startsAtMs: at(-45), visitStatus: 'SEATED' }), NOW)).toBe(45);
  });
});

describe('a table\'s state', () => {
  it('is free with nobody due, and says who is needed next beyond its turn time', () => {
    const [t] = stateOf([booking({ startsAtMs: at(120) })]);
    expect(t).toMatchObject({ state: 'free', partyId: null, next: { partyId: 'b1', startsAtMs: at(120) } });
  });

  it('is free with no booking at all', () => {
    expect(stateOf([])[0]).toEqual({ tableId: 't1', state: 'free', partyId: null, joinedWith: [], seatedMinutes: null, lateMinutes: null, next: null });
  });

  it('is booked soon when its next party starts within the table\'s turn time', () => {
    expect(stateOf([booking({ startsAtMs: at(38) })])[0]).toMatchObject({ state: 'bookedSoon', partyId: 'b1', next: { startsAtMs: at(38) } });
    expect(stateOf([booking({ startsAtMs: at(38) })], [table('t1', { turnMinutes: 30 })])[0]!.state).toBe('free');
  });

  it('stays booked soon in the grace after the start, then turns late', () => {
    expect(stateOf([booking({ startsAtMs: at(-5) })])[0]!.state).toBe('bookedSoon');
    expect(stateOf([booking({ startsAtMs: at(-22) })])[0]).toMatchObject({ state: 'late', partyId: 'b1', lateMinutes: 22 });
  });

  it('is no longer held by a late party once its booked time is over', () => {
    expect(stateOf([booking({ startsAtMs: at(-95) })])[0]!.state).toBe('free');
  });

  it('is seated with the minutes, then overdue past the turn time', () => {
    const seated = booking({ startsAtMs: at(-60), visitStatus: 'SEATED', seatedAtMs: at(-58), durationMinutes: 60 });
    expect(stateOf([seated])[0]).toMatchObject({ state: 'seated', seatedMinutes: 58 });
    expect(stateOf([seated], undefined, { ...clock, nowMs: at(3) })[0]).toMatchObject({ state: 'overdue', seatedMinutes: 61 });
  });

  it('is arrived for a party arrived and not yet seated', () => {
    expect(stateOf([booking({ startsAtMs: at(-2), visitStatus: 'ARRIVED' })])[0]).toMatchObject({ state: 'arrived', partyId: 'b1' });
  });

  it('is held while a guest\'s online hold over now runs', () => {
    expect(stateOf([booking({ status: 'PENDING', holdExpiresAtMs: at(10), startsAtMs: at(-5) })])[0]!.state).toBe('held');
    // A hold for later is not yet on the table, and does not make it "booked soon": it is not a booking yet.
    expect(stateOf([booking({ status: 'PENDING', holdExpiresAtMs: at(10), startsAtMs: at(20) })])[0]!.state).toBe('free');
  });

  it('shows the party sitting there before one due, and names the one due next', () => {
    const seated = booking({ id: 'sat', startsAtMs: at(-80), visitStatus: 'SEATED', seatedAtMs: at(-80) });
    const due = booking({ id: 'due', startsAtMs: at(38) });
    expect(stateOf([due, seated])[0]).toMatchObject({ state: 'seated', partyId: 'sat', next: { partyId: 'due', startsAtMs: at(38) } });
  });

  it('is out of use when not active and nobody is on it', () => {
    expect(stateOf([], [table('t1', { active: false })])[0]!.state).toBe('outOfUse');
    const seated = booking({ startsAtMs: at(-10), visitStatus: 'SEATED', seatedAtMs: at(-10) });
    expect(stateOf([seated], [table('t1', { active: false })])[0]!.state).toBe('seated');
  });

  it('is free again once its party has finished, no-showed or cancelled', () => {
    for (const over of [{ visitStatus: 'FINISHED' as const }, { status: 'NO_SHOW' as const }, { status: 'CANCELED' as const }]) {
      expect(stateOf([booking({ startsAtMs: at(-30), ...over })])[0]!.state).toBe('free');
    }
  });

  it('marks tables joined for one party with each other', () => {
    const joined = booking({ tableIds: ['t1', 't2'], startsAtMs: at(-20), visitStatus: 'SEATED', seatedAtMs: at(-20) });
    const states = stateOf([joined], [table('t1'), table('t2'), table('t3')]);
    expect(states.map((s) => [s.tableId, s.state, s.joinedWith])).toEqual([
      ['t1', 'seated', ['t2']],
      ['t2', 'seated', ['t1']],
      ['t3', 'free', []],
    ]);
  });
});
