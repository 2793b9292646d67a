/**
 * Booking rules by membership (docs/PRODUCT.md §6, decision 0018), the one reading of them that the server's checks
 * and the booking chart's guards share: how many days ahead a guest or a member may book an experience,
 * and what a day beyond the guests' window means (members may book it now; guests from a later day).
 * The windows are data on the venue and experience rows (server/db/migrations/0021-0040/0028_membership_rules.sql).
 */
import { addDays, daysBetween } from './time';

/** Who books: a club member, or anyone else (a guest with an account, a verified guest, or nobody yet). */
export type Membership = 'member' | 'guest';

/** How many days ahead (after today, Hong Kong) each may book. Members never fewer than guests. */
export interface BookingWindows {
  guestBookingDays: number;
  memberBookingDays: number;
}

/** An experience's windows: its own where it sets them, else its venue's. */
export function windowsOf(
  venue: BookingWindows,
  experience: { guestBookingDays: number | null; memberBookingDays: number | null },
): BookingWindows {
  const guestBookingDays = experience.guestBookingDays ?? venue.guestBookingDays;
  return { guestBookingDays, memberBookingDays: Math.max(guestBookingDays, experience.memberBookingDays ?? venue.memberBookingDays) };
}

export const bookingDaysFor = (windows: BookingWindows, membership: Membership) =>
  membership === 'member' ? windows.memberBookingDays : windows.guestBookingDays;

/**
 * Whether `membership` may book `date` seen from `today`: `open`; `members-first` when only members may
 * book it yet (guests may from `guestsFrom`); `beyond` when it is past the caller's own window.
 */
export type WindowVerdict =
  | { kind: 'open' }
  | { kind: 'members-first'; guestsFrom: string }
  | { kind: 'beyond'; days: number; lastDay: string };

export function windowVerdict(windows: BookingWindows, membership: Membership, today: string, date: string): WindowVerdict {
  const ahead = daysBetween(today, date);
  const own = bookingDaysFor(windows, membership);
  if (ahead <= own) return { kind: 'open' };
  if (membership === 'guest' && ahead <= windows.memberBookingDays) {
    return { kind: 'members-first', guestsFrom: addDays(date, -windows.guestBookingDays) };
  }
  return { kind: 'beyond', days: own, lastDay: addDays(today, own) };
}
