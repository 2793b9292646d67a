/**
 * Booking rules by membership on the server (docs/decisions/0018-verified-guests.md): the booking window of the caller's
 * membership (common/membership-rules.ts reads the venue's and the experience's windows) and the dining
 * areas and service periods (member-only times) only members may book. Availability, holds, changes and
 * waitlist joins all pass through `checkSelection` (selection-checks.ts), which asks these, and leave a
 * guest's slots in members' periods out with `openSlots`.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { hongKongToday } from '../../../common/time';
import { windowsOf, windowVerdict, type Membership } from '../../../common/membership-rules';
import { dateIn, nameIn, timeIn } from '../../lib/message-values';
import type { CatalogVenue, ExperienceRow, SeatingAreaRow, ServicePeriodRow } from './venue-catalog';

export type { Membership };

/** A member's role books as a member; every other account (and nobody) as a guest. */
export const membershipOf = (user: { role: string } | null | undefined): Membership => (user?.role === 'member' ? 'member' : 'guest');

/** The membership of the account `userId` (a guest when there is none). */
export async function membershipOfUser(db: DbOrTx, userId: string): Promise<Membership> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return membershipOf(row);
}

/**
 * Refuses a date past the caller's window: 422 20160 when members may book it and the caller is a
 * guest ('Members can book … now; guests from …'), else 422 20105 with the caller's last day.
 */
export function assertBookingWindow(entry: CatalogVenue, experience: ExperienceRow, date: string, now: Date, membership: Membership): void {
  const verdict = windowVerdict(windowsOf(entry.venue, experience), membership, hongKongToday(now), date);
  if (verdict.kind === 'members-first') {
    throw new ApiError(
      422,
      ERROR_CODES.MEMBERS_BOOK_FURTHER,
      /*i18n*/ 'Members can book {date} now. Guests can book it from {guestsFrom}: log in as a member, or choose an earlier date.',
      'date',
      { date: dateIn(date), guestsFrom: dateIn(verdict.guestsFrom) },
    );
  }
  if (verdict.kind === 'beyond') {
    throw new ApiError(
      422,
      ERROR_CODES.NO_AVAILABILITY,
      /*i18n*/ 'Reservations open {days} days in advance. Please choose a date on or before {date}.',
      'date',
      { days: verdict.days, date: dateIn(verdict.lastDay) },
    );
  }
}

/** Refuses a members' dining area to a guest: 422 20161, naming it. */
export function assertAreaOpenTo(area: SeatingAreaRow | undefined, membership: Membership): void {
  if (area?.membersOnly && membership !== 'member') {
    throw new ApiError(
      422,
      ERROR_CODES.MEMBERS_ONLY_AREA,
      /*i18n*/ '{area} is for club members. Please choose another dining area, or log in as a member.',
      'seatingAreaId',
      { area: nameIn(area.name) },
    );
  }
}

/** Whether a table's area is open to `membership` (members' areas are for members). */
export function tableOpenTo(entry: CatalogVenue, seatingAreaId: string, membership: Membership): boolean {
  return membership === 'member' || !entry.areas.find((a) => a.id === seatingAreaId)?.membersOnly;
}

/** Whether a service period's times are open to `membership` (a members' period is for members). */
export const periodOpenTo = (period: Pick<ServicePeriodRow, 'membersOnly'>, membership: Membership): boolean =>
  membership === 'member' || !period.membersOnly;

/** The slots `membership` may book: a guest's leave out those of members' periods. */
export const openSlots = <S extends { period: Pick<ServicePeriodRow, 'membersOnly'> }>(slots: readonly S[], membership: Membership): S[] =>
  slots.filter((s) => periodOpenTo(s.period, membership));

/** The members' periods behind `slots` that a guest does not get, each once, in the order served. */
export function membersOnlyPeriods<S extends { period: ServicePeriodRow }>(slots: readonly S[], membership: Membership): ServicePeriodRow[] {
  const kept = new Map<string, ServicePeriodRow>();
  for (const { period } of slots) if (!periodOpenTo(period, membership)) kept.set(period.id, period);
  return [...kept.values()];
}

/** Refuses a time in a members' service to a guest: 422 20200, naming the service and its hours. */
export function assertTimeOpenTo(period: ServicePeriodRow, membership: Membership): void {
  if (periodOpenTo(period, membership)) return;
  throw new ApiError(
    422,
    ERROR_CODES.MEMBERS_ONLY_TIME,
    /*i18n*/ 'Members can book {service} times ({from} to {until}). Please choose another time, or log in as a member.',
    'startTime',
    { service: nameIn(period.name), from: timeIn(period.startMinute), until: timeIn(period.endMinute) },
  );
}
