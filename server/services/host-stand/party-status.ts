/**
 * Where each party of the service day stands by the server's clock (docs/PRODUCT.md §6, the host stand):
 * pure, from the booking's row and "now", so the stand, its tests and its benchmark read the same rule.
 * A party is late once its start plus the venue's grace has passed and it has not arrived; a seated
 * party is overdue once it has sat longer than its turn time (the booking's length).
 */

export type PartyStatus = 'held' | 'upcoming' | 'late' | 'arrived' | 'seated' | 'finished' | 'noShow' | 'cancelled';

/** What the rule reads of a booking. */
export interface StandBooking {
  id: string;
  status: 'PENDING' | 'CONFIRMED' | 'EXPIRED' | 'CANCELED' | 'LATE_CANCELED' | 'NO_SHOW';
  visitStatus: 'ARRIVED' | 'SEATED' | 'FINISHED' | null;
  /** The booking's own table and, on tables joined, the others. */
  tableIds: readonly string[];
  startsAtMs: number;
  /** The booked stay, in minutes: the turn time the party was given. */
  durationMinutes: number;
  seatedAtMs: number | null;
  holdExpiresAtMs: number | null;
}

export interface PartyClock {
  nowMs: number;
  graceMinutes: number;
}

const MINUTE_MS = 60_000;
const minutesBetween = (fromMs: number, toMs: number) => Math.max(0, Math.floor((toMs - fromMs) / MINUTE_MS));

/** The party's status on the stand's list. An online hold counts only while it runs. */
export function partyStatus(b: StandBooking, { nowMs, graceMinutes }: PartyClock): PartyStatus | null {
  switch (b.status) {
    case 'PENDING':
      return b.holdExpiresAtMs !== null && b.holdExpiresAtMs > nowMs ? 'held' : null;
    case 'EXPIRED':
      return null;
    case 'CANCELED':
    case 'LATE_CANCELED':
      return 'cancelled';
    case 'NO_SHOW':
      return 'noShow';
  }
  if (b.visitStatus === 'FINISHED') return 'finished';
  if (b.visitStatus === 'SEATED') return 'seated';
  if (b.visitStatus === 'ARRIVED') return 'arrived';
  return nowMs >= b.startsAtMs + graceMinutes * MINUTE_MS ? 'late' : 'upcoming';
}

/** The minutes past the booked start of a party not arrived (0 before it). */
export const lateMinutes = (b: StandBooking, nowMs: number) => minutesBetween(b.startsAtMs, nowMs);

/** How long a seated party has sat (a party seated before the timer was kept counts from its start). */
export const seatedMinutes = (b: StandBooking, nowMs: number) => minutesBetween(b.seatedAtMs ?? b.startsAtMs, nowMs);

/** Seated longer than the turn time it was given. */
export const isOverdue = (b: StandBooking, nowMs: number) => b.visitStatus === 'SEATED' && seatedMinutes(b, nowMs) > b.durationMinutes;
