/**
 * A queued party as the host stand shows it: who, how many, how long they have waited against what was
 * quoted, their place in the queue, and the guest's own link.
 */
import type { WalkInQueueRow } from '../../db/walk-in-schema';
import type { Schema } from '../../lib/api-types';
import { formatPhoneNumber } from '../../../common/validation/phone-number';
import type { LinkSigning } from '../reservations/manage-link';
import { storedLocale } from '../messaging/message-language';
import { walkInLink } from './walk-in-link';

export type WalkInEntryDto = Schema<'WalkInEntry'>;

/** Waiting or called: still in the queue, holding a place. */
export const isQueued = (row: Pick<WalkInQueueRow, 'status'>) => row.status === 'WAITING' || row.status === 'NOTIFIED';

/** Whole minutes from arrival to being seated or gone, or to now while queued. */
export function waitedMinutes(row: WalkInQueueRow, now: Date): number {
  const until = row.seatedAt ?? row.leftAt ?? now;
  return Math.max(0, Math.floor((until.getTime() - row.arrivedAt.getTime()) / 60_000));
}

/** Each queued party's place (1 first), by arrival; the rows as read, in arrival order. */
export function placesOf(rows: readonly WalkInQueueRow[]): Map<string, number> {
  const places = new Map<string, number>();
  for (const row of rows) if (isQueued(row)) places.set(row.id, places.size + 1);
  return places;
}

export function toWalkInDto(row: WalkInQueueRow, now: Date, place: number | null, links: LinkSigning): WalkInEntryDto {
  return {
    _id: row.id,
    date: row.date,
    name: row.name,
    numberOfGuests: row.numberOfGuests,
    mobile: formatPhoneNumber(row.mobileCountryCode, row.mobileNumber),
    notes: row.notes,
    seatingAreaId: row.seatingAreaId,
    locale: storedLocale(row.locale),
    arrivedAt: row.arrivedAt.toISOString(),
    quotedMinutes: row.quotedMinutes,
    estimatedMinutes: row.estimatedMinutes,
    status: row.status,
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
    seatedAt: row.seatedAt?.toISOString() ?? null,
    leftAt: row.leftAt?.toISOString() ?? null,
    leftReason: row.leftReason,
    reservationId: row.reservationId,
    waitedMinutes: waitedMinutes(row, now),
    place,
    guestLink: walkInLink(links, row.id),
  };
}
