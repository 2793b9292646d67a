import { describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '../../common/booking-rules';
import { effectiveStatus, groupReservations, RESERVATION_STATUS_LABELS } from '../../common/reservation-grouping';

// Monday 23 Nov 2026, 10:00 in Hong Kong.
const now = new Date('2026-11-23T02:00:00Z');
const r = (id: string, date: string, startTime: number, status: string, duration = 90) => ({
  id,
  date,
  startTime,
  endTime: startTime + duration,
  status,
});

describe('reservation grouping (docs/PRODUCT.md §4)', () => {
  it('holds for 15 minutes', () => {
    expect(HOLD_MINUTES).toBe(15);
    expect(RESERVATION_STATUS_LABELS.LATE_CANCELED).toBe('Canceled Late');
  });

  it('puts future CONFIRMED in upcoming sorted by date then time, and waitlist stays empty', () => {
    const groups = groupReservations(
      [r('c', '2026-11-25', 1140, 'CONFIRMED'), r('a', '2026-11-24', 1200, 'CONFIRMED'), r('b', '2026-11-24', 720, 'CONFIRMED')],
      now,
    );
    expect(groups.upcoming.map((x) => x.id)).toEqual(['b', 'a', 'c']);
    expect(groups.waitlist).toEqual([]);
    expect(groups.past).toEqual([]);
  });

  it('reports a CONFIRMED reservation whose end has passed as EXPIRED, in past', () => {
    const ended = r('e', '2026-11-23', 480, 'CONFIRMED', 90); // 8:00–9:30
    const groups = groupReservations([ended], now);
    expect(groups.past).toEqual([{ ...ended, status: 'EXPIRED' }]);
    expect(effectiveStatus(ended, now)).toBe('EXPIRED');
    // The original is untouched.
    expect(ended.status).toBe('CONFIRMED');
  });

  it('ends an after-midnight reservation on the next calendar day', () => {
    const supper = r('s', '2026-11-22', 1470, 'CONFIRMED', 60); // Sunday's 00:30–01:30 is Monday morning
    expect(effectiveStatus(supper, new Date('2026-11-22T17:29:00Z'))).toBe('CONFIRMED');
    expect(effectiveStatus(supper, new Date('2026-11-22T17:30:00Z'))).toBe('EXPIRED');
  });

  it('places every other status in past, most recent first', () => {
    const groups = groupReservations(
      [
        r('p', '2026-11-30', 1140, 'PENDING'),
        r('x', '2026-11-28', 1140, 'CANCELED'),
        r('l', '2026-11-29', 1140, 'LATE_CANCELED'),
        r('n', '2026-11-01', 1140, 'NO_SHOW'),
      ],
      now,
    );
    expect(groups.upcoming).toEqual([]);
    expect(groups.past.map((x) => x.id)).toEqual(['p', 'l', 'x', 'n']);
  });

  it('keeps a CONFIRMED meal under way with the upcoming ones until it ends', () => {
    const under = r('u', '2026-11-23', 570, 'CONFIRMED', 60); // 9:30–10:30
    expect(groupReservations([under], now).upcoming.map((x) => x.id)).toEqual(['u']);
  });

  // A held booking the guest has not finished was once listed under Past as Pending.
  it('keeps a PENDING booking whose hold is still running with the upcoming ones, and moves it to past when the hold runs out', () => {
    const held = { ...r('h', '2026-11-30', 1140, 'PENDING'), holdExpiresAt: '2026-11-23T02:10:00Z' };
    const later = r('c', '2026-12-01', 1140, 'CONFIRMED');
    expect(groupReservations([later, held], now).upcoming.map((x) => x.id)).toEqual(['h', 'c']);
    expect(groupReservations([held], now).past).toEqual([]);
    const lapsed = new Date('2026-11-23T02:10:00Z');
    expect(groupReservations([held], lapsed).upcoming).toEqual([]);
    expect(groupReservations([held], lapsed).past.map((x) => x.id)).toEqual(['h']);
  });
});
