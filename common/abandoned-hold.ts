/**
 * A hold the guest abandoned: a booking started and never confirmed, whose hold ran out or was given up
 * (the sweeper, a failed payment or a released waitlist offer cancels it). It never became a booking, so
 * the guest's list does not show it as a cancelled one (docs/PRODUCT.md §4). Browser-safe.
 */
import type { GroupableReservation } from './reservation-grouping';

export interface HoldLike extends GroupableReservation {
  confirmedAt: string | null;
}

export function isAbandonedHold(reservation: HoldLike, now: Date): boolean {
  if (reservation.confirmedAt) return false;
  if (reservation.status === 'PENDING') return !reservation.holdExpiresAt || new Date(reservation.holdExpiresAt) <= now;
  // Not EXPIRED: that is how a confirmed booking whose meal has ended is reported.
  return reservation.status === 'CANCELED';
}
