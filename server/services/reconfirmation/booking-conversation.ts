/**
 * A booking's text messages as staff read them (docs/PRODUCT.md §4, no-shows): what was sent,
 * with its delivery (queued, sent, delivered or failed, from the outbox and the provider's callbacks),
 * and what the guest answered, with what the answer did. Staff reply from the booking; the reply goes on
 * the guest's channel and marks the guest's waiting messages answered.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { bookingMessages, type MessageOutcome, type TextChannel } from '../../db/reconfirmation-schema';
import { outbox, reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { reservationNotFound, type ReservationRow } from '../reservations/reservations';
import { textAboutBooking } from '../messaging/guest-texts';

export type MessageDelivery = 'QUEUED' | 'SENT' | 'DELIVERED' | 'FAILED';

export interface BookingMessageDto {
  id: string;
  direction: 'IN' | 'OUT';
  channel: TextChannel;
  body: string;
  at: string;
  /** Outgoing only. */
  delivery: MessageDelivery | null;
  /** Incoming only: what the reply did. */
  outcome: MessageOutcome | null;
}

async function bookingForStaff(db: DbOrTx, actor: AuthUser, reservationId: string): Promise<ReservationRow> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!row) throw reservationNotFound();
  checkVenueAccess(actor, row.venueId);
  return row;
}

export async function bookingConversation(db: DbOrTx, actor: AuthUser, reservationId: string): Promise<BookingMessageDto[]> {
  await bookingForStaff(db, actor, reservationId);
  const rows = await db
    .select({ message: bookingMessages, sent: outbox.status, delivered: outbox.deliveryStatus })
    .from(bookingMessages)
    .leftJoin(outbox, eq(outbox.id, bookingMessages.outboxId))
    .where(eq(bookingMessages.reservationId, reservationId))
    .orderBy(asc(bookingMessages.createdAt), asc(bookingMessages.seq));
  return rows.map(({ message, sent, delivered }) => ({
    id: message.id,
    direction: message.direction,
    channel: message.channel,
    body: message.body,
    at: message.createdAt.toISOString(),
    delivery: message.direction === 'OUT' ? (delivered ?? sent ?? 'QUEUED') : null,
    outcome: message.outcome,
  }));
}

export const noMobileNumber = () => new ApiError(409, ERROR_CODES.NO_MOBILE_NUMBER, /*i18n*/ 'This booking has no mobile number to text');

export async function replyToGuest(db: Db, actor: AuthUser, reservationId: string, body: string, now: Date): Promise<BookingMessageDto[]> {
  const row = await bookingForStaff(db, actor, reservationId);
  if (!row.mobileCountryCode || !row.mobileNumber) throw noMobileNumber();
  await db.transaction(async (tx) => {
    await textAboutBooking(tx, row, body, now, actor.id);
    await tx
      .update(bookingMessages)
      .set({ outcome: 'ANSWERED', staffId: actor.id })
      .where(and(eq(bookingMessages.reservationId, row.id), eq(bookingMessages.outcome, 'FOR_STAFF')));
  });
  return bookingConversation(db, actor, reservationId);
}
