/**
 * Reservation statuses and the list grouping of docs/PRODUCT.md §4: upcoming, waitlist (never filled) and past, with
 * a CONFIRMED reservation whose end has passed reported as EXPIRED. Browser-safe.
 */
import { serviceDateTime } from './time';

export type ReservationStatus = 'PENDING' | 'CONFIRMED' | 'EXPIRED' | 'CANCELED' | 'LATE_CANCELED' | 'NO_SHOW';

/** docs/PRODUCT.md §4's labels. */
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  EXPIRED: 'Expired',
  CANCELED: 'Canceled',
  LATE_CANCELED: 'Canceled Late',
  NO_SHOW: 'No Show',
};

/** What grouping needs of a reservation: its service day, start and end (minutes) and status. */
export interface GroupableReservation {
  date: string;
  startTime: number;
  endTime: number;
  status: ReservationStatus | (string & {});
  /** When a PENDING reservation's hold runs out (ISO instant); absent or null otherwise. */
  holdExpiresAt?: string | null;
}

export interface ReservationGroups<T> {
  upcoming: T[];
  /**
   * docs/PRODUCT.md §4 said never filled; its "Added since" fills the group, but with waitlist entries (their own call,
   * src/waitlist/), never with reservations: here it stays empty.
   */
  waitlist: T[];
  past: T[];
}

/** The status to show at `now`: CONFIRMED turns EXPIRED once the reservation's end has passed. */
export function effectiveStatus<S extends GroupableReservation['status']>(
  reservation: GroupableReservation & { status: S },
  now: Date,
): S | 'EXPIRED' {
  if (reservation.status === 'CONFIRMED' && serviceDateTime(reservation.date, reservation.endTime) <= now) {
    return 'EXPIRED';
  }
  return reservation.status;
}

/** A PENDING booking the guest may still finish: its hold has not run out. */
function isHeld(reservation: GroupableReservation, now: Date): boolean {
  return reservation.status === 'PENDING' && !!reservation.holdExpiresAt && new Date(reservation.holdExpiresAt) > now;
}

const byStartAscending = (a: GroupableReservation, b: GroupableReservation) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.startTime - b.startTime;

/**
 * docs/PRODUCT.md §4's grouping. CONFIRMED and not yet ended is upcoming (a meal under way stays with the
 * upcoming ones until it ends), and so, as docs/PRODUCT.md §4's "Added since" (the newer rule) says, is a
 * PENDING booking whose hold is still running, so the guest finds it to finish; everything else is past,
 * CONFIRMED-and-ended as EXPIRED. Upcoming sorts by date then start time ascending; past, most recent first.
 */
export function groupReservations<T extends GroupableReservation>(reservations: readonly T[], now: Date): ReservationGroups<T> {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const reservation of reservations) {
    const status = effectiveStatus(reservation, now);
    if (status === 'CONFIRMED' || isHeld(reservation, now)) upcoming.push(reservation);
    else past.push(status === reservation.status ? reservation : { ...reservation, status });
  }
  upcoming.sort(byStartAscending);
  past.sort((a, b) => byStartAscending(b, a));
  return { upcoming, waitlist: [], past };
}
